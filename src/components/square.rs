//! One square of the board: its piece, its marks (selected, legal target, last move,
//! check, hint) as `data-*` attributes, and an ARIA label such as "e4, white knight".
//!
//! The board draws the light and dark squares as one background and the coordinates
//! as one overlay, so a square is a transparent, absolutely placed box that changes
//! only when its own piece or marks do. Its layout is contained: what happens inside
//! one square never lays out the rest of the board. Its piece element stays for the
//! square's lifetime and only changes its `data-piece` code (absent on an empty
//! square): a move restyles two elements and creates none.

use gambit_rules::shakmaty::{Piece, Square};
use leptos::html::Div;
use leptos::prelude::*;
use web_sys::KeyboardEvent;

use super::piece::{piece_code, piece_name, slide_in};

/// What the board shows on a square besides its piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SquareMarks {
    /// The square holds the selected piece.
    pub selected: bool,
    /// The selected piece may move here.
    pub legal: bool,
    /// The last move started or ended here.
    pub last_move: bool,
    /// The last move ended here: its piece slides in over the other squares.
    pub arrival: bool,
    /// A king in check stands here.
    pub check: bool,
    /// The square is marked (a hint's piece).
    pub hint: bool,
    /// The piece on this square is being dragged away.
    pub dragged: bool,
}

/// `Some("")` when `on`, so that a boolean `data-*` attribute is present or absent.
fn flag(on: bool) -> Option<&'static str> {
    on.then_some("")
}

/// The inline style that puts a square at its column and row (0..8, from the top left).
fn placement((column, row): (u8, u8)) -> String {
    let step = 12.5;
    format!(
        "left: {}%; top: {}%;",
        f64::from(column) * step,
        f64::from(row) * step
    )
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
    /// The marks on it.
    #[prop(into)]
    marks: Signal<SquareMarks>,
    /// When the piece just arrived: the offset (columns, rows) it came from. Read
    /// only when the piece changes.
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
    // A piece that arrives by the last move slides in from where it came from.
    let piece_ref = NodeRef::<Div>::new();
    Effect::new(move |previous: Option<Option<Piece>>| {
        let now = piece.get();
        if previous.is_some_and(|before| before != now)
            && now.is_some()
            && let Some(offset) = arrive_from.get_untracked()
            && let Some(element) = piece_ref.get_untracked()
        {
            // Without the animation the piece simply appears on its square.
            let _ = slide_in(&element, offset);
        }
        now
    });
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
            class:dragged=move || marks.with(|m| m.dragged)
            class:arrival=move || marks.with(|m| m.arrival)
            data-square=name
            data-selected=move || flag(marks.with(|m| m.selected))
            data-legal=move || flag(marks.with(|m| m.legal))
            data-last-move=move || flag(marks.with(|m| m.last_move))
            data-check=move || flag(marks.with(|m| m.check))
            data-hint=move || flag(marks.with(|m| m.hint))
            style=move || placement(cell.get())
            role="button"
            tabindex="0"
            aria-label=label
            on:keydown=on_keydown
        >
            <div
                class="piece"
                data-piece=move || piece.get().map(piece_code)
                node_ref=piece_ref
            ></div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_is_in_eighths_of_the_board() {
        assert_eq!(placement((0, 0)), "left: 0%; top: 0%;");
        assert_eq!(placement((3, 7)), "left: 37.5%; top: 87.5%;");
    }
}
