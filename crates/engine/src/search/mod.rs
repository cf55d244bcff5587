//! The search: iterative deepening over a principal-variation alpha-beta search.
//!
//! One [`Search`] is one "think about this position" request. It is advanced one
//! iteration (one depth) at a time with [`Search::next_iteration`], so a Web Worker can
//! yield to its event loop and post progress between iterations; the search polices its
//! own budget inside an iteration (nodes at every node, time and the stop flag every
//! [`CHECK_EVERY`] nodes), so a single iteration also ends when time runs out.
//!
//! MultiPV ([`Search::set_multipv`]): after the best line of an iteration, the root is
//! searched again without the moves that already begin a line, once per further line;
//! [`Iteration::lines`] holds them, best first. With one line (playing a game) nothing
//! of this runs and the search is the single-line search `bench` checks.
//!
//! Inside: aspiration windows from depth 4, principal variation search, a transposition
//! table, check extension, reverse futility pruning, null-move pruning, internal
//! iterative reduction, late-move reductions, late-move, futility, history and
//! static-exchange pruning of quiet moves, static-exchange pruning of losing captures,
//! killer, counter-move, history, continuation-history and capture-history ordering (see
//! [`crate::move_picker`] and [`crate::history`]), quiescence search over captures
//! and queen promotions (and, at its first ply, quiet checks; in check, the captures
//! and two quiet evasions once one move has escaped mate) with delta and
//! static-exchange pruning, mate-distance pruning, static evaluations corrected by
//! what earlier searches of the same pawn structure found ([`crate::correction`]),
//! and draws by repetition (against the game's history too), the fifty-move rule and
//! insufficient material.
//!
//! # Where things are
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | the constants, the [`Search`] itself and its public controls |
//! | `engine.rs` | [`Engine`]: the table and the histories kept for a game |
//! | `deepening.rs` | iterative deepening, aspiration windows, the root's moves and MultiPV lines, the budget |
//! | `node.rs` | one node of the principal-variation search, its pruning and reductions |
//! | `quiescence.rs` | the quiescence search |
//! | `learning.rs` | what cut-offs teach the move ordering (histories, killers, counter-moves) |
//! | `choice.rs` | a weaker level's choice among the root moves, and its safety net |
//! | `params.rs` | the tuned margins, depths and reductions, named |

use std::sync::{
    Arc,
    atomic::{AtomicBool, AtomicU64, Ordering},
};

use shakmaty::{Chess, Move, Position};

use crate::{
    clock::Clock,
    eval,
    level::Level,
    limits::SearchLimits,
    protocol::Score,
    rng::Rng,
    root::Root,
    score::{INF, MAX_PLY},
    see,
};

/// The search reads the clock and the stop flag every this many nodes.
pub const CHECK_EVERY: u64 = 1024;
/// Default transposition table size in mebibytes.
pub const DEFAULT_HASH_MB: usize = 16;
/// Most lines a MultiPV search reports (see [`Search::set_multipv`]).
pub const MAX_MULTIPV: usize = 5;

// The order of these modules is the order of their code in the binary, and it moves
// `bench` by 3–4 % (`tools/bench-ab.sh`; alphabetical was the slow one): kept as
// measured, one to a group so that rustfmt does not sort them.
mod engine;

mod deepening;

mod choice;

mod node;

mod learning;

mod quiescence;

mod params;

pub use choice::is_safe;
pub use engine::Engine;
use node::corrected;

