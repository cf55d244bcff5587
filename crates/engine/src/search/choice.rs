//! The move a weaker level plays: a choice among the root moves within the level's
//! margin, behind a safety net (no missed mate in one, no hung queen).

use shakmaty::{Chess, Move, Position, Role};

use super::Search;
use crate::{
    clock::Clock,
    score::{MATE, MATE_BOUND},
    see,
};

impl<C: Clock> Search<'_, C> {
    /// The level's choice among the root moves.
    pub(super) fn choose(&mut self) -> Option<(Move, i32)> {
        let (best_mv, best_score, _) = self.best.clone()?;
        if self.level.safety {
            for m in self.root.legal_moves() {
                let mut child = self.root.clone();
                child.play_unchecked(m);
                if child.is_checkmate() {
                    return Some((m, MATE - 1));
                }
            }
            if best_score >= MATE_BOUND {
                return Some((best_mv, best_score));
            }
        }
        if !self.level.chooses() || self.scored.is_empty() {
            return Some((best_mv, best_score));
        }
        let top = self.scored.iter().map(|s| s.1).max().unwrap_or(best_score);
        let margin = self.level.margin_cp;
        let mut candidates: Vec<(Move, i32)> = self
            .scored
            .iter()
            .copied()
            .filter(|&(_, s)| s >= top - margin && s > -MATE_BOUND)
            .collect();
        if self.level.safety {
            let root = &self.root;
            candidates.retain(|&(m, _)| m == best_mv || is_safe(root, m));
        }
        if let Some(n) = self.level.max_choices {
            // The best `n`: `scored` is best first already (a choosing level's root
            // moves all have exact scores, sorted stably after each iteration, and a
            // stopped iteration leaves `scored` as it was), and so are the candidates
            // kept from it; no sort here, so the worker holds one copy of the sort.
            debug_assert!(candidates.is_sorted_by(|a, b| a.1 >= b.1));
            candidates.truncate(n);
        }
        if candidates.is_empty() {
            return Some((best_mv, best_score));
        }
        let weights: Vec<u64> = candidates
            .iter()
            .map(|&(_, s)| {
                let w = u64::try_from(margin - (top - s) + 1).unwrap_or(1);
                w * w
            })
            .collect();
        let total: u64 = weights.iter().sum();
        let mut pick = self.rng.below(total);
        for (c, w) in candidates.iter().zip(&weights) {
            if pick < *w {
                return Some(*c);
            }
            pick -= w;
        }
        Some((best_mv, best_score))
    }
}

/// Whether playing `m` in `pos` neither allows mate in one nor leaves a queen to be won
/// by a capture (the level safety net).
#[must_use]
pub fn is_safe(pos: &Chess, m: Move) -> bool {
    let mut child = pos.clone();
    child.play_unchecked(m);
    let replies = child.legal_moves();
    for &r in &replies {
        let mut grand = child.clone();
        grand.play_unchecked(r);
        if grand.is_checkmate() {
            return false;
        }
    }
    if m.capture() == Some(Role::Queen) {
        return true;
    }
    !replies
        .iter()
        .any(|&r| r.capture() == Some(Role::Queen) && see::see_ge(&child, r, 1))
}
