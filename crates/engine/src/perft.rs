//! Perft: counting the leaf nodes of the legal move tree, to check move generation and
//! the engine's own make-move and key updates against known totals.

use shakmaty::{Chess, Position};

use crate::zobrist;

/// Leaf count at `depth`, playing moves the way the search does (copying the position,
/// updating the engine's key incrementally).
#[must_use]
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    perft_keyed(pos, zobrist::hash(pos), depth)
}

fn perft_keyed(pos: &Chess, key: u64, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    let mut total = 0;
    for &m in &moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let child_key = zobrist::key_after(pos, key, m, &child);
        total += perft_keyed(&child, child_key, depth - 1);
    }
    total
}

/// As [`perft`], and at every node compares the incrementally updated key with the key
/// computed from scratch: `Err` names the first move after which they differ.
///
/// # Errors
///
/// The FEN and move at which the incremental key went wrong.
pub fn perft_checking_keys(pos: &Chess, depth: u32) -> Result<u64, String> {
    checked(pos, zobrist::hash(pos), depth)
}

fn checked(pos: &Chess, key: u64, depth: u32) -> Result<u64, String> {
    if depth == 0 {
        return Ok(1);
    }
    let mut total = 0;
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let child_key = zobrist::key_after(pos, key, m, &child);
        if child_key != zobrist::hash(&child) {
            let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
            return Err(format!("{fen}: the key after {m} is wrong"));
        }
        total += checked(&child, child_key, depth - 1)?;
    }
    Ok(total)
}

/// Perft split by root move (UCI `go perft` prints it).
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn divide(pos: &Chess, depth: u32) -> Vec<(shakmaty::Move, u64)> {
    let key = zobrist::hash(pos);
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let child_key = zobrist::key_after(pos, key, m, &child);
            (m, perft_keyed(&child, child_key, depth.saturating_sub(1)))
        })
        .collect()
}
