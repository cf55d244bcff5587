//! [`PackedMove`]: a move in 16 bits, as the transposition table keeps it and the move
//! ordering compares it.

use shakmaty::Move;
#[cfg(test)]
use shakmaty::{Role, Square};

/// A move in 16 bits: from square (bits 0..6), to square (6..12; the rook's square for
/// castling, as shakmaty encodes castling), promotion role (12..15; 0 = none). The null
/// value 0 never describes a legal move (from == to == a1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct PackedMove(pub u16);

// Its squares and promotion are read back by tests only: the search compares packed
// moves with `matches`.
impl PackedMove {
    /// No move.
    pub const NONE: PackedMove = PackedMove(0);

    /// Packs a move; drops (which standard chess never has) pack to [`PackedMove::NONE`].
    #[must_use]
    pub fn new(m: Move) -> Self {
        let Some(from) = m.from() else {
            return Self::NONE;
        };
        let promo = m.promotion().map_or(0, |r| r as u16);
        Self(from as u16 | ((m.to() as u16) << 6) | (promo << 12))
    }

    /// The origin square.
    #[cfg(test)]
    #[must_use]
    pub fn from(self) -> Square {
        Square::new(u32::from(self.0 & 63))
    }

    /// The target square.
    #[cfg(test)]
    #[must_use]
    pub fn to(self) -> Square {
        Square::new(u32::from((self.0 >> 6) & 63))
    }

    /// The promotion role, if any.
    #[cfg(test)]
    #[must_use]
    pub fn promotion(self) -> Option<Role> {
        Role::try_from(u32::from((self.0 >> 12) & 7)).ok()
    }

    /// Whether this is [`PackedMove::NONE`].
    #[must_use]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Whether `m` packs to this value.
    #[must_use]
    pub fn matches(self, m: Move) -> bool {
        !self.is_none() && PackedMove::new(m) == self
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{Move, Role, Square};

    use super::PackedMove;

    #[test]
    fn a_move_packs_to_its_squares_and_promotion_and_matches_only_itself() {
        let promotion = Move::Normal {
            role: Role::Pawn,
            from: Square::B7,
            capture: None,
            to: Square::B8,
            promotion: Some(Role::Knight),
        };
        let packed = PackedMove::new(promotion);
        assert_eq!(
            (packed.from(), packed.to(), packed.promotion()),
            (Square::B7, Square::B8, Some(Role::Knight))
        );
        assert!(packed.matches(promotion));
        let castle = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert_eq!(PackedMove::new(castle).to(), Square::H1);
        assert!(!packed.matches(castle));
        assert!(!PackedMove::NONE.matches(promotion));
        assert!(PackedMove::NONE.is_none() && !packed.is_none());
    }
}
