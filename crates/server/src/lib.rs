//! gambit-server: online play between two browsers, and the built app beside it.
//!
//! One process serves the page (`--dist`) and the online games: HTTP routes create and
//! join a game, one WebSocket per page carries its moves and events
//! (`gambit-online-protocol`). Each live game is owned by one task that takes its
//! commands in order; a change is stored before anyone is told of it. The map of the
//! whole is `docs/architecture.md` ("The game server").
//!
//! - [`config`]: the flags and the waits;
//! - [`round`]: the rules of a game, pure (no input or output), with [`clock`];
//! - [`actor`]: the task that owns a live game; [`registry`]: the live games;
//! - [`store`]: the database seam (SQLite, or PostgreSQL for several nodes);
//! - [`bus`]: Redis pub/sub between several nodes; [`lease`]: which node runs a
//!   game's clock;
//! - [`socket`]: one page's WebSocket; [`http`]: the routes, static files, limits;
//! - [`token`]: game ids and seat tokens;
//! - [`listen`]: accepting connections (their cap, the header deadline);
//! - [`server`]: starting and stopping the whole.

pub mod actor;
pub mod bus;
pub mod clock;
pub mod config;
pub mod http;
pub mod lease;
pub mod listen;
pub mod registry;
pub mod round;
pub mod server;
pub mod socket;
pub mod store;
pub mod token;

pub use config::{Config, Timing};
pub use server::{RunningServer, start};
