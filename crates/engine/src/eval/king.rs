//! King shelter: the pawns in front of a castled or home king.

use shakmaty::Chess;

use super::{Side, masks, tapered::S, weights::Weights};

/// Shelter of `us`'s king, from `us`'s side (middlegame only).
#[must_use]
pub fn evaluate(w: &Weights, pos: &Chess, us: &Side, them: &Side) -> S {
    let king = us.king;
    let home = if us.color.is_white() {
        king.rank().to_usize()
    } else {
        7 - king.rank().to_usize()
    };
    if home > 1 {
        return S::ZERO;
    }
    let _ = pos;
    let kf = king.file().to_usize();
    let mut mg = 0;
    for f in kf.saturating_sub(1)..=(kf + 1).min(7) {
        let in_front =
            masks::file(f) & (masks::forward(us.color, king) | masks::passed_span(us.color, king));
        let shield = us.pawns & in_front & masks::file(f);
        let nearest = if us.color.is_white() {
            shield.first()
        } else {
            shield.last()
        };
        mg += match nearest {
            Some(p) => {
                let d = p.rank().distance(king.rank());
                w.shelter[usize::try_from(d).unwrap_or(3).clamp(1, 3) - 1]
            }
            None => w.shelter[3],
        };
        if ((us.pawns | them.pawns) & masks::file(f)).is_empty() {
            mg += w.shelter_open_file;
        }
    }
    S(mg, 0)
}
