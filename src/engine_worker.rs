//! The engine Web Worker as the page reaches it: [`bridge`] spawns it (gloo-worker,
//! its messages from `gambit-protocol`), [`client`] owns one worker (its events, its
//! `error` event, terminated when dropped), and [`read_pgn`] has a PGN text read in a
//! worker of its own, where `pgn-reader` is linked, so that the page is not.
//!
//! The computer opponent and the live analysis talk to it through
//! `opponent::engine_link`; the worker's side is the `gambit-worker` package
//! (`crates/worker`).

pub mod bridge;
pub mod client;
pub mod read_pgn;
