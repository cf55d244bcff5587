//! How a game ended: who won and why, in words for the status line and as a
//! PGN result.

use std::fmt;

use shakmaty::Color;

use crate::error::color_name;

/// Why a game ended.
///
/// The first five are found by the game itself after every move (as lichess
/// does); the others come from the players or the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can ever checkmate (K v K, K+minor v K, only same-coloured bishops).
    InsufficientMaterial,
    /// The same position (placement, side to move, castling rights, legal en
    /// passant square) occurred for the third time.
    ThreefoldRepetition,
    /// 100 half-moves without a capture or a pawn move.
    FiftyMoveRule,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// A player ran out of time and the opponent can still checkmate.
    Timeout,
    /// A player ran out of time, but the opponent has no material to ever
    /// checkmate: a draw.
    TimeoutVsInsufficientMaterial {
        /// The side whose time ran out.
        flagged: Color,
    },
    /// A player left an online game for long enough that the opponent claimed the
    /// win (or, with no winner, a draw).
    Abandonment,
}

impl Reason {
    /// Whether the game finds this ending by itself, from the position and the
    /// history (checkmate, stalemate, insufficient material, threefold
    /// repetition, fifty-move rule).
    pub const fn is_automatic(self) -> bool {
        matches!(
            self,
            Reason::Checkmate
                | Reason::Stalemate
                | Reason::InsufficientMaterial
                | Reason::ThreefoldRepetition
                | Reason::FiftyMoveRule
        )
    }
}

/// The end of a game: the winner (`None` for a draw) and the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// `winner` checkmated the opponent.
    pub const fn checkmate(winner: Color) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason: Reason::Checkmate,
        }
    }

    /// A draw for `reason`.
    pub const fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    /// `loser` resigned.
    pub const fn resignation(loser: Color) -> Outcome {
        Outcome {
            winner: Some(loser.other()),
            reason: Reason::Resignation,
        }
    }

    /// `flagged` ran out of time against an opponent who can still mate.
    pub const fn timeout(flagged: Color) -> Outcome {
        Outcome {
            winner: Some(flagged.other()),
            reason: Reason::Timeout,
        }
    }

    /// The opponent of the side that left claimed the game: `winner` wins, or with
    /// `None` the game is drawn.
    pub const fn abandonment(winner: Option<Color>) -> Outcome {
        Outcome {
            winner,
            reason: Reason::Abandonment,
        }
    }

    /// Whether the game is drawn.
    pub const fn is_draw(self) -> bool {
        self.winner.is_none()
    }

    /// The PGN result: `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    pub const fn result_str(self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The PGN `Termination` tag value: `"Time forfeit"` for flag falls,
    /// `"Normal"` otherwise.
    pub const fn termination(self) -> &'static str {
        match self.reason {
            Reason::Timeout | Reason::TimeoutVsInsufficientMaterial { .. } => "Time forfeit",
            _ => "Normal",
        }
    }

    /// The outcome in words for the status line, e.g. `"Checkmate — White wins"`,
    /// `"Draw by threefold repetition"`, `"Black resigns — White wins"`,
    /// `"White's time is up, but Black cannot checkmate — draw"`.
    pub fn describe(self) -> String {
        let wins = |winner: Option<Color>| match winner {
            Some(color) => format!("{} wins", color_name(color)),
            None => "draw".to_owned(),
        };
        match self.reason {
            Reason::Checkmate => format!("Checkmate — {}", wins(self.winner)),
            Reason::Stalemate => "Stalemate — draw".to_owned(),
            Reason::InsufficientMaterial => "Draw by insufficient material".to_owned(),
            Reason::ThreefoldRepetition => "Draw by threefold repetition".to_owned(),
            Reason::FiftyMoveRule => "Draw by the fifty-move rule".to_owned(),
            Reason::Agreement => "Draw by agreement".to_owned(),
            Reason::Resignation => match self.winner {
                Some(winner) => format!(
                    "{} resigns — {} wins",
                    color_name(winner.other()),
                    color_name(winner)
                ),
                None => "Resignation".to_owned(),
            },
            Reason::Timeout => match self.winner {
                Some(winner) => format!(
                    "{}'s time is up — {} wins",
                    color_name(winner.other()),
                    color_name(winner)
                ),
                None => "Time is up".to_owned(),
            },
            Reason::Abandonment => match self.winner {
                Some(winner) => format!(
                    "{} left the game — {} wins",
                    color_name(winner.other()),
                    color_name(winner)
                ),
                None => "A player left the game — draw".to_owned(),
            },
            Reason::TimeoutVsInsufficientMaterial { flagged } => format!(
                "{}'s time is up, but {} cannot checkmate — draw",
                color_name(flagged),
                color_name(flagged.other())
            ),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_results() {
        let cases = [
            (
                Outcome::checkmate(Color::White),
                "Checkmate — White wins",
                "1-0",
            ),
            (
                Outcome::draw(Reason::Stalemate),
                "Stalemate — draw",
                "1/2-1/2",
            ),
            (
                Outcome::resignation(Color::Black),
                "Black resigns — White wins",
                "1-0",
            ),
            (
                Outcome::timeout(Color::White),
                "White's time is up — Black wins",
                "0-1",
            ),
            (
                Outcome::draw(Reason::TimeoutVsInsufficientMaterial {
                    flagged: Color::White,
                }),
                "White's time is up, but Black cannot checkmate — draw",
                "1/2-1/2",
            ),
            (
                Outcome::draw(Reason::FiftyMoveRule),
                "Draw by the fifty-move rule",
                "1/2-1/2",
            ),
            (
                Outcome::abandonment(Some(Color::Black)),
                "White left the game — Black wins",
                "0-1",
            ),
            (
                Outcome::abandonment(None),
                "A player left the game — draw",
                "1/2-1/2",
            ),
        ];
        for (outcome, words, result) in cases {
            assert_eq!(outcome.describe(), words);
            assert_eq!(outcome.to_string(), words);
            assert_eq!(outcome.result_str(), result);
        }
    }
}
