//! A piece image: the project's own SVGs, chosen by a `data-piece` code in CSS.

use gambit_rules::shakmaty::{Color, Piece, Role};
use leptos::prelude::*;

/// The `data-piece` code of a piece (docs/architecture.md, "Test attributes"): colour
/// letter and SAN letter, e.g. `wN`, `bP`.
pub fn piece_code(piece: Piece) -> String {
    let colour = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{colour}{}", piece.role.upper_char())
}

/// The piece's name in words, e.g. "white knight".
pub fn piece_name(piece: Piece) -> String {
    let colour = match piece.color {
        Color::White => "white",
        Color::Black => "black",
    };
    let role = match piece.role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    };
    format!("{colour} {role}")
}

/// One piece. `arrive_from` is the offset (columns, rows) the piece slides in from
/// when it has just moved; the slide is a CSS animation.
#[component]
pub fn PieceView(
    /// The piece to draw.
    piece: Piece,
    /// Where the piece slides in from, relative to its square.
    #[prop(default = None)]
    arrive_from: Option<(i8, i8)>,
) -> impl IntoView {
    let style = arrive_from.map(|(dx, dy)| format!("--from-x: {dx}; --from-y: {dy};"));
    view! {
        <div
            class="piece"
            class:arriving=arrive_from.is_some()
            data-piece=piece_code(piece)
            style=style
        ></div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_the_design_table() {
        assert_eq!(piece_code(Color::White.knight()), "wN");
        assert_eq!(piece_code(Color::Black.pawn()), "bP");
        assert_eq!(piece_code(Color::Black.king()), "bK");
    }
}
