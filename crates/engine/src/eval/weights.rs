//! Every tunable number of the evaluation, in one place.
//!
//! [`Weights`] holds the values the terms read; [`DEFAULT`] is the set the engine plays
//! with. The piece-square tables are not listed square by square: [`super::tables`]
//! builds them from the few rule weights here (centralisation, advancement, the king's
//! home squares), plus a small correction per square ([`super::psq_adjust`]) that the
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
    /// King shelter (middlegame): own pawn 1, 2, 3 ranks in front; none on the file.
    pub shelter: [i32; 4],
    /// King shelter (middlegame): a file next to the king without any pawn.
    pub shelter_open_file: i32,
    /// Bonus for having the move (middlegame).
    pub tempo: i32,
    /// Per-square corrections added to the rule-built piece-square tables, indexed like
    /// [`super::tables::Tables`]; fitted by the Texel tuner, not walked by
    /// [`Weights::visit`].
    pub psq_adjust: [[S; 64]; 6],
}

/// The weights the engine plays with: Gambit's hand-set rules, Texel-tuned on positions of
/// Stockfish self-play games (`tools/texel-data.py`, `tools/out/texel-1..4.txt`).
// Texel-tuned by `examples/texel.rs`: K = 0.00615, prior 1e-8,
// square prior 1e-7; mean squared error train 0.062424 ->
// 0.058189, held out 0.064012 -> 0.061317.
pub const DEFAULT: Weights = Weights {
    material: [
        S(88, 89),
        S(373, 306),
        S(386, 327),
        S(519, 552),
        S(1008, 1019),
    ],
    pawn_advance: [
        S(0, 0),
        S(-6, 14),
        S(-3, 5),
        S(3, 1),
        S(24, 10),
        S(53, 33),
        S(47, 68),
        S(0, 0),
    ],
    pawn_centre: [S(-12, -5), S(13, -12), S(6, -8), S(9, -3), S(5, -6)],
    knight_psq: [S(13, 6), S(22, -17), S(3, 7), S(1, 9)],
    bishop_psq: [S(4, 4), S(36, -12), S(-25, 2), S(13, -4)],
    rook_psq: [S(22, 9), S(24, -8), S(-15, 1)],
    queen_psq: [S(0, 13), S(17, -6), S(2, 24)],
    king_first_rank: [9, 16, 19, -25, -2, -13, 35, 26],
    king_second_rank: [-1, -1, -14, -35, -15, -11, 26, 16],
    king_advanced: [-38, -18],
    king_centre: [6, -36],
    knight_mobility: [
        S(-26, -36),
        S(-13, -24),
        S(-1, -9),
        S(3, 2),
        S(13, 5),
        S(17, 14),
        S(19, 9),
        S(21, 9),
        S(13, 9),
    ],
    bishop_mobility: [
        S(-20, -42),
        S(-11, -20),
        S(4, -17),
        S(6, 3),
        S(10, 0),
        S(13, 17),
        S(10, 13),
        S(24, 16),
        S(18, 16),
        S(17, 15),
        S(27, 18),
        S(16, 18),
        S(27, 25),
        S(28, 29),
    ],
    rook_mobility: [
        S(-12, -39),
        S(-7, -28),
        S(-3, -19),
        S(-5, -11),
        S(-8, 4),
        S(0, 5),
        S(3, 12),
        S(7, 15),
        S(11, 21),
        S(20, 25),
        S(12, 25),
        S(18, 29),
        S(11, 33),
        S(16, 27),
        S(20, 21),
    ],
    queen_mobility: [S(4, -2), S(13, -13)],
    bishop_pair: S(54, 47),
    rook_open: S(34, -4),
    rook_semi_open: S(5, 16),
    pawn_threat: S(44, 24),
    zone_weight: [2, 1, 2, 3],
    doubled: S(-6, -1),
    isolated: S(-12, -14),
    supported: S(20, 7),
    phalanx: S(7, 4),
    passed: [
        S(0, 0),
        S(3, 13),
        S(-4, 10),
        S(2, 33),
        S(14, 51),
        S(41, 84),
        S(70, 134),
        S(0, 0),
    ],
    passer_king_distance: [14, 11],
    shelter: [13, 2, 0, -16],
    shelter_open_file: -6,
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
        pairs(&mut pair, "passed", 1, &mut passed[1..7]);
        singles(&mut f, "king_first_rank", king_first_rank);
        singles(&mut f, "king_second_rank", king_second_rank);
        singles(&mut f, "king_advanced", king_advanced);
        singles(&mut f, "king_centre", king_centre);
        singles(&mut f, "zone_weight", zone_weight);
        singles(&mut f, "passer_king_distance", passer_king_distance);
        singles(&mut f, "shelter", shelter);
        f("shelter_open_file", shelter_open_file);
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
