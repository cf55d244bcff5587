//! gambit-engine: the chess engine behind "play the computer".
//!
//! The engine searches [shakmaty] positions and has no web dependencies: time comes
//! through the [`Clock`] trait, so the same code runs natively (the UCI binary
//! `gambit-engine`) and in the app's Web Worker on `wasm32-unknown-unknown`.
//!
//! # Driving a search from a Web Worker
//!
//! Keep one [`Engine`] (transposition table and move-ordering history) for the worker's
//! lifetime. For each [`protocol::Request::Search`], [`prepare`] validates the request
//! and returns a [`Search`]; each [`Search::next_iteration`] call searches one more ply
//! of depth and returns its [`Iteration`] (or `None` when the budget is spent), so the
//! worker can post [`protocol::Event::Progress`] and yield to its event loop between
//! iterations. [`Search::best_move`] gives the move to play, after the level's choice.
//!
//! ```
//! use gambit_engine::{Engine, ManualClock, Limits, prepare};
//!
//! let mut engine = Engine::new();
//! let clock = ManualClock::new(); // the worker passes its performance.now() clock
//! let limits = Limits { movetime_ms: Some(500), depth: Some(4), nodes: None };
//! let moves = ["e2e4", "e7e5"];
//! let mut search = prepare(&mut engine, "startpos", &moves, 5, limits.into(), &clock)
//!     .expect("a valid request"); // Err(EngineError) → post Event::Error
//! while let Some(it) = search.next_iteration() {
//!     // post Event::Progress { id, depth: it.depth, score: it.score, nodes: it.nodes, pv: it.pv_uci }
//!     // and yield to the event loop here
//!     assert!(it.depth >= 1);
//! }
//! let best = search.best_move().expect("legal moves exist");
//! assert_eq!(best.uci.len(), 4);
//! ```
//!
//! [`handle_request`] does all of that synchronously, emitting the events through a
//! callback (tests use it, and so may a worker that does not need to yield).
//!
//! The search enforces its own budget: nodes at every node, the clock (and an optional
//! stop flag) every [`search::CHECK_EVERY`] nodes, so a single iteration also ends when
//! time runs out. A request without any limit gets [`limits::DEFAULT_MOVETIME_MS`].
//!
//! # Modules
//!
//! [`search`] (iterative deepening, PVS), [`move_picker`] (staged move ordering),
//! [`tt`] (transposition table), [`eval`] (tapered evaluation), [`correction`]
//! (evaluation corrections learnt by the search), [`see`] (static
//! exchange), [`gives_check`](mod@gives_check) (checks told before a move is played),
//! [`zobrist`] (incremental keys), [`level`] (levels 1–8), [`limits`] and
//! [`time_manager`] (budgets), [`clock`], [`root`] (requests into positions),
//! [`protocol`] (worker messages), [`uci`] (UCI front end, native only), [`threads`]
//! (helper search threads for UCI `Threads`, native only), [`bench`](mod@bench),
//! [`perft`].

pub mod bench;
pub mod clock;
pub mod correction;
pub mod eval;
pub mod gives_check;
pub mod handle;
pub mod history;
pub mod level;
pub mod limits;
pub mod move_delta;
pub mod move_picker;
pub mod perft;
pub mod protocol;
pub mod rng;
pub mod root;
pub mod search;
pub mod see;
#[cfg(not(target_arch = "wasm32"))]
pub mod threads;
pub mod time_manager;
pub mod tt;
#[cfg(not(target_arch = "wasm32"))]
pub mod uci;
pub mod zobrist;

#[cfg(not(target_arch = "wasm32"))]
pub use clock::InstantClock;
pub use clock::{Clock, ManualClock};
pub use handle::{handle_request, prepare};
pub use level::Level;
pub use limits::SearchLimits;
pub use protocol::{Event, Limits, Request, Score};
pub use root::{EngineError, Root};
pub use search::{BestMove, Engine, Iteration, Search};
