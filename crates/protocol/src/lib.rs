//! gambit-protocol: the messages between Gambit's page and its engine worker.
//!
//! The page sends [`Request`]s and receives [`Event`]s; both sides depend on this small
//! crate and nothing else of each other, so the page does not link the engine. The
//! messages travel in postcard's encoding (`codec::Postcard`, with the `codec`
//! feature), so both sides must have the same [`PROTOCOL_VERSION`]: the worker reports
//! its own in [`Event::Pong`].
//!
//! Every search request carries an `id`; every event about it carries the same id, so the
//! app can drop events from a search it no longer cares about (a new game, a takeback,
//! leaving the page).
//!
//! Four kinds of work:
//! - [`Request::Search`]: the move to play (`multipv: 1`), or the best `multipv` lines of a
//!   position for live analysis; answered by [`Event::Progress`] per line and iteration,
//!   then [`Event::BestMove`].
//! - [`Request::BotMove`]: the move one of the weak bots plays (by its rule, no search
//!   to report); answered by one [`Event::BestMove`].
//! - [`Request::Analyse`]: a whole game's review, one position after another; answered
//!   by one [`Event::Analysed`] per position, in the order asked, then
//!   [`Event::AnalysisDone`].
//! - [`Request::Cancel`]: stop a search or an analysis at its next step (between two
//!   iterations or two positions); nothing more is said about it.
//!
//! And one chore that is not the engine's: [`Request::ReadPgn`], the tokens of a PGN
//! text read with `pgn-reader`, which the worker links and the page does not; answered
//! by one [`Event::PgnRead`], whose moves the page checks itself.

use gambit_rules::PgnReading;
use serde::{Deserialize, Serialize};

pub mod bots;
#[cfg(feature = "codec")]
pub mod codec;

pub use bots::{BOTS, BotProfile, bot_profile};

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
        /// How many best lines to report (MultiPV): 1 to play a move, more for live
        /// analysis. Each line has a different first move; line 1 is the best.
        multipv: u8,
    },
    /// The move the weak bot `bot` plays in the position reached from `fen` by `moves`:
    /// answered by one [`Event::BestMove`] whose score is `Cp(0)` (a bot does not
    /// evaluate), or an [`Event::Error`] (an unknown bot, a bad position, no legal move).
    BotMove {
        /// Chosen by the app; echoed in the answer.
        id: u64,
        /// The starting position of the game, in FEN.
        fen: String,
        /// The moves played from `fen`, in UCI notation.
        moves: Vec<String>,
        /// The bot, by its UCI `Bot` name (`random_move`, `worstfish`, …).
        bot: String,
        /// Breaks the bot's ties: the same position and seed give the same move (keep
        /// one seed for a whole game to replay it).
        seed: u64,
    },
    /// Evaluate positions of one game at full strength, each within `limits`, and report
    /// each as it is done, in the order of `plies`.
    Analyse {
        /// Chosen by the app; echoed in every event about this analysis.
        id: u64,
        /// The starting position of the game, in FEN.
        fen: String,
        /// The game's moves from `fen`, in UCI notation.
        moves: Vec<String>,
        /// The positions to evaluate, as the number of moves played from `fen` (0: the
        /// start position; `moves.len()`: the final position).
        plies: Vec<u16>,
        /// The budget of each position's search.
        limits: Limits,
    },
    /// Stop search or analysis `id` at its next step; nothing more is reported about it.
    /// An id that is not running is ignored.
    Cancel {
        /// The id of the search or analysis to stop.
        id: u64,
    },
    /// Read the first game of a PGN text ([`PgnReading::read`]), without checking its
    /// moves: answered by one [`Event::PgnRead`].
    ReadPgn {
        /// Chosen by the app; echoed in the answer.
        id: u64,
        /// The PGN text (the page refuses texts beyond its size limit before sending).
        text: String,
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
        /// Which line this is, 1 (the best) to the request's `multipv`.
        multipv: u8,
    },
    /// One position of a [`Request::Analyse`] is evaluated.
    Analysed {
        /// The analysis's id.
        id: u64,
        /// The position: the number of moves played from the game's start.
        ply: u16,
        /// Completed depth (0 when the position has no legal move).
        depth: u8,
        /// Evaluation for the side to move in that position: `Mate(0)` when it is
        /// checkmated, `Cp(0)` for stalemate.
        score: Score,
        /// The best line from that position in UCI notation, best move first; empty when
        /// the position has no legal move.
        pv: Vec<String>,
    },
    /// Every position of a [`Request::Analyse`] has been reported.
    AnalysisDone {
        /// The analysis's id.
        id: u64,
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
    /// Answer to [`Request::ReadPgn`]: the reading, or why the text is not a game.
    PgnRead {
        /// The request's id.
        id: u64,
        /// The tokens read (boxed: far larger than the other events), or the error in
        /// words.
        reading: Result<Box<PgnReading>, String>,
    },
}
