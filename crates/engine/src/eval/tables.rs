//! Gambit's material values and piece-square tables.
//!
//! The tables are not typed in: each is generated at compile time from a few readable
//! rules (centralisation, advancement, the king's shelter squares), so every number can
//! be traced to a reason. The weights are our own first estimates, chosen by hand;
//! they are meant to be tuned on positions from our own games, never copied.
//!
//! Squares are seen from White's side (a1 = 0, h8 = 63); Black's values are read on the
//! vertically mirrored square.

use shakmaty::Role;

use super::tapered::S;

/// Material value of each role, indexed by `Role as usize - 1` (pawn … king).
pub const MATERIAL: [S; 6] = [
    S(88, 118),
    S(325, 305),
    S(340, 330),
    S(470, 545),
    S(985, 1010),
    S(0, 0),
];

/// Material value of a role.
#[must_use]
pub const fn material(role: Role) -> S {
    MATERIAL[role as usize - 1]
}

/// Distance of a file or rank index from the centre: 0 for d/e (4th/5th), 3 for a/h.
const fn edge(i: i32) -> i32 {
    if i < 4 { 3 - i } else { i - 4 }
}

/// 6 for d4/e4/d5/e5, down to 0 in the corners.
const fn centre(file: i32, rank: i32) -> i32 {
    6 - edge(file) - edge(rank)
}

const fn pawn(file: i32, rank: i32) -> S {
    if rank == 0 || rank == 7 {
        return S(0, 0);
    }
    let advance_mg = [0, 0, 3, 8, 16, 28, 45, 0][rank as usize];
    let advance_eg = [0, 0, 6, 14, 26, 44, 70, 0][rank as usize];
    // Central pawns on the 3rd/4th ranks control the centre; rook pawns a little less
    // useful in the middlegame.
    let centre_mg = match (edge(file), rank) {
        (0, 2) => 6,
        (0, 3) => 16,
        (0, 4) => 12,
        (1, 3) => 6,
        (3, _) => -4,
        _ => 0,
    };
    S(advance_mg + centre_mg, advance_eg)
}

const fn knight(file: i32, rank: i32) -> S {
    let c = centre(file, rank);
    let outpost = if rank == 4 || rank == 5 { 8 } else { 0 };
    let back = if rank == 0 { -8 } else { 0 };
    S(c * 8 - 26 + outpost + back, c * 6 - 18)
}

const fn bishop(file: i32, rank: i32) -> S {
    let c = centre(file, rank);
    let back = if rank == 0 { -10 } else { 0 };
    // Long diagonals.
    let diagonal = if file == rank || file + rank == 7 {
        6
    } else {
        0
    };
    S(c * 4 - 10 + back + diagonal, c * 3 - 9)
}

const fn rook(file: i32, rank: i32) -> S {
    let seventh = if rank == 6 { S(16, 10) } else { S(0, 0) };
    let central = if edge(file) == 0 {
        6
    } else if edge(file) == 3 {
        -4
    } else {
        0
    };
    S(seventh.0 + central, seventh.1)
}

const fn queen(file: i32, rank: i32) -> S {
    let c = centre(file, rank);
    let early = if rank >= 5 { -6 } else { 0 };
    S(c * 2 - 6 + early, c * 5 - 15)
}

const fn king(file: i32, rank: i32) -> S {
    let mg = match rank {
        0 => [18, 28, 8, -8, -4, 4, 28, 18][file as usize],
        1 => [0, 4, -12, -24, -24, -12, 4, 0][file as usize],
        _ => -36 - 12 * (rank - 2),
    };
    let c = centre(file, rank);
    S(mg, c * 11 - 36)
}

const fn build(role: usize) -> [S; 64] {
    let mut t = [S(0, 0); 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        t[sq] = match role {
            0 => pawn(file, rank),
            1 => knight(file, rank),
            2 => bishop(file, rank),
            3 => rook(file, rank),
            4 => queen(file, rank),
            _ => king(file, rank),
        };
        sq += 1;
    }
    t
}

/// Piece-square values (without material), indexed by `Role as usize - 1`, then by the
/// square from White's side.
pub static PST: [[S; 64]; 6] = [build(0), build(1), build(2), build(3), build(4), build(5)];
