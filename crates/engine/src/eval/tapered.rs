//! A pair of middlegame and endgame values, blended by the game phase.

use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A middlegame value and an endgame value (centipawns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct S(pub i32, pub i32);

impl S {
    /// The zero pair.
    pub const ZERO: S = S(0, 0);

    /// Blends the two values: `phase` runs from [`MAX_PHASE`] (all pieces on the board,
    /// pure middlegame) down to 0 (bare kings and pawns, pure endgame).
    #[must_use]
    pub const fn blend(self, phase: i32) -> i32 {
        (self.0 * phase + self.1 * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

/// Phase of the starting position: knights and bishops count 1, rooks 2, queens 4.
pub const MAX_PHASE: i32 = 24;

impl Add for S {
    type Output = S;
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl Sub for S {
    type Output = S;
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl AddAssign for S {
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl SubAssign for S {
    fn sub_assign(&mut self, o: S) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl Neg for S {
    type Output = S;
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

impl Mul<i32> for S {
    type Output = S;
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}
