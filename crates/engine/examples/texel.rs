//! Texel tuning of Gambit's evaluation: the rule weights and a correction per piece,
//! square and phase, fitted by gradient descent.
//!
//! Reads positions labelled with the result of the game they come from (lines
//! `<FEN> | <1.0|0.5|0.0>`, White's side, as `tools/texel-data.py` writes them) and keeps
//! the quiet ones (not in check, no winning capture or promotion for the side to move).
//! A line may add a reference score (`| <cp>`, White's side: the score Stockfish gave
//! the position in `texel-data.py`'s games); the target is then the blend
//! `λ · result + (1 − λ) · 1 / (1 + 10^(−cp / TEXEL_CP_SCALE))` with λ = `TEXEL_LAMBDA`.
//! One block of [`BLOCK`] lines in ten (about two whole games) is held out.
//!
//! The evaluation is linearised around the starting weights: for every position, the
//! derivative of its score by each weight (a finite difference of
//! [`Evaluator::terms`], blended by the position's phase and endgame scale, so it is
//! exact for every term but king danger) and by each piece-square correction (how many
//! such pieces stand on that square, White's minus Black's). Adam then lowers the mean
//! squared error between the game results and `sigmoid(K · score)` (`K` fitted first and
//! held fixed), plus a prior `λ · (change)²` per number that keeps what few positions
//! see near its starting value. The weights returned are those with the lowest held-out
//! error, rounded, and checked again with the real evaluation.
//!
//! ```text
//! cargo run --release -p gambit-engine --example texel -- tools/out/texel-*.txt > tuned.rs
//! ```
//!
//! Options (environment): `TEXEL_EPOCHS` (default 3000), `TEXEL_PRIOR` (rule weights,
//! per cp², default 1e-8), `TEXEL_PSQ_PRIOR` (square corrections, default 1e-7) and
//! `TEXEL_FIXED` (comma-separated name prefixes of rule weights kept as they are, e.g.
//! `material`), `TEXEL_LAMBDA` (weight of the game result against the reference score,
//! default 1: the result alone) and `TEXEL_CP_SCALE` (default 400).
//! Progress goes to standard error; standard output gets the tuned weights as a Rust
//! `const`.

use std::{fs, process::ExitCode, thread};

use gambit_engine::eval::{self, Evaluator, MAX_PHASE, Weights, phase, relative, weights};
use shakmaty::{CastlingMode, Chess, Color, Position, Role, fen::Fen};

/// A quiet position and its target from White's side: its game's result (1, 0.5 or 0),
/// or the blend with the reference score that [`Label`] describes.
struct Sample {
    pos: Chess,
    result: f64,
}

/// A sample, linearised: its score (White's side) with the starting weights and the
/// score's derivative by every tuned number that moves it.
struct Row {
    result: f64,
    base: f64,
    slopes: Vec<(u32, f32)>,
}

/// Lines per block when holding out every tenth block.
const BLOCK: usize = 200;
/// Adam's step size (centipawns) and decay rates.
const LEARNING_RATE: f64 = 1.0;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
/// The held-out error is measured every this many epochs.
const CHECK_EVERY: usize = 25;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        eprintln!("usage: texel <positions file>...");
        return ExitCode::from(2);
    }
    let epochs: usize = env_or("TEXEL_EPOCHS", 3000);
    let prior: f64 = env_or("TEXEL_PRIOR", 1e-8);
    let psq_prior: f64 = env_or("TEXEL_PSQ_PRIOR", 1e-7);
    let fixed: Vec<String> = env_or("TEXEL_FIXED", String::new())
        .split(',')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect();
    let label = Label {
        lambda: env_or("TEXEL_LAMBDA", 1.0),
        cp_scale: env_or("TEXEL_CP_SCALE", 400.0),
    };
    let (train, test) = match load(&files, label) {
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
    let rule_count = start.values().len();
    let k = fit_k(&train, &start);
    eprintln!("K = {k:.5}");
    let start_train = error(&train, &start, k);
    let start_test = error(&test, &start, k);
    eprintln!("start: train {start_train:.6}, held out {start_test:.6}");

    let train_rows = linearise(&train, &start);
    let test_rows = linearise(&test, &start);
    eprintln!("linearised");
    let names = start.names();
    let lambdas: Vec<f64> = (0..rule_count + PSQ_COUNT)
        .map(|i| match names.get(i) {
            Some(name) if fixed.iter().any(|p| name.starts_with(p.as_str())) => f64::INFINITY,
            Some(_) => prior,
            None => psq_prior,
        })
        .collect();
    let delta = descend(&train_rows, &test_rows, &lambdas, k, epochs);
    let tuned = apply(&start, &delta);

    let end_train = error(&train, &tuned, k);
    let end_test = error(&test, &tuned, k);
    eprintln!("end:   train {end_train:.6}, held out {end_test:.6}");
    for ((name, old), new) in names.iter().zip(start.values()).zip(tuned.values()) {
        if old != new {
            eprintln!("{name}: {old} -> {new}");
        }
    }
    println!("// Texel-tuned by `examples/texel.rs`: K = {k:.5}, prior {prior:e},");
    println!("// square prior {psq_prior:e}, fixed {fixed:?}; mean squared error");
    println!(
        "// train {start_train:.6} -> {end_train:.6}, held out {start_test:.6} -> {end_test:.6}."
    );
    println!("pub const TUNED: Weights = {tuned:?};");
    ExitCode::SUCCESS
}

