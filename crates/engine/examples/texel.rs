//! Texel tuning of Gambit's evaluation weights.
//!
//! Reads positions labelled with the result of the game they come from (lines
//! `<FEN> | <1.0|0.5|0.0>`, White's side, as `tools/texel-data.py` writes them), keeps
//! the quiet ones (not in check, no winning capture or promotion for the side to move),
//! and changes [`Weights`] one number at a time, keeping a change when it lowers the
//! mean squared error between the game results and `sigmoid(K · eval)` (Texel's
//! method; `K` is fitted first and then held fixed), plus a small penalty
//! [`PRIOR`]` · (change)²` that keeps a weight seen in few positions near its hand-set
//! value. One block of [`BLOCK`] lines in ten (about two whole games) is held out and
//! used only to stop early: the weights returned are those of the pass with the lowest
//! held-out error (positions of one game are too alike to check each other).
//!
//! ```text
//! cargo run --release -p gambit-engine --example texel -- tools/out/texel-*.txt > tuned.rs
//! ```
//!
//! Progress goes to standard error; standard output gets the tuned weights as a Rust
//! `const`, ready to replace `eval::weights::DEFAULT`.

use std::{fs, process::ExitCode, thread};

use gambit_engine::{
    eval::{Evaluator, Weights, weights},
    see,
};
use shakmaty::{CastlingMode, Chess, Color, Position, fen::Fen};

/// A quiet position and its game's result from White's side (1, 0.5 or 0).
struct Sample {
    pos: Chess,
    result: f64,
}

/// Steps tried for each weight, largest first; each runs passes until none helps.
const STEPS: [i32; 4] = [8, 4, 2, 1];
/// At most this many passes over all weights per step.
const MAX_PASSES: usize = 40;
/// Weight of the penalty per squared centipawn of change from the starting weights.
const PRIOR: f64 = 1e-8;
/// Lines per block when holding out every tenth block.
const BLOCK: usize = 200;
/// A step ends when a pass lowers the training error by less than this.
const MIN_GAIN: f64 = 2e-6;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: texel <positions file>...");
        return ExitCode::from(2);
    }
    let (train, test) = match load(&files) {
        Ok(sets) => sets,
        Err(e) => {
            eprintln!("texel: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!(
        "{} quiet positions for tuning, {} held out",
        train.len(),
        test.len()
    );

    let start = weights::DEFAULT;
    let k = fit_k(&train, &start);
    eprintln!("K = {k:.5}");
    let start_train = error(&train, &start, k);
    let start_test = error(&test, &start, k);
    eprintln!("start: train {start_train:.6}, held out {start_test:.6}");

    let tuned = tune(&train, &test, start.clone(), k);
    let end_train = error(&train, &tuned, k);
    let end_test = error(&test, &tuned, k);
    eprintln!("end:   train {end_train:.6}, held out {end_test:.6}");

    let names = start.names();
    for ((name, old), new) in names.iter().zip(start.values()).zip(tuned.values()) {
        if old != new {
            eprintln!("{name}: {old} -> {new}");
        }
    }
    println!("// Texel-tuned by `examples/texel.rs`: K = {k:.5}; mean squared error");
    println!(
        "// train {start_train:.6} -> {end_train:.6}, held out {start_test:.6} -> {end_test:.6}."
    );
    println!("pub const TUNED: Weights = {tuned:?};");
    ExitCode::SUCCESS
}

/// Reads every file; returns (training set, held-out set).
fn load(files: &[String]) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let mut train = Vec::new();
    let mut test = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            let Some((fen, result)) = line.split_once('|') else {
                continue;
            };
            let result: f64 = result
                .trim()
                .parse()
                .map_err(|_| format!("{file}:{}: bad result {result:?}", n + 1))?;
            let pos = fen
                .trim()
                .parse::<Fen>()
                .ok()
                .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
                .ok_or_else(|| format!("{file}:{}: bad FEN {fen:?}", n + 1))?;
            if !is_quiet(&pos) {
                continue;
            }
            let sample = Sample { pos, result };
            if (n / BLOCK).is_multiple_of(10) {
                test.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    Ok((train, test))
}

/// Not in check, and no capture that wins material nor any promotion to play.
fn is_quiet(pos: &Chess) -> bool {
    !pos.is_check()
        && pos
            .legal_moves()
            .iter()
            .all(|&m| m.promotion().is_none() && !(m.is_capture() && see::see_ge(pos, m, 1)))
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval).exp())
}

/// Mean squared error of `weights` on `samples`, on two threads.
fn error(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    let evaluator = Evaluator::new(weights.clone());
    let half = samples.len() / 2;
    let (a, b) = samples.split_at(half);
    let sum = |part: &[Sample]| -> f64 {
        part.iter()
            .map(|s| {
                let v = f64::from(evaluator.evaluate(&s.pos));
                let white = if s.pos.turn() == Color::White { v } else { -v };
                (s.result - sigmoid(k, white)).powi(2)
            })
            .sum()
    };
    let total = thread::scope(|scope| {
        let other = scope.spawn(|| sum(b));
        sum(a) + other.join().unwrap_or(f64::NAN)
    });
    #[allow(clippy::cast_precision_loss)]
    let n = samples.len().max(1) as f64;
    total / n
}

/// The `K` that minimises the error of `weights` (golden-section search).
fn fit_k(samples: &[Sample], weights: &Weights) -> f64 {
    let (mut lo, mut hi) = (0.0005_f64, 0.02_f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, weights, a) < error(samples, weights, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Texel's local search: each weight in turn, one step up or down, kept if it helps.
fn tune(train: &[Sample], test: &[Sample], mut best: Weights, k: f64) -> Weights {
    let origin = best.values();
    let objective = |w: &Weights| {
        let penalty: f64 = w
            .values()
            .iter()
            .zip(&origin)
            .map(|(v, o)| f64::from(v - o).powi(2))
            .sum();
        error(train, w, k) + PRIOR * penalty
    };
    let mut best_error = objective(&best);
    let mut kept = (error(test, &best, k), best.clone(), "start".to_owned());
    let count = best.values().len();
    for step in STEPS {
        for pass in 1..=MAX_PASSES {
            let before = best_error;
            let mut improved = 0;
            for i in 0..count {
                for delta in [step, -step] {
                    let mut values = best.values();
                    values[i] += delta;
                    let mut candidate = best.clone();
                    candidate.set_values(&values);
                    let e = objective(&candidate);
                    if e < best_error {
                        best_error = e;
                        best = candidate;
                        improved += 1;
                        break;
                    }
                }
            }
            let held_out = error(test, &best, k);
            eprintln!(
                "step {step} pass {pass}: {improved} changes, objective {best_error:.6}, train {:.6}, held out {held_out:.6}",
                error(train, &best, k),
            );
            if held_out < kept.0 {
                kept = (held_out, best.clone(), format!("step {step} pass {pass}"));
            }
            if before - best_error < MIN_GAIN {
                break;
            }
        }
    }
    eprintln!("kept the weights after {} (held out {:.6})", kept.2, kept.0);
    kept.1
}
