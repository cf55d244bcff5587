//! The app's `game` modules that the saved game needs (src/game/), compiled here as they
//! are: plain Rust, no browser API.

#![allow(dead_code, missing_docs)]

#[path = "../../src/game/clock.rs"]
pub mod clock;
#[path = "../../src/game/color_serde.rs"]
pub mod color_serde;
#[path = "../../src/game/computer_opponent.rs"]
pub mod computer_opponent;
#[path = "../../src/game/saved.rs"]
pub mod saved;
#[path = "../../src/game/stored_time.rs"]
pub mod stored_time;
