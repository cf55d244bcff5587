//! The error types, one per domain: FEN, playing, PGN import and stored records.
//!
//! Every message is written for a person: it says what was wrong and, where
//! there is one, which move or token.

use shakmaty::{Color, PositionErrorKinds, fen::ParseFenError};
use thiserror::Error;

use crate::Outcome;

/// A FEN that could not be read, or that describes an illegal position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text is not FEN (board, side, castling, en passant, clocks).
    #[error("not a valid FEN: {0}")]
    Syntax(#[from] ParseFenError),
    /// The FEN is well formed but the position cannot occur in standard chess
    /// (missing king, pawns on the back rank, impossible check, castling rights
    /// without the rook, ...).
    #[error("{message}")]
    Position {
        /// What shakmaty found wrong, as flags.
        kinds: PositionErrorKinds,
        /// The same as a sentence, e.g. "illegal position: missing king".
        message: String,
    },
}

/// Why a move, resignation, draw or takeback was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game already has an outcome.
    #[error("the game is over: {0}")]
    GameOver(Outcome),
    /// The notation could not be read as a move at all.
    #[error("cannot read '{notation}' as a move")]
    Parse {
        /// The text as given.
        notation: String,
    },
    /// The move is not legal in the current position.
    #[error("illegal move '{notation}'")]
    Illegal {
        /// The move as given (SAN or UCI).
        notation: String,
    },
    /// The SAN fits more than one legal move (e.g. `Nd2` when both knights can go).
    #[error("ambiguous move '{notation}'")]
    Ambiguous {
        /// The SAN as given.
        notation: String,
    },
    /// A [`GameTree`](crate::GameTree) node that is not in the tree (deleted,
    /// or an id from another tree). [`Game`](crate::Game) never returns it.
    #[error("no such position in the tree")]
    UnknownNode,
    /// A takeback of more plies than were played, or of none.
    #[error("cannot take back {requested} plies: {available} played")]
    CannotTakeBack {
        /// Plies asked for.
        requested: usize,
        /// Plies in the game.
        available: usize,
    },
}

/// What was wrong with one move of an imported PGN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PgnMoveError {
    /// Not legal in the position reached.
    #[error("illegal move")]
    Illegal,
    /// Fits more than one legal move.
    #[error("ambiguous move")]
    Ambiguous,
    /// A null move (`--`), which a game cannot contain.
    #[error("null move not allowed")]
    Null,
}

/// A PGN that could not be imported.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PgnError {
    /// Nothing that looks like a game: no tags, no moves, no result.
    #[error("no PGN game found in the text")]
    NoGame,
    /// The text is broken beyond the move list, e.g. an unterminated comment or tag.
    #[error("PGN syntax error: {0}")]
    Syntax(String),
    /// The `FEN` tag is not a legal position.
    #[error("bad FEN tag: {0}")]
    Fen(FenError),
    /// A `Variant` tag other than standard chess.
    #[error("unsupported variant '{0}': only standard chess can be imported")]
    UnsupportedVariant(String),
    /// A move of the main line could not be played.
    #[error("move {number} ({color}): {kind} '{san}'", color = color_name(*.color))]
    Move {
        /// The full-move number, as printed in the PGN (`12` in `12... Nxe5`).
        number: u32,
        /// The side that was to play it.
        color: Color,
        /// The move as read, in SAN.
        san: String,
        /// What was wrong with it.
        kind: PgnMoveError,
    },
}

/// A stored game (see [`GameRecord`](crate::GameRecord)) that cannot be restored.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// Not JSON, or JSON of another shape.
    #[error("not a stored game: {0}")]
    Malformed(String),
    /// Written by another version of the format.
    #[error("unsupported stored game version {found} (expected {expected})")]
    UnsupportedVersion {
        /// The version in the data.
        found: u64,
        /// The version this build reads.
        expected: u32,
    },
    /// The start position is not a legal FEN.
    #[error("bad start position: {0}")]
    Fen(FenError),
    /// A move that cannot be played (unreadable, illegal, or after the end).
    #[error("move {index} '{uci}': {reason}")]
    Move {
        /// 1-based ply number of the move.
        index: usize,
        /// The move as stored.
        uci: String,
        /// Why it was refused.
        reason: String,
    },
    /// The clock list does not match the move list.
    #[error("{clocks} clock entries for {moves} moves")]
    Clocks {
        /// Number of moves.
        moves: usize,
        /// Number of clock entries.
        clocks: usize,
    },
    /// A stored resignation, agreement or flag on a game that had already ended.
    #[error("stored outcome conflicts with the moves: {0}")]
    Outcome(String),
}

pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}
