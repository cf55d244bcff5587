//! One half-move of a game, with everything the move list and replay show.

use shakmaty::{Move, Role};

/// A half-move played in a [`Game`](crate::Game).
///
/// Ply `k` of the game (1-based, as in the move list) is `game.plies()[k - 1]`;
/// the position after it is `game.position_at(k)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// The move itself.
    pub mv: Move,
    /// Standard algebraic notation with its check suffix: `Nf3`, `exd6`,
    /// `O-O-O+`, `e8=N#`.
    pub san: String,
    /// UCI notation as engines speak it: `g1f3`, `e1g1` for castling, `e7e8n`.
    pub uci: String,
    /// The piece this move captured (a pawn for en passant), if any.
    pub captured: Option<Role>,
    /// The mover's time left after the move, in milliseconds, when the game has
    /// clocks (exported as `[%clk h:mm:ss]`).
    pub clock_ms: Option<u64>,
}
