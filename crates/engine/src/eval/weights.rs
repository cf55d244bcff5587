//! Every tunable number of the evaluation, in one place.
//!
//! [`Weights`] holds the values the terms read; [`DEFAULT`] is the set the engine plays
//! with. The piece-square tables are not listed square by square: `tables.rs`
//! builds them from the few rule weights here (centralisation, advancement, the king's
//! home squares), plus a small correction per square (`psq_adjust.rs`) that the
//! tuner's prior keeps near zero wherever few positions say otherwise.
//!
//! [`Weights::visit`] walks every rule weight with a name, which is how the Texel tuner
//! (`cargo run --release -p gambit-engine --example texel`) reads and changes them.

use super::tapered::S;

/// The evaluation's weights, all in centipawns (middlegame, endgame) unless noted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Weights {
    /// Material of pawn, knight, bishop, rook and queen.
    pub material: [S; 5],
    /// Pawn bonus by relative rank (index 0 = first rank).
    pub pawn_advance: [S; 8],
    /// Central pawns: d/e-pawn on the 3rd, 4th and 5th rank, c/f-pawn on the 4th, and
    /// any rook pawn.
    pub pawn_centre: [S; 5],
    /// Knight: per step of centralisation (0 in a corner, 6 in the centre), a constant,
    /// on the 5th/6th rank, on the first rank.
    pub knight_psq: [S; 4],
    /// Bishop: per step of centralisation, a constant, on the first rank, on a long
    /// diagonal.
    pub bishop_psq: [S; 4],
    /// Rook: on the 7th rank, on a d/e file, on an a/h file.
    pub rook_psq: [S; 3],
    /// Queen: per step of centralisation, a constant, on the 6th rank or beyond.
    pub queen_psq: [S; 3],
    /// King (middlegame only) on each file of the first rank.
    pub king_first_rank: [i32; 8],
    /// King (middlegame only) on each file of the second rank.
    pub king_second_rank: [i32; 8],
    /// King (middlegame only) on the 3rd rank, and per further rank.
    pub king_advanced: [i32; 2],
    /// King (endgame only): per step of centralisation, and a constant.
    pub king_centre: [i32; 2],
    /// Knight mobility by number of safe squares (0..=8).
    pub knight_mobility: [S; 9],
    /// Bishop mobility by number of safe squares (0..=13).
    pub bishop_mobility: [S; 14],
    /// Rook mobility by number of safe squares (0..=14).
    pub rook_mobility: [S; 15],
    /// Queen mobility: per safe square (counted up to 20), and a constant.
    pub queen_mobility: [S; 2],
    /// Two bishops or more.
    pub bishop_pair: S,
    /// Rook on a file without pawns.
    pub rook_open: S,
    /// Rook on a file without own pawns.
    pub rook_semi_open: S,
    /// Per enemy piece (not pawn or king) attacked by one of our pawns.
    pub pawn_threat: S,
    /// King-zone attack units per attacked zone square: knight, bishop, rook, queen.
    pub zone_weight: [i32; 4],
    /// Doubled pawn (the rear one).
    pub doubled: S,
    /// Isolated pawn.
    pub isolated: S,
    /// Pawn defended by a pawn.
    pub supported: S,
    /// Pawn with a pawn beside it.
    pub phalanx: S,
    /// Passed pawn by relative rank.
    pub passed: [S; 8],
    /// Passed pawn (endgame, scaled by its rank): per square of the enemy king's
    /// distance to its stop square, and per square of our king's (subtracted).
    pub passer_king_distance: [i32; 2],
    /// Passed pawn whose path to promotion is empty, per rank above the second.
    pub passer_free_path: S,
    /// Passed pawn the enemy king cannot catch when the enemy has only pawns
    /// (endgame).
    pub passer_unstoppable: i32,
    /// King shelter (middlegame): own pawn 1, 2, 3 ranks in front; none on the file.
    pub shelter: [i32; 4],
    /// King shelter (middlegame): a file next to the king without any pawn.
    pub shelter_open_file: i32,
    /// Bonus for having the move (middlegame).
    pub tempo: i32,
    /// Per-square corrections added to the rule-built piece-square tables, indexed like
    /// the piece-square tables; fitted by the Texel tuner, not walked by
    /// [`Weights::visit`].
    pub psq_adjust: [[S; 64]; 6],
}