/// How a line's target is made from its game result and reference score.
#[derive(Debug, Clone, Copy)]
struct Label {
    /// Weight of the game result (1: the result alone).
    lambda: f64,
    /// Centipawns of reference score per factor of ten in the odds.
    cp_scale: f64,
}

/// Reads every file; returns (training set, held-out set).
fn load(files: &[String], label: Label) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let mut train = Vec::new();
    let mut test = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            let mut fields = line.split('|');
            let (Some(fen), Some(result)) = (fields.next(), fields.next()) else {
                continue;
            };
            let number = |text: &str, what: &str| {
                text.trim()
                    .parse::<f64>()
                    .map_err(|_| format!("{file}:{}: bad {what} {text:?}", n + 1))
            };
            let mut result = number(result, "result")?;
            if let Some(cp) = fields.next() {
                // 1 / (1 + 10^(−cp / scale)), the odds scaled by ten per `cp_scale`.
                let k = std::f64::consts::LN_10 / label.cp_scale;
                let expected = sigmoid(k, number(cp, "score")?);
                result = label.lambda * result + (1.0 - label.lambda) * expected;
            }
            let pos = fen
                .trim()
                .parse::<Fen>()
                .ok()
                .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
                .ok_or_else(|| format!("{file}:{}: bad FEN {fen:?}", n + 1))?;
            if !eval::is_quiet(&pos) {
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

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval).exp())
}

