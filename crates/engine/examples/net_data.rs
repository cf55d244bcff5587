//! Training data for the evaluation network: `tools/texel-data.py`'s labelled positions,
//! the quiet ones, as fixed-size binary records for `tools/net-train.py`.
//!
//! Reads lines `<FEN> | <result, White's side> | <Stockfish's cp, White's side>` and
//! writes, for every quiet position (not in check, no capture that wins material, no
//! promotion), one little-endian record of [`RECORD`] bytes:
//!
//! * 32 × `u16`: the pieces, `colour · 384 + role · 64 + square` (White 0, Black 1;
//!   pawn 0 … king 5; a1 = 0 … h8 = 63), padded with `0xFFFF`;
//! * `i16`: Gambit's static evaluation for the side to move (cp);
//! * `i16`: Stockfish's score for the side to move (cp, clamped to ±4000);
//! * `u8`: the game's result for the side to move, in half points (0, 1, 2);
//! * `u8`: the side to move (0 White, 1 Black);
//! * `i16`: Gambit's whole evaluation for the side to move, network included (cp), so
//!   that `net-train.py --check` can compare the engine's network with its own.
//!
//! ```text
//! cargo run --release -p gambit-engine --example net_data -- d-1.txt d-2.txt > data.bin
//! cargo run --release -p gambit-engine --example net_data -- --quiet < fens > quiet-fens
//! ```
//!
//! With `--quiet` it only copies the quiet FENs of standard input to standard output
//! (to label no more positions than the network is fitted on).

use std::{
    fs,
    io::{self, BufWriter, Write},
    process::ExitCode,
};

use gambit_engine::eval;
use shakmaty::{CastlingMode, Chess, Color, Position, fen::Fen};

/// Bytes per record.
const RECORD: usize = 72;
/// Largest reference score kept, in centipawns (mates become this).
const CLAMP: f64 = 4000.0;

fn main() -> ExitCode {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.first().is_some_and(|f| f == "--quiet") {
        return quiet_fens();
    }
    if files.is_empty() {
        eprintln!("usage: net_data <positions file>... > data.bin");
        return ExitCode::from(2);
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let mut kept = 0usize;
    for file in &files {
        let text = match fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("net_data: {file}: {e}");
                return ExitCode::FAILURE;
            }
        };
        for (n, line) in text.lines().enumerate() {
            match record(line) {
                Ok(Some(bytes)) => {
                    if let Err(e) = out.write_all(&bytes) {
                        eprintln!("net_data: {e}");
                        return ExitCode::FAILURE;
                    }
                    kept += 1;
                }
                Ok(None) => {}
                Err(e) => eprintln!("net_data: {file}:{}: {e}", n + 1),
            }
        }
    }
    if let Err(e) = out.flush() {
        eprintln!("net_data: {e}");
        return ExitCode::FAILURE;
    }
    eprintln!("{kept} quiet positions");
    ExitCode::SUCCESS
}

/// Copies the quiet positions' FENs from standard input to standard output.
fn quiet_fens() -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    for line in io::stdin().lines().map_while(Result::ok) {
        let quiet = line
            .trim()
            .parse::<Fen>()
            .ok()
            .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
            .is_some_and(|pos| eval::is_quiet(&pos));
        if quiet && writeln!(out, "{}", line.trim()).is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The record of one line, or `None` when its position is not quiet.
fn record(line: &str) -> Result<Option<[u8; RECORD]>, String> {
    let mut fields = line.split('|').map(str::trim);
    let (Some(fen), Some(result), Some(cp)) = (fields.next(), fields.next(), fields.next()) else {
        return Err("expected <FEN> | <result> | <cp>".into());
    };
    let pos: Chess = fen
        .parse::<Fen>()
        .ok()
        .and_then(|f| f.into_position(CastlingMode::Standard).ok())
        .ok_or_else(|| format!("bad FEN {fen:?}"))?;
    let result: f64 = result
        .parse()
        .map_err(|_| format!("bad result {result:?}"))?;
    let cp: f64 = cp.parse().map_err(|_| format!("bad score {cp:?}"))?;
    if !eval::is_quiet(&pos) {
        return Ok(None);
    }
    let white = pos.turn() == Color::White;
    let (result, cp) = if white {
        (result, cp)
    } else {
        (1.0 - result, -cp)
    };
    let mut bytes = [0u8; RECORD];
    let mut slots = bytes[..64].chunks_exact_mut(2);
    for (square, piece) in pos.board().clone() {
        let index = eval::net::input(piece.color, piece.role, square);
        if let Some(slot) = slots.next() {
            slot.copy_from_slice(&u16::try_from(index).unwrap_or(u16::MAX).to_le_bytes());
        }
    }
    for slot in slots {
        slot.copy_from_slice(&u16::MAX.to_le_bytes());
    }
    let rules = eval::STANDARD.evaluate_rules(&pos);
    let hce = rules.clamp(i32::from(i16::MIN), i32::from(i16::MAX));
    bytes[64..66].copy_from_slice(&i16::try_from(hce).unwrap_or(0).to_le_bytes());
    // In range after the clamp, so the cast is exact.
    #[allow(clippy::cast_possible_truncation)]
    let cp = cp.clamp(-CLAMP, CLAMP).round() as i16;
    bytes[66..68].copy_from_slice(&cp.to_le_bytes());
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let half_points = (result * 2.0).round().clamp(0.0, 2.0) as u8;
    bytes[68] = half_points;
    bytes[69] = u8::from(!white);
    let whole = (rules + eval::net::evaluate(&pos)).clamp(i32::from(i16::MIN), i32::from(i16::MAX));
    bytes[70..72].copy_from_slice(&i16::try_from(whole).unwrap_or(0).to_le_bytes());
    Ok(Some(bytes))
}
