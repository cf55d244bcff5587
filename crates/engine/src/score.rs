//! Scores inside the search: the mate scores and their bounds, and their conversion
//! into the protocol's [`Score`]. A leaf: the search, the transposition table and the
//! move ordering all read it, and it reads none of them.

use crate::protocol::Score;

/// The score of delivering mate right now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Scores at or beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// Larger than any score.
pub const INF: i32 = MATE + 1;

/// An internal score for the protocol's [`Score`] (the inverse of [`to_score`] on the
/// scores it makes: mate in `n` moves is the nearest mate of `n` moves), to compare two
/// (the helper threads', which the wasm build has none of).
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn from_score(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(moves) if moves > 0 => MATE - (2 * moves - 1),
        Score::Mate(moves) => -MATE + 2 * moves.saturating_neg(),
    }
}

/// Converts an internal score into the protocol's [`Score`].
#[must_use]
pub fn to_score(v: i32) -> Score {
    if v >= MATE_BOUND {
        Score::Mate((MATE - v + 1) / 2)
    } else if v <= -MATE_BOUND {
        Score::Mate(-((MATE + v) / 2))
    } else {
        Score::Cp(v)
    }
}
