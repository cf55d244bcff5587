//! Pawn structure: doubled, isolated, supported and passed pawns.

use shakmaty::{Chess, Position, Square};

use super::{Side, masks, tapered::S};

const DOUBLED: S = S(-8, -18);
const ISOLATED: S = S(-11, -14);
const SUPPORTED: S = S(8, 6);
const PHALANX: S = S(5, 4);

/// Passed pawn bonus by relative rank (index 1 = second rank).
const PASSED: [S; 8] = [
    S(0, 0),
    S(2, 8),
    S(5, 14),
    S(10, 26),
    S(22, 48),
    S(40, 80),
    S(65, 125),
    S(0, 0),
];

fn rank_of(us: &Side, sq: Square) -> usize {
    let r = sq.rank().to_usize();
    if us.color.is_white() { r } else { 7 - r }
}

/// Pawn structure of `us` facing `them`, from `us`'s side.
#[must_use]
pub fn evaluate(pos: &Chess, us: &Side, them: &Side) -> S {
    let occupied = pos.board().occupied();
    let mut s = S::ZERO;
    for sq in us.pawns {
        let file = sq.file().to_usize();
        let ahead = masks::forward(us.color, sq);
        let doubled = (us.pawns & ahead).any();
        if doubled {
            s += DOUBLED;
        }
        if (us.pawns & masks::adjacent_files(file)).is_empty() {
            s += ISOLATED;
        }
        if us.pawn_attacks.contains(sq) {
            s += SUPPORTED;
        }
        let beside = |d: i32| {
            sq.offset(d)
                .is_some_and(|n| n.rank() == sq.rank() && us.pawns.contains(n))
        };
        if beside(1) || beside(-1) {
            s += PHALANX;
        }
        if !doubled && (them.pawns & masks::passed_span(us.color, sq)).is_empty() {
            let r = rank_of(us, sq);
            let mut bonus = PASSED[r];
            let step = if us.color.is_white() { 8 } else { -8 };
            if let Some(stop) = sq.offset(step) {
                let theirs = i32::try_from(them.king.distance(stop)).unwrap_or(0);
                let ours = i32::try_from(us.king.distance(stop)).unwrap_or(0);
                let weight = i32::try_from(r).unwrap_or(0) - 1;
                bonus += S(0, (5 * theirs - 2 * ours) * weight.max(0) / 2);
                if occupied.contains(stop) {
                    bonus -= S(PASSED[r].0 / 3, PASSED[r].1 / 3);
                }
            }
            s += bonus;
        }
    }
    s
}