/// The weights the engine plays with: Gambit's hand-set rules, then fitted by the Texel
/// tuner to Stockfish's scores of positions from its own self-play (`TEXEL_LAMBDA=0`),
/// the king-zone and shelter weights kept as set by hand (2026-11-24; the measurements:
/// `git show a0f6979:tools/RESULTS.md`).
// Texel-tuned by `examples/texel.rs`: K = 0.00538, prior 1e-8,
// square prior 1e-7, fixed ["zone_weight", "shelter"]; mean squared error
// train 0.014311 -> 0.011453, held out 0.015268 -> 0.012622.
pub const DEFAULT: Weights = Weights {
    material: [
        S(88, 98),
        S(360, 314),
        S(381, 339),
        S(499, 592),
        S(1002, 1024),
    ],
    pawn_advance: [
        S(0, 0),
        S(-12, 8),
        S(-12, 4),
        S(-5, 5),
        S(12, 16),
        S(32, 31),
        S(52, 77),
        S(0, 0),
    ],
    pawn_centre: [S(-11, 1), S(16, -14), S(19, -16), S(8, -7), S(-12, -10)],
    knight_psq: [S(9, 8), S(9, -9), S(8, 6), S(-2, 3)],
    bishop_psq: [S(1, 4), S(31, 0), S(-17, 11), S(9, 3)],
    rook_psq: [S(21, 11), S(19, -5), S(-9, -1)],
    queen_psq: [S(-1, 17), S(11, -1), S(-6, 17)],
    king_first_rank: [8, 20, 16, -30, -10, -18, 27, 14],
    king_second_rank: [2, 16, -12, -18, -22, -10, 25, 13],
    king_advanced: [-29, 6],
    king_centre: [5, -36],
    knight_mobility: [
        S(-25, -36),
        S(-10, -21),
        S(-3, -6),
        S(2, 1),
        S(7, 1),
        S(11, 12),
        S(16, 16),
        S(20, 11),
        S(14, 6),
    ],
    bishop_mobility: [
        S(-22, -38),
        S(-9, -19),
        S(1, -13),
        S(7, -1),
        S(11, 9),
        S(14, 10),
        S(16, 13),
        S(17, 16),
        S(19, 20),
        S(19, 22),
        S(19, 15),
        S(22, 18),
        S(25, 24),
        S(27, 28),
    ],
    rook_mobility: [
        S(-19, -38),
        S(-11, -27),
        S(-6, -17),
        S(-1, -11),
        S(-2, 2),
        S(2, 8),
        S(4, 13),
        S(9, 18),
        S(9, 22),
        S(11, 27),
        S(12, 29),
        S(13, 31),
        S(13, 37),
        S(14, 31),
        S(14, 34),
    ],
    queen_mobility: [S(2, 5), S(7, -8)],
    bishop_pair: S(32, 58),
    rook_open: S(29, -3),
    rook_semi_open: S(12, 5),
    pawn_threat: S(43, 24),
    zone_weight: [2, 2, 3, 5],
    doubled: S(-16, -17),
    isolated: S(-10, -14),
    supported: S(14, 7),
    phalanx: S(6, 5),
    passed: [
        S(0, 0),
        S(-1, 21),
        S(-9, 13),
        S(4, 32),
        S(26, 52),
        S(51, 87),
        S(71, 131),
        S(0, 0),
    ],
    passer_king_distance: [14, 11],
    passer_free_path: S(-4, 7),
    passer_unstoppable: 599,
    shelter: [16, 9, 2, -18],
    shelter_open_file: -12,
    tempo: 12,
    psq_adjust: super::psq_adjust::DEFAULT,
};

impl Weights {
    /// Every tunable number, in [`Weights::visit`]'s order.
    #[must_use]
    pub fn values(&self) -> Vec<i32> {
        let mut copy = self.clone();
        let mut out = Vec::new();
        copy.visit(|_, v| out.push(*v));
        out
    }

    /// The names of [`Weights::values`], in the same order.
    #[must_use]
    pub fn names(&self) -> Vec<String> {
        let mut copy = self.clone();
        let mut out = Vec::new();
        copy.visit(|name, _| out.push(name.to_owned()));
        out
    }

    /// Sets every tunable number from `values` (in [`Weights::visit`]'s order); extra
    /// values are ignored, missing ones leave the weight as it is.
    pub fn set_values(&mut self, values: &[i32]) {
        let mut it = values.iter();
        self.visit(|_, v| {
            if let Some(&x) = it.next() {
                *v = x;
            }
        });
    }

