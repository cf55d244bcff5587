//! Pawn structure: doubled, isolated, supported and passed pawns.

use shakmaty::{Chess, Position, Square};

use super::{Side, masks, tapered::S, weights::Weights};

fn rank_of(us: &Side, sq: Square) -> usize {
    let r = sq.rank().to_usize();
    if us.color.is_white() { r } else { 7 - r }
}

/// Pawn structure of `us` facing `them`, from `us`'s side.
#[must_use]
pub fn evaluate(w: &Weights, pos: &Chess, us: &Side, them: &Side) -> S {
    let occupied = pos.board().occupied();
    let mut s = S::ZERO;
    for sq in us.pawns {
        let file = sq.file().to_usize();
        let ahead = masks::forward(us.color, sq);
        let doubled = (us.pawns & ahead).any();
        if doubled {
            s += w.doubled;
        }
        if (us.pawns & masks::adjacent_files(file)).is_empty() {
            s += w.isolated;
        }
        if us.pawn_attacks.contains(sq) {
            s += w.supported;
        }
        let beside = |d: i32| {
            sq.offset(d)
                .is_some_and(|n| n.rank() == sq.rank() && us.pawns.contains(n))
        };
        if beside(1) || beside(-1) {
            s += w.phalanx;
        }
        if !doubled && (them.pawns & masks::passed_span(us.color, sq)).is_empty() {
            let r = rank_of(us, sq);
            let mut bonus = w.passed[r];
            let step = if us.color.is_white() { 8 } else { -8 };
            if let Some(stop) = sq.offset(step) {
                let theirs = i32::try_from(them.king.distance(stop)).unwrap_or(0);
                let ours = i32::try_from(us.king.distance(stop)).unwrap_or(0);
                let weight = i32::try_from(r).unwrap_or(0) - 1;
                let [per_theirs, per_ours] = w.passer_king_distance;
                bonus += S(
                    0,
                    (per_theirs * theirs - per_ours * ours) * weight.max(0) / 2,
                );
                if occupied.contains(stop) {
                    bonus -= S(w.passed[r].0 / 3, w.passed[r].1 / 3);
                }
            }
            s += bonus;
        }
    }
    s
}
