//! Gambit's piece-square tables, built from a few readable rules.
//!
//! The tables are not typed in: each is generated from the rule weights of
//! [`Weights`] (centralisation, advancement, the king's home squares), so every number
//! can be traced to a reason, and then the tuner's per-square corrections
//! ([`Weights::psq_adjust`]) are added. [`build`] is a `const fn`, so the engine's
//! default tables are computed at compile time.
//!
//! Squares are seen from White's side (a1 = 0, h8 = 63); Black's values are read on the
//! vertically mirrored square.

use super::{tapered::S, weights::Weights};

/// Piece-square values (without material), indexed by `Role as usize - 1`, then by the
/// square from White's side.
pub type Tables = [[S; 64]; 6];

/// Distance of a file or rank index from the centre: 0 for d/e (4th/5th), 3 for a/h.
pub(super) const fn edge(i: i32) -> i32 {
    if i < 4 { 3 - i } else { i - 4 }
}

/// 6 for d4/e4/d5/e5, down to 0 in the corners.
const fn centre(file: i32, rank: i32) -> i32 {
    6 - edge(file) - edge(rank)
}

const fn add(a: S, b: S) -> S {
    S(a.0 + b.0, a.1 + b.1)
}

const fn times(a: S, k: i32) -> S {
    S(a.0 * k, a.1 * k)
}

const fn when(cond: bool, a: S) -> S {
    if cond { a } else { S(0, 0) }
}

const fn pawn(w: &Weights, file: i32, rank: i32) -> S {
    if rank == 0 || rank == 7 {
        return S(0, 0);
    }
    // Central pawns on the 3rd/4th ranks control the centre; rook pawns a little less
    // useful in the middlegame.
    let centre = match (edge(file), rank) {
        (0, 2) => w.pawn_centre[0],
        (0, 3) => w.pawn_centre[1],
        (0, 4) => w.pawn_centre[2],
        (1, 3) => w.pawn_centre[3],
        (3, _) => w.pawn_centre[4],
        _ => S(0, 0),
    };
    add(w.pawn_advance[rank as usize], centre)
}

const fn knight(w: &Weights, file: i32, rank: i32) -> S {
    let [per_step, base, outpost, back] = w.knight_psq;
    let s = add(times(per_step, centre(file, rank)), base);
    let s = add(s, when(rank == 4 || rank == 5, outpost));
    add(s, when(rank == 0, back))
}

const fn bishop(w: &Weights, file: i32, rank: i32) -> S {
    let [per_step, base, back, diagonal] = w.bishop_psq;
    let s = add(times(per_step, centre(file, rank)), base);
    let s = add(s, when(rank == 0, back));
    add(s, when(file == rank || file + rank == 7, diagonal))
}

const fn rook(w: &Weights, file: i32, rank: i32) -> S {
    let [seventh, central, edge_file] = w.rook_psq;
    let s = when(rank == 6, seventh);
    let s = add(s, when(edge(file) == 0, central));
    add(s, when(edge(file) == 3, edge_file))
}

const fn queen(w: &Weights, file: i32, rank: i32) -> S {
    let [per_step, base, early] = w.queen_psq;
    let s = add(times(per_step, centre(file, rank)), base);
    add(s, when(rank >= 5, early))
}

const fn king(w: &Weights, file: i32, rank: i32) -> S {
    let mg = match rank {
        0 => w.king_first_rank[file as usize],
        1 => w.king_second_rank[file as usize],
        _ => w.king_advanced[0] + w.king_advanced[1] * (rank - 2),
    };
    S(mg, w.king_centre[0] * centre(file, rank) + w.king_centre[1])
}

/// Builds the six tables from the rule weights of `w`, plus its per-square corrections.
#[must_use]
pub const fn build(w: &Weights) -> Tables {
    let mut t = [[S(0, 0); 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        t[0][sq] = pawn(w, file, rank);
        t[1][sq] = knight(w, file, rank);
        t[2][sq] = bishop(w, file, rank);
        t[3][sq] = rook(w, file, rank);
        t[4][sq] = queen(w, file, rank);
        t[5][sq] = king(w, file, rank);
        let mut role = 0;
        while role < 6 {
            t[role][sq] = add(t[role][sq], w.psq_adjust[role][sq]);
            role += 1;
        }
        sq += 1;
    }
    t
}
