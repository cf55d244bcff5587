//! The pieces a move takes off the board and puts on it: what the structures the search
//! updates move by move (the Zobrist key, the evaluation network's accumulators) need
//! to know of a move, in one place.

use shakmaty::{CastlingSide, Color, Move, Role, Square};

/// Whether a piece leaves a square or arrives on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Taken off the square (the mover's origin, a captured piece).
    Off,
    /// Put on the square (the mover's target, promoted if it promotes).
    On,
}

/// Calls `f` for every piece that `m`, played by `us`, takes off the board or puts on
/// it: the mover off its origin and on its target, a captured piece (en passant: the
/// pawn beside the target) off, and when castling the king and the rook.
#[inline]
pub fn for_each_change(us: Color, m: Move, mut f: impl FnMut(Change, Color, Role, Square)) {
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            f(Change::Off, us, role, from);
            if let Some(captured) = capture {
                f(Change::Off, !us, captured, to);
            }
            f(Change::On, us, promotion.unwrap_or(role), to);
        }
        Move::EnPassant { from, to } => {
            f(Change::Off, us, Role::Pawn, from);
            let victim = Square::from_coords(to.file(), from.rank());
            f(Change::Off, !us, Role::Pawn, victim);
            f(Change::On, us, Role::Pawn, to);
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(rook.file() > king.file());
            f(Change::Off, us, Role::King, king);
            f(Change::Off, us, Role::Rook, rook);
            f(Change::On, us, Role::King, side.king_to(us));
            f(Change::On, us, Role::Rook, side.rook_to(us));
        }
        Move::Put { role, to } => f(Change::On, us, role, to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::root::parse_fen;
    use shakmaty::{Position, uci::UciMove};

    /// The changes of `uci` in `fen`, as (change, colour, role, square) in call order.
    fn changes(fen: &str, uci: &str) -> Vec<(Change, Color, Role, Square)> {
        let pos = parse_fen(fen).expect("test FEN is legal");
        let m = uci
            .parse::<UciMove>()
            .expect("test move is UCI")
            .to_move(&pos)
            .expect("test move is legal");
        let mut seen = Vec::new();
        for_each_change(pos.turn(), m, |c, color, role, sq| {
            seen.push((c, color, role, sq))
        });
        seen
    }

    #[test]
    fn castling_moves_king_and_rook_to_their_squares() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
        assert_eq!(
            changes(fen, "e8c8"),
            [
                (Change::Off, Color::Black, Role::King, Square::E8),
                (Change::Off, Color::Black, Role::Rook, Square::A8),
                (Change::On, Color::Black, Role::King, Square::C8),
                (Change::On, Color::Black, Role::Rook, Square::D8),
            ]
        );
    }

    #[test]
    fn en_passant_takes_the_pawn_beside_the_target() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(
            changes(fen, "e5d6"),
            [
                (Change::Off, Color::White, Role::Pawn, Square::E5),
                (Change::Off, Color::Black, Role::Pawn, Square::D5),
                (Change::On, Color::White, Role::Pawn, Square::D6),
            ]
        );
    }

    #[test]
    fn a_capturing_promotion_puts_the_new_piece_on() {
        let fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            changes(fen, "a7b8q"),
            [
                (Change::Off, Color::White, Role::Pawn, Square::A7),
                (Change::Off, Color::Black, Role::Knight, Square::B8),
                (Change::On, Color::White, Role::Queen, Square::B8),
            ]
        );
    }
}
