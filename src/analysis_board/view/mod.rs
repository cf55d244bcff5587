//! The analysis board's views: its move tree and the engine's lines.

pub mod engine_lines;
pub mod variation_list;
