//! `pacifist`: avoids giving mate, then giving check, then capturing; when it must
//! capture it takes the least material it can. Ties are broken by the seed.

use shakmaty::{Chess, Move, Position};

use super::pick;

/// The legal move of `position` that, in this order, does not mate, does not check and
/// captures the least material (nothing, best), one of the equals chosen under `seed`;
/// `None` without legal moves. Stalemating is no offence.
#[must_use]
pub fn choose(position: &Chess, seed: u64) -> Option<Move> {
    pick::least_by(position, seed, |m| {
        let next = pick::after(position, m);
        let captured = m.capture().map_or(0, pick::value);
        (next.is_checkmate(), next.is_check(), captured)
    })
}
