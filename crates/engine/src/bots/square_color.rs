//! `same_color` and `opposite_color`: move so that as many of the mover's pieces as
//! possible stand on squares of its own colour (white on light squares, black on dark
//! ones) — or, for `opposite_color`, of the other colour. Counted on the board after the
//! move; ties are broken by the seed.

use shakmaty::{Chess, Color, Move, Position};

use super::pick;

/// How many of `color`'s pieces in `position` stand on light squares (`light`) or on
/// dark ones.
#[must_use]
pub fn pieces_on(position: &Chess, color: Color, light: bool) -> u32 {
    position
        .board()
        .by_color(color)
        .into_iter()
        .filter(|square| square.is_light() == light)
        .count()
        .try_into()
        .unwrap_or(u32::MAX)
}

/// `same_color`: the legal move of `position` after which the most of the mover's
/// pieces stand on its own colour, one of the equals chosen under `seed`; `None`
/// without legal moves.
#[must_use]
pub fn same_color(position: &Chess, seed: u64) -> Option<Move> {
    most_on(position, seed, position.turn().is_white())
}

/// `opposite_color`: the legal move of `position` after which the most of the mover's
/// pieces stand on the other colour, one of the equals chosen under `seed`; `None`
/// without legal moves.
#[must_use]
pub fn opposite_color(position: &Chess, seed: u64) -> Option<Move> {
    most_on(position, seed, position.turn().is_black())
}

fn most_on(position: &Chess, seed: u64, light: bool) -> Option<Move> {
    let us = position.turn();
    pick::least_by(position, seed, |m| {
        core::cmp::Reverse(pieces_on(&pick::after(position, m), us, light))
    })
}
