//! The engine's own Zobrist keys, updated incrementally move by move.
//!
//! shakmaty can hash positions, but its incremental wrapper recomputes the key on king
//! moves, castling, double pushes and en passant, which halves the speed of move making.
//! Here the key of a child is derived from the parent's key and the move in a handful of
//! XORs. The en-passant file is hashed only when a pawn of the side to move stands next
//! to the double-pushed pawn (a pseudo-legal capture), so positions that differ only by
//! an unusable en-passant square get the same key, as the repetition rule wants.
//!
//! The random numbers come from a SplitMix64 sequence with a fixed seed, computed at
//! compile time: keys are the same in every build and on every target.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square, attacks};

use crate::move_delta;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// 2 colours × 6 roles × 64 squares, then 64 castling-rook squares, then 8 en-passant
/// files, then the side to move.
const N_KEYS: usize = 2 * 6 * 64 + 64 + 8 + 1;
const CASTLE_BASE: usize = 2 * 6 * 64;
const EP_BASE: usize = CASTLE_BASE + 64;
const SIDE_INDEX: usize = EP_BASE + 8;

static KEYS: [u64; N_KEYS] = {
    let mut keys = [0u64; N_KEYS];
    let mut state = 0x6761_6D62_6974_2121; // "gambit!!"
    let mut i = 0;
    while i < N_KEYS {
        let (s, k) = splitmix(state);
        state = s;
        keys[i] = k;
        i += 1;
    }
    keys
};

#[inline]
fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    let c = usize::from(color.is_black());
    let r = role as usize - 1;
    KEYS[(c * 6 + r) * 64 + sq.to_usize()]
}

#[inline]
fn castle_key(rook_square: Square) -> u64 {
    KEYS[CASTLE_BASE + rook_square.to_usize()]
}

#[inline]
const fn side_key() -> u64 {
    KEYS[SIDE_INDEX]
}

/// The en-passant part of the key of `pos`: the file of the en-passant square when a pawn
/// of the side to move could capture there, else 0.
#[inline]
fn ep_key(pos: &Chess) -> u64 {
    match pos.maybe_ep_square() {
        Some(ep) if (attacks::pawn_attacks(!pos.turn(), ep) & pos.our(Role::Pawn)).any() => {
            KEYS[EP_BASE + ep.file().to_usize()]
        }
        _ => 0,
    }
}

fn castling_key(rights: Bitboard) -> u64 {
    rights.into_iter().fold(0, |k, sq| k ^ castle_key(sq))
}

/// The key of `pos`, computed from scratch.
#[must_use]
pub fn hash(pos: &Chess) -> u64 {
    let mut key = 0;
    for (sq, piece) in pos.board() {
        key ^= piece_key(piece.color, piece.role, sq);
    }
    key ^= castling_key(pos.castles().castling_rights());
    key ^= ep_key(pos);
    if pos.turn().is_black() {
        key ^= side_key();
    }
    key
}

/// The key of `after`, the position reached by playing `m` in `before` whose key is `key`.
#[must_use]
pub fn key_after(before: &Chess, key: u64, m: Move, after: &Chess) -> u64 {
    if let Move::Put { .. } = m {
        return hash(after);
    }
    let mut k = key ^ side_key() ^ ep_key(before) ^ ep_key(after);
    move_delta::for_each_change(before.turn(), m, |_, color, role, sq| {
        k ^= piece_key(color, role, sq);
    });
    let changed = before.castles().castling_rights() ^ after.castles().castling_rights();
    k ^ castling_key(changed)
}

/// The key after passing the turn (a null move) in `before`, reaching `after`.
#[must_use]
pub fn key_after_null(before: &Chess, key: u64, after: &Chess) -> u64 {
    key ^ side_key() ^ ep_key(before) ^ ep_key(after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn incremental_key_matches_full_hash_along_random_games() {
        let mut seed = 12345u64;
        for _game in 0..200 {
            let mut pos = Chess::default();
            let mut key = hash(&pos);
            for _ply in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let (s, r) = splitmix(seed);
                seed = s;
                let m = moves[(r % moves.len() as u64) as usize];
                let mut next = pos.clone();
                next.play_unchecked(m);
                key = key_after(&pos, key, m, &next);
                assert_eq!(key, hash(&next), "after {m:?}");
                pos = next;
            }
        }
    }
}
