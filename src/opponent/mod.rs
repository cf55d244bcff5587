//! Who answers a move: the engine in a Web Worker, or Stockfish over REST.
//!
//! - [`settings`]: the dialog's choices and the game's [`settings::Opponent`], with
//!   their storage; [`levels`]: the levels' range and labels;
//! - [`engine_link`]: the page's link to the engine worker (request ids, watchdogs,
//!   each search's news to its own callback), over the shared
//!   [`engine_worker`](crate::engine_worker) (one worker: spawn, terminate, its
//!   `error` event);
//! - [`stockfish_rest`]: the REST client;
//! - [`failure`]: why no move came, as a type;
//! - [`controller`]: the thin reactive layer the `/computer` page uses, and
//!   [`assistant`] beside it: the analysis of the person's position (evaluation bar,
//!   hint), built on the controller, which does not know it;
//! - [`view`](mod@view): the dialog, the engine's status, the evaluation bar and the hint.
//!
//! The worker's side is the `gambit-worker` package (`crates/worker`).

pub mod assistant;
pub mod controller;
pub mod engine_link;
pub mod failure;
pub mod levels;
pub mod settings;
pub mod stockfish_rest;
pub mod view;
