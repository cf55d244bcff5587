//! Piece activity: mobility, rooks on open files, the bishop pair, pawn threats, and
//! the weight of our attack on the enemy king's zone.

use shakmaty::{Chess, Position, attacks};

use super::{Side, masks, tapered::S, weights::Weights};

/// Activity of `us` facing `them`, from `us`'s side.
#[must_use]
pub fn evaluate(w: &Weights, pos: &Chess, us: &Side, them: &Side) -> S {
    let board = pos.board();
    let occupied = board.occupied();
    let safe = !us.us & !them.pawn_attacks;
    let zone = attacks::king_attacks(them.king).with(them.king);
    let mut s = S::ZERO;
    let mut attackers = 0;
    let mut units = 0;

    let mut zone_hit = |att: shakmaty::Bitboard, weight: i32| {
        let hits = (att & zone).count();
        if hits > 0 {
            attackers += 1;
            units += weight * i32::try_from(hits).unwrap_or(0);
        }
    };

    for sq in board.knights() & us.us {
        let att = attacks::knight_attacks(sq);
        s += w.knight_mobility[(att & safe).count().min(8)];
        zone_hit(att, w.zone_weight[0]);
    }
    let bishops = board.bishops() & us.us;
    for sq in bishops {
        let att = attacks::bishop_attacks(sq, occupied);
        s += w.bishop_mobility[(att & safe).count().min(13)];
        zone_hit(att, w.zone_weight[1]);
    }
    if bishops.count() >= 2 {
        s += w.bishop_pair;
    }
    for sq in board.rooks() & us.us {
        let att = attacks::rook_attacks(sq, occupied);
        s += w.rook_mobility[(att & safe).count().min(14)];
        zone_hit(att, w.zone_weight[2]);
        let file = masks::file(sq.file().to_usize());
        if (file & board.pawns()).is_empty() {
            s += w.rook_open;
        } else if (file & us.pawns).is_empty() {
            s += w.rook_semi_open;
        }
    }
    let queens = board.queens() & us.us;
    for sq in queens {
        let att = attacks::queen_attacks(sq, occupied);
        let safe_squares = i32::try_from((att & safe).count().min(20)).unwrap_or(20);
        s += w.queen_mobility[0] * safe_squares + w.queen_mobility[1];
        zone_hit(att, w.zone_weight[3]);
    }

    let their_pieces = them.us & !board.pawns() & !board.kings();
    let threatened = i32::try_from((us.pawn_attacks & their_pieces).count()).unwrap_or(0);
    s += w.pawn_threat * threatened;

    if attackers >= 2 {
        let mut danger = (units * units * 2 / 3).min(480);
        if queens.is_empty() {
            danger /= 2;
        }
        s += S(danger, units * 2);
    }
    s
}