/// Runs `f` on both halves of `items` on two threads and joins the two results with
/// `join` (first half first).
fn on_two_threads<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&[T]) -> R + Sync,
    join: impl FnOnce(R, R) -> R,
) -> R {
    let (a, b) = items.split_at(items.len() / 2);
    thread::scope(|scope| {
        let other = scope.spawn(|| f(b));
        let mine = f(a);
        match other.join() {
            Ok(theirs) => join(mine, theirs),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Adds the two halves' sums.
fn add(a: f64, b: f64) -> f64 {
    a + b
}

fn white_score(evaluator: &Evaluator, pos: &Chess) -> f64 {
    let v = f64::from(evaluator.evaluate(pos));
    if pos.turn() == Color::White { v } else { -v }
}

/// Mean squared error of `weights` on `samples`, with the real evaluation.
fn error(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    let evaluator = Evaluator::new(weights.clone());
    let total = on_two_threads(
        samples,
        |part| {
            part.iter()
                .map(|s| (s.result - sigmoid(k, white_score(&evaluator, &s.pos))).powi(2))
                .sum::<f64>()
        },
        add,
    );
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

/// Square corrections: six roles, 64 squares, middlegame and endgame.
const PSQ_COUNT: usize = 6 * 64 * 2;

/// Index of a square correction among the tuned numbers (after the rule weights).
fn psq_index(rule_count: usize, role: Role, square: usize, endgame: bool) -> usize {
    rule_count + ((role as usize - 1) * 64 + square) * 2 + usize::from(endgame)
}

/// Linearises every sample around `start` (see the module documentation).
fn linearise(samples: &[Sample], start: &Weights) -> Vec<Row> {
    let evaluator = Evaluator::new(start.clone());
    let values = start.values();
    let nudged = |i: usize, by: i32| {
        let mut v = values.clone();
        v[i] += by;
        let mut w = start.clone();
        w.set_values(&v);
        Evaluator::new(w)
    };
    let pairs: Vec<(Evaluator, Evaluator)> = (0..values.len())
        .map(|i| (nudged(i, 1), nudged(i, -1)))
        .collect();
    let rule_count = values.len();
    let rows_of = |part: &[Sample]| -> Vec<Row> {
        part.iter()
            .map(|s| {
                let pos = &s.pos;
                let phase = f64::from(phase(pos));
                let eg_scale = f64::from(evaluator.scale(pos, evaluator.terms(pos).1)) / 64.0;
                let mg_part = phase / f64::from(MAX_PHASE);
                let eg_part = (1.0 - mg_part) * eg_scale;
                let mut slopes: Vec<(u32, f32)> = Vec::new();
                let mut push = |i: usize, slope: f64| {
                    if slope != 0.0 {
                        #[allow(clippy::cast_possible_truncation)]
                        slopes.push((i as u32, slope as f32));
                    }
                };
                for (i, (up, down)) in pairs.iter().enumerate() {
                    let d = up.terms(pos) - down.terms(pos);
                    push(
                        i,
                        (f64::from(d.0) * mg_part + f64::from(d.1) * eg_part) / 2.0,
                    );
                }
                let mut counts = [[0i32; 64]; 6];
                let board = pos.board();
                for (square, piece) in board {
                    let sign = if piece.color == Color::White { 1 } else { -1 };
                    counts[piece.role as usize - 1][relative(piece.color, square)] += sign;
                }
                for (role, row) in Role::ALL.into_iter().zip(&counts) {
                    for (square, &count) in row.iter().enumerate() {
                        let n = f64::from(count);
                        if n != 0.0 {
                            push(psq_index(rule_count, role, square, false), n * mg_part);
                            push(psq_index(rule_count, role, square, true), n * eg_part);
                        }
                    }
                }
                Row {
                    result: s.result,
                    base: white_score(&evaluator, pos),
                    slopes,
                }
            })
            .collect()
    };
    on_two_threads(samples, rows_of, |mut rows, more| {
        rows.extend(more);
        rows
    })
}

fn predict(row: &Row, delta: &[f64]) -> f64 {
    row.base
        + row
            .slopes
            .iter()
            .map(|&(i, s)| f64::from(s) * delta[i as usize])
            .sum::<f64>()
}

/// Mean squared error of the linearised model with changes `delta`.
fn linear_error(rows: &[Row], delta: &[f64], k: f64) -> f64 {
    let total = on_two_threads(
        rows,
        |part| {
            part.iter()
                .map(|r| (r.result - sigmoid(k, predict(r, delta))).powi(2))
                .sum::<f64>()
        },
        add,
    );
    #[allow(clippy::cast_precision_loss)]
    let n = rows.len().max(1) as f64;
    total / n
}

/// Adam on the linearised error plus the prior; returns the changes with the lowest
/// held-out error seen.
fn descend(train: &[Row], test: &[Row], lambdas: &[f64], k: f64, epochs: usize) -> Vec<f64> {
    let n = lambdas.len();
    #[allow(clippy::cast_precision_loss)]
    let rows = train.len().max(1) as f64;
    let mut delta = vec![0.0; n];
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let mut best = (linear_error(test, &delta, k), delta.clone(), 0);
    for epoch in 1..=epochs {
        let mut grad = on_two_threads(
            train,
            |part| {
                let mut g = vec![0.0; n];
                for r in part {
                    let s = sigmoid(k, predict(r, &delta));
                    let factor = -2.0 * (r.result - s) * s * (1.0 - s) * k / rows;
                    for &(i, slope) in &r.slopes {
                        g[i as usize] += factor * f64::from(slope);
                    }
                }
                g
            },
            |mut g, other| {
                for (a, b) in g.iter_mut().zip(other) {
                    *a += b;
                }
                g
            },
        );
        // Adam's bias corrections for this epoch.
        #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
        let t = epoch as i32;
        let (m_fix, v_fix) = (1.0 - BETA1.powi(t), 1.0 - BETA2.powi(t));
        for i in 0..n {
            if lambdas[i].is_infinite() {
                continue; // a fixed weight
            }
            grad[i] += 2.0 * lambdas[i] * delta[i];
            m[i] = BETA1 * m[i] + (1.0 - BETA1) * grad[i];
            v[i] = BETA2 * v[i] + (1.0 - BETA2) * grad[i] * grad[i];
            let (m_hat, v_hat) = (m[i] / m_fix, v[i] / v_fix);
            delta[i] -= LEARNING_RATE * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if epoch % CHECK_EVERY == 0 {
            let held_out = linear_error(test, &delta, k);
            if held_out < best.0 {
                best = (held_out, delta.clone(), epoch);
            }
            if epoch % (CHECK_EVERY * 8) == 0 {
                eprintln!(
                    "epoch {epoch}: train {:.6}, held out {held_out:.6}",
                    linear_error(train, &delta, k)
                );
            }
        }
    }
    eprintln!("kept epoch {} (held out {:.6}, linearised)", best.2, best.0);
    best.1
}

/// `start` with the rounded changes `delta` (rule weights, then square corrections).
fn apply(start: &Weights, delta: &[f64]) -> Weights {
    let mut values = start.values();
    let rule_count = values.len();
    #[allow(clippy::cast_possible_truncation)]
    let round = |x: f64| x.round() as i32;
    for (v, d) in values.iter_mut().zip(delta) {
        *v += round(*d);
    }
    let mut tuned = start.clone();
    tuned.set_values(&values);
    for role in Role::ALL {
        for square in 0..64 {
            let cell = &mut tuned.psq_adjust[role as usize - 1][square];
            cell.0 += round(delta[psq_index(rule_count, role, square, false)]);
            cell.1 += round(delta[psq_index(rule_count, role, square, true)]);
        }
    }
    tuned
}
