//! The stored form of a game, for `localStorage` and worker messages: compact,
//! versioned JSON of the start FEN, the UCI moves, the clocks, the time
//! control and a non-automatic ending.
//!
//! ```json
//! {"version":1,"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
//!  "moves":["e2e4","e7e5"],"clocks":[298000,297500],
//!  "time_control":{"initial_ms":300000,"increment_ms":3000},
//!  "end":{"by":"resignation","side":"white"}}
//! ```
//!
//! Restoring replays every move through the rules, so a record that decodes
//! is a legal game; anything else is a [`RecordError`], never a panic.

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color};

use crate::{Game, Outcome, PlayError, Reason, RecordError, TimeControl, game::flag_outcome};

/// A game as stored. Build one with [`Game::to_record`], restore with
/// [`Game::from_record`]; [`GameRecord::encode`] and [`GameRecord::decode`]
/// convert to and from JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Format version, [`GameRecord::VERSION`].
    pub version: u32,
    /// FEN of the start position.
    pub start_fen: String,
    /// Every move in UCI, in order.
    pub moves: Vec<String>,
    /// The clock after each move (see [`Ply::clock_ms`](crate::Ply::clock_ms)):
    /// empty when the game has no clocks, else one entry per move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<Option<u64>>,
    /// The time control, if the game has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// How the game ended when the moves alone do not say: automatic endings
    /// (mate, repetition, ...) are found again by replaying.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<RecordEnd>,
}

/// A colour in a record: `"white"` or `"black"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordSide {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<Color> for RecordSide {
    fn from(color: Color) -> RecordSide {
        match color {
            Color::White => RecordSide::White,
            Color::Black => RecordSide::Black,
        }
    }
}

impl From<RecordSide> for Color {
    fn from(side: RecordSide) -> Color {
        match side {
            RecordSide::White => Color::White,
            RecordSide::Black => Color::Black,
        }
    }
}

/// An ending decided by the players or the clock. Only these are stored; the
/// draw-or-loss decision of a flag fall is made again on restore.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case", deny_unknown_fields)]
pub enum RecordEnd {
    /// `side` resigned.
    Resignation {
        /// The side that resigned.
        side: RecordSide,
    },
    /// The players agreed a draw.
    Agreement,
    /// `side` ran out of time.
    Flag {
        /// The side whose time ran out.
        side: RecordSide,
    },
}

impl RecordEnd {
    /// The stored form of an ending decided by the players or the clock;
    /// `None` for an automatic one (the moves tell it).
    pub fn from_outcome(outcome: Outcome) -> Option<RecordEnd> {
        match outcome.reason {
            Reason::Resignation => outcome.winner.map(|winner| RecordEnd::Resignation {
                side: winner.other().into(),
            }),
            Reason::Agreement => Some(RecordEnd::Agreement),
            Reason::Timeout => outcome.winner.map(|winner| RecordEnd::Flag {
                side: winner.other().into(),
            }),
            Reason::TimeoutVsInsufficientMaterial { flagged } => Some(RecordEnd::Flag {
                side: flagged.into(),
            }),
            _ => None,
        }
    }

    /// The outcome this ending stands for in `position` (a flag fall is a
    /// draw when the opponent cannot mate).
    pub fn outcome(self, position: &Chess) -> Outcome {
        match self {
            RecordEnd::Resignation { side } => Outcome::resignation(side.into()),
            RecordEnd::Agreement => Outcome::draw(Reason::Agreement),
            RecordEnd::Flag { side } => flag_outcome(position, side.into()),
        }
    }
}

impl GameRecord {
    /// The format version this build writes and reads.
    pub const VERSION: u32 = 1;

    /// The record as compact JSON.
    pub fn encode(&self) -> String {
        // Strings, numbers, lists and plain structs: serialisation cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a record from JSON, checking the version first so that data from
    /// a newer format says so.
    ///
    /// # Errors
    ///
    /// [`RecordError::Malformed`] for anything that is not a record,
    /// [`RecordError::UnsupportedVersion`] for another version. The moves are
    /// checked by [`Game::from_record`], not here.
    pub fn decode(json: &str) -> Result<GameRecord, RecordError> {
        // Only the version, as a number (anything else is malformed): a
        // `serde_json::Value` here would link JSON's whole tree into every reader.
        #[derive(Deserialize)]
        struct Probe {
            version: Option<serde_json::Number>,
        }
        let probe: Probe =
            serde_json::from_str(json).map_err(|err| RecordError::Malformed(err.to_string()))?;
        match probe.version {
            Some(n) if n.as_u64() == Some(u64::from(Self::VERSION)) => {}
            Some(n) => {
                return Err(RecordError::UnsupportedVersion {
                    found: n.as_u64().unwrap_or(0),
                    expected: Self::VERSION,
                });
            }
            None => return Err(RecordError::Malformed("missing version number".to_owned())),
        }
        serde_json::from_str(json).map_err(|err| RecordError::Malformed(err.to_string()))
    }
}

impl Game {
    /// The game in its stored form.
    pub fn to_record(&self) -> GameRecord {
        let end = self.outcome().and_then(RecordEnd::from_outcome);
        GameRecord {
            version: GameRecord::VERSION,
            start_fen: self.start_fen(),
            moves: self.uci_moves().map(str::to_owned).collect(),
            clocks: if self.has_clocks() {
                self.plies().iter().map(|ply| ply.clock_ms).collect()
            } else {
                Vec::new()
            },
            time_control: self.time_control(),
            end,
        }
    }

    /// Restores a stored game by replaying it.
    ///
    /// # Errors
    ///
    /// [`RecordError`] for another version, a bad start FEN, a move that is
    /// unreadable, illegal or played after the game ended, a clock list of the
    /// wrong length, or a stored ending on a game that had already ended.
    pub fn from_record(record: &GameRecord) -> Result<Game, RecordError> {
        if record.version != GameRecord::VERSION {
            return Err(RecordError::UnsupportedVersion {
                found: u64::from(record.version),
                expected: GameRecord::VERSION,
            });
        }
        if !record.clocks.is_empty() && record.clocks.len() != record.moves.len() {
            return Err(RecordError::Clocks {
                moves: record.moves.len(),
                clocks: record.clocks.len(),
            });
        }
        let mut game = Game::from_fen(&record.start_fen).map_err(RecordError::Fen)?;
        game.set_time_control(record.time_control);
        for (index, uci) in record.moves.iter().enumerate() {
            let mv = game.parse_uci(uci).map_err(|err| RecordError::Move {
                index: index + 1,
                uci: uci.clone(),
                reason: err.to_string(),
            })?;
            game.push(mv, record.clocks.get(index).copied().flatten());
        }
        if let Some(end) = record.end {
            let ended: Result<Outcome, PlayError> = match end {
                RecordEnd::Resignation { side } => game.resign(side.into()),
                RecordEnd::Agreement => game.agree_draw(),
                RecordEnd::Flag { side } => game.flag(side.into()),
            };
            ended.map_err(|err| RecordError::Outcome(err.to_string()))?;
        }
        Ok(game)
    }

    /// The game as stored JSON ([`Game::to_record`] then [`GameRecord::encode`]).
    pub fn encode(&self) -> String {
        self.to_record().encode()
    }

    /// Restores a game from stored JSON ([`GameRecord::decode`] then
    /// [`Game::from_record`]).
    ///
    /// # Errors
    ///
    /// Any [`RecordError`]; never panics, whatever the input.
    pub fn decode(json: &str) -> Result<Game, RecordError> {
        Game::from_record(&GameRecord::decode(json)?)
    }
}
