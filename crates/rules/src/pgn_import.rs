//! PGN import: the first game of a text, main line only.
//!
//! `pgn-reader` tokenises into a [`PgnReading`] (`crate::pgn_reading`); this module
//! replays its main line. Variations are skipped here (read, not rejected); the game tree's import
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

use shakmaty::{
    Chess, KnownOutcome, Position,
    san::{San, SanError},
};

use crate::{
    Game, Outcome, PgnError, PgnMoveError, PgnReading, PgnTags, PgnToken, Reason, TimeControl,
    pgn_reading::san_of, review::MoveAnnotation, time_control::clock_in_comment,
};

#[cfg(feature = "read-pgn")]
impl Game {
    /// Imports the first game of a PGN text (see the module notes on results):
    /// [`PgnReading::read`], then [`Game::from_pgn_reading`].
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
        Game::from_pgn_reading(PgnReading::read(pgn)?)
    }
}

impl Game {
    /// The game of a PGN as read: its main line replayed (variations skipped), with
    /// its tags. See the module notes on results.
    ///
    /// # Errors
    ///
    /// As [`from_pgn`](Game::from_pgn), and [`PgnError::Syntax`] for a reading with a
    /// move that is not SAN or a result that is not one.
    pub fn from_pgn_reading(reading: PgnReading) -> Result<(Game, PgnTags), PgnError> {
        main_line(reading).map(|(game, tags, _)| (game, tags))
    }
}

/// The main line of a PGN as read, its tags, and what the PGN said about each
/// main-line move (one [`MoveAnnotation`] per ply).
pub(crate) fn main_line(
    reading: PgnReading,
) -> Result<(Game, PgnTags, Vec<MoveAnnotation>), PgnError> {
    let mut game = Game::from_position(reading.start_position()?);
    game.set_time_control(
        reading
            .time_control
            .as_deref()
            .and_then(|text| text.parse::<TimeControl>().ok()),
    );
    let mut annotations: Vec<MoveAnnotation> = Vec::new();
    // How deep in variations the token is: only depth 0 is the main line.
    let mut depth = 0_usize;
    for token in &reading.movetext {
        match token {
            PgnToken::Open => depth += 1,
            PgnToken::Close => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            PgnToken::Move(san) => {
                let mv = to_move(game.position(), san)?;
                game.push(mv, None);
                annotations.push(MoveAnnotation::default());
            }
            PgnToken::Nag(nag) => {
                if let Some(last) = annotations.last_mut() {
                    last.nags.push(*nag);
                }
            }
            // A comment before the first move is about the game, not a move.
            PgnToken::Comment(text) => {
                if let Some(last) = annotations.last_mut() {
                    if let Some(clock) = clock_in_comment(text) {
                        game.set_last_clock(Some(clock));
                    }
                    last.add_comment(text);
                }
            }
        }
    }
    if let (false, Some(outcome)) = (game.is_over(), reading.declared_outcome(game.position())?) {
        // Cannot fail: the game is not over.
        let _ = game.end(outcome);
    }
    Ok((game, reading.tags, annotations))
}

/// The legal move `san` stands for in `position`.
///
/// # Errors
///
/// [`PgnError::Move`], naming the move number, the side and the SAN;
/// [`PgnError::Syntax`] for a text that is not SAN.
pub(crate) fn to_move(position: &Chess, text: &str) -> Result<shakmaty::Move, PgnError> {
    let san = san_of(text)?;
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
        san: text.to_owned(),
        kind,
    })
}

/// The non-automatic outcome a PGN result stands for (see the module notes).
pub(crate) fn declared_outcome(
    position: &Chess,
    result: KnownOutcome,
    termination: Option<&str>,
) -> Outcome {
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

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use super::*;
    use crate::fen;

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
