//! What the search learns from cut-offs for move ordering: the histories, killers and
//! counter-moves, and their view of the moves at a node for the move picker.

use shakmaty::{Chess, Color, Move, MoveList, Position};

use super::{
    Engine, Search,
    params::{HISTORY_BONUS_MAX, HISTORY_BONUS_PER_PLY_SQUARED},
};
use crate::{clock::Clock, move_picker::MoveScores};

impl<C: Clock> Search<'_, C> {
    /// The moves played one and two plies before `ply` (`None` at the root or after a
    /// null move).
    pub(super) fn previous_moves(&self, ply: usize) -> [Option<Move>; 2] {
        let at = |back: usize| ply.checked_sub(back).and_then(|p| self.played[p]);
        [at(1), at(2)]
    }

    /// The move-ordering scores for `us` after the `previous` two moves.
    pub(super) fn learnt(&self, us: Color, previous: [Option<Move>; 2]) -> Learnt<'_> {
        Learnt {
            engine: self.engine,
            us,
            previous,
        }
    }

    /// After a cut-off by `m`: credits `m` if it is a capture or promotion (`noisy`)
    /// and punishes the captures and promotions tried before it.
    pub(super) fn reward_noisy(
        &mut self,
        us: Color,
        noisy: bool,
        m: Move,
        depth: i32,
        tried: &MoveList,
    ) {
        let bonus = (HISTORY_BONUS_PER_PLY_SQUARED * depth * depth).min(HISTORY_BONUS_MAX);
        if noisy {
            self.engine.captures.update(us, m, bonus);
        }
        for &q in tried {
            self.engine.captures.update(us, q, -bonus);
        }
    }

    /// How promising quiet move `m` is: its butterfly history plus its continuation
    /// histories after the last two moves.
    pub(super) fn quiet_score(&self, us: Color, previous: [Option<Move>; 2], m: Move) -> i32 {
        self.learnt(us, previous).quiet(m)
    }

    pub(super) fn reward_quiet(
        &mut self,
        pos: &Chess,
        ply: usize,
        m: Move,
        depth: i32,
        tried: &MoveList,
    ) {
        let us = pos.turn();
        let bonus = (HISTORY_BONUS_PER_PLY_SQUARED * depth * depth).min(HISTORY_BONUS_MAX);
        let previous = self.previous_moves(ply);
        let engine = &mut *self.engine;
        for (q, b) in core::iter::once((m, bonus)).chain(tried.iter().map(|&q| (q, -bonus))) {
            engine.history.update(us, q, b);
            engine.follow_up.update(us, previous[0], q, b);
            engine.follow_up_2.update(us, previous[1], q, b);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(prev) = ply.checked_sub(1).and_then(|p| self.played[p]) {
            let i = counter_index(pos, prev);
            self.engine.counters[i] = Some(m);
        }
    }
}

/// The histories' view of the moves at one node, for the move picker.
pub(super) struct Learnt<'a> {
    engine: &'a Engine,
    us: Color,
    previous: [Option<Move>; 2],
}

impl MoveScores for Learnt<'_> {
    fn quiet(&self, m: Move) -> i32 {
        self.engine.history.get(self.us, m)
            + self.engine.follow_up.get(self.us, self.previous[0], m)
            + self.engine.follow_up_2.get(self.us, self.previous[1], m)
    }

    fn noisy(&self, m: Move) -> i32 {
        self.engine.captures.get(self.us, m)
    }
}

pub(super) fn counter_index(pos: &Chess, prev: Move) -> usize {
    // The previous move was made by the opponent of the side to move.
    let color = usize::from(pos.turn().is_white());
    (color * 6 + prev.role() as usize - 1) * 64 + prev.to().to_usize()
}
