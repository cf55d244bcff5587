//! The game's views, shared by the game pages: the board with its player bars
//! ([`board_area`]), clocks, captured pieces, the move list, history browsing and its
//! keys, the status line, the game controls, the notice, and PGN/FEN in and out.

pub mod board_area;
pub mod captured;
pub mod clock;
pub mod controls;
pub mod history_nav;
pub mod keyboard;
pub mod move_list;
pub mod notice;
pub mod pgn_fen;
pub mod status;