    /// Calls `f` with the name and a mutable reference of every tunable number, in a
    /// fixed order. Numbers that are fixed by definition are skipped: the first and last
    /// rank of the pawn and passer tables, and the middlegame pawn value (the unit).
    pub fn visit(&mut self, mut f: impl FnMut(&str, &mut i32)) {
        let Weights {
            material,
            pawn_advance,
            pawn_centre,
            knight_psq,
            bishop_psq,
            rook_psq,
            queen_psq,
            king_first_rank,
            king_second_rank,
            king_advanced,
            king_centre,
            knight_mobility,
            bishop_mobility,
            rook_mobility,
            queen_mobility,
            bishop_pair,
            rook_open,
            rook_semi_open,
            pawn_threat,
            zone_weight,
            doubled,
            isolated,
            supported,
            phalanx,
            passed,
            passer_king_distance,
            passer_free_path,
            passer_unstoppable,
            shelter,
            shelter_open_file,
            tempo,
            psq_adjust: _,
        } = self;
        let [pawn, pieces @ ..] = material;
        // The middlegame pawn is the unit every other weight is measured in.
        f("material[0].eg", &mut pawn.1);
        let mut pair = |name: &str, s: &mut S| {
            f(&format!("{name}.mg"), &mut s.0);
            f(&format!("{name}.eg"), &mut s.1);
        };
        pairs(&mut pair, "material", 1, pieces);
        pairs(&mut pair, "pawn_advance", 1, &mut pawn_advance[1..7]);
        pairs(&mut pair, "pawn_centre", 0, pawn_centre);
        pairs(&mut pair, "knight_psq", 0, knight_psq);
        pairs(&mut pair, "bishop_psq", 0, bishop_psq);
        pairs(&mut pair, "rook_psq", 0, rook_psq);
        pairs(&mut pair, "queen_psq", 0, queen_psq);
        pairs(&mut pair, "knight_mobility", 0, knight_mobility);
        pairs(&mut pair, "bishop_mobility", 0, bishop_mobility);
        pairs(&mut pair, "rook_mobility", 0, rook_mobility);
        pairs(&mut pair, "queen_mobility", 0, queen_mobility);
        pair("bishop_pair", bishop_pair);
        pair("rook_open", rook_open);
        pair("rook_semi_open", rook_semi_open);
        pair("pawn_threat", pawn_threat);
        pair("doubled", doubled);
        pair("isolated", isolated);
        pair("supported", supported);
        pair("phalanx", phalanx);
        pair("passer_free_path", passer_free_path);
        pairs(&mut pair, "passed", 1, &mut passed[1..7]);
        singles(&mut f, "king_first_rank", king_first_rank);
        singles(&mut f, "king_second_rank", king_second_rank);
        singles(&mut f, "king_advanced", king_advanced);
        singles(&mut f, "king_centre", king_centre);
        singles(&mut f, "zone_weight", zone_weight);
        singles(&mut f, "passer_king_distance", passer_king_distance);
        singles(&mut f, "shelter", shelter);
        f("shelter_open_file", shelter_open_file);
        f("passer_unstoppable", passer_unstoppable);
        f("tempo", tempo);
    }
}

fn pairs(pair: &mut impl FnMut(&str, &mut S), name: &str, first: usize, items: &mut [S]) {
    for (i, s) in items.iter_mut().enumerate() {
        pair(&format!("{name}[{}]", first + i), s);
    }
}

fn singles(f: &mut impl FnMut(&str, &mut i32), name: &str, items: &mut [i32]) {
    for (i, v) in items.iter_mut().enumerate() {
        f(&format!("{name}[{i}]"), v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_and_names_are_unique() {
        let values = DEFAULT.values();
        let names = DEFAULT.names();
        assert_eq!(values.len(), names.len());
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "duplicate weight names");

        let mut w = DEFAULT.clone();
        w.set_values(&values);
        assert_eq!(w, DEFAULT);

        let bumped: Vec<i32> = values.iter().map(|v| v + 1).collect();
        w.set_values(&bumped);
        assert_eq!(w.values(), bumped);
        assert_eq!(
            w.material[0].0, DEFAULT.material[0].0,
            "the pawn unit is fixed"
        );
        assert_eq!(w.tempo, DEFAULT.tempo + 1);
    }
}
