//! Iterative deepening: one iteration after another within the budget, aspiration
//! windows around the last score, the root's moves, and the budget checks.

use std::sync::atomic::Ordering;

use shakmaty::{CastlingMode, Move, Position};

use super::{
    BestMove, CHECK_EVERY, Iteration, Line, RootMove, Search,
    params::{ASPIRATION_DELTA, ASPIRATION_MAX_DELTA, ASPIRATION_MIN_DEPTH},
};
use crate::{
    clock::Clock,
    score::{INF, MATE, MATE_BOUND, MAX_PLY, to_score},
    zobrist,
};

impl<C: Clock> Search<'_, C> {
    /// Runs the next iteration (one more ply of depth) and reports it, or returns `None`
    /// when the search is over. An iteration cut short by the budget is not reported,
    /// though a better root move it found is kept.
    pub fn next_iteration(&mut self) -> Option<Iteration> {
        if self.finished {
            return None;
        }
        let depth = if self.completed_depth == 0 {
            1
        } else {
            self.completed_depth + self.depth_step
        };
        let out_of_budget = depth > 1
            && (self.limits.soft_ms.is_some_and(|s| self.elapsed_ms() >= s)
                || self.limits.nodes.is_some_and(|n| self.nodes >= n));
        if depth > self.max_depth() || out_of_budget || self.external_stop() {
            self.finished = true;
            return None;
        }
        self.in_first_iteration = depth == 1;
        let Some(mut score) = self.iterate(depth, 0) else {
            self.adopt_partial();
            self.finished = true;
            return None;
        };
        let lines = self.multipv.min(self.root_moves.len());
        let all_lines = self.search_more_lines(depth, lines);
        if lines > 1 {
            // The lines were sorted: the best may now be another line's.
            score = self.root_moves[0].score;
        }
        self.completed_depth = depth;
        let first = &self.root_moves[0];
        self.best = Some((first.mv, score, first.pv.clone()));
        if !all_lines {
            // The budget ran out among the later lines: the first line of this depth is
            // kept as the move, but the iteration is not reported.
            self.finished = true;
            return None;
        }
        if self.level.chooses() {
            self.scored = self.root_moves.iter().map(|r| (r.mv, r.score)).collect();
        }
        let timed = self.limits.soft_ms.is_some() && !self.limits.infinite;
        let mate_settled = score.abs() >= MATE_BOUND && MATE - score.abs() <= depth;
        if (timed && self.root_moves.len() == 1)
            || (mate_settled && !self.limits.infinite && depth >= 2)
        {
            self.finished = true;
        }
        let found = &self.root_moves[..lines];
        self.line_scores = found.iter().map(|r| r.score).collect();
        let lines: Vec<Line> = found
            .iter()
            .map(|r| Line {
                score: to_score(r.score),
                pv: r.pv.clone(),
                pv_uci: pv_to_uci(&r.pv),
            })
            .collect();
        let pv = self.root_moves[0].pv.clone();
        Some(Iteration {
            depth: u8::try_from(depth).unwrap_or(u8::MAX),
            seldepth: u8::try_from(self.seldepth).unwrap_or(u8::MAX),
            score: to_score(score),
            nodes: self.nodes,
            time_ms: self.elapsed_ms(),
            pv_uci: pv_to_uci(&pv),
            pv,
            hashfull: self.engine.tt.hashfull(),
            lines,
        })
    }

    /// MultiPV: after the first line of this `depth`, searches the root again for each
    /// further line, without the moves that already begin a line, and keeps the `lines`
    /// first root moves sorted best first. A weaker level's root moves all have exact
    /// scores already, sorted: nothing more to search. Returns `false` when the budget
    /// ran out before the last line.
    fn search_more_lines(&mut self, depth: i32, lines: usize) -> bool {
        if self.level.chooses() {
            return true;
        }
        for first in 1..lines {
            if self.iterate(depth, first).is_none() {
                return false;
            }
            // A later line may score above an earlier one (the searches differ in what
            // the table holds): a stable sort keeps the lines best first.
            best_first(&mut self.root_moves[..=first]);
        }
        true
    }

    /// Runs iterations until the search is over, calling `on_iteration` after each.
    pub fn run(&mut self, mut on_iteration: impl FnMut(&Iteration)) -> Option<BestMove> {
        while let Some(it) = self.next_iteration() {
            on_iteration(&it);
        }
        self.best_move()
    }

    /// The move to play (after the level's choice); `None` only without legal moves.
    /// Can be called at any time; the first call after the search ends fixes the answer.
    pub fn best_move(&mut self) -> Option<BestMove> {
        if let Some(c) = &self.chosen {
            return Some(c.clone());
        }
        let (mv, score) = self.choose()?;
        let chosen = BestMove {
            mv,
            uci: mv.to_uci(CastlingMode::Standard).to_string(),
            score: to_score(score),
            depth: self.depth(),
        };
        if self.finished {
            self.chosen = Some(chosen.clone());
        }
        Some(chosen)
    }

    pub(super) fn adopt_partial(&mut self) {
        if self.level.chooses() {
            return;
        }
        if let Some(i) = self.iter_best.take() {
            let r = &self.root_moves[i];
            self.best = Some((r.mv, r.score, r.pv.clone()));
        }
    }

    pub(super) fn elapsed_check(&mut self) {
        if self.external_stop() {
            self.stopped = true;
            return;
        }
        if self.in_first_iteration {
            return;
        }
        if let Some(h) = self.limits.hard_ms
            && self.elapsed_ms() >= h
        {
            self.stopped = true;
        }
    }

    #[inline]
    pub(super) fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if !self.in_first_iteration && self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            if let Some(counter) = &self.node_counter {
                counter.fetch_add(CHECK_EVERY, Ordering::Relaxed);
            }
            self.elapsed_check();
        }
    }

    /// Searches the root moves from index `first` on (0: all of them; more for the later
    /// lines of a MultiPV search) to `depth` in aspiration windows around the line's last
    /// score, until the score falls inside one; `None` when the budget ran out.
    pub(super) fn iterate(&mut self, depth: i32, first: usize) -> Option<i32> {
        let prev = if first == 0 {
            self.best.as_ref().map(|b| b.1)
        } else {
            self.line_scores.get(first).copied()
        };
        let exact = self.level.chooses();
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = match prev {
            Some(prev) if depth >= ASPIRATION_MIN_DEPTH && !exact && prev.abs() < MATE_BOUND => {
                (prev - delta, prev + delta)
            }
            _ => (-INF, INF),
        };
        loop {
            self.iter_best = None;
            let score = self.search_root(depth, first, alpha, beta);
            if self.stopped {
                return None;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return Some(score);
            }
            delta *= 2;
            if delta > ASPIRATION_MAX_DELTA {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    /// One pass over the root moves from index `first` on within `(alpha, beta)`; the
    /// best of them is moved to `first`, the others sorted after it by score.
    pub(super) fn search_root(
        &mut self,
        depth: i32,
        first: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let exact = self.level.chooses();
        let root = self.root.clone();
        let root_key = self.keys[self.keys.len() - 1];
        let mut best = -INF;
        let mut best_index = first;
        if first == 0 {
            self.seldepth = 0;
        }
        self.pv_len[0] = 0;
        for i in first..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let mut child = root.clone();
            child.play_unchecked(m);
            let key = zobrist::key_after(&root, root_key, m, &child);
            self.keys.push(key);
            self.played[0] = Some(m);
            self.accumulators[1] = self.accumulators[0].after(&root, m);
            self.count_node(0);
            let score = if i == first || exact {
                let (a, b) = if exact { (-INF, INF) } else { (alpha, beta) };
                -self.search(&child, key, depth - 1, 1, -b, -a, true)
            } else {
                let mut s = -self.search(&child, key, depth - 1, 1, -alpha - 1, -alpha, true);
                if s > alpha && s < beta && !self.stopped {
                    s = -self.search(&child, key, depth - 1, 1, -beta, -alpha, true);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                break;
            }
            self.root_moves[i].score = score;
            if score > best {
                best = score;
                best_index = i;
            }
            if score > alpha || (exact && i == best_index) {
                let mut pv = vec![m];
                let len = self.pv_len[1];
                pv.extend(
                    self.pv[MAX_PLY + 1 + 1..MAX_PLY + 1 + len.max(1)]
                        .iter()
                        .flatten(),
                );
                self.root_moves[i].pv = pv;
                if score > alpha {
                    self.iter_best = Some(i);
                    if !exact {
                        alpha = score;
                    }
                }
                if score >= beta && !exact {
                    break;
                }
            }
        }
        if !self.stopped {
            let best_move = self.root_moves.remove(best_index);
            self.root_moves.insert(first, best_move);
            best_first(&mut self.root_moves[first + 1..]);
        }
        best
    }
}

fn pv_to_uci(pv: &[Move]) -> Vec<String> {
    pv.iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

/// Sorts root moves best score first, keeping the order of equal scores (one sort for
/// every caller, so that the worker holds one copy of the sort's code).
pub(super) fn best_first(root_moves: &mut [RootMove]) {
    root_moves.sort_by_key(|r| std::cmp::Reverse(r.score));
}
