//! Move ordering in explicit stages.
//!
//! shakmaty generates all legal moves at once; the picker then hands them out lazily,
//! stage by stage, scoring and sorting a stage only when the search gets that far:
//!
//! 1. [`Stage::TtMove`]: the transposition table's move, if it is legal here;
//! 2. [`Stage::GoodNoisy`]: captures and queen promotions by most valuable victim / least
//!    valuable attacker, nudged by the capture history, those that lose material by
//!    static exchange set aside;
//! 3. [`Stage::Killers`]: the two quiet moves that last caused a cut-off at this ply,
//!    then the counter-move to the opponent's last move;
//! 4. [`Stage::Quiets`]: the remaining quiet moves by history score (the caller's
//!    [`MoveScores`]: butterfly plus continuation histories in the search, see
//!    [`crate::history`]);
//! 5. [`Stage::BadNoisy`]: the losing captures, last.
//!
//! The quiescence picker ([`MovePicker::quiescence`]) only runs stages 1 and 2. At
//! quiescence's first ply, where quiet checks join the captures, it runs every stage
//! over that shorter list instead, and in check over every move.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, MoveList, Position, Role};

use crate::{gives_check::CheckInfo, packed_move::PackedMove, see};

/// The stages of [`MovePicker`], in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    /// The transposition-table move.
    TtMove,
    /// Score the captures and queen promotions.
    ScoreNoisy,
    /// Captures and queen promotions that do not lose material.
    GoodNoisy,
    /// Killer moves and the counter-move.
    Killers,
    /// Score the quiet moves.
    ScoreQuiets,
    /// Quiet moves by history.
    Quiets,
    /// Captures that lose material by exchange.
    BadNoisy,
    /// Nothing left.
    Done,
}

/// What the search has learnt about moves, for ordering them.
pub trait MoveScores {
    /// How promising a quiet move is (higher: tried earlier).
    fn quiet(&self, m: Move) -> i32;
    /// Added to a capture's or promotion's most-valuable-victim score.
    fn noisy(&self, m: Move) -> i32;
}

/// Whether a move is a capture or a queen promotion: a move that changes the material
/// on the board by much, tried early and never pruned as a quiet move. An
/// under-promotion without capture counts as quiet (it is rarely better than the queen,
/// and is ordered, reduced and pruned like any quiet move).
#[inline]
#[must_use]
pub fn is_noisy(m: Move) -> bool {
    m.is_capture() || m.promotion() == Some(Role::Queen)
}

fn mvv_lva(m: Move) -> i32 {
    let victim = m.capture().map_or(0, see::value);
    let promo = m.promotion().map_or(0, see::value);
    victim * 8 + promo * 8 - m.role() as i32
}

/// Which of a position's legal moves a [`MovePicker`] hands out.
#[derive(Debug, Clone, Copy)]
pub enum Wanted {
    /// Every legal move: the main search, and quiescence in check.
    All,
    /// Captures and queen promotions only.
    Noisy,
    /// Captures and queen promotions, then the quiet moves that give check (and do not
    /// promote): quiescence's first ply.
    NoisyAndChecks(CheckInfo),
}

impl Wanted {
    /// Whether `m`, a legal move of `pos`, is wanted.
    fn accepts(&self, pos: &Chess, m: Move) -> bool {
        match self {
            Wanted::All => true,
            Wanted::Noisy => is_noisy(m),
            Wanted::NoisyAndChecks(checks) => {
                is_noisy(m) || (m.promotion().is_none() && checks.gives_check(pos, m))
            }
        }
    }
}

/// Hands out the legal moves of a position, best guesses first.
#[derive(Debug)]
pub struct MovePicker {
    /// The legal moves; only the wanted ones once past [`Stage::TtMove`].
    moves: MoveList,
    wanted: Wanted,
    /// Scores of `moves[i]`, filled stage by stage (never zeroed: a node that stops at
    /// the transposition-table move pays nothing for it).
    scores: ArrayVec<i32, 256>,
    stage: Stage,
    tt: PackedMove,
    refutations: [Option<Move>; 3],
    tt_given: Option<Move>,
    /// Moves `[0, noisy_end)` are noisy, the rest quiet (after partitioning).
    noisy_end: usize,
    cursor: usize,
    /// Captures that lose material by exchange are moved to `[0, bad_end)`, in the
    /// order they were found, among the noisy moves already handed out.
    bad_end: usize,
    bad_cursor: usize,
    refutation_cursor: usize,
    /// Set when quiet moves that give no check are no longer wanted (see
    /// [`MovePicker::drop_quiets_without_check`]): which moves give check.
    checks_only: Option<CheckInfo>,
}

