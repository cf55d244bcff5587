//! Quiescence search: captures (and at its first ply quiet checks) until the
//! position is quiet, so the evaluation never judges a position in mid-exchange.

use shakmaty::{Bitboard, Chess, Position, Rank, Role};

use super::{Search, corrected, params::DELTA_MARGIN};
use crate::{
    clock::Clock,
    gives_check::CheckInfo,
    move_picker::{MovePicker, Wanted, is_noisy},
    packed_move::PackedMove,
    score::{INF, MATE, MATE_BOUND, MAX_PLY},
    see, zobrist,
};

impl<C: Clock> Search<'_, C> {
    /// Quiescence search: captures and queen promotions that do not lose material
    /// until the position is quiet. In check, every capture and promotion is tried,
    /// and quiet evasions until one move has escaped mate and two quiet ones have been
    /// tried. With `checks` (its first ply, straight from the main search) quiet checks
    /// that do not lose the piece are tried too, so a mating or forking check just
    /// beyond the horizon is seen.
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
            return self.evaluate(pos, ply);
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
            raw_eval = entry.map_or_else(|| self.evaluate(pos, ply), |e| e.eval);
            stand_pat = corrected(&self.engine.correction, pos, raw_eval);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }
        if !in_check && !checks && stand_pat + best_capture_gain(pos) + DELTA_MARGIN <= alpha {
            // Delta pruning below would skip every capture: none is generated.
            self.store(key, ply, None, best_score, (alpha, beta), raw_eval, 0);
            return best_score;
        }
        let wanted = if in_check {
            Wanted::All
        } else if checks {
            Wanted::NoisyAndChecks(CheckInfo::new(pos))
        } else {
            Wanted::Noisy
        };
        let mut picker = MovePicker::quiescence(pos, tt_move, wanted);
        let original_alpha = alpha;
        let mut best_move = None;
        let us = pos.turn();
        let previous = self.previous_moves(ply);
        let mut quiet_evasions = 0;
        while let Some(m) = picker.next(pos, &self.learnt(us, previous)) {
            if in_check && !is_noisy(m) {
                // Once a move escapes a mate, two quiet evasions are enough.
                if best_score > -MATE_BOUND && quiet_evasions >= 2 {
                    continue;
                }
                quiet_evasions += 1;
            }
            if !in_check {
                // Delta pruning: even winning this piece cannot reach alpha.
                if is_noisy(m) && stand_pat + see::material_gain(m) + DELTA_MARGIN <= alpha {
                    continue;
                }
                if !picker.holds_exchange(m) && !see::see_ge(pos, m, 0) {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = zobrist::key_after(pos, key, m, &child);
            // The next ply's move ordering reads the move that led to it.
            self.played[ply] = Some(m);
            self.accumulators[ply + 1] = self.accumulators[ply].after(pos, m);
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

/// An upper bound on what one noisy move of `pos` can win, for delta pruning: the most
/// valuable enemy piece that one of ours attacks (pins ignored), a pawn taken en passant,
/// and no bound (the most a move can ever win) while a pawn of ours can promote.
fn best_capture_gain(pos: &Chess) -> i32 {
    let board = pos.board();
    let us = pos.turn();
    let seventh = Bitboard::from(us.relative_rank(Rank::Seventh));
    if (pos.our(Role::Pawn) & seventh).any() {
        return 2 * see::value(Role::Queen);
    }
    let occupied = board.occupied();
    for role in [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        let attacked = (pos.them() & board.by_role(role))
            .into_iter()
            .any(|sq| board.attacks_to(sq, us, occupied).any());
        if attacked || (role == Role::Pawn && pos.maybe_ep_square().is_some()) {
            return see::value(role);
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{root::parse_fen, search::Engine};

    fn position(fen: &str) -> Chess {
        parse_fen(fen).expect("test FEN is legal")
    }

    fn gain(fen: &str) -> i32 {
        best_capture_gain(&position(fen))
    }

    #[test]
    fn in_check_it_tries_two_quiet_evasions_once_mate_is_escaped() {
        // The rook on e1 checks the lone king on e5, which has six squares off the
        // file and nothing to capture. The first king move escapes mate, so only one
        // more is tried: three nodes, this one and two replies (each of which stands
        // pat, having nothing to capture).
        let mut engine = Engine::with_hash_mb(1);
        let (mut search, pos, key) =
            Search::for_test(&mut engine, "8/8/8/4k3/8/8/8/K3R3 b - - 0 1");
        assert_eq!(pos.legal_moves().len(), 6);
        let score = search.qsearch(&pos, key, 0, -INF, INF, false);
        assert!(
            score > -MATE_BOUND && score < -300,
            "a rook down, not mated: {score}"
        );
        assert_eq!(search.nodes(), 3);
    }

    #[test]
    fn the_best_capture_gain_is_the_most_valuable_attacked_piece() {
        // The rook on d1 attacks the queen on d8 and the knight on c4 the pawn on b6.
        assert_eq!(
            gain("3qk3/8/1p6/8/2N5/8/8/3RK3 w - - 0 1"),
            see::value(Role::Queen)
        );
        // Only the pawn on e5 can be taken, by the pawn on d4.
        assert_eq!(
            gain("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1"),
            see::value(Role::Pawn)
        );
        // Nothing is attacked.
        assert_eq!(gain("4k3/8/8/4p3/8/3P4/8/4K3 w - - 0 1"), 0);
        // Nothing is attacked, but d5xe6 en passant takes a pawn.
        assert_eq!(
            gain("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1"),
            see::value(Role::Pawn)
        );
        // A pawn on the seventh rank may promote: no bound.
        assert!(gain("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1") > 2 * see::value(Role::Queen) - 100);
    }
}
