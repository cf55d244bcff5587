//! What the bots share: the move a rule scores best with ties broken by the seed, the
//! position after a move, and the material values tom7 counted.

use shakmaty::{Chess, Move, Position, Role};

use crate::{rng::Rng, zobrist};

/// A piece's worth in tom7's rules: pawn 1, knight and bishop 3, rook 5, queen 9 and
/// king 0 (a king is never captured).
pub(super) fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The position after the legal move `m`.
pub(super) fn after(position: &Chess, m: Move) -> Chess {
    let mut next = position.clone();
    next.play_unchecked(m);
    next
}

/// The random numbers that break `position`'s ties under `seed`: the seed mixed with the
/// position's key and move counters, so one seed kept for a game still draws afresh at
/// every move (a position repeated later in the game has other counters).
pub(super) fn tie_breaker(position: &Chess, seed: u64) -> Rng {
    let counters = u64::from(position.fullmoves().get()) << 32 | u64::from(position.halfmoves());
    Rng::new(mix(mix(seed) ^ zobrist::hash(position) ^ mix(counters)))
}

/// A 64-bit finaliser (splitmix64's): nearby inputs give unrelated outputs.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The legal move of `position` with the smallest `penalty`, one of the equally small
/// ones chosen uniformly under `seed`; `None` without legal moves.
pub(super) fn least_by<K: Ord>(
    position: &Chess,
    seed: u64,
    mut penalty: impl FnMut(Move) -> K,
) -> Option<Move> {
    let mut best: Option<K> = None;
    let mut tied: Vec<Move> = Vec::new();
    for m in position.legal_moves() {
        let key = penalty(m);
        match best.as_ref().map(|b| key.cmp(b)) {
            Some(core::cmp::Ordering::Greater) => {}
            Some(core::cmp::Ordering::Equal) => tied.push(m),
            Some(core::cmp::Ordering::Less) | None => {
                best = Some(key);
                tied.clear();
                tied.push(m);
            }
        }
    }
    one_of(&tied, position, seed)
}

/// One of `moves`, chosen uniformly under `seed` and `position`; `None` if there is none.
pub(super) fn one_of(moves: &[Move], position: &Chess, seed: u64) -> Option<Move> {
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let len = u64::try_from(moves.len()).unwrap_or(u64::MAX);
    let i = usize::try_from(tie_breaker(position, seed).below(len)).unwrap_or(0);
    moves.get(i).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_are_broken_by_the_seed_and_only_ties() {
        let start = Chess::default();
        // Every opening move ties: each seed picks one, the same one every time.
        let picks: std::collections::HashSet<Move> = (0..64)
            .filter_map(|seed| least_by(&start, seed, |_| 0))
            .collect();
        assert!(picks.len() > 10, "{} different moves", picks.len());
        assert_eq!(least_by(&start, 5, |_| 0), least_by(&start, 5, |_| 0));
        // A strict minimum wins whatever the seed.
        for seed in 0..16 {
            let m = least_by(&start, seed, |m| m.to() != shakmaty::Square::H3);
            assert_eq!(m.map(|m| m.to()), Some(shakmaty::Square::H3));
        }
    }

    #[test]
    fn the_same_seed_draws_differently_after_a_move() {
        let start = Chess::default();
        let next = after(&start, least_by(&start, 1, |_| 0).expect("a move"));
        let a = tie_breaker(&start, 1).next_u64();
        let b = tie_breaker(&next, 1).next_u64();
        assert_ne!(a, b);
    }
}
