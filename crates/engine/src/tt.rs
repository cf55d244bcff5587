//! The transposition table: what earlier searches learnt about positions, by key.
//!
//! # Layout
//!
//! The table is a power-of-two number of [`Bucket`]s of two entries. Each entry is two
//! `u64`s: the full Zobrist key, XOR the data word (so a hit is a real hit, short of a
//! 64-bit collision; see "Sharing between threads"), and a packed data word:
//!
//! | bits    | field                                                        |
//! |---------|--------------------------------------------------------------|
//! | 0..16   | best move, see [`PackedMove`] (0 = none)                     |
//! | 16..32  | score, `i16`, mate scores stored relative to this node       |
//! | 32..48  | static evaluation, `i16`                                     |
//! | 48..56  | depth in plies, `u8`                                         |
//! | 56..58  | bound: 1 = upper (fail low), 2 = lower (fail high), 3 = exact|
//! | 58..64  | generation (search number modulo 64), for replacement        |
//!
//! Slot 0 of a bucket keeps the deeper (or fresher) entry; slot 1 is always replaced.
//!
//! # Sharing between threads
//!
//! Several search threads may use one table (the UCI `Threads` option), without locks:
//! each word is an atomic read or written on its own, and a slot keeps `key ^ data`
//! rather than the key, so a slot torn by two threads writing at once (the key word of
//! one, the data word of the other) matches no position and is simply a miss.
//!
//! # Mate scores
//!
//! A search score of "mate in n plies" is relative to the root (`MATE - ply_of_mate`).
//! The same position can be reached at different plies, so the table stores mate scores
//! relative to the node itself: [`score_to_tt`] adds the node's ply to a winning mate
//! score (subtracts for a losing one) on the way in, [`score_from_tt`] undoes it on the
//! way out at the ply where the entry is found.

use core::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use crate::{
    packed_move::PackedMove,
    score::{MATE, MATE_BOUND},
};

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored score (the search failed low).
    Upper = 1,
    /// The true score is at least the stored score (the search failed high).
    Lower = 2,
    /// The stored score is exact.
    Exact = 3,
}

/// One probe result, unpacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtEntry {
    /// Best (or refuting) move found, [`PackedMove::NONE`] if none.
    pub mv: PackedMove,
    /// Score, already converted back to the probing node's ply.
    pub score: i32,
    /// Static evaluation of the position.
    pub eval: i32,
    /// Remaining depth of the search that stored it.
    pub depth: i32,
    /// Kind of bound.
    pub bound: Bound,
}

impl TtEntry {
    /// Whether the stored score settles a search of the window (`alpha`, `beta`): an
    /// exact score, a lower bound at or above beta, or an upper bound at or below alpha.
    #[must_use]
    pub fn settles(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// One entry: the key XOR the data word, and the data word (see the module docs).
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The (key, data) pair as stored; a torn pair reads as a different key.
    #[inline]
    fn read(&self) -> (u64, u64) {
        let data = self.data.load(Relaxed);
        (self.check.load(Relaxed) ^ data, data)
    }

    #[inline]
    fn write(&self, key: u64, data: u64) {
        self.check.store(key ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }
}

/// Two slots; 32 bytes.
#[derive(Debug, Default)]
pub struct Bucket {
    slots: [Slot; 2],
}

/// Converts a search score at `ply` into the node-relative score stored in the table.
#[must_use]
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// Converts a node-relative stored score back into a search score at `ply`.
#[must_use]
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    let ply = i32::try_from(ply).unwrap_or(0);
    if score >= MATE_BOUND {
        (score - ply).min(MATE)
    } else if score <= -MATE_BOUND {
        (score + ply).max(-MATE)
    } else {
        score
    }
}

fn pack(mv: PackedMove, score: i32, eval: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let score = score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
    let eval = eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
    let depth = depth.clamp(0, 255) as u8;
    u64::from(mv.0)
        | (u64::from(score as u16) << 16)
        | (u64::from(eval as u16) << 32)
        | (u64::from(depth) << 48)
        | ((bound as u64) << 56)
        | (u64::from(generation & 63) << 58)
}

fn unpack(data: u64, ply: usize) -> Option<TtEntry> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(TtEntry {
        mv: PackedMove(data as u16),
        score: score_from_tt(i32::from((data >> 16) as u16 as i16), ply),
        eval: i32::from((data >> 32) as u16 as i16),
        depth: i32::from((data >> 48) as u8),
        bound,
    })
}

