//! The building blocks of the pages.

pub mod analysis_tools;
pub mod best_move_line;
pub mod board;
pub mod board_area;
pub mod board_shapes;
pub mod captured;
pub mod clock;
pub mod computer_dialog;
pub mod engine_lines;
pub mod engine_status;
pub mod eval_graph;
pub mod game_controls;
pub mod geometry;
pub mod history_nav;
pub mod icons;
pub mod keyboard;
pub mod move_list;
pub mod nav;
pub mod notice;
pub mod pgn_fen;
pub mod piece;
pub mod promotion_dialog;
pub mod review_panel;
pub mod square;
pub mod status;
pub mod variation_list;
