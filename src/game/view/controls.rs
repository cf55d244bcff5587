//! The game's buttons: new game (with its time control, confirmed when a game is in
//! progress), flip, takeback, resign (confirmed) and draw offers. The panels the buttons
//! open are in the `controls` chunk.

use gambit_rules::Game;
use gambit_rules::shakmaty::Color;
use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use super::status::color_name;
use crate::chunks::Chunk;
use crate::game::clock::{CONTROL_CHOICES, Control, parse_control};
use crate::game::store::GameStore;

/// What the controls are asking for confirmation of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    NewGame,
    Resign,
}

/// What the controls' panels (a draw offer, a confirmation) work with; provided to the
/// `controls` chunk, which draws them.
#[derive(Clone, Copy)]
struct Panels {
    /// The game's store.
    store: GameStore,
    /// What is being confirmed, if anything.
    pending: RwSignal<Option<Pending>>,
    /// The time control chosen for a new game.
    chosen_control: RwSignal<Option<Control>>,
    /// Who resigns when "resign" is confirmed.
    resigning_side: Signal<Color>,
}

/// The control buttons of a game. The panels they open (a new game's time control, a
/// resignation to confirm, a draw offer to answer) are in the `controls` chunk, fetched
/// the first time one opens.
#[component]
pub fn GameControls(
    /// Replaces the one-ply takeback (the computer page takes back a move pair).
    #[prop(optional)]
    on_takeback: Option<Callback<()>>,
    /// Whether draw offers are possible (not against the computer).
    #[prop(default = true)]
    draw_offers: bool,
    /// Who resigns when "resign" is pressed.
    #[prop(into)]
    resigning_side: Signal<Color>,
    /// Called to start a new game instead of the built-in time-control chooser (the
    /// computer page opens its dialog).
    #[prop(optional)]
    on_new_game: Option<Callback<()>>,
) -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
    let panels = Panels {
        store,
        pending: RwSignal::new(None),
        chosen_control: RwSignal::new(None),
        resigning_side,
    };
    let pending = panels.pending;
    let in_progress = move || panels.in_progress();
    let over = move || panels.over();

    let new_game = move |_| match on_new_game {
        Some(callback) => callback.run(()),
        None => {
            panels
                .chosen_control
                .set(store.clocks().get_untracked().map(|c| c.control));
            pending.set(Some(Pending::NewGame));
        }
    };

    let offer = move || store.draw_offer().get();
    view! {
        <div class="game-controls" role="toolbar" aria-label="Game">
            <button type="button" data-testid="new-game" on:click=new_game>"New game"</button>
            <button type="button" data-testid="flip-board" title="Flip the board (f)"
                on:click=move |_| store.flip()>
                "Flip"
            </button>
            <button type="button" data-testid="takeback"
                disabled=move || store.game().with(Game::len) == 0 || over()
                on:click=move |_| match on_takeback {
                    Some(callback) => callback.run(()),
                    None => store.takeback(1),
                }>
                "Takeback"
            </button>
            <button type="button" data-testid="resign" disabled=move || !in_progress()
                on:click=move |_| pending.set(Some(Pending::Resign))>
                "Resign"
            </button>
            {draw_offers.then(|| view! {
                <button type="button" data-testid="offer-draw"
                    disabled=move || !in_progress() || offer().is_some()
                    on:click=move |_| store.offer_draw(store.side_to_move())>
                    "Offer draw"
                </button>
            })}
        </div>
        <Show when=move || (offer().is_some() && !over()) || pending.get().is_some()>
            {provide_context(panels);
            view! { <Chunk load=control_panels /> }}
        </Show>
    }
    .into_any()
}

impl Panels {
    /// Whether a game is under way (a move played, no result yet); reactive.
    fn in_progress(self) -> bool {
        self.store.outcome().is_none() && self.store.game().with(Game::len) > 0
    }

    /// Whether the game is over; reactive.
    fn over(self) -> bool {
        self.store.outcome().is_some()
    }
}

