//! The analysis board's views: its move tree, the engine's lines and its PGN and FEN
//! panel.

pub mod engine_lines;
pub mod pgn_panel;
pub mod variation_list;
