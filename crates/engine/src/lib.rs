//! gambit-engine: the chess engine behind "play the computer".
//!
//! The engine has no web dependencies; the app's Web Worker and the native UCI binary
//! both drive it through this crate's API.

pub mod protocol;
