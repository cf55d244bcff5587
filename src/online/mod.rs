//! Online play against a friend on another device, through the game server: the
//! seats this browser holds (`seats.rs`, in `localStorage`), the HTTP routes that
//! create and join games (`api.rs`), the game's WebSocket (`connection.rs`) and its
//! timing rules (`backoff.rs`), the game as the server has it plus this page's
//! unconfirmed move (`game.rs`, plain logic with tests), the dialog that creates a game
//! (`dialog.rs`), the game's buttons (`controls.rs`) and the list of ongoing games on
//! the home page (`ongoing.rs`). The page itself is `pages/play.rs`; the messages are
//! the `gambit-online-protocol` crate's.

pub mod api;
pub mod backoff;
pub mod connection;
pub mod controls;
pub mod dialog;
pub mod game;
pub mod ongoing;
pub mod seats;
