//! gambit-server: online play between two browsers, and the built app beside it.
//!
//! One process serves the page (`dist/`) and the online games: HTTP routes create and
//! join a game, one WebSocket per page carries its moves and events
//! (`gambit-online-protocol`). Each live game is owned by one task that takes its
//! commands in order; a change is stored before anyone is told of it. The map of the
//! whole is `docs/architecture.md` ("The game server").

pub mod clock;
