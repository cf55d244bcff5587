//! The search: iterative deepening over a principal-variation alpha-beta search.
//!
//! One [`Search`] is one "think about this position" request. It is advanced one
//! iteration (one depth) at a time with [`Search::next_iteration`], so a Web Worker can
//! yield to its event loop and post progress between iterations; the search polices its
//! own budget inside an iteration (nodes at every node, time and the stop flag every
//! [`CHECK_EVERY`] nodes), so a single iteration also ends when time runs out.
//!
//! Inside: aspiration windows from depth 4, principal variation search, a transposition
//! table, check extension, reverse futility pruning, null-move pruning, internal
//! iterative reduction, late-move reductions, late-move, futility, history and
//! static-exchange pruning of quiet moves, static-exchange pruning of losing captures,
//! killer, counter-move, history, continuation-history and capture-history ordering (see
//! [`crate::move_picker`] and [`crate::history`]), quiescence search over captures
//! and queen promotions (and, at its first ply, quiet checks) with delta and
//! static-exchange pruning, mate-distance pruning, static evaluations corrected by
//! what earlier searches of the same pawn structure found ([`crate::correction`]),
//! and draws by repetition (against the game's history too), the fifty-move rule and
//! insufficient material.

use std::sync::{
    Arc,
    atomic::{AtomicBool, AtomicU64, Ordering},
};

use shakmaty::{CastlingMode, Chess, Color, Move, MoveList, Position, Role};

use crate::{
    clock::Clock,
    correction::CorrectionHistory,
    eval,
    gives_check::CheckInfo,
    history::{CaptureHistory, ContinuationHistory, History},
    level::Level,
    limits::SearchLimits,
    move_picker::{MovePicker, MoveScores, is_noisy},
    protocol::Score,
    rng::Rng,
    root::Root,
    see,
    tt::{Bound, PackedMove, Tt},
    zobrist,
};

/// The score of delivering mate right now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Scores at or beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// Larger than any score.
pub const INF: i32 = MATE + 1;
/// The search reads the clock and the stop flag every this many nodes.
pub const CHECK_EVERY: u64 = 1024;
/// Default transposition table size in mebibytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// Converts an internal score into the protocol's [`Score`].
#[must_use]
pub fn to_score(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::Mate((MATE - v + 1) / 2)
    } else if v <= -MATE_BOUND {
        Score::Mate(-((MATE + v) / 2))
    } else {
        Score::Cp(v)
    }
}

/// State that outlives a single search: the transposition table and move-ordering
/// history. Keep one per game (or per worker) and call [`Engine::new_game`] between
/// unrelated games. [`Engine::helper`] makes another engine for a second search thread:
/// its own histories, the same table.
#[derive(Debug)]
pub struct Engine {
    tt: Arc<Tt>,
    /// A helper thread's engine: its searches do not start a new table generation.
    helper: bool,
    history: History,
    captures: CaptureHistory,
    /// Quiet-move scores after the opponent's last move.
    follow_up: ContinuationHistory,
    /// Quiet-move scores after our own previous move.
    follow_up_2: ContinuationHistory,
    counters: Vec<Option<Move>>,
    /// How far the static evaluation has been off, by pawn structure.
    correction: CorrectionHistory,
    pawns: eval::PawnCache,
    lmr: Vec<[u8; 64]>,
    seed: u64,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine with a [`DEFAULT_HASH_MB`] transposition table.
    #[must_use]
    pub fn new() -> Self {
        Self::with_hash_mb(DEFAULT_HASH_MB)
    }

    /// An engine with a transposition table of about `mb` mebibytes.
    #[must_use]
    pub fn with_hash_mb(mb: usize) -> Self {
        Self::with_table(Arc::new(Tt::new(mb)), false)
    }

    fn with_table(tt: Arc<Tt>, helper: bool) -> Self {
        let mut lmr = vec![[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                let v = 0.75 + (d as f64).ln() * (n as f64).ln() / 2.25;
                *r = v.clamp(0.0, 40.0) as u8;
            }
        }
        Self {
            tt,
            helper,
            history: History::default(),
            captures: CaptureHistory::default(),
            follow_up: ContinuationHistory::default(),
            follow_up_2: ContinuationHistory::default(),
            counters: vec![None; 12 * 64],
            correction: CorrectionHistory::default(),
            pawns: eval::PawnCache::default(),
            lmr,
            seed: 0x5EED_0F6A_3B17,
        }
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt = Arc::new(Tt::new(mb));
    }

