//! The board with everything around it: a player bar above and below (name, captured
//! pieces, clock) and the promotion dialog over the board.

use gambit_rules::shakmaty::{Color, Square};
use leptos::prelude::*;

use super::board::Board;
use super::captured::Captured;
use super::clock::ClockView;
use super::promotion_dialog::PromotionDialog;
use super::status::color_name;
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
) -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
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
    view! {
        <div class="board-column">
            {bar(false)}
            <Board
                pieces=Signal::derive(move || store.pieces())
                orientation=store.orientation()
                movable=movable
                targets=Callback::new(move |square| store.targets(square))
                last_move=Signal::derive(move || store.last_move())
                check=Signal::derive(move || store.check())
                on_move=Callback::new(move |(from, to)| store.attempt(from, to))
                marked=marked.unwrap_or_else(|| Signal::derive(|| None))
                arrow=arrow.unwrap_or_else(|| Signal::derive(|| None))
            >
                {promotion}
            </Board>
            {bar(true)}
        </div>
    }
    .into_any()
}
