//! What the search learns about moves while it runs: history tables.
//!
//! Each table holds one score per kind of move, raised when such a move caused a
//! cut-off and lowered when it was tried and did not. Updates use the "gravity" rule
//! `s += bonus − s·|bonus| / HISTORY_MAX`, so scores stay within ±[`HISTORY_MAX`] and
//! a score far from zero moves less. Three tables, differing only in what they key on:
//!
//! * [`History`] (butterfly): quiet moves by side, from-square and to-square;
//! * [`ContinuationHistory`]: quiet moves by the move played just before — "knight to
//!   f3, played after the opponent's bishop went to g4". The search keeps two, keyed by
//!   the opponent's last move and by our own previous move;
//! * [`CaptureHistory`]: captures and promotions by side, moving piece, destination and
//!   captured piece.

use shakmaty::{Color, Move};

/// Bound of the history scores.
pub const HISTORY_MAX: i32 = 16_384;

/// Scores bounded by ±[`HISTORY_MAX`]: the arithmetic every history table shares.
///
/// Kept as `i16` (the bound fits): the two continuation tables take 576 KiB each instead
/// of 1 152 KiB, so more of what a node reads stays in the cache. The arithmetic is done
/// in `i32`, so the scores are the same as with `i32` storage.
#[derive(Debug, Clone)]
struct Scores {
    table: Vec<i16>,
    /// Whether any score may be non-zero. A fresh or cleared table is all zeros, so
    /// ageing it is skipped (and its memory is not touched before it is needed).
    touched: bool,
}

impl Scores {
    fn new(len: usize) -> Self {
        Self {
            table: vec![0; len],
            touched: false,
        }
    }

    #[inline]
    fn get(&self, index: usize) -> i32 {
        i32::from(self.table[index])
    }

    fn update(&mut self, index: usize, bonus: i32) {
        self.touched = true;
        let e = &mut self.table[index];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let old = i32::from(*e);
        let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
        // Within ±HISTORY_MAX (the rule keeps it there; the clamp says so), so exact.
        *e = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
    }

    fn age(&mut self) {
        if !self.touched {
            return;
        }
        for e in &mut self.table {
            *e /= 2;
        }
    }

    fn clear(&mut self) {
        if self.touched {
            self.table.fill(0);
            self.touched = false;
        }
    }
}

/// The methods every table shares, delegated to its [`Scores`].
macro_rules! bounded_table {
    ($name:ident) => {
        impl $name {
            /// Shrinks all scores (between searches), so old lessons fade.
            pub fn age(&mut self) {
                self.scores.age();
            }

            /// Forgets everything.
            pub fn clear(&mut self) {
                self.scores.clear();
            }
        }
    };
}

fn side(color: Color) -> usize {
    usize::from(color.is_black())
}

/// Piece kind and destination of a move, 0..384.
fn piece_to(m: Move) -> usize {
    (m.role() as usize - 1) * 64 + m.to().to_usize()
}

/// Quiet moves that caused cut-offs, by side, from-square and to-square.
#[derive(Debug, Clone)]
pub struct History {
    scores: Scores,
}

impl Default for History {
    fn default() -> Self {
        Self {
            scores: Scores::new(2 * 64 * 64),
        }
    }
}

bounded_table!(History);

impl History {
    #[inline]
    fn index(color: Color, m: Move) -> usize {
        let from = m.from().map_or(0, |s| s.to_usize());
        side(color) * 4096 + from * 64 + m.to().to_usize()
    }

    /// Score of a quiet move.
    #[must_use]
    pub fn get(&self, color: Color, m: Move) -> i32 {
        self.scores.get(Self::index(color, m))
    }

    /// Rewards (positive `bonus`) or punishes a move.
    pub fn update(&mut self, color: Color, m: Move, bonus: i32) {
        self.scores.update(Self::index(color, m), bonus);
    }
}

/// Quiet moves by the move played `n` plies earlier (one table per `n`).
#[derive(Debug, Clone)]
pub struct ContinuationHistory {
    scores: Scores,
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        Self {
            scores: Scores::new(2 * 384 * 384),
        }
    }
}

bounded_table!(ContinuationHistory);

