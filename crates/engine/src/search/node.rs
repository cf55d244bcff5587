//! One node of the principal-variation search: draws, the table, pruning before the
//! moves, and the loop over the moves with its reductions and pruning.

use shakmaty::{Chess, Move, MoveList, Position};

use super::{Search, learning::counter_index, params::*};
use crate::{
    clock::Clock,
    correction::CorrectionHistory,
    eval,
    gives_check::CheckInfo,
    move_picker::{MovePicker, is_noisy},
    packed_move::PackedMove,
    score::{INF, MATE, MATE_BOUND, MAX_PLY},
    see,
    tt::Bound,
    zobrist,
};

impl<C: Clock> Search<'_, C> {
    /// The static evaluation of `pos`, the position at `ply` of the line being
    /// searched, with this engine's pawn cache and the network's accumulators.
    pub(super) fn evaluate(&mut self, pos: &Chess, ply: usize) -> i32 {
        eval::evaluate_rules_cached(pos, &mut self.engine.pawns)
            + self.accumulators[ply].evaluate(pos.turn())
    }

    /// Whether the node at `ply` repeats an earlier position: once inside the searched
    /// line (after the root) is enough to score a draw, since the side that repeated
    /// could repeat again; a position of the game up to the root must have occurred
    /// twice (the third time is the draw), as in Stockfish. The look-back ends at the
    /// last irreversible move (`halfmoves`) and at a null move, which is no move of the
    /// game.
    pub(super) fn is_repetition(&self, halfmoves: u32, ply: usize) -> bool {
        let n = self.keys.len();
        let current = self.keys[n - 1];
        let mut back = usize::try_from(halfmoves).unwrap_or(usize::MAX).min(n - 1);
        if let Some(null) = (1..=back.min(ply)).find(|&b| self.played[ply - b].is_none()) {
            back = null - 1;
        }
        let mut before_root = 0;
        let mut i = 2;
        while i <= back {
            let at = n - 1 - i;
            if self.keys[at] == current {
                if at > self.root_index {
                    return true;
                }
                before_root += 1;
                if before_root == 2 {
                    return true;
                }
            }
            i += 2;
        }
        false
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        let row = ply * (MAX_PLY + 1);
        let next = (ply + 1) * (MAX_PLY + 1);
        self.pv[row + ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv
            .copy_within(next + ply + 1..next + child_len, row + ply + 1);
        self.pv_len[ply] = child_len;
    }

    #[allow(clippy::too_many_arguments, clippy::too_many_lines)]
    pub(super) fn search(
        &mut self,
        pos: &Chess,
        key: u64,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        null_allowed: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, ply);
        }
        // The table is read first: its entry is rarely in the cache, and the checks
        // below (draws, check) run while the memory answers.
        let entry = self.engine.tt.probe(key, ply);
        let in_check = pos.is_check();
        // Draws.
        if pos.halfmoves() >= 100 && !(in_check && pos.legal_moves().is_empty()) {
            return 0;
        }
        if self.is_repetition(pos.halfmoves(), ply) || pos.is_insufficient_material() {
            return 0;
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + i32::try_from(ply).unwrap_or(0));
        beta = beta.min(MATE - i32::try_from(ply).unwrap_or(0) - 1);
        if alpha >= beta {
            return alpha;
        }
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, key, ply, alpha, beta, true);
        }
        self.count_node(ply);
        let pv_node = beta - alpha > 1;

        let tt_move = entry.map_or(PackedMove::NONE, |e| e.mv);
        if let Some(e) = entry
            && !pv_node
            && e.depth >= depth
            && e.settles(alpha, beta)
        {
            return e.score;
        }

        // The evaluation as computed (and kept in the table), the same corrected by
        // what searches of these pawns found, and that sharpened by a stored bound.
        let raw_eval = if in_check {
            -INF
        } else {
            entry.map_or_else(|| self.evaluate(pos, ply), |e| e.eval)
        };
        let corrected_eval = if in_check {
            -INF
        } else {
            corrected(&self.engine.correction, pos, raw_eval)
        };
        let static_eval = match entry {
            Some(e)
                if !in_check
                    && e.score.abs() < MATE_BOUND
                    && (e.bound == Bound::Exact
                        || (e.bound == Bound::Lower && e.score > corrected_eval)
                        || (e.bound == Bound::Upper && e.score < corrected_eval)) =>
            {
                e.score
            }
            _ => corrected_eval,
        };
        self.evals[ply] = static_eval;
        // Better than two plies ago (four, if we were in check then, and "yes" when we
        // were in check both times).
        let improving = !in_check
            && match (ply.checked_sub(2), ply.checked_sub(4)) {
                (Some(two), _) if self.evals[two] != -INF => static_eval > self.evals[two],
                (Some(_), Some(four)) if self.evals[four] != -INF => static_eval > self.evals[four],
                (Some(_), _) => true,
                (None, _) => false,
            };

        if !pv_node && !in_check {
            // Reverse futility pruning.
            let margin = REVERSE_FUTILITY_MARGIN_PER_PLY * depth
                - if improving {
                    REVERSE_FUTILITY_IMPROVING
                } else {
                    0
                };
            if depth <= REVERSE_FUTILITY_MAX_DEPTH
                && static_eval - margin >= beta
                && beta.abs() < MATE_BOUND
            {
                return static_eval;
            }
            // Null-move pruning: the reduction grows with the depth and with how far the
            // evaluation stands above beta.
            let board = pos.board();
            let our_pieces = pos.us() & !board.pawns() & !board.kings();
            if null_allowed
                && depth >= NULL_MOVE_MIN_DEPTH
                && static_eval >= beta
                && our_pieces.any()
                && let Ok(child) = pos.clone().swap_turn()
            {
                let r = NULL_MOVE_BASE_REDUCTION
                    + depth / NULL_MOVE_DEPTH_PER_REDUCTION
                    + ((static_eval - beta) / NULL_MOVE_EVAL_PER_REDUCTION)
                        .min(NULL_MOVE_EVAL_MAX_REDUCTION);
                let child_key = zobrist::key_after_null(pos, key, &child);
                self.keys.push(child_key);
                self.played[ply] = None;
                self.accumulators[ply + 1] = self.accumulators[ply];
                let score = -self.search(
                    &child,
                    child_key,
                    depth - 1 - r,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                );
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Internal iterative reduction: no stored move, probably not worth full depth.
        if depth >= IIR_MIN_DEPTH && tt_move.is_none() {
            depth -= 1;
        }

        let killers = self.killers[ply];
        let counter = ply
            .checked_sub(1)
            .and_then(|p| self.played[p])
            .and_then(|prev| self.engine.counters[counter_index(pos, prev)]);
        let mut picker = MovePicker::new(pos, tt_move, killers, counter);
        let us = pos.turn();
        let original_alpha = alpha;
        let mut best_score = -INF;
        let mut best_move: Option<Move> = None;
        let mut quiets_tried: MoveList = MoveList::new();
        let mut noisy_tried: MoveList = MoveList::new();
        let mut searched = 0usize;
        let lmp_limit =
            usize::try_from(LATE_MOVE_BASE_COUNT + depth * depth / if improving { 1 } else { 2 })
                .unwrap_or(usize::MAX);

        let previous = self.previous_moves(ply);
        // Worked out at the second move: whether the first gives check does not matter
        // (it is neither pruned nor reduced), and it often refutes the node alone.
        let mut checks: Option<CheckInfo> = None;
        while let Some(m) = picker.next(pos, &self.learnt(us, previous)) {
            let quiet = !is_noisy(m);
            let gives_check = searched > 0
                && checks
                    .get_or_insert_with(|| CheckInfo::new(pos))
                    .gives_check(pos, m);
            if best_score > -MATE_BOUND && !in_check && !gives_check {
                if quiet {
                    // Late-move and futility pruning: once either holds it holds for
                    // every later quiet move here, so only quiet checks are still wanted.
                    if !pv_node
                        && ((depth <= LATE_MOVE_MAX_DEPTH && quiets_tried.len() >= lmp_limit)
                            || (depth <= FUTILITY_MAX_DEPTH
                                && static_eval
                                    + FUTILITY_BASE_MARGIN
                                    + FUTILITY_MARGIN_PER_PLY * depth
                                    <= alpha))
                    {
                        let checks = checks.get_or_insert_with(|| CheckInfo::new(pos));
                        picker.drop_quiets_without_check(pos, checks);
                        continue;
                    }
                    // History pruning: a quiet move that keeps failing here is skipped.
                    if !pv_node
                        && depth <= HISTORY_PRUNING_MAX_DEPTH
                        && self.quiet_score(us, previous, m) < -HISTORY_PRUNING_PER_PLY * depth
                    {
                        continue;
                    }
                    // A quiet move that loses material by exchange is not worth a shallow
                    // look (the margin grows with the square of the depth).
                    if depth <= QUIET_SEE_MAX_DEPTH
                        && !see::see_ge(pos, m, -QUIET_SEE_MARGIN_PER_PLY_SQUARED * depth * depth)
                    {
                        continue;
                    }
                } else if depth <= CAPTURE_PRUNING_MAX_DEPTH {
                    // Capture futility: even winning the piece outright leaves us far
                    // below alpha.
                    if !pv_node
                        && static_eval
                            + CAPTURE_FUTILITY_BASE_MARGIN
                            + CAPTURE_FUTILITY_MARGIN_PER_PLY * depth
                            + see::material_gain(m)
                            <= alpha
                    {
                        continue;
                    }
                    // A capture that loses material by exchange.
                    if !picker.holds_exchange(m)
                        && !see::see_ge(pos, m, -CAPTURE_SEE_MARGIN_PER_PLY * depth)
                    {
                        continue;
                    }
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = zobrist::key_after(pos, key, m, &child);
            self.keys.push(child_key);
            self.played[ply] = Some(m);
            self.accumulators[ply + 1] = self.accumulators[ply].after(pos, m);
            searched += 1;
            let new_depth = depth - 1;
            let score = if searched == 1 {
                -self.search(&child, child_key, new_depth, ply + 1, -beta, -alpha, true)
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH
                    && searched > LMR_AFTER_MOVES
                    && (quiet || picker.stage() == crate::move_picker::Stage::BadNoisy)
                {
                    r = i32::from(
                        self.engine.lmr[usize::try_from(depth).unwrap_or(0).min(63)]
                            [searched.min(63)],
                    );
                    if pv_node {
                        r -= 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if gives_check {
                        r -= 1;
                    }
                    if quiet {
                        r -= self.quiet_score(us, previous, m) / LMR_HISTORY_PER_PLY;
                        if Some(m) == killers[0] || Some(m) == killers[1] {
                            r -= 1;
                        }
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(
                    &child,
                    child_key,
                    new_depth - r,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    true,
                );
                if s > alpha && r > 0 {
                    s = -self.search(
                        &child,
                        child_key,
                        new_depth,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        true,
                    );
                }
                if s > alpha && s < beta {
                    s = -self.search(&child, child_key, new_depth, ply + 1, -beta, -alpha, true);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(pos, ply, m, depth, &quiets_tried);
                        }
                        self.reward_noisy(us, !quiet, m, depth, &noisy_tried);
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            } else {
                noisy_tried.push(m);
            }
        }
        if searched == 0 {
            // Nothing is pruned before a move has a score, so there were no moves.
            return if in_check {
                -MATE + i32::try_from(ply).unwrap_or(0)
            } else {
                0
            };
        }

        let stored_eval = if in_check { 0 } else { raw_eval };
        let window = (original_alpha, beta);
        if !in_check && best_move.is_none_or(|m| !is_noisy(m)) {
            self.learn_correction(pos, depth, raw_eval, corrected_eval, best_score, window);
        }
        self.store(key, ply, best_move, best_score, window, stored_eval, depth);
        best_score
    }

    /// After a quiet node's search: folds the difference between its result and its
    /// static evaluation into the correction history, when the result says which way
    /// the evaluation was off (an exact score, a fail-high above the corrected
    /// evaluation, a fail-low below it).
    pub(super) fn learn_correction(
        &mut self,
        pos: &Chess,
        depth: i32,
        raw_eval: i32,
        corrected_eval: i32,
        best_score: i32,
        (alpha, beta): (i32, i32),
    ) {
        if best_score.abs() >= MATE_BOUND {
            return;
        }
        let tells = if best_score >= beta {
            best_score > corrected_eval
        } else if best_score > alpha {
            true
        } else {
            best_score < corrected_eval
        };
        if tells {
            self.engine
                .correction
                .update(pos, depth, raw_eval, best_score);
        }
    }

    /// Stores a node's result in the transposition table, its bound told by where
    /// `best_score` fell against the node's `window` (alpha when it started, beta).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &self,
        key: u64,
        ply: usize,
        best_move: Option<Move>,
        best_score: i32,
        (alpha, beta): (i32, i32),
        eval: i32,
        depth: i32,
    ) {
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let mv = best_move.map_or(PackedMove::NONE, PackedMove::new);
        self.engine
            .tt
            .store(key, ply, mv, best_score, eval, depth, bound);
    }
}

/// `raw`, the static evaluation of `pos`, shifted by what searches of its pawn
/// structure found (kept short of the mate scores).
pub(super) fn corrected(correction: &CorrectionHistory, pos: &Chess, raw: i32) -> i32 {
    (raw + correction.get(pos)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Engine;

    #[test]
    fn captures_far_below_alpha_are_pruned_after_the_first_move() {
        // White, a queen and a rook down, has four pawn captures (b4xa5, b4xc5, d4xc5,
        // d4xe5) and no check. Against a null window some 1 000 cp above its static
        // evaluation, away from the principal variation at depth 1, the first capture
        // is searched; each later one, even winning its pawn outright, stays far below
        // alpha and is skipped, as are the quiet moves. Two nodes: this one and the
        // first reply, where Black stands pat. Searching every capture would take five.
        let mut engine = Engine::with_hash_mb(1);
        let (mut search, pos, key) =
            Search::for_test(&mut engine, "6rk/7q/8/p1p1p3/1P1P4/8/8/K7 w - - 0 1");
        let static_eval = search.evaluate(&pos, 0);
        assert!(
            static_eval < -1_100,
            "a queen and a rook down: {static_eval}"
        );
        let alpha = static_eval + 1_000;
        let score = search.search(&pos, key, 1, 0, alpha, alpha + 1, true);
        assert!(score <= alpha, "fails low: {score} against {alpha}");
        assert_eq!(search.nodes(), 2);
    }
}