impl MovePicker {
    /// A picker over all legal moves of `pos` for the main search.
    #[must_use]
    pub fn new(
        pos: &Chess,
        tt: PackedMove,
        killers: [Option<Move>; 2],
        counter: Option<Move>,
    ) -> Self {
        Self::build(pos, Wanted::All, tt, [killers[0], killers[1], counter])
    }

    /// A picker for quiescence over `pos`: the captures and queen promotions in
    /// most-valuable-victim order, then any quiet moves `wanted` (every move, stage by
    /// stage, in check).
    #[must_use]
    pub fn quiescence(pos: &Chess, tt: PackedMove, wanted: Wanted) -> Self {
        Self::build(pos, wanted, tt, [None; 3])
    }

    /// The moves are generated here, straight into the picker (a move list is 1.5 KiB;
    /// generated anywhere else, it would be copied in).
    #[must_use]
    fn build(pos: &Chess, wanted: Wanted, tt: PackedMove, refutations: [Option<Move>; 3]) -> Self {
        Self {
            moves: pos.legal_moves(),
            wanted,
            scores: ArrayVec::new(),
            stage: Stage::TtMove,
            tt,
            refutations,
            tt_given: None,
            noisy_end: 0,
            cursor: 0,
            bad_end: 0,
            bad_cursor: 0,
            refutation_cursor: 0,
            checks_only: None,
        }
    }

    /// Drops the quiet moves that are not wanted, in place, keeping the order. (Where
    /// only noisy moves are wanted, the quiet ones are partitioned off and never reached.)
    fn keep_wanted(&mut self, pos: &Chess) {
        let wanted = self.wanted;
        if matches!(wanted, Wanted::NoisyAndChecks(_)) {
            self.retain_from(0, |m| wanted.accepts(pos, m));
        }
    }

    /// The current stage.
    #[must_use]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Whether `m`, the move just handed out, is known not to lose material by static
    /// exchange: a capture from [`Stage::GoodNoisy`], which tested it to hand it out
    /// there (queen promotions are handed out there untested).
    #[must_use]
    pub fn holds_exchange(&self, m: Move) -> bool {
        self.stage == Stage::GoodNoisy && m.promotion() != Some(Role::Queen)
    }

    /// From now on hands out no quiet move that gives no check: the search calls this
    /// once it would prune every further quiet move but a check, so that those moves
    /// are neither scored nor sorted. The checks keep their order among themselves.
    pub fn drop_quiets_without_check(&mut self, pos: &Chess, checks: &CheckInfo) {
        if self.checks_only.is_some() {
            return;
        }
        self.checks_only = Some(*checks);
        if self.stage == Stage::Quiets {
            self.keep_checks_from(self.cursor, pos, checks);
        }
    }

    /// Keeps, of the moves from `start` on, only those that give check (and their
    /// scores, where scored), in their order.
    fn keep_checks_from(&mut self, start: usize, pos: &Chess, checks: &CheckInfo) {
        self.retain_from(start, |m| checks.gives_check(pos, m));
    }

    /// Keeps, of the moves from `start` on, only those `keep` accepts (and their
    /// scores, where scored), in their order.
    fn retain_from(&mut self, start: usize, keep: impl Fn(Move) -> bool) {
        let scored = self.scores.len() == self.moves.len();
        let mut kept = start;
        for i in start..self.moves.len() {
            let m = self.moves[i];
            if keep(m) {
                self.moves[kept] = m;
                if scored {
                    self.scores[kept] = self.scores[i];
                }
                kept += 1;
            }
        }
        self.moves.truncate(kept);
        if scored {
            self.scores.truncate(kept);
        }
    }

    fn already_given(&self, m: Move) -> bool {
        self.tt_given == Some(m) || self.refutations[..self.refutation_cursor].contains(&Some(m))
    }

