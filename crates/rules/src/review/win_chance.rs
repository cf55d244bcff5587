//! Winning chances from an evaluation: lichess's logistic curve.
//!
//! lichess (lila, `modules/analyse/src/main/WinPercent.scala`,
//! `winningChances`) maps centipawns, clamped to ±1000, to winning chances
//! in [-1, 1] with `2 / (1 + exp(-0.00368208 * cp)) - 1`; the multiplier was
//! fitted to real games (lichess-org/lila pull request 11148). "Win%" is the
//! same on a 0–100 scale: `50 + 50 * winningChances`.

use shakmaty::Color;

use crate::Eval;

/// The slope of lichess's curve, per centipawn.
pub const WINNING_CHANCES_MULTIPLIER: f64 = 0.003_682_08;

/// Centipawn values are clamped to ±`CP_CEILING` before any formula, as
/// lichess does ("ceiled" evaluations).
pub const CP_CEILING: i32 = 1000;

/// Winning chances in [-1, 1] for a centipawn value (clamped to
/// ±[`CP_CEILING`]), from the side the value is counted for.
///
/// `winning_chances(0)` is 0, `winning_chances(100)` about 0.183,
/// `winning_chances(1000)` about 0.951 — and so is any larger value.
pub fn winning_chances(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-CP_CEILING, CP_CEILING));
    2.0 / (1.0 + (-WINNING_CHANCES_MULTIPLIER * cp).exp()) - 1.0
}

/// Win% on lichess's 0–100 scale for a centipawn value (clamped):
/// `50 + 50 * winning_chances(cp)`.
pub fn win_percent(cp: i32) -> f64 {
    50.0 + 50.0 * winning_chances(cp)
}

impl Eval {
    /// Winning chances in [-1, 1] from White's side, for the evaluation
    /// graph: centipawns through [`winning_chances`], and a forced mate
    /// pinned at the edge, +1 when White mates and -1 when Black mates.
    ///
    /// (lichess's accuracy counts a mate as ±1000 centipawns instead, about
    /// ±0.95; [`Eval::capped_cp`] gives that value.)
    pub fn winning_chances(self) -> f64 {
        match self {
            Eval::Cp(cp) => winning_chances(cp),
            Eval::Mate {
                winner: Color::White,
                ..
            } => 1.0,
            Eval::Mate {
                winner: Color::Black,
                ..
            } => -1.0,
        }
    }

    /// [`winning_chances`](Eval::winning_chances) from `color`'s side.
    pub fn winning_chances_for(self, color: Color) -> f64 {
        match color {
            Color::White => self.winning_chances(),
            Color::Black => -self.winning_chances(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curve_is_symmetric_and_clamped() {
        assert!(winning_chances(0).abs() < 1e-12);
        assert!((winning_chances(250) + winning_chances(-250)).abs() < 1e-12);
        assert_eq!(winning_chances(5000), winning_chances(CP_CEILING));
        assert_eq!(winning_chances(-5000), winning_chances(-CP_CEILING));
    }
}
