//! The vocabulary the messages share: sides, seats, clocks, results and the full state
//! of a game.

use serde::{Deserialize, Serialize};

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// `"white"` or `"black"`, as in the messages.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// What a connection may do in a game: play one side, or watch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// Plays White.
    White,
    /// Plays Black.
    Black,
    /// Watches, read-only.
    Spectator,
}

impl Seat {
    /// The side this seat plays, if it plays.
    pub const fn side(self) -> Option<Side> {
        match self {
            Seat::White => Some(Side::White),
            Seat::Black => Some(Side::Black),
            Seat::Spectator => None,
        }
    }

    /// The seat that plays `side`.
    pub const fn of(side: Side) -> Seat {
        match side {
            Side::White => Seat::White,
            Side::Black => Seat::Black,
        }
    }
}

/// The colour the creator of a game asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorChoice {
    /// The creator plays White.
    White,
    /// The creator plays Black.
    Black,
    /// The server tosses a coin.
    Random,
}

/// A time control: each side's starting time and the increment per move, in seconds
/// (as the game pages offer them: 1+0 … 30+0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControlSpec {
    /// Starting time per side, in seconds (1 … 10 800).
    pub initial_s: u32,
    /// Increment per move, in seconds (0 … 180).
    pub increment_s: u32,
}

impl TimeControlSpec {
    /// Whether the server accepts this time control: 1 s to 3 h, increment ≤ 180 s.
    pub const fn is_valid(self) -> bool {
        self.initial_s >= 1 && self.initial_s <= 10_800 && self.increment_s <= 180
    }

    /// Starting time in milliseconds.
    pub const fn initial_ms(self) -> u64 {
        self.initial_s as u64 * 1000
    }

    /// Increment in milliseconds.
    pub const fn increment_ms(self) -> u64 {
        self.increment_s as u64 * 1000
    }

    /// The PGN `TimeControl` tag value, e.g. `"300+3"`.
    pub fn pgn_tag(self) -> String {
        format!("{}+{}", self.initial_s, self.increment_s)
    }
}

/// Both clocks as the server had them when it sent this, in milliseconds. The page
/// counts the running side down from the moment it received the snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSnapshot {
    /// White's time left.
    pub white_ms: u64,
    /// Black's time left.
    pub black_ms: u64,
    /// The side whose clock runs (`None` before both sides have moved and after the
    /// game).
    pub running: Option<Side>,
}

impl ClockSnapshot {
    /// The time left for `side`.
    pub const fn of(&self, side: Side) -> u64 {
        match side {
            Side::White => self.white_ms,
            Side::Black => self.black_ms,
        }
    }
}

/// One side's player, as everyone in the game sees them.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Player {
    /// Whether someone holds this seat.
    pub joined: bool,
    /// The display name the player chose (plain text, ≤ 20 characters), if any.
    pub name: Option<String>,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Created; the second seat is free.
    Waiting,
    /// Both seats are taken and the game is on.
    Playing,
    /// Over, with a result.
    Finished,
    /// Called off before it really started: no result.
    Aborted,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Checkmate.
    Checkmate,
    /// Stalemate: a draw.
    Stalemate,
    /// Neither side can mate: a draw.
    InsufficientMaterial,
    /// The same position a third time: a draw.
    ThreefoldRepetition,
    /// Fifty moves without capture or pawn move: a draw.
    FiftyMoveRule,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// A flag fell.
    Timeout,
    /// A flag fell, but the other side cannot mate: a draw.
    TimeoutVsInsufficientMaterial,
    /// A player left and the opponent claimed the win, or a draw.
    Abandonment,
    /// A player called the game off before both had moved.
    Aborted,
    /// A side did not make its first move in time: called off.
    NoStart,
}

/// How a game ended: the winner (`None` for a draw or a game called off) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The side that won, if any.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: EndReason,
}

/// The whole of a game as the server has it, sent when a page is too far behind for
/// the events alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSnapshot {
    /// The game's id (8 characters of `[a-zA-Z0-9]`).
    pub id: String,
    /// The version of the last event this state includes.
    pub version: u64,
    /// Where the game stands.
    pub status: GameStatus,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// The time control, or `None` for a game without clocks.
    pub time_control: Option<TimeControlSpec>,
    /// The moves so far, in UCI notation, from the standard start.
    pub moves: Vec<String>,
    /// The mover's time left after each move, in milliseconds (for PGN's `[%clk]`),
    /// one per move when the game has clocks.
    pub move_clocks: Vec<u64>,
    /// The clocks now, when the game has a time control.
    pub clock: Option<ClockSnapshot>,
    /// The result, once the game is finished or aborted.
    pub result: Option<GameResult>,
    /// The side that offered a draw, while the offer stands.
    pub draw_offer: Option<Side>,
    /// The side that proposed a takeback, while the proposal stands.
    pub takeback_offer: Option<Side>,
    /// The side that offered a rematch, while the offer stands.
    pub rematch_offer: Option<Side>,
    /// The rematch's game id, once both agreed.
    pub rematch: Option<String>,
    /// Milliseconds left for the side to move to make its first move before the game
    /// is called off (only before each side has moved once).
    pub first_move_ms: Option<u64>,
}
