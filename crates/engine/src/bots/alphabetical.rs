//! `alphabetical`: the first legal move in alphabetical order of its standard algebraic
//! notation as PGN writes it (`Na3` before `a3`: capitals sort before small letters).
//! The seed plays no part, and the rule is not symmetric: both sides head for a1.

use shakmaty::{Chess, Move, Position, san::SanPlus};

/// The legal move of `position` whose SAN (with its `+` or `#`) sorts first; `None`
/// without legal moves. No two legal moves share a SAN, so there is no tie.
#[must_use]
pub fn choose(position: &Chess, _seed: u64) -> Option<Move> {
    position
        .legal_moves()
        .into_iter()
        .map(|m| (SanPlus::from_move(position.clone(), m).to_string(), m))
        .min_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, m)| m)
}
