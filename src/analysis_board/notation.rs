//! Text of the analysis board: an engine line's UCI moves as numbered SAN, the move
//! number before a move of the tree, and a node's id as written in the page's
//! attributes.

use gambit_rules::NodeId;
use gambit_rules::shakmaty::san::SanPlus;
use gambit_rules::shakmaty::uci::UciMove;
use gambit_rules::shakmaty::{Chess, Color, Position, Square};

/// The moves of `uci` played from `position`, in SAN, as far as they are legal.
pub fn sans_of_line(position: &Chess, uci: &[String]) -> Vec<String> {
    let mut position = position.clone();
    let mut sans = Vec::with_capacity(uci.len());
    for text in uci {
        let Ok(parsed) = UciMove::from_ascii(text.as_bytes()) else {
            break;
        };
        let Ok(mv) = parsed.to_move(&position) else {
            break;
        };
        sans.push(SanPlus::from_move_and_play_unchecked(&mut position, mv).to_string());
    }
    sans
}

/// `sans`, played from `position`, with move numbers: `12. Nf3 Nc6 13. Bb5` or
/// `12… Nc6 13. Bb5`.
pub fn numbered_line(position: &Chess, sans: &[String]) -> String {
    let mut number = position.fullmoves().get();
    let mut turn = position.turn();
    let mut text = String::new();
    for (index, san) in sans.iter().enumerate() {
        if !text.is_empty() {
            text.push(' ');
        }
        match turn {
            Color::White => text.push_str(&format!("{number}. ")),
            Color::Black if index == 0 => text.push_str(&format!("{number}… ")),
            Color::Black => {}
        }
        text.push_str(san);
        if turn == Color::Black {
            number += 1;
        }
        turn = turn.other();
    }
    text
}

/// The number written before a move made in `before` (the position it was played
/// from): `12.` for White, `12…` for Black.
pub fn move_number(before: &Chess) -> String {
    let number = before.fullmoves().get();
    match before.turn() {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}…"),
    }
}

/// The from and to squares of a UCI move (`e1g1` for castling), for an arrow.
pub fn uci_squares(uci: &str) -> Option<(Square, Square)> {
    match UciMove::from_ascii(uci.as_bytes()).ok()? {
        UciMove::Normal { from, to, .. } => Some((from, to)),
        _ => None,
    }
}

/// A node's id as the page writes it in `data-node`.
pub fn node_key(node: NodeId) -> String {
    serde_json::to_string(&node).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gambit_rules::parse_fen;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| (*item).to_owned()).collect()
    }

    #[test]
    fn an_engine_line_reads_as_numbered_san() {
        let start = Chess::default();
        let sans = sans_of_line(&start, &strings(&["e2e4", "e7e5", "g1f3"]));
        assert_eq!(sans, ["e4", "e5", "Nf3"]);
        assert_eq!(numbered_line(&start, &sans), "1. e4 e5 2. Nf3");
    }

    #[test]
    fn a_line_from_black_starts_with_an_ellipsis_and_stops_at_an_illegal_move() {
        let after_e4 =
            parse_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").expect("fen");
        let sans = sans_of_line(&after_e4, &strings(&["c7c5", "g1f3", "e2e4", "d7d6"]));
        assert_eq!(sans, ["c5", "Nf3"]);
        assert_eq!(numbered_line(&after_e4, &sans), "1… c5 2. Nf3");
        assert_eq!(move_number(&after_e4), "1…");
    }

    #[test]
    fn castling_draws_from_the_king_to_its_square() {
        assert_eq!(uci_squares("e1g1"), Some((Square::E1, Square::G1)));
        assert_eq!(uci_squares("nonsense"), None);
    }
}
