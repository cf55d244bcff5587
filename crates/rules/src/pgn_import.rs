//! PGN import: the first game of a text, main line only.
//!
//! `pgn-reader` tokenises into [`Token`]s; this module replays the moves.
//! Variations are skipped here (read, not rejected); the game tree's import
//! ([`GameTree::from_pgn`](crate::GameTree::from_pgn)) keeps them from the same
//! reading. `[%clk]` readings in comments become the
//! clocks of the plies they follow; `[%eval]` readings, NAGs (`$2`, `?!`)
//! and the text of comments are kept per ply for
//! [`Game::from_pgn_annotated`](crate::Game::from_pgn_annotated).
//!
//! Results: an ending found on the board (checkmate, stalemate, insufficient
//! material, threefold repetition, fifty-move rule) always wins over the
//! PGN's result. Otherwise a decisive result becomes a resignation, or a flag
//! fall when the `Termination` tag mentions time ("Time forfeit"); a draw
//! becomes an agreement, or a flag fall against insufficient material under
//! such a `Termination`. A repetition or fifty-move draw that was not claimed
//! in the game (the players moved on) does not stop the import.
//!
//! Like `pgn-reader`, the import is lenient about text that is not PGN
//! between the moves: a word that cannot be a move, a move number or a result
//! is skipped. A move it hides shows up as the next move being illegal.

use std::{io, ops::ControlFlow};

