//! Correction history: how far the static evaluation has been off, by pawn structure.
//!
//! The evaluation misjudges some pawn structures the same way again and again (a
//! blocked centre, a weak pawn it does not see). After a node's search the engine knows
//! a better score than the static evaluation; when that score is trustworthy as a
//! correction (an exact score, or a bound on the right side of the evaluation) the
//! difference is folded into a running average kept per side to move and pawn
//! structure. Later static evaluations of positions with the same pawns are shifted by
//! that average before the pruning decisions read them.
//!
//! Entries count 1/`GRAIN` of a centipawn, so that small updates are not lost to
//! rounding, and stay within ±`MAX_CP` centipawns.

use shakmaty::{Chess, Position};

use crate::eval::pawn_slot;

/// Slots per side to move (a power of two).
const SLOTS: usize = 1 << 14;
/// Units of an entry per centipawn.
const GRAIN: i32 = 256;
/// Largest correction, in centipawns.
const MAX_CP: i32 = 64;
/// Weight of a new observation is `min(depth + 1, MAX_WEIGHT)` out of [`WEIGHT_SCALE`].
const MAX_WEIGHT: i32 = 16;
const WEIGHT_SCALE: i32 = 256;

/// The correction table of one search thread.
#[derive(Debug, Clone)]
pub struct CorrectionHistory {
    entries: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        Self {
            entries: vec![0; 2 * SLOTS],
        }
    }
}

impl CorrectionHistory {
    /// Forgets every correction.
    pub fn clear(&mut self) {
        self.entries.fill(0);
    }

    /// The correction in centipawns for `pos`'s side to move and pawns.
    #[must_use]
    pub fn get(&self, pos: &Chess) -> i32 {
        self.entries[index(pos)] / GRAIN
    }

    /// Learns that a search of `pos` to `depth` found `searched` where the
    /// (uncorrected) static evaluation said `raw`.
    pub fn update(&mut self, pos: &Chess, depth: i32, raw: i32, searched: i32) {
        let e = &mut self.entries[index(pos)];
        let target = (searched - raw).clamp(-MAX_CP, MAX_CP) * GRAIN;
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        *e = (*e * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
    }
}

/// The slot of `pos`'s side to move and pawn structure: White's entries first, then
/// Black's.
fn index(pos: &Chess) -> usize {
    let board = pos.board();
    let slot = pawn_slot(
        board.pawns() & board.white(),
        board.pawns() & board.black(),
        SLOTS,
    );
    slot + if pos.turn().is_white() { 0 } else { SLOTS }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::root::parse_fen;

    fn position(fen: &str) -> Chess {
        parse_fen(fen).expect("legal test position")
    }

    #[test]
    fn learns_towards_the_searched_score_and_stays_bounded() {
        let mut c = CorrectionHistory::default();
        let white = Chess::default();
        // The same pawns (and pieces), Black to move.
        let black = position("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
        // Other pieces, the same pawns and side to move: the same entry.
        let same_pawns = position("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
        assert_eq!(c.get(&white), 0);
        for _ in 0..200 {
            c.update(&white, 20, 0, 40);
        }
        assert_eq!(c.get(&white), 39);
        assert_eq!(c.get(&same_pawns), 39);
        for _ in 0..200 {
            c.update(&white, 20, 0, -1_000);
        }
        assert_eq!(c.get(&white), -63);
        // The other side to move has its own entry.
        assert_eq!(c.get(&black), 0);
        c.clear();
        assert_eq!(c.get(&white), 0);
    }
}