    /// Selection sort step: the best-scored move of `[cursor, end)` swapped to `cursor`.
    fn pick_best(&mut self, end: usize) -> Option<Move> {
        if self.cursor >= end {
            return None;
        }
        let mut best = self.cursor;
        for i in self.cursor + 1..end {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.cursor, best);
        self.scores.swap(self.cursor, best);
        let m = self.moves[self.cursor];
        self.cursor += 1;
        Some(m)
    }

    /// The next quiet move by score: the first few by selection (a cut-off usually
    /// comes early), then the rest sorted once rather than scanned again for each.
    fn next_quiet(&mut self) -> Option<Move> {
        const SELECTED: usize = 3;
        let end = self.moves.len();
        if self.cursor - self.noisy_end < SELECTED {
            return self.pick_best(end);
        }
        if self.cursor - self.noisy_end == SELECTED && self.cursor < end {
            // Insertion sort, best first, of the moves not yet handed out.
            for i in self.cursor + 1..end {
                let mut j = i;
                while j > self.cursor && self.scores[j - 1] < self.scores[j] {
                    self.scores.swap(j - 1, j);
                    self.moves.swap(j - 1, j);
                    j -= 1;
                }
            }
        }
        let m = *self.moves.get(self.cursor)?;
        self.cursor += 1;
        Some(m)
    }

