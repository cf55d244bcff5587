//! A PGN as read, before any move is checked: [`PgnReading`].
//!
//! Reading and checking are two steps. Reading tokenises the text with `pgn-reader`
//! ([`PgnReading::read`], under the default feature `read-pgn`); checking replays the
//! moves on the board ([`Game::from_pgn_reading`](crate::Game::from_pgn_reading),
//! [`GameTree::from_pgn_reading`](crate::GameTree::from_pgn_reading)) and needs only
//! shakmaty. A reading is plain data (serde), so it can be made where `pgn-reader`
//! is linked, in the engine worker, and checked where it is not, in the page: the
//! page then carries no copy of `pgn-reader`, nor the attack tables (`magics`) that
//! it asks shakmaty for.
//!
//! A reading is never trusted for being well formed: a move that is not SAN, a result
//! that is not one, is an error of the check, not a panic.

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, KnownOutcome, Outcome as PgnOutcome, san::SanPlus};

use crate::{Outcome, PgnError, PgnTags, fen, pgn_import::declared_outcome};

#[cfg(feature = "read-pgn")]
mod reader;

/// The first game of a PGN text, as read: its tags and its movetext, with every
/// variation, comment and NAG in the order of the text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PgnReading {
    /// The tags that are not derived from the game (players, event, ...).
    pub tags: PgnTags,
    /// Whether the text had any tag at all.
    pub any_tag: bool,
    /// The `FEN` tag.
    pub fen: Option<String>,
    /// The `Variant` tag.
    pub variant: Option<String>,
    /// The `TimeControl` tag.
    pub time_control: Option<String>,
    /// The `Termination` tag.
    pub termination: Option<String>,
    /// The `Result` tag.
    pub result_tag: Option<String>,
    /// The movetext, in the order read.
    pub movetext: Vec<PgnToken>,
    /// The result at the end of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result_token: Option<String>,
}

/// One element of the movetext.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PgnToken {
    /// A move in SAN, with its `+`/`#`, not yet checked.
    Move(String),
    /// A NAG after the move (`$2`, or `?` read as 2).
    Nag(u8),
    /// The text of a `{ comment }` (or `; comment`).
    Comment(String),
    /// `(`: a variation starts, an alternative to the last move.
    Open,
    /// `)`: the variation ends (not necessarily matched).
    Close,
}

impl PgnReading {
    /// Whether the text held anything of a game: a tag, a move or a result.
    pub fn is_game(&self) -> bool {
        self.any_tag || !self.movetext.is_empty() || self.result_token.is_some()
    }

    /// The start position: the `FEN` tag's, or the standard one.
    ///
    /// # Errors
    ///
    /// [`PgnError::NoGame`] for a reading that holds no game,
    /// [`PgnError::UnsupportedVariant`] for a `Variant` other than standard chess,
    /// [`PgnError::Fen`] for a bad `FEN` tag.
    pub(crate) fn start_position(&self) -> Result<Chess, PgnError> {
        if !self.is_game() {
            return Err(PgnError::NoGame);
        }
        if let Some(variant) = &self.variant {
            let name = variant.trim().to_ascii_lowercase();
            if !matches!(name.as_str(), "" | "standard" | "chess" | "from position") {
                return Err(PgnError::UnsupportedVariant(variant.clone()));
            }
        }
        match &self.fen {
            Some(text) => fen::parse_fen(text).map_err(PgnError::Fen),
            None => Ok(Chess::default()),
        }
    }

    /// The ending the PGN declares for the game ending in `position`, when its result
    /// is known (see the notes of [`Game::from_pgn`](crate::Game::from_pgn)).
    ///
    /// # Errors
    ///
    /// [`PgnError::Syntax`] for a result token that is not a result.
    pub(crate) fn declared_outcome(&self, position: &Chess) -> Result<Option<Outcome>, PgnError> {
        Ok(self
            .result()?
            .map(|result| declared_outcome(position, result, self.termination.as_deref())))
    }

    /// The result token of the movetext, or else the `Result` tag.
    fn result(&self) -> Result<Option<KnownOutcome>, PgnError> {
        match &self.result_token {
            Some(token) => PgnOutcome::from_ascii(token.as_bytes())
                .map(PgnOutcome::known)
                .map_err(|_| PgnError::Syntax(format!("'{token}' is not a result"))),
            None => Ok(self
                .result_tag
                .as_deref()
                .and_then(|tag| KnownOutcome::from_ascii(tag.trim().as_bytes()).ok())),
        }
    }
}

/// The SAN of a move token.
///
/// # Errors
///
/// [`PgnError::Syntax`] when it is not SAN.
pub(crate) fn san_of(text: &str) -> Result<SanPlus, PgnError> {
    SanPlus::from_ascii(text.as_bytes())
        .map_err(|_| PgnError::Syntax(format!("'{text}' is not a move in SAN")))
}
