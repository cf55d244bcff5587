//! Continuation history: how well a quiet move has done right after a given move.
//!
//! The butterfly [`History`](crate::move_picker::History) scores a move by its squares
//! alone. A continuation history scores it by what came just before: "knight to f3,
//! played after the opponent's bishop went to g4". The search keeps two — one keyed by
//! the previous move (the opponent's) and one by the move before that (our own) — and
//! adds both to the butterfly score when it orders quiet moves and decides how much to
//! reduce them.

use shakmaty::{Color, Move};

use crate::move_picker::HISTORY_MAX;

/// Sides × previous move's piece and destination × this move's piece and destination.
const SIZE: usize = 2 * 6 * 64 * 6 * 64;

/// Scores of quiet moves by the move played `n` plies earlier (one table per `n`).
#[derive(Debug, Clone)]
pub struct ContinuationHistory {
    table: Vec<i32>,
}

impl Default for ContinuationHistory {
    fn default() -> Self {
        Self {
            table: vec![0; SIZE],
        }
    }
}

impl ContinuationHistory {
    #[inline]
    fn index(color: Color, previous: Move, m: Move) -> usize {
        let side = usize::from(color.is_black());
        let before = (previous.role() as usize - 1) * 64 + previous.to().to_usize();
        let now = (m.role() as usize - 1) * 64 + m.to().to_usize();
        (side * 384 + before) * 384 + now
    }

    /// Score of `color`'s quiet move `m` after `previous` (0 when there is none, e.g.
    /// after a null move or at the root).
    #[inline]
    #[must_use]
    pub fn get(&self, color: Color, previous: Option<Move>, m: Move) -> i32 {
        previous.map_or(0, |p| self.table[Self::index(color, p, m)])
    }

    /// Rewards (positive `bonus`) or punishes `m` after `previous`, staying within
    /// ±[`HISTORY_MAX`].
    pub fn update(&mut self, color: Color, previous: Option<Move>, m: Move, bonus: i32) {
        if let Some(p) = previous {
            let e = &mut self.table[Self::index(color, p, m)];
            let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
            *e += bonus - *e * bonus.abs() / HISTORY_MAX;
        }
    }

    /// Shrinks all scores (between searches), so old lessons fade.
    pub fn age(&mut self) {
        for e in &mut self.table {
            *e /= 2;
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.table.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Role, Square};

    fn quiet(role: Role, from: Square, to: Square) -> Move {
        Move::Normal {
            role,
            from,
            capture: None,
            to,
            promotion: None,
        }
    }

    #[test]
    fn a_reward_is_kept_per_previous_move_and_side() {
        let mut h = ContinuationHistory::default();
        let bg4 = quiet(Role::Bishop, Square::C8, Square::G4);
        let nf3 = quiet(Role::Knight, Square::G1, Square::F3);
        let be2 = quiet(Role::Bishop, Square::F1, Square::E2);
        h.update(Color::White, Some(bg4), be2, 400);
        assert!(h.get(Color::White, Some(bg4), be2) > 0);
        assert_eq!(h.get(Color::White, Some(nf3), be2), 0);
        assert_eq!(h.get(Color::Black, Some(bg4), be2), 0);
        assert_eq!(h.get(Color::White, None, be2), 0);
        for _ in 0..1000 {
            h.update(Color::White, Some(bg4), be2, HISTORY_MAX);
        }
        assert!(h.get(Color::White, Some(bg4), be2) <= HISTORY_MAX);
        h.age();
        assert!(h.get(Color::White, Some(bg4), be2) <= HISTORY_MAX / 2);
    }
}