    /// The next move to try, or `None` when all have been handed out.
    /// `learnt` rates the moves beyond their material (histories).
    pub fn next(&mut self, pos: &Chess, learnt: &impl MoveScores) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::ScoreNoisy;
                    if !self.tt.is_none()
                        && let Some(&m) = self.moves.iter().find(|m| self.tt.matches(**m))
                        && self.wanted.accepts(pos, m)
                    {
                        self.tt_given = Some(m);
                        return Some(m);
                    }
                }
                Stage::ScoreNoisy => {
                    self.keep_wanted(pos);
                    // Partition: noisy moves first.
                    let mut end = 0;
                    for i in 0..self.moves.len() {
                        if is_noisy(self.moves[i]) {
                            self.moves.swap(i, end);
                            end += 1;
                        }
                    }
                    self.noisy_end = end;
                    self.scores.clear();
                    self.scores.extend(
                        self.moves[..end]
                            .iter()
                            .map(|&m| mvv_lva(m) + learnt.noisy(m) / 16),
                    );
                    self.cursor = 0;
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => match self.pick_best(self.noisy_end) {
                    Some(m) => {
                        if self.tt_given == Some(m) {
                            continue;
                        }
                        let queen_promo = m.promotion() == Some(Role::Queen);
                        if queen_promo || see::see_ge(pos, m, 0) {
                            return Some(m);
                        }
                        // Set aside among the moves handed out (`cursor` is past it).
                        self.moves.swap(self.bad_end, self.cursor - 1);
                        self.bad_end += 1;
                    }
                    None => {
                        self.stage = if matches!(self.wanted, Wanted::Noisy) {
                            Stage::Done
                        } else {
                            Stage::Killers
                        };
                    }
                },
                Stage::Killers => {
                    if self.refutation_cursor >= self.refutations.len() {
                        self.stage = Stage::ScoreQuiets;
                        continue;
                    }
                    let candidate = self.refutations[self.refutation_cursor];
                    let seen_before =
                        self.refutations[..self.refutation_cursor].contains(&candidate);
                    self.refutation_cursor += 1;
                    if let Some(k) = candidate
                        && !seen_before
                        && self.tt_given != Some(k)
                        && !is_noisy(k)
                        && self.moves[self.noisy_end..].contains(&k)
                    {
                        return Some(k);
                    }
                }
                Stage::ScoreQuiets => {
                    self.scores.truncate(self.noisy_end);
                    if let Some(checks) = self.checks_only {
                        self.keep_checks_from(self.noisy_end, pos, &checks);
                    }
                    self.scores.extend(
                        self.moves[self.noisy_end..]
                            .iter()
                            .map(|&m| learnt.quiet(m)),
                    );
                    self.cursor = self.noisy_end;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => match self.next_quiet() {
                    Some(m) => {
                        if !self.already_given(m) {
                            return Some(m);
                        }
                    }
                    None => self.stage = Stage::BadNoisy,
                },
                Stage::BadNoisy => {
                    if self.bad_cursor < self.bad_end {
                        let m = self.moves[self.bad_cursor];
                        self.bad_cursor += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::History;
    use crate::root::parse_fen;
    use crate::see;
    use shakmaty::{Color, Square};

    fn position(fen: &str) -> Chess {
        parse_fen(fen).expect("test FEN is legal")
    }

    #[test]
    fn every_legal_move_is_given_exactly_once() {
        let pos = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        let legal = pos.legal_moves();
        let tt = PackedMove::new(legal[7]);
        let quiet = legal.iter().copied().find(|m| !is_noisy(*m));
        let mut picker = MovePicker::new(&pos, tt, [quiet, quiet], None);
        let history = History::default();
        let mut seen = Vec::new();
        struct Butterfly<'h>(&'h History, Color);
        impl MoveScores for Butterfly<'_> {
            fn quiet(&self, m: Move) -> i32 {
                self.0.get(self.1, m)
            }
            fn noisy(&self, _: Move) -> i32 {
                0
            }
        }
        while let Some(m) = picker.next(&pos, &Butterfly(&history, pos.turn())) {
            seen.push(m);
        }
        assert_eq!(seen.len(), legal.len());
        assert_eq!(seen[0], legal[7]);
        for m in &legal {
            assert_eq!(seen.iter().filter(|s| *s == m).count(), 1, "{m:?}");
        }
    }

    #[test]
    fn dropping_quiets_keeps_the_checks_in_order() {
        // White's queen and rook have many quiet moves, several of them checks.
        let pos = position("4k3/8/8/3p4/8/8/8/R2QK3 w - - 0 1");
        let checks = CheckInfo::new(&pos);
        let learnt = Learnt { knight_captures: 0 };
        let all = drain(
            MovePicker::new(&pos, PackedMove::NONE, [None; 2], None),
            &pos,
            &learnt,
        );
        // Drop after the first two quiet moves (the capture Qxd5 comes first).
        let mut picker = MovePicker::new(&pos, PackedMove::NONE, [None; 2], None);
        let mut seen = Vec::new();
        while let Some(m) = picker.next(&pos, &learnt) {
            seen.push(m);
            if seen.len() == 3 {
                picker.drop_quiets_without_check(&pos, &checks);
            }
        }
        let expected: Vec<Move> = all
            .iter()
            .enumerate()
            .filter(|&(i, m)| i < 3 || is_noisy(*m) || checks.gives_check(&pos, *m))
            .map(|(_, m)| *m)
            .collect();
        assert!(expected.len() > 4 && expected.len() < all.len(), "{all:?}");
        assert_eq!(seen, expected);
    }

    #[test]
    fn quiescence_keeps_the_noisy_moves_and_the_wanted_quiet_ones() {
        // Qxd5 is the only capture; several quiet queen and rook moves give check.
        let pos = position("4k3/8/8/3p4/8/8/8/R2QK3 w - - 0 1");
        let learnt = Learnt { knight_captures: 0 };
        let captures = drain(
            MovePicker::quiescence(&pos, PackedMove::NONE, Wanted::Noisy),
            &pos,
            &learnt,
        );
        assert_eq!(captures.len(), 1);
        assert!(captures[0].is_capture());

        let checks = CheckInfo::new(&pos);
        let with_checks = drain(
            MovePicker::quiescence(&pos, PackedMove::NONE, Wanted::NoisyAndChecks(checks)),
            &pos,
            &learnt,
        );
        assert_eq!(with_checks[0], captures[0], "the capture first");
        let quiet_checks = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !is_noisy(*m) && checks.gives_check(&pos, *m))
            .count();
        assert!(quiet_checks > 1);
        assert_eq!(with_checks.len(), 1 + quiet_checks);
        assert!(
            with_checks[1..]
                .iter()
                .all(|m| checks.gives_check(&pos, *m))
        );

        let all = drain(
            MovePicker::quiescence(&pos, PackedMove::NONE, Wanted::All),
            &pos,
            &learnt,
        );
        assert_eq!(all.len(), pos.legal_moves().len());

        // A quiet move from the table is not handed out where only captures are wanted.
        let quiet = pos
            .legal_moves()
            .into_iter()
            .find(|m| !is_noisy(*m) && !checks.gives_check(&pos, *m))
            .expect("a quiet move that gives no check");
        let from_table = drain(
            MovePicker::quiescence(&pos, PackedMove::new(quiet), Wanted::Noisy),
            &pos,
            &learnt,
        );
        assert_eq!(from_table, captures);
    }

    #[test]
    fn only_captures_that_passed_the_exchange_test_are_said_to_hold() {
        // Nxd5 wins a pawn, Qxb5 loses the queen to the pawn on a6, and g8=Q promotes.
        let pos = position("k7/6P1/p7/1p1p4/5N2/8/8/1Q2K3 w - - 0 1");
        let tt = pos
            .legal_moves()
            .into_iter()
            .find(|m| m.to() == Square::B5)
            .expect("Qxb5 is legal");
        let mut picker = MovePicker::new(&pos, PackedMove::new(tt), [None; 2], None);
        let learnt = Learnt { knight_captures: 0 };
        let mut seen = Vec::new();
        while let Some(m) = picker.next(&pos, &learnt) {
            seen.push((m, picker.holds_exchange(m), see::see_ge(&pos, m, 0)));
        }
        assert_eq!(
            seen[0],
            (tt, false, false),
            "the table's move is not tested"
        );
        for &(m, holds, wins) in &seen {
            if holds {
                assert!(m.is_capture() && wins, "{m:?}");
            }
        }
        let knight = seen
            .iter()
            .find(|(m, ..)| m.role() == Role::Knight && m.is_capture())
            .expect("Nxd5 is handed out");
        assert!(knight.1, "Nxd5 passed the test");
        let promotion = seen
            .iter()
            .find(|(m, ..)| m.promotion() == Some(Role::Queen))
            .expect("g8=Q is handed out");
        assert!(!promotion.1, "queen promotions are not tested");
    }

    /// Every move `picker` hands out, in order.
    fn drain(mut picker: MovePicker, pos: &Chess, learnt: &impl MoveScores) -> Vec<Move> {
        let mut seen = Vec::new();
        while let Some(m) = picker.next(pos, learnt) {
            seen.push(m);
        }
        seen
    }

    /// Scores quiet moves by their destination square and knight captures high.
    struct Learnt {
        knight_captures: i32,
    }
    impl MoveScores for Learnt {
        fn quiet(&self, m: Move) -> i32 {
            i32::try_from(m.to().to_usize()).unwrap_or(0)
        }
        fn noisy(&self, m: Move) -> i32 {
            if m.role() == Role::Knight {
                self.knight_captures
            } else {
                0
            }
        }
    }

    fn order(learnt: &Learnt) -> Vec<Move> {
        // dxe5 and Nxe5 take the same undefended pawn; then quiet moves.
        let pos = position("4k3/8/8/4p3/3P4/5N2/8/4K3 w - - 0 1");
        let seen = drain(
            MovePicker::new(&pos, PackedMove::NONE, [None; 2], None),
            &pos,
            learnt,
        );
        assert_eq!(seen.len(), pos.legal_moves().len());
        seen
    }

    #[test]
    fn quiet_moves_come_best_first() {
        let seen = order(&Learnt { knight_captures: 0 });
        let targets: Vec<usize> = seen[2..].iter().map(|m| m.to().to_usize()).collect();
        let mut sorted = targets.clone();
        sorted.sort_by(|a, b| b.cmp(a));
        assert_eq!(targets, sorted, "{seen:?}");
    }

    #[test]
    fn learnt_capture_scores_reorder_equal_captures() {
        let plain = order(&Learnt { knight_captures: 0 });
        assert_eq!(plain[0].role(), Role::Pawn, "least valuable attacker first");
        assert_eq!(plain[1].role(), Role::Knight);
        let learnt = order(&Learnt {
            knight_captures: 1_600,
        });
        assert_eq!(learnt[0].role(), Role::Knight, "{learnt:?}");
        assert_eq!(learnt[1].role(), Role::Pawn);
        assert!(learnt[1].is_capture());
    }
}
