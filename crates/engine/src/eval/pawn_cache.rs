//! A cache of pawn structures, so the search evaluates each arrangement of pawns once.
//!
//! Positions in a search share their pawns far more often than their pieces, and the
//! pawn-only terms ([`super::pawns::structure`]) depend on nothing else. The key is the
//! two pawn bitboards themselves, so an entry never answers for other pawns: a slot
//! holding another arrangement is simply overwritten.

use shakmaty::Bitboard;

use super::{Side, pawns::Structure, weights::Weights};

/// Number of slots (a power of two): 8192 slots of 40 bytes, 320 KiB.
const SLOTS: usize = 1 << 13;

#[derive(Debug, Clone, Copy)]
struct Slot {
    white: Bitboard,
    black: Bitboard,
    structure: Structure,
}

/// Pawn structures by the pawns of both sides; one per search thread, used with one
/// set of weights (the engine's: [`super::STANDARD`]).
#[derive(Debug, Clone)]
pub struct PawnCache {
    slots: Vec<Option<Slot>>,
}

impl Default for PawnCache {
    fn default() -> Self {
        Self {
            slots: vec![None; SLOTS],
        }
    }
}

impl PawnCache {
    /// The pawn structure of `white` and `black`'s pawns under weights `w`, computed
    /// and kept if this cache does not hold it.
    pub fn structure(&mut self, w: &Weights, white: &Side, black: &Side) -> Structure {
        let index = pawn_slot(white.pawns, black.pawns, SLOTS);
        if let Some(slot) = self.slots[index]
            && slot.white == white.pawns
            && slot.black == black.pawns
        {
            return slot.structure;
        }
        let structure = super::pawns::structure(w, white, black);
        self.slots[index] = Some(Slot {
            white: white.pawns,
            black: black.pawns,
            structure,
        });
        structure
    }

    /// Forgets every structure (the weights changed, or a new game).
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }
}

/// The slot, among `slots` (a power of two), of a table keyed by pawn structure: the
/// two pawn bitboards mixed by multiplication, the top bits of the product taken (they
/// mix all of the input). Shared with the correction history.
#[must_use]
pub fn pawn_slot(white: Bitboard, black: Bitboard, slots: usize) -> usize {
    debug_assert!(slots.is_power_of_two() && slots > 1);
    let mixed = (u64::from(white).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ u64::from(black).wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
    .wrapping_mul(0x1656_67B1_9E37_79F9);
    usize::try_from(mixed >> (64 - slots.trailing_zeros())).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Position, fen::Fen};

    use super::PawnCache;
    use crate::{eval, root::parse_fen};

    /// Evaluates every position `depth` plies from `pos` with and without the cache.
    fn agree(pos: &Chess, depth: u32, cache: &mut PawnCache) -> usize {
        assert_eq!(
            eval::evaluate_cached(pos, cache),
            eval::evaluate(pos),
            "{}",
            Fen::from_position(pos, shakmaty::EnPassantMode::Legal)
        );
        let mut positions = 1;
        if depth > 0 {
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                positions += agree(&child, depth - 1, cache);
            }
        }
        positions
    }

    #[test]
    fn cached_evaluation_is_the_evaluation() {
        let mut cache = PawnCache::default();
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/5pk1/6p1/3P4/1p6/1P3KP1/8/8 b - - 0 40",
        ] {
            let pos = parse_fen(fen).expect("test FEN is legal");
            // Each position twice: once filling the cache, once from it.
            assert!(agree(&pos, 3, &mut cache) > 100);
            agree(&pos, 3, &mut cache);
        }
    }
}
