//! The app's `analysis_board` modules that the stored analysis board needs
//! (src/analysis_board/), compiled here as they are: plain Rust, no browser API.

#![allow(dead_code, missing_docs)]

#[path = "../../src/analysis_board/pgn.rs"]
pub mod pgn;
#[path = "../../src/analysis_board/saved.rs"]
pub mod saved;
