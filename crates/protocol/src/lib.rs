//! gambit-protocol: the messages between Gambit's page and its engine worker.
//!
//! The page sends [`Request`]s and receives [`Event`]s; both sides depend on this small
//! crate and nothing else of each other, so the page does not link the engine. The
//! messages travel as gloo-worker's bincode, so both sides must have the same
//! [`PROTOCOL_VERSION`]: the worker reports its own in [`Event::Pong`].
//!
//! Every search request carries an `id`; every event about it carries the same id, so the
//! app can drop events from a search it no longer cares about (a new game, a takeback,
//! leaving the page).

use serde::{Deserialize, Serialize};

/// The version of these messages, which the worker reports in [`Event::Pong`]: this
/// package's version, raised whenever a message changes shape.
pub const PROTOCOL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// A request from the app to the engine worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// Is the worker alive? Answered by [`Event::Pong`].
    Ping,
    /// Search the position reached from `fen` by playing `moves` (UCI notation).
    Search {
        /// Chosen by the app; echoed in every event about this search.
        id: u64,
        /// The starting position of the game, in FEN.
        fen: String,
        /// The moves played from `fen`, in UCI notation (the game's history, so the
        /// engine can see repetitions).
        moves: Vec<String>,
        /// Strength level, 1 (weakest) to 8 (full strength).
        level: u8,
        /// Budget of the search.
        limits: Limits,
    },
}

/// The budget of one search; every present limit applies, the first reached stops it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Thinking time in milliseconds.
    pub movetime_ms: Option<u32>,
    /// Maximum depth in plies.
    pub depth: Option<u8>,
    /// Maximum number of nodes.
    pub nodes: Option<u64>,
}

/// An evaluation from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

/// An event from the engine worker to the app.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// Answer to [`Request::Ping`].
    Pong {
        /// The worker's [`PROTOCOL_VERSION`].
        version: String,
    },
    /// A finished iteration of the search.
    Progress {
        /// The search's id.
        id: u64,
        /// Completed depth.
        depth: u8,
        /// Evaluation for the side to move.
        score: Score,
        /// Nodes searched so far.
        nodes: u64,
        /// Principal variation in UCI notation.
        pv: Vec<String>,
    },
    /// The search is over: the move to play.
    BestMove {
        /// The search's id.
        id: u64,
        /// The move in UCI notation.
        uci: String,
        /// Evaluation for the side to move.
        score: Score,
    },
    /// The request could not be served (bad FEN, illegal move in the history, no legal
    /// move, …).
    Error {
        /// The search's id.
        id: u64,
        /// What went wrong, in words.
        message: String,
    },
}
