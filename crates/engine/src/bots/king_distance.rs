//! `huddle` and `swarm`: move so that the mover's pieces stand, in total, as close as
//! possible to a king — `huddle` its own, `swarm` the enemy's. Distance is counted in
//! king steps (Chebyshev distance) on the board after the move, every piece of the
//! mover (king and pawns too) counted once. Ties are broken by the seed.

use shakmaty::{Chess, Color, Move, Position};

use super::pick;

/// The sum of the distances (in king steps) from each of `color`'s pieces in `position`
/// to the king of `king_color`; 0 if that king is missing.
#[must_use]
pub fn distance_to_king(position: &Chess, color: Color, king_color: Color) -> u32 {
    let board = position.board();
    let Some(king) = board.king_of(king_color) else {
        return 0;
    };
    board
        .by_color(color)
        .into_iter()
        .map(|square| square.distance(king))
        .sum()
}

/// `huddle`: the legal move of `position` that leaves the mover's pieces closest, in
/// total, to the mover's own king, one of the equals chosen under `seed`; `None`
/// without legal moves.
#[must_use]
pub fn huddle(position: &Chess, seed: u64) -> Option<Move> {
    let us = position.turn();
    pick::least_by(position, seed, |m| {
        distance_to_king(&pick::after(position, m), us, us)
    })
}

/// `swarm`: the legal move of `position` that leaves the mover's pieces closest, in
/// total, to the enemy king, one of the equals chosen under `seed`; `None` without
/// legal moves.
#[must_use]
pub fn swarm(position: &Chess, seed: u64) -> Option<Move> {
    let us = position.turn();
    pick::least_by(position, seed, |m| {
        distance_to_king(&pick::after(position, m), us, !us)
    })
}
