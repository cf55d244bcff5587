//! Accuracy: per move and per side, with lichess's formulas (lila,
//! `modules/analyse/src/main/AccuracyPercent.scala`).
//!
//! A move's accuracy comes from the mover's Win% (0–100, see
//! [`win_percent`]) before and after it:
//! `103.1668 * exp(-0.04354 * (before - after)) - 3.1669`, plus lichess's
//! "uncertainty bonus" of 1, clamped to 0–100; a move that does not lower the
//! mover's Win% scores 100. A side's accuracy is lichess's: the mean of a
//! volatility-weighted mean and a harmonic mean of its moves' accuracies.
//! Mates count as ±1000 centipawns here ([`Eval::capped_cp`]), as in lichess.

use shakmaty::{ByColor, Color};

use crate::{Eval, win_percent};

// lichess's fitted constants, at full precision.
const SCALE: f64 = 103.166_810_071_164_9;
const DECAY: f64 = 0.043_544_153_867_539_51;
const OFFSET: f64 = -3.166_924_740_191_411;
/// lichess adds 1 "due to imperfect analysis".
const UNCERTAINTY_BONUS: f64 = 1.0;

/// The accuracy (0–100) of a move that took the mover's Win% from
/// `win_before` to `win_after` (both 0–100, from the mover's side).
pub fn move_accuracy(win_before: f64, win_after: f64) -> f64 {
    if win_after >= win_before {
        return 100.0;
    }
    let raw = SCALE * (-DECAY * (win_before - win_after)).exp() + OFFSET;
    (raw + UNCERTAINTY_BONUS).clamp(0.0, 100.0)
}

/// Each side's accuracy (0–100) over a game, from the evaluation of every
/// position: `evals[0]` for the start position, `evals[k]` after ply `k`
/// (all from White's side); `start_turn` is the side that played ply 1.
/// `None` for a side without a move.
///
/// As lichess: each move's accuracy is weighted by the volatility around it
/// — the population standard deviation of the Win% values (White's side) in
/// a window of `moves / 10` positions (at least 2, at most 8), clamped to
/// 0.5–12 — and a side's accuracy is the mean of the weighted mean and the
/// harmonic mean (each accuracy at least 1) of its moves' accuracies.
pub fn game_accuracy(start_turn: Color, evals: &[Eval]) -> ByColor<Option<f64>> {
    let wins: Vec<f64> = evals.iter().map(|e| win_percent(e.capped_cp())).collect();
    let weights = volatility_weights(&wins);
    let mut moves = ByColor::<Vec<(f64, f64)>>::default();
    for (index, (pair, weight)) in wins.windows(2).zip(weights).enumerate() {
        let mover = if index % 2 == 0 {
            start_turn
        } else {
            start_turn.other()
        };
        let (before, after) = match mover {
            Color::White => (pair[0], pair[1]),
            Color::Black => (100.0 - pair[0], 100.0 - pair[1]),
        };
        moves[mover].push((move_accuracy(before, after), weight));
    }
    moves.map(|list| side_accuracy(&list))
}

/// One weight per move (per pair of neighbouring positions), as lichess
/// builds them: the first windows repeat the opening one.
fn volatility_weights(wins: &[f64]) -> Vec<f64> {
    if wins.len() < 2 {
        return Vec::new();
    }
    let size = ((wins.len() - 1) / 10).clamp(2, 8);
    let first = &wins[..size.min(wins.len())];
    let repeats = size.min(wins.len()) - 2;
    let sliding: Vec<&[f64]> = if wins.len() >= size {
        wins.windows(size).collect()
    } else {
        vec![wins]
    };
    std::iter::repeat_n(first, repeats)
        .chain(sliding)
        .map(|window| std_deviation(window).clamp(0.5, 12.0))
        .collect()
}

/// Population standard deviation; 0 for an empty slice.
fn std_deviation(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let count = values.len() as f64;
    let mean = values.iter().sum::<f64>() / count;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / count).sqrt()
}

/// The mean of the weighted mean and the harmonic mean of (accuracy, weight)
/// pairs; `None` when empty.
fn side_accuracy(moves: &[(f64, f64)]) -> Option<f64> {
    if moves.is_empty() {
        return None;
    }
    let total_weight: f64 = moves.iter().map(|(_, w)| w).sum();
    let weighted = moves.iter().map(|(a, w)| a * w).sum::<f64>() / total_weight;
    let harmonic = moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_weight_per_move() {
        for positions in 2..40 {
            let wins: Vec<f64> = (0..positions).map(|i| f64::from(i % 7) * 10.0).collect();
            assert_eq!(volatility_weights(&wins).len(), positions as usize - 1);
        }
        assert!(volatility_weights(&[50.0]).is_empty());
    }

    #[test]
    fn standard_deviation_is_the_population_one() {
        assert!((std_deviation(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]) - 2.0).abs() < 1e-12);
    }
}