use pgn_reader::{KnownOutcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{
    Chess, Position,
    san::{San, SanError},
};

use crate::{
    Game, Outcome, PgnError, PgnMoveError, PgnTags, Reason, TimeControl, fen,
    pgn_export::DERIVED_TAGS, review::MoveAnnotation, time_control::clock_in_comment,
};

impl Game {
    /// Imports the first game of a PGN text (see the module notes on results).
    ///
    /// # Errors
    ///
    /// [`PgnError`]: no game in the text, a broken comment or tag, a bad `FEN`
    /// tag, another variant, or a move that cannot be played, e.g.
    /// `move 12 (Black): illegal move 'Nxe5'`.
    pub fn from_pgn(pgn: &str) -> Result<Game, PgnError> {
        Game::from_pgn_with_tags(pgn).map(|(game, _)| game)
    }

    /// As [`from_pgn`](Game::from_pgn), also returning the tags (players,
    /// event, ...). Tags the game derives itself (`Result`, `FEN`, ...) are
    /// not in [`PgnTags::extra`].
    ///
    /// # Errors
    ///
    /// As [`from_pgn`](Game::from_pgn).
    pub fn from_pgn_with_tags(pgn: &str) -> Result<(Game, PgnTags), PgnError> {
        read_pgn(pgn).map(|(game, tags, _)| (game, tags))
    }
}

/// The first game of a PGN text, its tags, and what the PGN said about each
/// main-line move (one [`MoveAnnotation`] per ply).
pub(crate) fn read_pgn(pgn: &str) -> Result<(Game, PgnTags, Vec<MoveAnnotation>), PgnError> {
    parse_pgn(pgn, false)?.into_game()
}

/// Reads the first game of a PGN text without checking its moves; with
/// `keep_variations`, the variations are kept in the movetext (else skipped).
pub(crate) fn parse_pgn(pgn: &str, keep_variations: bool) -> Result<Parsed, PgnError> {
    let mut reader = Reader::new(io::Cursor::new(pgn.as_bytes()));
    match reader.read_game(&mut Collector { keep_variations }) {
        Ok(Some(parsed)) if parsed.seen_anything() => Ok(parsed),
        Ok(_) => Err(PgnError::NoGame),
        Err(err) => Err(PgnError::Syntax(err.to_string())),
    }
}

/// One element of the movetext, in the order read.
pub(crate) enum Token {
    /// A move, not yet checked.
    Move(SanPlus),
    /// A NAG after the move (`$2`, or `?` read as 2).
    Nag(u8),
    /// The text of a `{ comment }` (or `; comment`).
    Comment(String),
    /// `(`: a variation starts, an alternative to the last move.
    Open,
    /// `)`: the variation ends (not necessarily matched).
    Close,
}

/// What the reader found, before any move is checked.
#[derive(Default)]
pub(crate) struct Parsed {
    pub(crate) tags: PgnTags,
    any_tag: bool,
    fen: Option<String>,
    variant: Option<String>,
    time_control: Option<String>,
    termination: Option<String>,
    result_tag: Option<String>,
    pub(crate) movetext: Vec<Token>,
    /// The start of a comment longer than the reader's buffer.
    comment_start: Vec<u8>,
    result_token: Option<pgn_reader::Outcome>,
}

impl Parsed {
    fn seen_anything(&self) -> bool {
        self.any_tag || !self.movetext.is_empty() || self.result_token.is_some()
    }

    /// The start position: the `FEN` tag's, or the standard one.
    ///
    /// # Errors
    ///
    /// [`PgnError::UnsupportedVariant`] for a `Variant` other than standard
    /// chess, [`PgnError::Fen`] for a bad `FEN` tag.
    pub(crate) fn start_position(&self) -> Result<Chess, PgnError> {
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

    /// The ending the PGN declares for the game ending in `position`, when
    /// its result is known (see the module notes).
    pub(crate) fn declared_outcome(&self, position: &Chess) -> Option<Outcome> {
        self.result()
            .map(|result| declared_outcome(position, result, self.termination.as_deref()))
    }

    fn into_game(self) -> Result<(Game, PgnTags, Vec<MoveAnnotation>), PgnError> {
        let mut game = Game::from_position(self.start_position()?);
        game.set_time_control(
            self.time_control
                .as_deref()
                .and_then(|text| text.parse::<TimeControl>().ok()),
        );
        let mut annotations: Vec<MoveAnnotation> = Vec::new();
        for token in &self.movetext {
            match token {
                Token::Move(san) => {
                    let mv = to_move(game.position(), san)?;
                    game.push(mv, None);
                    annotations.push(MoveAnnotation::default());
                }
                Token::Nag(nag) => {
                    if let Some(last) = annotations.last_mut() {
                        last.nags.push(*nag);
                    }
                }
                // A comment before the first move is about the game, not a move.
                Token::Comment(text) => {
                    if let Some(last) = annotations.last_mut() {
                        if let Some(clock) = clock_in_comment(text) {
                            game.set_last_clock(Some(clock));
                        }
                        last.add_comment(text);
                    }
                }
                Token::Open | Token::Close => {}
            }
        }
        if let (false, Some(outcome)) = (game.is_over(), self.declared_outcome(game.position())) {
            // Cannot fail: the game is not over.
            let _ = game.end(outcome);
        }
        Ok((game, self.tags, annotations))
    }

    /// The result token of the movetext, or else the `Result` tag.
    fn result(&self) -> Option<KnownOutcome> {
        match self.result_token {
            Some(token) => token.known(),
            None => self
                .result_tag
                .as_deref()
                .and_then(|tag| KnownOutcome::from_ascii(tag.trim().as_bytes()).ok()),
        }
    }
}

/// The legal move `san` stands for in `position`.
///
/// # Errors
///
/// [`PgnError::Move`], naming the move number, the side and the SAN.
pub(crate) fn to_move(position: &Chess, san: &SanPlus) -> Result<shakmaty::Move, PgnError> {
    let kind = match san.san {
        San::Null => Err(PgnMoveError::Null),
        other => other.to_move(position).map_err(|err| match err {
            SanError::AmbiguousSan => PgnMoveError::Ambiguous,
            SanError::IllegalSan => PgnMoveError::Illegal,
        }),
    };
    kind.map_err(|kind| PgnError::Move {
        number: position.fullmoves().get(),
        color: position.turn(),
        san: san.to_string(),
        kind,
    })
}

/// The non-automatic outcome a PGN result stands for (see the module notes).
fn declared_outcome(position: &Chess, result: KnownOutcome, termination: Option<&str>) -> Outcome {
    let on_time = termination.is_some_and(|text| text.to_ascii_lowercase().contains("time"));
    match (result.winner(), on_time) {
        (Some(winner), true) => Outcome::timeout(winner.other()),
        (Some(winner), false) => Outcome::resignation(winner.other()),
        (None, false) => Outcome::draw(Reason::Agreement),
        (None, true) => {
            // The side that flagged is one whose opponent cannot mate; prefer
            // the side to move when both qualify.
            let turn = position.turn();
            [turn, turn.other()]
                .into_iter()
                .find(|flagged| position.has_insufficient_material(flagged.other()))
                .map(|flagged| Outcome::draw(Reason::TimeoutVsInsufficientMaterial { flagged }))
                .unwrap_or(Outcome::draw(Reason::Agreement))
        }
    }
}

/// The `pgn-reader` visitor: collects the tags and the movetext.
struct Collector {
    /// Whether variations are read (else skipped).
    keep_variations: bool,
}

impl Visitor for Collector {
    type Tags = Parsed;
    type Movetext = Parsed;
    type Output = Parsed;

    fn begin_tags(&mut self) -> ControlFlow<Parsed, Parsed> {
        ControlFlow::Continue(Parsed::default())
    }

    fn tag(&mut self, parsed: &mut Parsed, name: &[u8], value: RawTag<'_>) -> ControlFlow<Parsed> {
        parsed.any_tag = true;
        let name = String::from_utf8_lossy(name).into_owned();
        let value = value.decode_utf8_lossy().into_owned();
        let tags = &mut parsed.tags;
        match name.as_str() {
            "Event" => tags.event = value,
            "Site" => tags.site = value,
            "Date" => tags.date = value,
            "Round" => tags.round = value,
            "White" => tags.white = value,
            "Black" => tags.black = value,
            "FEN" => parsed.fen = Some(value),
            "Variant" => parsed.variant = Some(value),
            "TimeControl" => parsed.time_control = Some(value),
            "Termination" => parsed.termination = Some(value),
            "Result" => parsed.result_tag = Some(value),
            _ if DERIVED_TAGS.contains(&name.as_str()) => {}
            _ => tags.extra.push((name, value)),
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, parsed: Parsed) -> ControlFlow<Parsed, Parsed> {
        ControlFlow::Continue(parsed)
    }

    fn san(&mut self, parsed: &mut Parsed, san_plus: SanPlus) -> ControlFlow<Parsed> {
        parsed.movetext.push(Token::Move(san_plus));
        ControlFlow::Continue(())
    }

    fn nag(&mut self, parsed: &mut Parsed, nag: pgn_reader::Nag) -> ControlFlow<Parsed> {
        parsed.movetext.push(Token::Nag(nag.0));
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, parsed: &mut Parsed) -> ControlFlow<Parsed, Skip> {
        if self.keep_variations {
            parsed.movetext.push(Token::Open);
        }
        ControlFlow::Continue(Skip(!self.keep_variations))
    }

    fn end_variation(&mut self, parsed: &mut Parsed) -> ControlFlow<Parsed> {
        if self.keep_variations {
            parsed.movetext.push(Token::Close);
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        parsed: &mut Parsed,
        comment: RawComment<'_>,
    ) -> ControlFlow<Parsed> {
        parsed.comment_start.extend_from_slice(comment.as_bytes());
        ControlFlow::Continue(())
    }

    fn comment(&mut self, parsed: &mut Parsed, comment: RawComment<'_>) -> ControlFlow<Parsed> {
        let mut bytes = std::mem::take(&mut parsed.comment_start);
        bytes.extend_from_slice(comment.as_bytes());
        let text = String::from_utf8_lossy(&bytes).into_owned();
        parsed.movetext.push(Token::Comment(text));
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        parsed: &mut Parsed,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Parsed> {
        parsed.result_token = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, parsed: Parsed) -> Parsed {
        parsed
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use super::*;

    #[test]
    fn flag_against_lone_king_is_a_draw() {
        let position = fen::parse_fen("8/8/4k3/8/8/8/3QK3/8 w - - 0 60").unwrap();
        let outcome = declared_outcome(&position, KnownOutcome::Draw, Some("Time forfeit"));
        assert_eq!(
            outcome,
            Outcome::draw(Reason::TimeoutVsInsufficientMaterial {
                flagged: Color::White
            })
        );
    }
}
