//! The game's views, shared by the game pages: the board with its player bars
//! ([`board_area`]), clocks, captured pieces, the move list, history browsing and its
//! keys, the status line, the game controls and the notice. PGN and FEN in and out are
//! the top-level `pgn_fen`, above the review, whose analysis a game's PGN carries.

pub mod board_area;
pub mod captured;
pub mod clock;
pub mod controls;
pub mod history_nav;
pub mod keyboard;
pub mod move_list;
pub mod notice;
pub mod status;
