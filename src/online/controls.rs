//! The buttons of an online game, each shown only when it applies: resign (confirmed),
//! draw offers and answers, takeback proposals and answers, abort (before both sides
//! have moved), rematch, and, when the opponent has been gone long enough, claiming the
//! win or a draw (with the countdown before that).

use gambit_online_protocol::{ClientMessage, GameStatus, Side};
use leptos::prelude::*;

use super::game::OnlineGame;

/// The online game's controls; `act` sends an action to the server.
#[component]
pub fn OnlineControls(
    /// The game.
    game: RwSignal<OnlineGame>,
    /// Wall-clock milliseconds, ticking (for the claim countdown).
    #[prop(into)]
    now: Signal<f64>,
    /// Sends an action.
    act: Callback<ClientMessage>,
) -> impl IntoView {
    let confirming_resign = RwSignal::new(false);
    let me = move || game.with(OnlineGame::my_side);
    let playing = move || {
        game.with(|g| {
            g.status == GameStatus::Playing && g.result.is_none() && g.my_side().is_some()
        })
    };
    let over = move || {
        game.with(|g| {
            matches!(g.status, GameStatus::Finished | GameStatus::Aborted) && g.my_side().is_some()
        })
    };
    let offered_by = move |offer: fn(&OnlineGame) -> Option<Side>| {
        move || game.with(|g| offer(g).zip(g.my_side()).map(|(by, me)| by == me))
    };
    let draw = offered_by(|g| g.draw_offer);
    let takeback = offered_by(|g| g.takeback_offer);
    let rematch = offered_by(|g| g.rematch_offer);
    // The opponent's absence: seconds until a claim, `Some(0)` once it may be made.
    let claim_in_s = move || {
        let side = me()?;
        let presence = game.with(|g| g.presence(side.other()));
        if presence.present || !playing() {
            return None;
        }
        let at = presence.claim_at?;
        Some(((at - now.get()) / 1000.0).ceil().max(0.0) as u64)
    };
    let send = move |message: ClientMessage| move |_| act.run(message.clone());

    view! {
        <div class="game-controls online-controls" role="toolbar" aria-label="Game">
            <Show when=move || game.with(OnlineGame::can_abort)>
                <button type="button" data-testid="abort" on:click=send(ClientMessage::Abort)>
                    "Abort"
                </button>
            </Show>
            <Show when=playing>
                <button type="button" data-testid="resign"
                    on:click=move |_| confirming_resign.set(true)>
                    "Resign"
                </button>
                <button type="button" data-testid="offer-draw"
                    disabled=move || draw().is_some()
                    on:click=send(ClientMessage::OfferDraw)>
                    "Offer draw"
                </button>
                <button type="button" data-testid="takeback"
                    disabled=move || takeback().is_some() || game.with(|g| g.confirmed().is_empty())
                    on:click=send(ClientMessage::ProposeTakeback)>
                    "Takeback"
                </button>
            </Show>
            <Show when=move || over() && game.with(|g| g.rematch.is_none())>
                <button type="button" data-testid="rematch"
                    disabled=move || rematch() == Some(true)
                    on:click=send(ClientMessage::OfferRematch)>
                    {move || if rematch() == Some(true) { "Rematch offered" } else { "Rematch" }}
                </button>
            </Show>
        </div>
        <Show when=move || confirming_resign.get() && playing()>
            <div class="confirm-panel" role="alertdialog" aria-label="Confirm">
                <p>"Resign this game?"</p>
                <button type="button" class="primary" data-testid="confirm"
                    on:click=move |_| {
                        confirming_resign.set(false);
                        act.run(ClientMessage::Resign);
                    }>
                    "Resign"
                </button>
                <button type="button" data-testid="cancel"
                    on:click=move |_| confirming_resign.set(false)>
                    "Cancel"
                </button>
            </div>
        </Show>
        <Show when=move || draw() == Some(false) && playing()>
            <div class="draw-offer" role="alertdialog" aria-label="Draw offer">
                <span>"Your opponent offers a draw."</span>
                <button type="button" data-testid="accept-draw" on:click=send(ClientMessage::AcceptDraw)>
                    "Accept"
                </button>
                <button type="button" data-testid="decline-draw" on:click=send(ClientMessage::DeclineDraw)>
                    "Decline"
                </button>
            </div>
        </Show>
        <Show when=move || takeback() == Some(false) && playing()>
            <div class="draw-offer" role="alertdialog" aria-label="Takeback proposal">
                <span>"Your opponent asks to take back their last move."</span>
                <button type="button" data-testid="accept-takeback"
                    on:click=send(ClientMessage::AcceptTakeback)>
                    "Accept"
                </button>
                <button type="button" data-testid="decline-takeback"
                    on:click=send(ClientMessage::DeclineTakeback)>
                    "Decline"
                </button>
            </div>
        </Show>
        <Show when=move || rematch() == Some(false) && over() && game.with(|g| g.rematch.is_none())>
            <div class="draw-offer" role="alertdialog" aria-label="Rematch offer">
                <span>"Your opponent offers a rematch."</span>
                <button type="button" data-testid="accept-rematch"
                    on:click=send(ClientMessage::AcceptRematch)>
                    "Accept"
                </button>
                <button type="button" data-testid="decline-rematch"
                    on:click=send(ClientMessage::DeclineRematch)>
                    "Decline"
                </button>
            </div>
        </Show>
        {move || claim_in_s().map(|seconds| {
            if seconds > 0 {
                view! {
                    <p class="claim-countdown" data-testid="claim-countdown" role="status">
                        {format!("Your opponent left — you may claim in {seconds} s")}
                    </p>
                }
                .into_any()
            } else {
                view! {
                    <div class="draw-offer claim" role="alertdialog" aria-label="Opponent left">
                        <span>"Your opponent left."</span>
                        <button type="button" class="primary" data-testid="claim-victory"
                            on:click=send(ClientMessage::ClaimVictory)>
                            "Claim victory"
                        </button>
                        <button type="button" data-testid="claim-draw"
                            on:click=send(ClientMessage::ClaimDraw)>
                            "Claim a draw"
                        </button>
                    </div>
                }
                .into_any()
            }
        })}
    }
}