    /// The transposition table size in mebibytes.
    #[must_use]
    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Forgets everything learnt (a new, unrelated game).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.captures.clear();
        self.follow_up.clear();
        self.follow_up_2.clear();
        self.counters.fill(None);
        self.correction.clear();
        self.pawns.clear();
    }

    /// An engine for a helper search thread (UCI `Threads`): fresh move-ordering
    /// histories, this engine's transposition table. [`Engine::set_hash_mb`] gives this
    /// engine a new table that its helpers do not see: make them again after it.
    #[must_use]
    pub fn helper(&self) -> Self {
        Self::with_table(Arc::clone(&self.tt), true)
    }

    /// Whether `other` searches with this engine's transposition table.
    #[must_use]
    pub fn shares_table_with(&self, other: &Engine) -> bool {
        Arc::ptr_eq(&self.tt, &other.tt)
    }

    /// Sets the seed of the random choices weaker levels make (the same seed, position
    /// and budget give the same move).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }
}

/// The report of one completed iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iteration {
    /// Completed nominal depth.
    pub depth: u8,
    /// Deepest ply reached (selective depth).
    pub seldepth: u8,
    /// Score of the best move for the side to move.
    pub score: Score,
    /// Nodes searched so far in this search.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Principal variation in UCI notation.
    pub pv_uci: Vec<String>,
    /// Permille of the transposition table in use by this search.
    pub hashfull: u32,
}

/// The move a search settles on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMove {
    /// The move.
    pub mv: Move,
    /// The move in UCI notation.
    pub uci: String,
    /// Its score for the side to move (the chosen move's own score at weaker levels).
    pub score: Score,
    /// Deepest completed iteration (0 if none completed).
    pub depth: u8,
}

#[derive(Debug, Clone)]
struct RootMove {
    mv: Move,
    score: i32,
    pv: Vec<Move>,
}

/// One search of one position; see the module documentation.
pub struct Search<'e, C: Clock> {
    engine: &'e mut Engine,
    root: Chess,
    /// Keys of the game's positions up to the node being searched: the game before
    /// the root, the root at `root_index`, then the line being searched.
    keys: Vec<u64>,
    root_index: usize,
    clock: C,
    start_ms: u64,
    limits: SearchLimits,
    level: Level,
    stop_flag: Option<Arc<AtomicBool>>,
    nodes: u64,
    /// Where this search adds its nodes as it goes (helper threads, see
    /// [`Search::share_node_count`]).
    node_counter: Option<Arc<AtomicU64>>,
    seldepth: usize,
    stopped: bool,
    finished: bool,
    in_first_iteration: bool,
    /// Plies skipped between iterations (helper threads, see [`Search::skip_depths`]).
    depth_step: i32,
    completed_depth: i32,
    root_moves: Vec<RootMove>,
    /// Root moves with exact scores from the last completed iteration (weaker levels).
    scored: Vec<(Move, i32)>,
    best: Option<(Move, i32, Vec<Move>)>,
    iter_best: Option<usize>,
    chosen: Option<BestMove>,
    killers: Vec<[Option<Move>; 2]>,
    played: Vec<Option<Move>>,
    evals: Vec<i32>,
    pv: Vec<Option<Move>>,
    pv_len: Vec<usize>,
    rng: Rng,
}

impl<C: Clock> core::fmt::Debug for Search<'_, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Search")
            .field("depth", &self.completed_depth)
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
}

