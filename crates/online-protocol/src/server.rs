//! What the server sends a page over a game's socket.

use serde::{Deserialize, Serialize};

use crate::types::{ClockSnapshot, GameResult, GameSnapshot, Seat, Side};

/// A message from the server to a page, in one JSON text frame tagged by `"t"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `Hello`: the seat granted and where the game stands.
    Welcome {
        /// What this connection may do.
        seat: Seat,
        /// The version of the game's last event.
        version: u64,
        /// The whole game, when the page's `since` was 0 or too old for the events the
        /// server keeps; `None` when the events after `since` follow instead.
        snapshot: Option<GameSnapshot>,
        /// The clocks now (the events that follow carry the clocks of their time).
        clock: Option<ClockSnapshot>,
    },
    /// A change of the game, in order: versions grow by one.
    Event {
        /// This event's version.
        v: u64,
        /// What happened.
        event: GameEvent,
    },
    /// The move with this id is stored and its event sent.
    Ack {
        /// The page's move id.
        id: u32,
    },
    /// A move or an action was not done; the game is unchanged.
    Refused {
        /// The page's move id, when a move was refused.
        id: Option<u32>,
        /// Why, for the page to act on.
        code: RefusalCode,
        /// Why, in words for the player.
        reason: String,
    },
    /// Whether a player has a page connected to the game.
    Presence {
        /// The player's side.
        side: Side,
        /// Whether they are connected.
        present: bool,
        /// While they are away: milliseconds until the opponent may claim the game (0:
        /// now).
        claim_in_ms: Option<u64>,
    },
    /// How many pages watch the game.
    Spectators {
        /// Connections without a seat.
        count: u32,
    },
    /// The answer to `Ping`.
    Pong {
        /// The ping's number.
        n: u64,
    },
    /// The connection cannot go on (bad hello, unknown game, another protocol version);
    /// the server closes it after this.
    Error {
        /// Why, in words.
        reason: String,
    },
}

/// Why a move or an action was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalCode {
    /// A spectator, or a seat acting for the other side.
    NotYourSeat,
    /// The other side is to move.
    NotYourTurn,
    /// Not a legal move in the position.
    IllegalMove,
    /// The move was made in a position the game has left (`ply` is not the game's
    /// length): the page reloads the game.
    PositionMoved,
    /// The game is over.
    GameOver,
    /// The action does not apply now (no offer to accept, abort after both moved, a
    /// claim before the opponent has been gone long enough).
    NotNow,
    /// Too many messages: slow down.
    RateLimited,
    /// The message could not be read.
    BadMessage,
    /// The server could not store the change; nothing was done, try again.
    ServerTrouble,
}

/// A versioned change of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
pub enum GameEvent {
    /// A player took a seat (the creator at version 1, the friend later); with both
    /// seats taken the game is playing.
    Joined {
        /// The seat's side.
        side: Side,
        /// Their display name, if any.
        name: Option<String>,
    },
    /// A move was played.
    Moved {
        /// The move, in UCI notation.
        uci: String,
        /// The move, in SAN (as the server's rules wrote it).
        san: String,
        /// The clocks right after the move.
        clock: Option<ClockSnapshot>,
        /// The mover's time left after the move (PGN's `[%clk]`).
        move_clock: Option<u64>,
        /// Milliseconds the next side has for its first move, while that applies.
        first_move_ms: Option<u64>,
    },
    /// A draw was offered.
    DrawOffered {
        /// By this side.
        by: Side,
    },
    /// The draw offer was declined (or withdrawn by a move).
    DrawDeclined,
    /// A takeback was proposed.
    TakebackProposed {
        /// By this side.
        by: Side,
    },
    /// The takeback proposal was declined.
    TakebackDeclined,
    /// Moves were taken back.
    TakenBack {
        /// How many half-moves.
        plies: u32,
        /// The clocks after it.
        clock: Option<ClockSnapshot>,
    },
    /// The game ended (finished with a result, or called off).
    Ended {
        /// How.
        result: GameResult,
        /// The clocks when it ended.
        clock: Option<ClockSnapshot>,
    },
    /// A rematch was offered.
    RematchOffered {
        /// By this side.
        by: Side,
    },
    /// The rematch offer was declined.
    RematchDeclined,
    /// Both agreed: the rematch is this game (colours swapped; each player's seat token
    /// of this game holds their seat there too).
    RematchCreated {
        /// The new game's id.
        game_id: String,
    },
}