impl ContinuationHistory {
    #[inline]
    fn index(color: Color, previous: Move, m: Move) -> usize {
        (side(color) * 384 + piece_to(previous)) * 384 + piece_to(m)
    }

    /// Score of `color`'s quiet move `m` after `previous` (0 when there is none, e.g.
    /// after a null move or at the root).
    #[inline]
    #[must_use]
    pub fn get(&self, color: Color, previous: Option<Move>, m: Move) -> i32 {
        previous.map_or(0, |p| self.scores.get(Self::index(color, p, m)))
    }

    /// Rewards (positive `bonus`) or punishes `m` after `previous`.
    pub fn update(&mut self, color: Color, previous: Option<Move>, m: Move, bonus: i32) {
        if let Some(p) = previous {
            self.scores.update(Self::index(color, p, m), bonus);
        }
    }
}

/// Captures and promotions that caused cut-offs, by side, moving piece, destination and
/// captured piece.
#[derive(Debug, Clone)]
pub struct CaptureHistory {
    scores: Scores,
}

impl Default for CaptureHistory {
    fn default() -> Self {
        Self {
            scores: Scores::new(2 * 384 * 6),
        }
    }
}

bounded_table!(CaptureHistory);

impl CaptureHistory {
    #[inline]
    fn index(color: Color, m: Move) -> usize {
        let captured = m.capture().map_or(0, |r| r as usize - 1);
        (side(color) * 384 + piece_to(m)) * 6 + captured
    }

    /// Score of a capture or promotion.
    #[must_use]
    pub fn get(&self, color: Color, m: Move) -> i32 {
        self.scores.get(Self::index(color, m))
    }

    /// Rewards (positive `bonus`) or punishes a move.
    pub fn update(&mut self, color: Color, m: Move, bonus: i32) {
        self.scores.update(Self::index(color, m), bonus);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Role, Square};

    fn normal(role: Role, from: Square, to: Square, capture: Option<Role>) -> Move {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion: None,
        }
    }

    #[test]
    fn a_continuation_reward_is_kept_per_previous_move_and_side() {
        let mut h = ContinuationHistory::default();
        let bg4 = normal(Role::Bishop, Square::C8, Square::G4, None);
        let nf3 = normal(Role::Knight, Square::G1, Square::F3, None);
        let be2 = normal(Role::Bishop, Square::F1, Square::E2, None);
        h.update(Color::White, Some(bg4), be2, 400);
        assert!(h.get(Color::White, Some(bg4), be2) > 0);
        assert_eq!(h.get(Color::White, Some(nf3), be2), 0);
        assert_eq!(h.get(Color::Black, Some(bg4), be2), 0);
        assert_eq!(h.get(Color::White, None, be2), 0);
        h.update(Color::White, None, be2, 400);
        assert_eq!(h.get(Color::White, None, be2), 0);
    }

    #[test]
    fn rewards_stay_bounded_fade_and_clear() {
        let mut h = CaptureHistory::default();
        let nxe5 = normal(Role::Knight, Square::C3, Square::E5, Some(Role::Pawn));
        let bxe5 = normal(Role::Bishop, Square::C3, Square::E5, Some(Role::Pawn));
        for _ in 0..1000 {
            h.update(Color::White, nxe5, HISTORY_MAX);
        }
        assert!(h.get(Color::White, nxe5) <= HISTORY_MAX);
        assert!(h.get(Color::White, nxe5) > HISTORY_MAX / 2);
        assert_eq!(h.get(Color::Black, nxe5), 0);
        assert_eq!(h.get(Color::White, bxe5), 0);
        h.age();
        assert!(h.get(Color::White, nxe5) <= HISTORY_MAX / 2);
        h.clear();
        assert_eq!(h.get(Color::White, nxe5), 0);
    }

    #[test]
    fn a_punished_move_goes_negative_but_not_past_the_bound() {
        let mut h = History::default();
        let e4 = normal(Role::Pawn, Square::E2, Square::E4, None);
        for _ in 0..1000 {
            h.update(Color::White, e4, -HISTORY_MAX);
        }
        assert!(h.get(Color::White, e4) >= -HISTORY_MAX);
        assert!(h.get(Color::White, e4) < -HISTORY_MAX / 2);
        assert_eq!(h.get(Color::Black, e4), 0);
    }
}