impl<'e, C: Clock> Search<'e, C> {
    /// Prepares a search of `root` at `level` within `limits` (tightened by the level's
    /// caps), timed by `clock` from now. Nothing is searched until
    /// [`Search::next_iteration`] is called.
    pub fn new(
        engine: &'e mut Engine,
        root: Root,
        level: Level,
        limits: SearchLimits,
        clock: C,
    ) -> Self {
        let start_ms = clock.elapsed_ms();
        if !engine.helper {
            engine.tt.new_search();
        }
        engine.history.age();
        engine.captures.age();
        engine.follow_up.age();
        engine.follow_up_2.age();
        let mut keys = root.history.clone();
        let root_index = keys.len();
        keys.push(root.key);
        let mut moves: Vec<RootMove> = root
            .position
            .legal_moves()
            .into_iter()
            .map(|mv| RootMove {
                mv,
                score: -INF,
                pv: vec![mv],
            })
            .collect();
        // Before any search: captures of big pieces first.
        moves.sort_by_key(|r| {
            -(r.mv.capture().map_or(0, see::value) + r.mv.promotion().map_or(0, see::value))
        });
        let seed = engine.seed ^ root.key;
        // The root's static evaluation, for "improving" two plies down.
        let mut evals = vec![0; MAX_PLY + 1];
        evals[0] = if root.position.is_check() {
            -INF
        } else {
            let raw = eval::evaluate_cached(&root.position, &mut engine.pawns);
            corrected(&engine.correction, &root.position, raw)
        };
        Self {
            engine,
            root: root.position,
            keys,
            root_index,
            clock,
            start_ms,
            limits: level.apply(limits),
            level,
            stop_flag: None,
            nodes: 0,
            node_counter: None,
            seldepth: 0,
            stopped: false,
            finished: moves.is_empty(),
            in_first_iteration: false,
            depth_step: 1,
            completed_depth: 0,
            best: moves.first().map(|r| (r.mv, 0, vec![r.mv])),
            root_moves: moves,
            scored: Vec::new(),
            iter_best: None,
            chosen: None,
            killers: vec![[None; 2]; MAX_PLY + 1],
            played: vec![None; MAX_PLY + 1],
            evals,
            pv: vec![None; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: vec![0; MAX_PLY + 1],
            rng: Rng::new(seed),
        }
    }

    /// Lets another thread stop the search by setting `flag` (UCI `stop`).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop_flag = Some(flag);
    }

    /// Adds this search's nodes to `counter`, [`CHECK_EVERY`] at a time as they are
    /// searched, so another thread can report them (a helper thread's nodes in the main
    /// search's `info` lines, see [`crate::threads`]).
    pub fn share_node_count(&mut self, counter: Arc<AtomicU64>) {
        self.node_counter = Some(counter);
    }

    /// After the first iteration, goes `1 + skipped` plies deeper each time instead of
    /// one: a helper thread that runs ahead of the main search fills the shared table
    /// with deeper results than the main search's own (see [`crate::threads`]).
    pub fn skip_depths(&mut self, skipped: u8) {
        self.depth_step = 1 + i32::from(skipped);
    }

    /// Stops the search: later calls to [`Search::next_iteration`] return `None`.
    pub fn stop(&mut self) {
        self.finished = true;
    }

    /// Nodes searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Milliseconds since the search started.
    #[must_use]
    pub fn elapsed_ms(&self) -> u64 {
        self.clock.elapsed_ms().saturating_sub(self.start_ms)
    }

    /// The deepest completed iteration.
    #[must_use]
    pub fn depth(&self) -> u8 {
        u8::try_from(self.completed_depth).unwrap_or(u8::MAX)
    }

    /// Whether the search is over (budget spent, depth reached, stopped, or no moves).
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    fn max_depth(&self) -> i32 {
        let cap = i32::try_from(MAX_PLY).unwrap_or(128) - 8;
        self.limits
            .depth
            .map_or(cap, |d| i32::from(d).clamp(1, cap))
    }