fn generation_of(data: u64) -> u8 {
    ((data >> 58) & 63) as u8
}

fn depth_of(data: u64) -> i32 {
    i32::from((data >> 48) as u8)
}

/// The transposition table; shareable between threads (`&self` everywhere).
#[derive(Debug)]
pub struct Tt {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: AtomicU8,
}

impl Tt {
    /// A table using at most `mb` mebibytes (at least one bucket), rounded down to a
    /// power of two of buckets.
    #[must_use]
    pub fn new(mb: usize) -> Self {
        let bytes = mb.max(1).saturating_mul(1024 * 1024);
        let wanted = (bytes / core::mem::size_of::<Bucket>()).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Self::with_buckets(count)
    }

    /// A table of `count` buckets (a power of two).
    fn with_buckets(count: usize) -> Self {
        debug_assert!(count.is_power_of_two());
        Self {
            buckets: (0..count).map(|_| Bucket::default()).collect(),
            mask: count - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Size in mebibytes.
    #[must_use]
    pub fn size_mb(&self) -> usize {
        self.buckets.len() * core::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for slot in self.buckets.iter().flat_map(|b| b.slots.iter()) {
            slot.write(0, 0);
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let next = (self.generation.load(Relaxed) + 1) & 63;
        self.generation.store(next, Relaxed);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Multiply-shift on the high bits; the low bits pick nothing in particular.
        ((key >> 32).wrapping_mul(0x9E37_79B1) as usize ^ key as usize) & self.mask
    }

    /// Looks `key` up; scores are converted to `ply`.
    #[must_use]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        let bucket = &self.buckets[self.index(key)];
        bucket
            .slots
            .iter()
            .map(Slot::read)
            .find(|&(k, data)| k == key && data != 0)
            .and_then(|(_, data)| unpack(data, ply))
    }

    /// Stores a search result for `key` found at `ply`.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: PackedMove,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation.load(Relaxed);
        let bucket = &self.buckets[self.index(key)];
        let [first, second] = [bucket.slots[0].read(), bucket.slots[1].read()];
        // Same position: refresh in place, keeping an older best move if we have none.
        if let Some((slot, (_, old))) = bucket
            .slots
            .iter()
            .zip([first, second])
            .find(|(_, (k, _))| *k == key)
        {
            let mv = if mv.is_none() {
                PackedMove(old as u16)
            } else {
                mv
            };
            if bound == Bound::Exact
                || depth + 3 >= depth_of(old)
                || generation_of(old) != generation
            {
                slot.write(
                    key,
                    pack(mv, score_to_tt(score, ply), eval, depth, bound, generation),
                );
            }
            return;
        }
        let data = pack(mv, score_to_tt(score, ply), eval, depth, bound, generation);
        let (first_key, first_data) = first;
        if first_data == 0
            || generation_of(first_data) != generation
            || depth >= depth_of(first_data)
        {
            bucket.slots[1].write(first_key, first_data);
            bucket.slots[0].write(key, data);
        } else {
            bucket.slots[1].write(key, data);
        }
    }

    /// Permille of the first 1000 buckets' slots used by this search (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let n = self.buckets.len().min(500);
        let used = self.buckets[..n]
            .iter()
            .flat_map(|b| b.slots.iter())
            .map(Slot::read)
            .filter(|&(_, data)| data != 0 && generation_of(data) == generation)
            .count();
        u32::try_from(used * 1000 / (2 * n).max(1)).unwrap_or(1000)
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{Move, Role, Square};

    use super::*;

    #[test]
    fn an_entry_settles_only_the_windows_its_bound_decides() {
        let entry = |score, bound| TtEntry {
            mv: PackedMove::NONE,
            score,
            eval: 0,
            depth: 5,
            bound,
        };
        assert!(entry(40, Bound::Exact).settles(-100, 100));
        assert!(entry(100, Bound::Lower).settles(0, 100));
        assert!(!entry(99, Bound::Lower).settles(0, 100));
        assert!(entry(0, Bound::Upper).settles(0, 100));
        assert!(!entry(1, Bound::Upper).settles(0, 100));
    }

    #[test]
    fn mate_scores_round_trip_through_different_plies() {
        let tt = Tt::new(1);
        let key = 0xDEAD_BEEF_1234_5678;
        // Mate in 3 plies from a node at ply 5: the root sees MATE - 8.
        let stored_at_ply = 5;
        let score = MATE - 8;
        tt.store(
            key,
            stored_at_ply,
            PackedMove::NONE,
            score,
            17,
            4,
            Bound::Exact,
        );
        let same = tt.probe(key, stored_at_ply).expect("hit");
        assert_eq!(same.score, score);
        // Found again at ply 9 by a transposition: still mate 3 plies from that node.
        let later = tt.probe(key, 9).expect("hit");
        assert_eq!(later.score, MATE - 12);
        assert_eq!(later.eval, 17);
        assert_eq!(later.depth, 4);
        assert_eq!(later.bound, Bound::Exact);
        // Losing side.
        tt.store(key, 2, PackedMove::NONE, -(MATE - 7), 0, 6, Bound::Upper);
        assert_eq!(tt.probe(key, 4).expect("hit").score, -(MATE - 9));
        assert_eq!(tt.probe(key, 2).expect("hit").score, -(MATE - 7));
    }

    #[test]
    fn threads_writing_at_once_never_read_another_positions_entry() {
        // One bucket and eight positions, so both threads keep overwriting the same two
        // slots. Every entry is stored with its key's low bits as its evaluation and
        // depth; a probe that returned the data of another key (a slot torn between two
        // writers passing for a hit, as it does if slots keep the plain key) would show.
        let tt = Tt::with_buckets(1);
        let keys: Vec<u64> = (1..=8u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        let eval_of = |key: u64| i32::from((key & 0x3FF) as i16);
        let depth_of = |key: u64| i32::try_from((key >> 10) & 0x3F).unwrap_or(0);
        let work = |seed: u64| {
            let mut r = seed;
            let mut hits = 0u32;
            for _ in 0..300_000 {
                r = r.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let key = keys[(r >> 60) as usize % keys.len()];
                tt.store(
                    key,
                    0,
                    PackedMove::NONE,
                    1,
                    eval_of(key),
                    depth_of(key),
                    Bound::Lower,
                );
                let probe = keys[(r >> 40) as usize % keys.len()];
                if let Some(e) = tt.probe(probe, 0) {
                    assert_eq!((e.eval, e.depth), (eval_of(probe), depth_of(probe)));
                    hits += 1;
                }
            }
            hits
        };
        let hits = std::thread::scope(|scope| {
            let other = scope.spawn(|| work(0x0123_4567));
            work(0x89AB_CDEF) + other.join().expect("no panic")
        });
        assert!(hits > 0, "the table found nothing it had stored");
    }

    #[test]
    fn ordinary_scores_and_moves_survive_packing() {
        let tt = Tt::new(1);
        let m = Move::Normal {
            role: Role::Pawn,
            from: Square::E7,
            capture: Some(Role::Knight),
            to: Square::D8,
            promotion: Some(Role::Queen),
        };
        tt.store(42, 3, PackedMove::new(m), -1234, -55, 9, Bound::Lower);
        let e = tt.probe(42, 0).expect("hit");
        assert_eq!(e.score, -1234);
        assert_eq!(e.eval, -55);
        assert!(e.mv.matches(m));
        assert_eq!(e.mv.from(), Square::E7);
        assert_eq!(e.mv.to(), Square::D8);
        assert_eq!(e.mv.promotion(), Some(Role::Queen));
        assert!(tt.probe(43, 0).is_none());
    }
}
