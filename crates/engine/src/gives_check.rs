//! Whether a move gives check, told before the move is played.
//!
//! The search decides whether to prune a move partly on whether it gives check. Asking
//! the board (copy the position, play the move, look for checkers) would cost a copy and
//! a played move for every move, including the many it then prunes; [`gives_check`]
//! answers from shakmaty's attack tables instead, and only the moves searched are
//! played.
//!
//! An ordinary move (promotions included) checks directly, when the piece on its
//! destination attacks the enemy king, or by discovery, when leaving its origin opens a
//! line from one of our sliders to that king. En passant and castling move or remove a
//! second piece; they are rare, so they are played out on a copy.
//!
//! A node asks about many moves of one position, so [`CheckInfo`] works out once per
//! position where each kind of piece would check from and which of our pieces would
//! uncover a check by leaving; each move's answer is then two bitboard tests.

use shakmaty::{Bitboard, ByRole, Chess, Move, Piece, Position, Square, attacks};

/// What one position tells about checks, worked out once so that each move's question
/// costs two bitboard tests: from which squares each kind of piece would attack the
/// enemy king, and which of our pieces stand alone between one of our sliders and that
/// king (moving one off that line uncovers a check).
#[derive(Debug, Clone, Copy)]
pub struct CheckInfo {
    /// The enemy king, if there is one.
    king: Option<Square>,
    /// Squares from which a piece of each role of ours would attack the enemy king.
    check_squares: ByRole<Bitboard>,
    /// Our pieces whose leaving the line to the enemy king uncovers a check.
    discoverers: Bitboard,
}

impl CheckInfo {
    /// The check information of `pos` for the side to move.
    #[must_use]
    pub fn new(pos: &Chess) -> Self {
        let board = pos.board();
        let us = pos.turn();
        let Some(king) = board.king_of(!us) else {
            return Self {
                king: None,
                check_squares: ByRole::new_with(|_| Bitboard::EMPTY),
                discoverers: Bitboard::EMPTY,
            };
        };
        let occupied = board.occupied();
        let bishop = attacks::bishop_attacks(king, occupied);
        let rook = attacks::rook_attacks(king, occupied);
        let check_squares = ByRole {
            pawn: attacks::pawn_attacks(!us, king),
            knight: attacks::knight_attacks(king),
            bishop,
            rook,
            queen: bishop | rook,
            king: Bitboard::EMPTY,
        };
        let ours = board.by_color(us);
        let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if !between.more_than_one() {
                discoverers |= between & ours;
            }
        }
        Self {
            king: Some(king),
            check_squares,
            discoverers,
        }
    }

    /// Whether playing `m` in `pos` (the position this was made from) leaves the
    /// opponent in check. `m` must be legal in `pos`; the answer is the same as playing
    /// it and asking [`Position::is_check`].
    #[must_use]
    pub fn gives_check(&self, pos: &Chess, m: Move) -> bool {
        let Some(king) = self.king else {
            return false;
        };
        match m {
            // A promoted piece's lines may run through the square the pawn leaves, which
            // the check squares count as occupied: ask the board.
            Move::Normal {
                promotion: Some(_), ..
            } => gives_check(pos, m),
            Move::Normal { role, from, to, .. } => {
                // A piece never checks along a line through its own origin: it would
                // have been giving check already, with its own side to move.
                self.check_squares[role].contains(to)
                    || (self.discoverers.contains(from) && !attacks::aligned(from, to, king))
            }
            _ => gives_check_by_playing(pos, m),
        }
    }
}

/// Whether playing `m` in `pos` leaves the opponent in check. `m` must be legal in
/// `pos`; the answer is the same as playing it and asking [`Position::is_check`]. Where
/// several moves of one position are asked about, [`CheckInfo`] answers each faster.
#[must_use]
pub fn gives_check(pos: &Chess, m: Move) -> bool {
    let Move::Normal {
        role,
        from,
        to,
        promotion,
        ..
    } = m
    else {
        return gives_check_by_playing(pos, m);
    };
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(!us) else {
        return false;
    };
    let occupied = (board.occupied() ^ Bitboard::from(from)) | Bitboard::from(to);
    let moved = Piece {
        color: us,
        role: promotion.unwrap_or(role),
    };
    if attacks::attacks(to, moved, occupied).contains(king) {
        return true;
    }
    // A discovered check needs the origin to lie on a line through the enemy king, and
    // the piece to leave that line.
    let line = attacks::ray(from, king);
    if line.any() && !line.contains(to) {
        let sliders = board.by_color(us) & !Bitboard::from(from);
        let lines = (attacks::bishop_attacks(king, occupied) & board.bishops_and_queens())
            | (attacks::rook_attacks(king, occupied) & board.rooks_and_queens());
        return (lines & sliders).any();
    }
    false
}

/// The slow, sure answer: play `m` on a copy of `pos` and look.
fn gives_check_by_playing(pos: &Chess, m: Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(m);
    child.is_check()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::root::parse_fen;
    use shakmaty::{CastlingMode, fen::Fen};

    /// Walks every legal move to `depth` plies from `pos` and checks the fast answer
    /// against the played one; returns how many moves gave check.
    fn agree_to_depth(pos: &Chess, depth: u32) -> u64 {
        let mut checks = 0;
        let info = CheckInfo::new(pos);
        for m in pos.legal_moves() {
            let expected = gives_check_by_playing(pos, m);
            assert_eq!(
                info.gives_check(pos, m),
                expected,
                "check info: {} in {}",
                m.to_uci(CastlingMode::Standard),
                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            );
            assert_eq!(
                gives_check(pos, m),
                expected,
                "{} in {}",
                m.to_uci(CastlingMode::Standard),
                Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
            );
            checks += u64::from(expected);
            if depth > 1 {
                let mut child = pos.clone();
                child.play_unchecked(m);
                checks += agree_to_depth(&child, depth - 1);
            }
        }
        checks
    }

    fn position(fen: &str) -> Chess {
        parse_fen(fen).expect("test FEN is a legal position")
    }

    #[test]
    fn agrees_with_playing_the_move_in_perft_positions() {
        // Start, "kiwipete" and the other perft test positions: promotions, en passant,
        // castling and pins in quantity. Each must produce checks of its own.
        for (fen, depth) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                4,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                3,
            ),
        ] {
            let checks = agree_to_depth(&position(fen), depth);
            assert!(checks > 0, "no checking move reached from {fen}");
        }
    }

    #[test]
    fn finds_discovered_castling_promotion_and_en_passant_checks() {
        for (fen, uci) in [
            // The bishop leaves the rook's file: discovered check.
            ("4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1", "e4d5"),
            // Castling puts the rook on f1, facing the king on f8.
            ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"),
            // A knight promotion checks where a queen would not.
            ("8/1P1k4/8/8/8/8/8/4K3 w - - 0 1", "b7b8n"),
            // En passant opens the fifth rank to the rook.
            ("8/8/8/R2Pp2k/8/8/8/4K3 w - e6 0 1", "d5e6"),
        ] {
            let pos = position(fen);
            let m = uci
                .parse::<shakmaty::uci::UciMove>()
                .expect("test move is UCI")
                .to_move(&pos)
                .expect("test move is legal");
            assert!(gives_check(&pos, m), "{uci} in {fen}");
        }
    }
}
