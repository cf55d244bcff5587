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
