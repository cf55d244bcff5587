//! One square of the board: its colour, its piece, its state (selected, legal target,
//! last move, check) as `data-*` attributes, coordinates on the edge squares, and an
//! ARIA label such as "e4, white knight".

use gambit_rules::shakmaty::{Piece, Square};
use leptos::prelude::*;
use web_sys::KeyboardEvent;

use super::piece::{PieceView, piece_name};

/// `Some("")` when `on`, so that a boolean `data-*` attribute is present or absent.
fn flag(on: bool) -> Option<&'static str> {
    on.then_some("")
}

/// A square of the board.
#[component]
pub fn SquareView(
    /// Which square this is.
    square: Square,
    /// The piece on it.
    #[prop(into)]
    piece: Signal<Option<Piece>>,
    /// Column and row on screen (0..8, from the top left).
    #[prop(into)]
    cell: Signal<(u8, u8)>,
    /// The square holds the selected piece.
    #[prop(into)]
    selected: Signal<bool>,
    /// The selected piece may move here.
    #[prop(into)]
    target: Signal<bool>,
    /// The last move started or ended here.
    #[prop(into)]
    last_move: Signal<bool>,
    /// A king in check stands here.
    #[prop(into)]
    check: Signal<bool>,
    /// The square is marked (a hint's piece).
    #[prop(into)]
    marked: Signal<bool>,
    /// The piece on this square is being dragged away.
    #[prop(into)]
    dragged: Signal<bool>,
    /// When the piece just arrived: the offset (columns, rows) it came from.
    #[prop(into)]
    arrive_from: Signal<Option<(i8, i8)>>,
    /// Enter or Space on the focused square.
    on_activate: Callback<Square>,
) -> impl IntoView {
    let name = square.to_string();
    let light = square.is_light();
    let label = {
        let name = name.clone();
        move || match piece.get() {
            Some(piece) => format!("{name}, {}", piece_name(piece)),
            None => name.clone(),
        }
    };
    let style = move || {
        let (column, row) = cell.get();
        format!("grid-column: {}; grid-row: {};", column + 1, row + 1)
    };
    // Coordinates as on lichess: ranks along the left edge, files along the bottom.
    let rank_label = move || (cell.get().0 == 0).then(|| square.rank().char().to_string());
    let file_label = move || (cell.get().1 == 7).then(|| square.file().char().to_string());
    let piece_view = move || {
        piece.get().map(|piece| {
            let arrive_from = arrive_from.get_untracked();
            view! { <PieceView piece=piece arrive_from=arrive_from /> }
        })
    };
    let on_keydown = move |event: KeyboardEvent| {
        if event.key() == "Enter" || event.key() == " " {
            event.prevent_default();
            on_activate.run(square);
        }
    };
    view! {
        <div
            class="square"
            class:light=light
            class:dark=!light
            class:occupied=move || piece.with(Option::is_some)
            class:dragged=dragged
            data-square=name
            data-selected=move || flag(selected.get())
            data-legal=move || flag(target.get())
            data-last-move=move || flag(last_move.get())
            data-check=move || flag(check.get())
            data-hint=move || flag(marked.get())
            style=style
            role="button"
            tabindex="0"
            aria-label=label
            on:keydown=on_keydown
        >
            {piece_view}
            <span class="coord coord-rank" aria-hidden="true">{rank_label}</span>
            <span class="coord coord-file" aria-hidden="true">{file_label}</span>
        </div>
    }
}