    fn external_stop(&self) -> bool {
        self.stop_flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

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
        let Some(score) = self.iterate(depth) else {
            self.adopt_partial();
            self.finished = true;
            return None;
        };
        self.completed_depth = depth;
        let first = &self.root_moves[0];
        self.best = Some((first.mv, score, first.pv.clone()));
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
        })
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

    fn adopt_partial(&mut self) {
        if self.level.chooses() {
            return;
        }
        if let Some(i) = self.iter_best.take() {
            let r = &self.root_moves[i];
            self.best = Some((r.mv, r.score, r.pv.clone()));
        }
    }

    /// The level's choice among the root moves.
    fn choose(&mut self) -> Option<(Move, i32)> {
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
            candidates.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
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

    fn elapsed_check(&mut self) {
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
    fn count_node(&mut self, ply: usize) {
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

    fn iterate(&mut self, depth: i32) -> Option<i32> {
        let prev = self.best.as_ref().map_or(0, |b| b.1);
        let exact = self.level.chooses();
        let mut delta = 20;
        let (mut alpha, mut beta) = if depth >= 4 && !exact && prev.abs() < MATE_BOUND {
            (prev - delta, prev + delta)
        } else {
            (-INF, INF)
        };
        loop {
            self.iter_best = None;
            let score = self.search_root(depth, alpha, beta);
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
            if delta > 600 {
                alpha = -INF;
                beta = INF;
            }
        }
    }

    fn search_root(&mut self, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let exact = self.level.chooses();
        let root = self.root.clone();
        let root_key = self.keys[self.keys.len() - 1];
        let mut best = -INF;
        let mut best_index = 0;
        self.seldepth = 0;
        self.pv_len[0] = 0;
        for i in 0..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let mut child = root.clone();
            child.play_unchecked(m);
            let key = zobrist::key_after(&root, root_key, m, &child);
            self.keys.push(key);
            self.played[0] = Some(m);
            self.count_node(0);
            let score = if i == 0 || exact {
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
            let first = self.root_moves.remove(best_index);
            self.root_moves.insert(0, first);
            self.root_moves[1..].sort_by_key(|r| -r.score);
        }
        best
    }

    /// The static evaluation of `pos`, with this engine's pawn cache.
    fn evaluate(&mut self, pos: &Chess) -> i32 {
        eval::evaluate_cached(pos, &mut self.engine.pawns)
    }

    /// Whether the node at `ply` repeats an earlier position: once inside the searched
    /// line (after the root) is enough to score a draw, since the side that repeated
    /// could repeat again; a position of the game up to the root must have occurred
    /// twice (the third time is the draw), as in Stockfish. The look-back ends at the
    /// last irreversible move (`halfmoves`) and at a null move, which is no move of the
    /// game.
    fn is_repetition(&self, halfmoves: u32, ply: usize) -> bool {
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

    fn update_pv(&mut self, ply: usize, m: Move) {
        let row = ply * (MAX_PLY + 1);
        let next = (ply + 1) * (MAX_PLY + 1);
        self.pv[row + ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv
            .copy_within(next + ply + 1..next + child_len, row + ply + 1);
        self.pv_len[ply] = child_len;
    }

    #[allow(clippy::too_many_arguments, clippy::too_many_lines)]
    fn search(
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
            return self.evaluate(pos);
        }
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

        let entry = self.engine.tt.probe(key, ply);
        let tt_move = entry.map_or(PackedMove::NONE, |e| e.mv);
        if let Some(e) = entry
            && !pv_node
            && e.depth >= depth
        {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut {
                return e.score;
            }
        }

        // The evaluation as computed (and kept in the table), the same corrected by
        // what searches of these pawns found, and that sharpened by a stored bound.
        let raw_eval = if in_check {
            -INF
        } else {
            entry.map_or_else(|| self.evaluate(pos), |e| e.eval)
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
            let margin = 75 * depth - if improving { 40 } else { 0 };
            if depth <= 7 && static_eval - margin >= beta && beta.abs() < MATE_BOUND {
                return static_eval;
            }
            // Null-move pruning.
            let board = pos.board();
            let our_pieces = pos.us() & !board.pawns() & !board.kings();
            if null_allowed
                && depth >= 3
                && static_eval >= beta
                && our_pieces.any()
                && let Ok(child) = pos.clone().swap_turn()
            {
                let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(3);
                let child_key = zobrist::key_after_null(pos, key, &child);
                self.keys.push(child_key);
                self.played[ply] = None;
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
        if depth >= 4 && tt_move.is_none() {
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
        let lmp_limit = usize::try_from(3 + depth * depth / if improving { 1 } else { 2 })
            .unwrap_or(usize::MAX);

        let previous = self.previous_moves(ply);
        let checks = CheckInfo::new(pos);
        while let Some(m) = picker.next(pos, &self.learnt(us, previous)) {
            let quiet = !is_noisy(m);
            let gives_check = checks.gives_check(pos, m);
            if best_score > -MATE_BOUND && !in_check && !gives_check {
                if quiet {
                    // Late-move and futility pruning: once either holds it holds for
                    // every later quiet move here, so only quiet checks are still wanted.
                    if !pv_node
                        && ((depth <= 5 && quiets_tried.len() >= lmp_limit)
                            || (depth <= 6 && static_eval + 90 + 85 * depth <= alpha))
                    {
                        picker.drop_quiets_without_check(pos, &checks);
                        continue;
                    }
                    // History pruning: a quiet move that keeps failing here is skipped.
                    if !pv_node && depth <= 3 && self.quiet_score(us, previous, m) < -3_000 * depth
                    {
                        continue;
                    }
                    // A quiet move that loses material outright is not worth a shallow look.
                    if depth <= 7 && !see::see_ge(pos, m, -60 * depth) {
                        continue;
                    }
                } else if depth <= 6 && !see::see_ge(pos, m, -95 * depth) {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = zobrist::key_after(pos, key, m, &child);
            self.keys.push(child_key);
            self.played[ply] = Some(m);
            searched += 1;
            let new_depth = depth - 1;
            let score = if searched == 1 {
                -self.search(&child, child_key, new_depth, ply + 1, -beta, -alpha, true)
            } else {
                let mut r = 0;
                if depth >= 3
                    && searched > 2
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
                        r -= self.quiet_score(us, previous, m) / 10_000;
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
    fn learn_correction(
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
    fn store(
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

    /// The moves played one and two plies before `ply` (`None` at the root or after a
    /// null move).
    fn previous_moves(&self, ply: usize) -> [Option<Move>; 2] {
        let at = |back: usize| ply.checked_sub(back).and_then(|p| self.played[p]);
        [at(1), at(2)]
    }

    /// The move-ordering scores for `us` after the `previous` two moves.
    fn learnt(&self, us: Color, previous: [Option<Move>; 2]) -> Learnt<'_> {
        Learnt {
            engine: self.engine,
            us,
            previous,
        }
    }

    /// After a cut-off by `m`: credits `m` if it is a capture or promotion (`noisy`)
    /// and punishes the captures and promotions tried before it.
    fn reward_noisy(&mut self, us: Color, noisy: bool, m: Move, depth: i32, tried: &MoveList) {
        let bonus = (16 * depth * depth).min(1_600);
        if noisy {
            self.engine.captures.update(us, m, bonus);
        }
        for &q in tried {
            self.engine.captures.update(us, q, -bonus);
        }
    }

    /// How promising quiet move `m` is: its butterfly history plus its continuation
    /// histories after the last two moves.
    fn quiet_score(&self, us: Color, previous: [Option<Move>; 2], m: Move) -> i32 {
        self.learnt(us, previous).quiet(m)
    }

    fn reward_quiet(&mut self, pos: &Chess, ply: usize, m: Move, depth: i32, tried: &MoveList) {
        let us = pos.turn();
        let bonus = (16 * depth * depth).min(1_600);
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

    /// Quiescence search: captures and queen promotions that do not lose material
    /// until the position is quiet, or every move when in check. With `checks` (its
    /// first ply, straight from the main search) quiet checks that do not lose the
    /// piece are tried too, so a mating or forking check just beyond the horizon is
    /// seen.
    fn qsearch(
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
        let in_check = pos.is_check();
        let entry = self.engine.tt.probe(key, ply);
        if let Some(e) = entry {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut && beta - alpha == 1 {
                return e.score;
            }
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
        let moves = pos.legal_moves();
        if in_check && moves.is_empty() {
            return -MATE + i32::try_from(ply).unwrap_or(0);
        }
        let mut picker = if in_check {
            MovePicker::build(moves, tt_move, [None; 3], false)
        } else {
            let mut noisy = moves;
            let check_info = checks.then(|| CheckInfo::new(pos));
            noisy.retain(|m| {
                is_noisy(*m)
                    || check_info
                        .as_ref()
                        .is_some_and(|c| m.promotion().is_none() && c.gives_check(pos, *m))
            });
            if checks {
                // The full picker hands the quiet checks out after the captures.
                MovePicker::build(noisy, tt_move, [None; 3], false)
            } else {
                MovePicker::noisy(noisy, tt_move)
            }
        };
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
        let stored_eval = if in_check { 0 } else { raw_eval };
        let window = (original_alpha, beta);
        self.store(key, ply, best_move, best_score, window, stored_eval, 0);
        best_score
    }
}

/// The histories' view of the moves at one node, for the move picker.
struct Learnt<'a> {
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

/// `raw`, the static evaluation of `pos`, shifted by what searches of its pawn
/// structure found (kept short of the mate scores).
fn corrected(correction: &CorrectionHistory, pos: &Chess, raw: i32) -> i32 {
    (raw + correction.get(pos)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

fn counter_index(pos: &Chess, prev: Move) -> usize {
    // The previous move was made by the opponent of the side to move.
    let color = usize::from(pos.turn().is_white());
    (color * 6 + prev.role() as usize - 1) * 64 + prev.to().to_usize()
}

fn pv_to_uci(pv: &[Move]) -> Vec<String> {
    pv.iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
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