/// One of the best lines of a MultiPV search: a first move and its continuation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Score of the line for the side to move.
    pub score: Score,
    /// The line, its first move first.
    pub pv: Vec<Move>,
    /// The line in UCI notation.
    pub pv_uci: Vec<String>,
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
    /// The best lines, best first, each with a different first move: as many as
    /// [`Search::set_multipv`] asked for (one by default), fewer when the position has
    /// fewer legal moves. `lines[0]` is `score` and `pv`.
    pub lines: Vec<Line>,
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
    /// How many best lines each iteration finds (MultiPV), at least 1.
    multipv: usize,
    /// Each line's score in the last completed iteration (its aspiration window's centre).
    line_scores: Vec<i32>,
    /// Root moves with exact scores from the last completed iteration (weaker levels).
    scored: Vec<(Move, i32)>,
    best: Option<(Move, i32, Vec<Move>)>,
    iter_best: Option<usize>,
    chosen: Option<BestMove>,
    killers: Vec<[Option<Move>; 2]>,
    played: Vec<Option<Move>>,
    evals: Vec<i32>,
    /// The evaluation network's first layer at each ply of the line being searched.
    accumulators: Vec<eval::net::Accumulator>,
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
    /// The clock this search was timed by, once the search is over.
    pub(crate) fn into_clock(self) -> C {
        self.clock
    }

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
                // Before any search, the order is by what a move takes or promotes to:
                // captures of big pieces first (sorted by `best_first`, which the
                // search sorts its root moves with, so the worker holds one copy of
                // the sort), then every score is reset.
                score: mv.capture().map_or(0, see::value) + mv.promotion().map_or(0, see::value),
                pv: vec![mv],
            })
            .collect();
        deepening::best_first(&mut moves);
        for root_move in &mut moves {
            root_move.score = -INF;
        }
        let seed = engine.seed ^ root.key;
        let accumulators = vec![eval::net::Accumulator::new(&root.position); MAX_PLY + 2];
        // The root's static evaluation, for "improving" two plies down.
        let mut evals = vec![0; MAX_PLY + 1];
        evals[0] = if root.position.is_check() {
            -INF
        } else {
            let raw = eval::evaluate_rules_cached(&root.position, &mut engine.pawns)
                + accumulators[0].evaluate(root.position.turn());
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
            multipv: 1,
            line_scores: Vec::new(),
            scored: Vec::new(),
            iter_best: None,
            chosen: None,
            killers: vec![[None; 2]; MAX_PLY + 1],
            played: vec![None; MAX_PLY + 1],
            evals,
            accumulators,
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
    /// search's `info` lines, see the UCI `Threads` option).
    pub fn share_node_count(&mut self, counter: Arc<AtomicU64>) {
        self.node_counter = Some(counter);
    }

    /// After the first iteration, goes `1 + skipped` plies deeper each time instead of
    /// one: a helper thread that runs ahead of the main search fills the shared table
    /// with deeper results than the main search's own (see the UCI `Threads` option).
    pub fn skip_depths(&mut self, skipped: u8) {
        self.depth_step = 1 + i32::from(skipped);
    }

    /// Makes each iteration find the `lines` best lines (MultiPV, at most
    /// [`MAX_MULTIPV`]; 0 counts as 1): the best line, then the best of the moves not yet
    /// first in a line, and so on. Lines after the first cost extra searches of the root
    /// at full strength; a weaker level, which scores every root move exactly anyway,
    /// reports its best-scored moves without them. Call before the first iteration.
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.clamp(1, MAX_MULTIPV);
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

    pub(super) fn max_depth(&self) -> i32 {
        let cap = i32::try_from(MAX_PLY).unwrap_or(128) - 8;
        self.limits
            .depth
            .map_or(cap, |d| i32::from(d).clamp(1, cap))
    }

    pub(super) fn external_stop(&self) -> bool {
        self.stop_flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
impl<'e> Search<'e, crate::clock::ManualClock> {
    /// A full-strength search of the position `fen` on a clock that does not move, with
    /// the position and its key: for tests that call one node of the search directly.
    pub(super) fn for_test(engine: &'e mut Engine, fen: &str) -> (Self, Chess, u64) {
        let pos = crate::root::parse_fen(fen).expect("test FEN is legal");
        let root = Root::new(pos.clone());
        let key = root.key;
        let search = Self::new(
            engine,
            root,
            Level::full(),
            SearchLimits::depth(1),
            crate::clock::ManualClock::new(),
        );
        (search, pos, key)
    }
}
