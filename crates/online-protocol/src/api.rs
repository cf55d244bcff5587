//! The bodies of the HTTP routes that create and join games (JSON).
//!
//! `POST /api/games` takes [`CreateGame`] and answers [`CreateGameReply`];
//! `POST /api/games/{id}/join` takes [`JoinGame`] and answers [`JoinGameReply`], or
//! `409` when both seats are taken. Errors are `{"error": "<reason>"}`.

use serde::{Deserialize, Serialize};

use crate::types::{ColorChoice, Side, TimeControlSpec};

/// Create a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// The time control, or `None` for no clocks.
    pub time_control: Option<TimeControlSpec>,
    /// The creator's colour.
    pub color: ColorChoice,
    /// The creator's display name.
    pub name: Option<String>,
}

/// The created game and the creator's seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreateGameReply {
    /// The game's id; the link to send is `/play/{game_id}`.
    pub game_id: String,
    /// The creator's side.
    pub side: Side,
    /// The creator's seat token: a secret, kept by the browser, sent only in `Hello`.
    pub token: String,
}

/// Take the free seat of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinGame {
    /// The joiner's display name.
    pub name: Option<String>,
}

/// The seat taken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JoinGameReply {
    /// The joiner's side.
    pub side: Side,
    /// The joiner's seat token.
    pub token: String,
}
