//! `random_move`: a legal move chosen uniformly at random (tom7's canonical baseline).

use shakmaty::{Chess, Move, Position};

use super::pick;

/// A uniformly random legal move of `position` under `seed`; `None` without legal moves.
#[must_use]
pub fn choose(position: &Chess, seed: u64) -> Option<Move> {
    pick::one_of(&position.legal_moves(), position, seed)
}
