//! `min_oppt_moves`: leaves the opponent the fewest legal replies (tom7's most
//! effective simple player). Like his, it does not tell checkmate (no reply) from
//! stalemate (no reply either). Ties are broken by the seed.

use shakmaty::{Chess, Move, Position};

use super::pick;

/// The legal move of `position` after which the opponent has the fewest legal moves,
/// one of the equals chosen under `seed`; `None` without legal moves.
#[must_use]
pub fn choose(position: &Chess, seed: u64) -> Option<Move> {
    pick::least_by(position, seed, |m| {
        pick::after(position, m).legal_moves().len()
    })
}
