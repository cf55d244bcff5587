//! gambit-online-protocol: the messages between Gambit's page and its game server.
//!
//! Both sides depend on this crate and on nothing else of each other. Messages travel
//! as JSON text frames over one WebSocket per page and game
//! (`GET /api/games/{id}/socket`), tagged by a `"t"` field; the HTTP routes that create
//! and join a game exchange the `api` types. The whole contract, with the order of
//! messages, is in `docs/architecture.md` ("The online protocol").
//!
//! - The page opens with [`ClientMessage::Hello`] (its seat token, if it has one, and
//!   the last event version it has seen). The server answers [`ServerMessage::Welcome`]
//!   (the seat it granted and, when the page is too far behind, the full
//!   [`GameSnapshot`]), then every [`ServerMessage::Event`] after that version, in order.
//! - Every change of a game is a numbered [`GameEvent`]: versions start at 1 and grow by
//!   one, so a page that has version `n` needs exactly the events `n + 1 …`.
//! - A move carries the page's own `id`; the server answers [`ServerMessage::Ack`] once
//!   the move is stored (and its event sent), or [`ServerMessage::Refused`] with the
//!   reason. A resent move with an id the server has already applied is acknowledged
//!   again and not played twice.
//! - [`ClientMessage::Ping`] / [`ServerMessage::Pong`] let the page see a dead
//!   connection; the server measures lag itself with WebSocket ping frames.
//!
//! [`parse_client`] is the one way the server reads a frame: size-capped, and every
//! string bounded.

mod api;
mod client;
mod parse;
mod server;
mod types;

pub use api::{CreateGame, CreateGameReply, JoinGame, JoinGameReply};
pub use client::ClientMessage;
pub use parse::{MAX_FRAME_BYTES, MAX_NAME_CHARS, ParseError, clean_name, parse_client};
pub use server::{GameEvent, RefusalCode, ServerMessage};
pub use types::{
    ClockSnapshot, ColorChoice, EndReason, GameResult, GameSnapshot, GameStatus, Player, Seat,
    Side, TimeControlSpec,
};

/// The version of these messages: this package's version. The page sends it in
/// [`ClientMessage::Hello`].
pub const PROTOCOL_VERSION: &str = env!("CARGO_PKG_VERSION");
