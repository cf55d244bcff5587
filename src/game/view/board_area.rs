//! The board with everything around it: a player bar above and below (name, captured
//! pieces, clock) and the promotion dialog over the board. It can show a preview
//! instead of the game (a position of the engine's line), locked.

use gambit_rules::Chess;
use gambit_rules::shakmaty::{Color, Position, Square};
use leptos::prelude::*;

use super::captured::Captured;
use super::clock::ClockView;
use super::status::color_name;
use crate::board::promotion_dialog::PromotionDialog;
use crate::board::{Board, PremoveHost};
use crate::game::store::GameStore;

/// The board of the store's game, with the player bars.
#[component]
pub fn BoardArea(
    /// Whose pieces the player may move now (`None` locks the board).
    #[prop(into)]
    movable: Signal<Option<Color>>,
    /// The label of each side (e.g. "You", "Computer, level 3"); colour names when
    /// absent.
    #[prop(optional)]
    player_names: Option<Callback<Color, String>>,
    /// A square to mark (a hint's piece).
    #[prop(optional, into)]
    marked: Option<Signal<Option<Square>>>,
    /// An arrow to draw (a hint's move).
    #[prop(optional, into)]
    arrow: Option<Signal<Option<(Square, Square)>>>,
    /// A position to show instead of the game's (locked, without the game's marks).
    #[prop(optional, into)]
    preview: Option<Signal<Option<Chess>>>,
) -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
    let previewing = move || preview.is_some_and(|preview| preview.with(Option::is_some));
    let name = move |color: Color| match player_names {
        Some(names) => names.run(color),
        None => color_name(color).to_owned(),
    };
    let bar = move |bottom: bool| {
        view! {
            {move || {
                let orientation = store.orientation().get();
                let color = if bottom { orientation } else { orientation.other() };
                view! {
                    <div class="player-bar" class:bottom=bottom data-color=color_name(color)>
                        <span class="player-name">{name(color)}</span>
                        <Captured color=color />
                        <ClockView color=color />
                    </div>
                }
            }}
        }
    };
    let promotion = move || {
        store.promotion().get().map(|(_, to): (Square, Square)| {
            view! {
                <PromotionDialog
                    square=to
                    color=store.side_to_move()
                    orientation=store.orientation().get_untracked()
                    on_choose=Callback::new(move |role| store.promote(role))
                />
            }
        })
    };
    // Premoves, when the page allows them (not while a preview is shown).
    let premoves = store.premoves_allowed().then(|| PremoveHost {
        side: Signal::derive(move || {
            if previewing() {
                None
            } else {
                store.premove_side()
            }
        }),
        targets: Callback::new(move |square| store.premove_targets(square)),
        queued: Signal::derive(move || {
            if previewing() {
                None
            } else {
                store
                    .premove()
                    .get()
                    .map(|premove| (premove.from, premove.to))
            }
        }),
        set: Callback::new(move |squares| store.set_premove(squares)),
    });
    view! {
        <div class="board-column" data-preview=move || previewing().then_some("")>
            {bar(false)}
            <Board
                pieces=Signal::derive(move || {
                    preview
                        .and_then(|preview| preview.with(|p| p.as_ref().map(|p| p.board().clone())))
                        .unwrap_or_else(|| store.pieces())
                })
                orientation=store.orientation()
                movable=Signal::derive(move || if previewing() { None } else { movable.get() })
                targets=Callback::new(move |square| store.targets(square))
                last_move=Signal::derive(move || if previewing() { None } else { store.last_move() })
                check=Signal::derive(move || {
                    if previewing() {
                        preview.and_then(|preview| preview.with(|p| p.as_ref().and_then(checked_king)))
                    } else {
                        store.check()
                    }
                })
                on_move=Callback::new(move |(from, to)| store.attempt(from, to))
                marked=Signal::derive(move || {
                    if previewing() { None } else { marked.and_then(|marked| marked.get()) }
                })
                arrow=Signal::derive(move || {
                    if previewing() { None } else { arrow.and_then(|arrow| arrow.get()) }
                })
                premoves=premoves
            >
                {promotion}
            </Board>
            {bar(true)}
        </div>
    }
    .into_any()
}

/// The square of the side to move's king when it is in check.
fn checked_king(position: &Chess) -> Option<Square> {
    if position.is_check() {
        position.board().king_of(position.turn())
    } else {
        None
    }
}
