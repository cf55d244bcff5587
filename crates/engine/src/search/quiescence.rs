//! Quiescence search: captures (and at its first ply quiet checks) until the
//! position is quiet, so the evaluation never judges a position in mid-exchange.

use shakmaty::{Chess, Position};

use super::{INF, MATE, MAX_PLY, Search, corrected};
use crate::{
    clock::Clock,
    gives_check::CheckInfo,
    move_picker::{MovePicker, Wanted, is_noisy},
    see,
    tt::PackedMove,
    zobrist,
};

impl<C: Clock> Search<'_, C> {
    /// Quiescence search: captures and queen promotions that do not lose material
    /// until the position is quiet, or every move when in check. With `checks` (its
    /// first ply, straight from the main search) quiet checks that do not lose the
    /// piece are tried too, so a mating or forking check just beyond the horizon is
    /// seen.
    pub(super) fn qsearch(
        &mut self,
        pos: &Chess,
        key: u64,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        checks: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        self.count_node(ply);
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos);
        }
        // The table is read before the check test, which runs while the memory answers.
        let entry = self.engine.tt.probe(key, ply);
        let in_check = pos.is_check();
        if let Some(e) = entry
            && beta - alpha == 1
            && e.settles(alpha, beta)
        {
            return e.score;
        }
        let tt_move = entry.map_or(PackedMove::NONE, |e| e.mv);
        let mut best_score;
        let stand_pat;
        let mut raw_eval = 0;
        if in_check {
            stand_pat = -INF;
            best_score = -INF;
        } else {
            // Standing pat first: most nodes stop here, before any move is generated.
            raw_eval = entry.map_or_else(|| self.evaluate(pos), |e| e.eval);
            stand_pat = corrected(&self.engine.correction, pos, raw_eval);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }
        let wanted = if in_check {
            Wanted::All
        } else if checks {
            Wanted::NoisyAndChecks(CheckInfo::new(pos))
        } else {
            Wanted::Noisy
        };
        let mut picker = MovePicker::quiescence(tt_move, wanted);
        let original_alpha = alpha;
        let mut best_move = None;
        let us = pos.turn();
        let previous = self.previous_moves(ply);
        while let Some(m) = picker.next(pos, &self.learnt(us, previous)) {
            if !in_check {
                // Delta pruning: even winning this piece cannot reach alpha.
                let gain = m.capture().map_or(0, see::value)
                    + m.promotion().map_or(0, |p| see::value(p) - 100);
                if is_noisy(m) && stand_pat + gain + 180 <= alpha {
                    continue;
                }
                if !see::see_ge(pos, m, 0) {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = zobrist::key_after(pos, key, m, &child);
            // The next ply's move ordering reads the move that led to it.
            self.played[ply] = Some(m);
            let score = -self.qsearch(&child, child_key, ply + 1, -beta, -alpha, false);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && best_score == -INF {
            // In check nothing is pruned, so there was no legal move.
            return -MATE + i32::try_from(ply).unwrap_or(0);
        }
        let stored_eval = if in_check { 0 } else { raw_eval };
        let window = (original_alpha, beta);
        self.store(key, ply, best_move, best_score, window, stored_eval, 0);
        best_score
    }
}
