//! gambit-engine: the chess engine behind "play the computer".
//!
//! The engine searches [shakmaty] positions and has no web dependencies: time comes
//! through the [`Clock`] trait, so the same code runs natively (the UCI binary
//! `gambit-engine`) and in the app's Web Worker on `wasm32-unknown-unknown`.
//!
//! # Serving the Web Worker
//!
//! The worker and the page speak the messages of [`protocol`] (the `gambit-protocol`
//! crate, re-exported here). Keep one [`Engine`] (transposition table and move-ordering
//! history) for the worker's lifetime and answer each [`Request`] with [`serve`]: it
//! returns the [`Event`]s to post, computed one at a time as they are asked for, so the
//! worker can yield to its event loop between them and progress reaches the page while
//! the engine thinks. Tests drive the very same loop by collecting it.
//!
//! ```
//! use gambit_engine::{Engine, Event, Limits, ManualClock, Request, serve};
//!
//! let mut engine = Engine::new();
//! let clock = ManualClock::new(); // the worker passes its performance.now() clock
//! let request = Request::Search {
//!     id: 1,
//!     fen: "startpos".to_owned(),
//!     moves: vec!["e2e4".to_owned(), "e7e5".to_owned()],
//!     level: 5,
//!     limits: Limits { movetime_ms: Some(500), depth: Some(4), nodes: None },
//!     multipv: 1,
//! };
//! let events: Vec<Event> = serve(&mut engine, request, &clock).collect();
//! assert!(matches!(events.first(), Some(Event::Progress { id: 1, depth: 1, .. })));
//! assert!(matches!(events.last(), Some(Event::BestMove { id: 1, .. })));
//! ```
//!
//! A search with `multipv: 3` reports three [`Event::Progress`] per iteration, the best
//! line first, each with a different first move. A [`Request::Analyse`] reviews a game:
//! one [`Event::Analysed`] per position asked for, each searched at full strength within
//! the request's limits, then [`Event::AnalysisDone`] ([`Analysis`]). The worker reads
//! its messages between two events and, on a [`Request::Cancel`] of the running request,
//! calls [`Replies::cancel`]: nothing more comes.
//!
//! Finer control (a stop flag, helper threads, [`Search::set_multipv`]) goes through
//! [`prepare`] and the [`Search`] it returns, one [`Search::next_iteration`] at a time.
//!
//! The search enforces its own budget: nodes at every node, the clock (and an optional
//! stop flag) every [`CHECK_EVERY`] nodes, so a single iteration also ends when time
//! runs out. A request without any limit gets [`DEFAULT_MOVETIME_MS`].
//!
//! # Inside
//!
//! The modules are private; this page lists what other crates use. Inside: `search`
//! (iterative deepening, PVS; its tuned margins in `search/params.rs`), `move_picker`
//! (staged move ordering), `tt` (transposition table) with `packed_move`, `score` (mate
//! scores), [`eval`] (tapered evaluation and the network; public for the tuning
//! examples), `correction` (evaluation corrections learnt by the search), `see` (static
//! exchange), `gives_check` (checks told before a move is played), `zobrist`
//! (incremental keys), `level` (levels 1–8), `limits` and `time_manager` (budgets),
//! `clock`, `root` (requests into positions), `serve` (the worker's request loop),
//! `analysis` (a whole game's review), [`bots`] (tom7's "Elo World" weak players, each
//! a one-sentence rule: [`bots::choose`]),
//! [`uci`] (UCI front end, native only), `threads` (helper search threads for UCI
//! `Threads`, native only), [`bench`](mod@bench) and `perft`.

mod analysis;
pub mod bench;
pub mod bots;
mod clock;
mod correction;
pub mod eval;
mod gives_check;
mod history;
mod level;
mod limits;
mod move_delta;
mod move_picker;
mod packed_move;
mod perft;
mod rng;
mod root;
mod score;
mod search;
mod see;
mod serve;
#[cfg(not(target_arch = "wasm32"))]
mod threads;
#[cfg(not(target_arch = "wasm32"))]
mod time_manager;
mod tt;
#[cfg(not(target_arch = "wasm32"))]
pub mod uci;
mod zobrist;

/// The messages between the page and the engine worker (the `gambit-protocol` crate).
pub use gambit_protocol as protocol;

pub use analysis::{Analysis, Evaluation};
pub use bots::Bot;
#[cfg(not(target_arch = "wasm32"))]
pub use clock::InstantClock;
pub use clock::{Clock, ManualClock};
pub use level::{Level, MAX_LEVEL, MIN_LEVEL};
pub use limits::{DEFAULT_MOVETIME_MS, SearchLimits};
pub use perft::{perft, perft_checking_keys};
pub use protocol::{Event, Limits, PROTOCOL_VERSION, Request, Score};
pub use rng::Rng;
pub use root::{EngineError, Root, parse_fen};
pub use search::{
    BestMove, CHECK_EVERY, DEFAULT_HASH_MB, Engine, Iteration, Line, MAX_MULTIPV, Search, is_safe,
};
pub use serve::{Replies, bot_move, prepare, serve};
