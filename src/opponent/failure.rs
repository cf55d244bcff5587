//! Why the computer gave no move, as a type: each failure has its words for the player
//! and tells whether Stockfish over REST was to blame (then the built-in engine is
//! offered instead).

use std::fmt;

use super::stockfish_rest::RestError;

/// A failure the player must see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineFailure {
    /// Stockfish over REST gave no usable move.
    Rest(RestError),
    /// The engine worker could not be started.
    NotStarted,
    /// The engine worker stopped: it failed to load or crashed.
    Stopped(String),
    /// The engine worker neither answered nor stopped in time; it was terminated.
    Unresponsive,
    /// The engine refused the request (a position it cannot search).
    Refused(String),
    /// The engine answered a move that is not legal in the game.
    IllegalMove(String),
    /// The page and the worker come from different builds.
    VersionMismatch {
        /// The page's protocol version.
        page: String,
        /// The worker's.
        worker: String,
    },
}

impl EngineFailure {
    /// Whether the failure came from Stockfish over REST.
    pub fn is_rest(&self) -> bool {
        matches!(self, EngineFailure::Rest(_))
    }
}

impl fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineFailure::Rest(error) => write!(f, "{error}"),
            EngineFailure::NotStarted => write!(f, "the engine could not be started"),
            EngineFailure::Stopped(reason) if reason.is_empty() => {
                write!(f, "the engine stopped")
            }
            EngineFailure::Stopped(reason) => write!(f, "the engine stopped ({reason})"),
            EngineFailure::Unresponsive => write!(f, "the engine stopped responding"),
            EngineFailure::Refused(reason) => write!(f, "the engine failed: {reason}"),
            EngineFailure::IllegalMove(uci) => {
                write!(f, "the engine answered an illegal move ({uci})")
            }
            EngineFailure::VersionMismatch { page, worker } => write!(
                f,
                "the engine (version {worker}) does not match this page (version {page}): \
                 reload the page to update both"
            ),
        }
    }
}
