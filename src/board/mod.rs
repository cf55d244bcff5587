//! The chessboard and its parts, knowing no rules: the squares and pieces, the
//! coordinates, the drawn circles and arrows, the promotion choice, and the geometry
//! from squares to the screen and back. Everything else builds on it; it imports
//! nothing of the app.

mod chessboard;
pub mod coordinates;
pub mod geometry;
pub mod piece;
pub mod promotion_dialog;
pub mod shapes;
pub mod square;

pub(crate) use chessboard::preload_board_overlays;
pub use chessboard::{Board, PremoveHost};
