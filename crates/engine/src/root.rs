//! The position to search and the game that led to it.

use shakmaty::{
    CastlingMode, Chess, EnPassantMode, Move, Position, PositionError, fen::Fen, uci::UciMove,
};

use crate::zobrist;

/// Why a search request cannot be served.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The FEN could not be parsed or describes an impossible position.
    #[error("bad FEN \"{fen}\": {reason}")]
    BadFen {
        /// The FEN as given.
        fen: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A move of the history is malformed or illegal where it is played.
    #[error("move {index} of the history (\"{uci}\") is not legal: {reason}")]
    IllegalMove {
        /// 1-based index of the move in the history.
        index: usize,
        /// The move as given.
        uci: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The position has no legal moves (checkmate or stalemate).
    #[error("no legal moves: the game is over ({0})")]
    NoLegalMoves(&'static str),
    /// The level is not in 1..=8.
    #[error("level {0} is not between 1 and 8")]
    BadLevel(u8),
    /// No bot has this name.
    #[error("there is no bot named \"{0}\"")]
    UnknownBot(String),
    /// A position asked for lies beyond the game's last move.
    #[error("position {ply} is beyond the game, which has {moves} moves")]
    PlyBeyondGame {
        /// The position asked for, as the number of moves played.
        ply: u16,
        /// How many moves the game has.
        moves: usize,
    },
}

/// A position to search, with the Zobrist keys of the positions before it in the game
/// (for repetition detection).
#[derive(Debug, Clone)]
pub struct Root {
    /// The position to search.
    pub position: Chess,
    /// Its key.
    pub key: u64,
    /// Keys of the earlier positions of the game, oldest first (the root excluded).
    pub history: Vec<u64>,
}

/// Parses a FEN, or `startpos`, into a position. Positions with more material than the
/// starting position (e.g. set up with extra queens) are accepted.
///
/// # Errors
///
/// [`EngineError::BadFen`] if the text is not a FEN of a legal chess position.
pub fn parse_fen(fen: &str) -> Result<Chess, EngineError> {
    let fen = fen.trim();
    if fen == "startpos" {
        return Ok(Chess::default());
    }
    let bad = |reason: String| EngineError::BadFen {
        fen: fen.to_owned(),
        reason,
    };
    let parsed: Fen = fen.parse().map_err(|e| bad(format!("{e}")))?;
    parsed
        .into_position::<Chess>(CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|e| bad(format!("{e}")))
}

impl Root {
    /// A root with no history.
    #[must_use]
    pub fn new(position: Chess) -> Self {
        Self {
            key: zobrist::hash(&position),
            position,
            history: Vec::new(),
        }
    }

    /// The position reached from `fen` (or `startpos`) by playing `moves` in UCI notation.
    ///
    /// # Errors
    ///
    /// [`EngineError::BadFen`] or [`EngineError::IllegalMove`].
    pub fn from_fen_and_moves<S: AsRef<str>>(fen: &str, moves: &[S]) -> Result<Self, EngineError> {
        Self::walk(fen, moves, |_| {})
    }

    /// The game's start (from `fen` or `startpos`) and its `moves` (UCI notation) checked
    /// and read, for whoever wants each of its positions.
    ///
    /// # Errors
    ///
    /// [`EngineError::BadFen`] or [`EngineError::IllegalMove`].
    pub fn game<S: AsRef<str>>(fen: &str, moves: &[S]) -> Result<(Self, Vec<Move>), EngineError> {
        let mut played = Vec::with_capacity(moves.len());
        Self::walk(fen, moves, |m| played.push(m))?;
        Ok((Root::new(parse_fen(fen)?), played))
    }

    /// Plays `moves` from `fen`, telling `on_move` each move, and returns the last position.
    fn walk<S: AsRef<str>>(
        fen: &str,
        moves: &[S],
        mut on_move: impl FnMut(Move),
    ) -> Result<Self, EngineError> {
        let mut root = Root::new(parse_fen(fen)?);
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let illegal = |reason: String| EngineError::IllegalMove {
                index: i + 1,
                uci: text.to_owned(),
                reason,
            };
            let uci: UciMove = text.trim().parse().map_err(|e| illegal(format!("{e}")))?;
            let m = uci
                .to_move(&root.position)
                .map_err(|e| illegal(format!("{e}")))?;
            on_move(m);
            root.play(m);
        }
        Ok(root)
    }

    /// Plays a legal move (the caller guarantees legality).
    pub fn play(&mut self, m: Move) {
        let mut next = self.position.clone();
        next.play_unchecked(m);
        let key = zobrist::key_after(&self.position, self.key, m, &next);
        self.history.push(self.key);
        if m.is_zeroing() {
            // Nothing before an irreversible move can repeat; keep the list short.
            self.history.clear();
        }
        self.position = next;
        self.key = key;
    }

    /// Fails with [`EngineError::NoLegalMoves`] when the game is over by mate or stalemate.
    ///
    /// # Errors
    ///
    /// As described.
    pub fn ensure_playable(&self) -> Result<(), EngineError> {
        if self.position.legal_moves().is_empty() {
            let what = if self.position.is_check() {
                "checkmate"
            } else {
                "stalemate"
            };
            return Err(EngineError::NoLegalMoves(what));
        }
        Ok(())
    }

    /// The FEN of the root position.
    #[must_use]
    pub fn fen(&self) -> String {
        Fen::from_position(&self.position, EnPassantMode::Legal).to_string()
    }
}
