//! `generous`: offers material, playing the move after which the opponent's captures
//! add up to the most material; a piece that can be taken in three ways counts three
//! times (tom7's rule: more generous to a random opponent). Ties are broken by the seed.

use shakmaty::{Chess, Move, Position};

use super::pick;

/// The material the side to move in `position` can capture, summed over its legal
/// moves (one count per capturing move; en passant takes a pawn).
#[must_use]
pub fn material_on_offer(position: &Chess) -> u32 {
    position
        .legal_moves()
        .iter()
        .filter_map(|m| m.capture())
        .map(pick::value)
        .sum()
}

/// The legal move of `position` after which the opponent has the most
/// [`material_on_offer`], one of the equals chosen under `seed`; `None` without legal
/// moves.
#[must_use]
pub fn choose(position: &Chess, seed: u64) -> Option<Move> {
    pick::least_by(position, seed, |m| {
        core::cmp::Reverse(material_on_offer(&pick::after(position, m)))
    })
}
