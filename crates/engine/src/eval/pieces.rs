//! Piece activity: mobility, rooks on open files, the bishop pair, pawn threats, and
//! the weight of our attack on the enemy king's zone.

use shakmaty::{Chess, Position, attacks};

use super::{Side, masks, tapered::S};

/// Knight mobility by number of safe squares (0..=8).
const KNIGHT_MOBILITY: [S; 9] = [
    S(-32, -36),
    S(-20, -22),
    S(-9, -12),
    S(-2, -4),
    S(4, 2),
    S(9, 7),
    S(13, 11),
    S(16, 14),
    S(18, 16),
];

/// Bishop mobility by number of safe squares (0..=13).
const BISHOP_MOBILITY: [S; 14] = [
    S(-30, -40),
    S(-20, -28),
    S(-10, -16),
    S(-3, -7),
    S(3, 0),
    S(8, 6),
    S(12, 11),
    S(16, 15),
    S(19, 19),
    S(22, 22),
    S(24, 25),
    S(26, 27),
    S(28, 29),
    S(30, 31),
];

/// Rook mobility by number of safe squares (0..=14).
const ROOK_MOBILITY: [S; 15] = [
    S(-22, -42),
    S(-15, -30),
    S(-10, -20),
    S(-6, -11),
    S(-3, -4),
    S(0, 2),
    S(3, 8),
    S(5, 13),
    S(7, 18),
    S(9, 22),
    S(11, 26),
    S(12, 29),
    S(13, 32),
    S(14, 34),
    S(15, 36),
];

fn queen_mobility(n: usize) -> S {
    let n = i32::try_from(n.min(20)).unwrap_or(20);
    S(n - 10, 2 * n - 22)
}

const BISHOP_PAIR: S = S(28, 48);
const ROOK_OPEN: S = S(24, 8);
const ROOK_SEMI_OPEN: S = S(11, 6);
const PAWN_THREAT: S = S(34, 22);

/// King-zone attack weight per attacked zone square, by role (knight, bishop, rook, queen).
const ZONE_WEIGHT: [i32; 4] = [2, 2, 3, 5];

/// Activity of `us` facing `them`, from `us`'s side.
#[must_use]
pub fn evaluate(pos: &Chess, us: &Side, them: &Side) -> S {
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
        s += KNIGHT_MOBILITY[(att & safe).count().min(8)];
        zone_hit(att, ZONE_WEIGHT[0]);
    }
    let bishops = board.bishops() & us.us;
    for sq in bishops {
        let att = attacks::bishop_attacks(sq, occupied);
        s += BISHOP_MOBILITY[(att & safe).count().min(13)];
        zone_hit(att, ZONE_WEIGHT[1]);
    }
    if bishops.count() >= 2 {
        s += BISHOP_PAIR;
    }
    for sq in board.rooks() & us.us {
        let att = attacks::rook_attacks(sq, occupied);
        s += ROOK_MOBILITY[(att & safe).count().min(14)];
        zone_hit(att, ZONE_WEIGHT[2]);
        let file = masks::file(sq.file().to_usize());
        if (file & board.pawns()).is_empty() {
            s += ROOK_OPEN;
        } else if (file & us.pawns).is_empty() {
            s += ROOK_SEMI_OPEN;
        }
    }
    let queens = board.queens() & us.us;
    for sq in queens {
        let att = attacks::queen_attacks(sq, occupied);
        s += queen_mobility((att & safe).count());
        zone_hit(att, ZONE_WEIGHT[3]);
    }

    let their_pieces = them.us & !board.pawns() & !board.kings();
    let threatened = i32::try_from((us.pawn_attacks & their_pieces).count()).unwrap_or(0);
    s += PAWN_THREAT * threatened;

    if attackers >= 2 {
        let mut danger = (units * units * 2 / 3).min(480);
        if queens.is_empty() {
            danger /= 2;
        }
        s += S(danger, units * 2);
    }
    s
}