crate::chunk_view!(
    /// The open panels of the [`Panels`] in context.
    fn control_panels() in controls {
        use_context::<Panels>().map(|panels| view! { <ControlPanels panels /> })
    }
);

/// The draw offer to answer and the confirmation asked for, each while there is one.
#[component]
fn ControlPanels(panels: Panels) -> impl IntoView {
    let Panels {
        store,
        pending,
        chosen_control,
        resigning_side,
    } = panels;
    let in_progress = move || panels.in_progress();
    let over = move || panels.over();
    let confirm = move |_| {
        match pending.get_untracked() {
            Some(Pending::NewGame) => store.new_game(chosen_control.get_untracked()),
            Some(Pending::Resign) => store.resign(resigning_side.get_untracked()),
            None => {}
        }
        pending.set(None);
    };
    let cancel = move |_| pending.set(None);

    let test_control =
        test_time_control(use_query_map().with_untracked(|query| query.get("test-clock-ms")));
    let time_controls = move || {
        let choices = std::iter::once(("none", None))
            .chain(
                CONTROL_CHOICES
                    .iter()
                    .map(|label| (*label, parse_control(label))),
            )
            .chain(test_control.map(|control| ("test", Some(control))));
        choices
            .map(|(label, control)| {
                let text = match (label, control) {
                    (_, None) => "No clock".to_owned(),
                    ("test", Some(control)) => format!("Test: {} ms", control.initial_ms),
                    (label, Some(_)) => label.to_owned(),
                };
                view! {
                    <button
                        type="button"
                        class="choice-chip"
                        data-time-control=label
                        aria-pressed=move || (chosen_control.get() == control).to_string()
                        on:click=move |_| chosen_control.set(control)
                    >
                        {text}
                    </button>
                }
            })
            .collect_view()
    };

    let offer = move || store.draw_offer().get();
    view! {
        <Show when=move || offer().is_some() && !over()>
            <div class="draw-offer" role="alertdialog" aria-label="Draw offer">
                <span>{move || offer().map(|side| format!(
                    "{} offers a draw. {}, do you accept?",
                    color_name(side),
                    color_name(side.other())
                ))}</span>
                <button type="button" data-testid="accept-draw" on:click=move |_| store.agree_draw()>
                    "Accept"
                </button>
                <button type="button" data-testid="decline-draw"
                    on:click=move |_| store.decline_draw()>
                    "Decline"
                </button>
            </div>
        </Show>
        <Show when=move || pending.get().is_some()>
            <div class="confirm-panel" role="alertdialog" aria-label="Confirm">
                {move || match pending.get() {
                    Some(Pending::NewGame) => view! {
                        <p>
                            {move || if in_progress() {
                                "Start a new game? The current game will be lost."
                            } else {
                                "Start a new game."
                            }}
                        </p>
                        <div class="chips" aria-label="Time control">{time_controls}</div>
                    }.into_any(),
                    Some(Pending::Resign) => view! {
                        <p>{move || format!("{} resigns?", color_name(resigning_side.get()))}</p>
                    }.into_any(),
                    None => ().into_any(),
                }}
                <button type="button" class="primary" data-testid="confirm" on:click=confirm>
                    {move || if pending.get() == Some(Pending::Resign) { "Resign" } else { "Start" }}
                </button>
                <button type="button" data-testid="cancel" on:click=cancel>"Cancel"</button>
            </div>
        </Show>
    }
}

/// A test-only time control from the page address: `?test-clock-ms=N` (1 ≤ N ≤ 600000)
/// offers "N milliseconds, no increment" at a new game, so end-to-end tests can see a
/// flag fall in seconds. Documented in `docs/architecture.md`.
fn test_time_control(value: Option<String>) -> Option<Control> {
    let initial_ms: u64 = value?.parse().ok()?;
    (1..=600_000).contains(&initial_ms).then_some(Control {
        initial_ms,
        increment_ms: 0,
    })
}
