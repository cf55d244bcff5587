//! A position's key for finding repetitions quickly: a 64-bit hash of what makes
//! two positions the same in the rules (the pieces on the board, the side to move,
//! the castling rights, and the en passant square only when a capture there is
//! legal).
//!
//! A mix of the board's bitboards rather than a Zobrist hash: Zobrist keys are
//! tables of random numbers (about 6 KiB that the page would download, and that
//! do not compress). Equal positions have equal keys; a collision of two different
//! positions is possible, so a key is only ever a first check before the positions
//! themselves are compared.

use shakmaty::{Chess, Color, EnPassantMode, Position};

/// An odd 64-bit constant (the golden ratio's fraction) that spreads bits when
/// multiplied by.
const SPREAD: u64 = 0x9e37_79b9_7f4a_7c15;

/// The key of `position` (see the module notes).
pub(crate) fn position_key(position: &Chess) -> u64 {
    let board = position.board();
    let ep = position
        .ep_square(EnPassantMode::Legal)
        .map_or(0, |square| u64::from(square) + 1);
    let turn = u64::from(position.turn() == Color::White);
    let words = [
        board.white().0,
        board.pawns().0,
        board.knights().0,
        board.bishops().0,
        board.rooks().0,
        board.queens().0,
        board.kings().0,
        position.castles().castling_rights().0,
        ep << 1 | turn,
    ];
    words.iter().fold(0, |key: u64, &word| {
        let mixed = (key ^ word).wrapping_mul(SPREAD);
        mixed ^ (mixed >> 29)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    fn key(fen: &str) -> u64 {
        position_key(&parse_fen(fen).unwrap())
    }

    #[test]
    fn what_makes_a_position_changes_its_key() {
        let start = key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // The clocks are not part of the position.
        assert_eq!(
            start,
            key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30")
        );
        for other in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w kq - 0 1",
        ] {
            assert_ne!(start, key(other), "{other}");
        }
    }

    #[test]
    fn an_en_passant_square_counts_only_when_the_capture_is_legal() {
        // No black pawn can take on e3.
        assert_eq!(
            key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        // The pawn on d4 can.
        assert_ne!(
            key("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
            key("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
    }
}
