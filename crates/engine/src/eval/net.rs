//! The evaluation network: a small correction, in centipawns, added to the rule-based
//! evaluation.
//!
//! The weights (`net.bin`, quantised; `tools/net-train.py` describes the layout) were
//! fitted by `tools/net-train.py` to Stockfish's scores of quiet positions: some from
//! Stockfish's self-play games, most of them positions Gambit's own search evaluated
//! (the data and the commands: `git show a0f6979:tools/RESULTS.md`, 2026-11-28).
//!
//! The network sees every piece twice, from the side to move and from the other side
//! (ranks mirrored, colours swapped, one weight matrix for both):
//!
//! ```text
//! a_us   = b + Σ W[piece seen by the side to move]       a_them likewise
//! net    = (v_us · clip(a_us, 0, QA) + v_them · clip(a_them, 0, QA)) · 100 / (QA · QB) + c
//! ```
//!
//! In 16-bit integers, so native and wasm32 builds give the same numbers; the search
//! updates the first layer move by move ([`Accumulator`]).

use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::move_delta::{self, Change};

/// Hidden units per side.
pub const HIDDEN: usize = 32;
/// Inputs: colour (own, other) × role × square.
const INPUTS: usize = 768;
/// Scale of the accumulators' weights (1.0 = `QA`) and the clip's top.
const QA: i32 = 255;
/// Scale of the output weights.
const QB: i32 = 64;
/// Centipawns of one unit of output before quantisation.
const SCALE: i32 = 100;

/// The network's weights, quantised.
struct Network {
    w: [[i16; HIDDEN]; INPUTS],
    b: [i16; HIDDEN],
    v_us: [i16; HIDDEN],
    v_them: [i16; HIDDEN],
    c: i16,
}

const BYTES: &[u8] = include_bytes!("net.bin");
const _: () = assert!(BYTES.len() == 2 * (INPUTS * HIDDEN + 3 * HIDDEN + 1));

/// The little-endian `i16` at index `i` of [`BYTES`].
const fn at(i: usize) -> i16 {
    i16::from_le_bytes([BYTES[2 * i], BYTES[2 * i + 1]])
}

/// [`BYTES`], read at compile time.
const fn parse() -> Network {
    let mut net = Network {
        w: [[0; HIDDEN]; INPUTS],
        b: [0; HIDDEN],
        v_us: [0; HIDDEN],
        v_them: [0; HIDDEN],
        c: 0,
    };
    let mut i = 0;
    while i < INPUTS * HIDDEN {
        net.w[i / HIDDEN][i % HIDDEN] = at(i);
        i += 1;
    }
    let mut h = 0;
    while h < HIDDEN {
        net.b[h] = at(INPUTS * HIDDEN + h);
        net.v_us[h] = at(INPUTS * HIDDEN + HIDDEN + h);
        net.v_them[h] = at(INPUTS * HIDDEN + 2 * HIDDEN + h);
        h += 1;
    }
    net.c = at(INPUTS * HIDDEN + 3 * HIDDEN);
    net
}

static NET: Network = parse();

/// The network's correction for the side to move in `pos`, in centipawns, computed
/// from scratch.
#[must_use]
pub fn evaluate(pos: &Chess) -> i32 {
    Accumulator::new(pos).evaluate(pos.turn())
}

/// The network's first layer for one position, from both sides' views; the search
/// keeps one per ply and updates it move by move ([`Accumulator::after`]), which gives
/// the same numbers as [`Accumulator::new`] (16-bit sums wrap the same way in any
/// order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accumulator {
    /// White's view, then Black's.
    views: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// The accumulators of `pos`, from scratch.
    #[must_use]
    pub fn new(pos: &Chess) -> Self {
        // Hidden from the optimiser: with the weights known at compile time it folds
        // the biases into 64 scalars and no longer adds rows as vectors.
        let net = std::hint::black_box(&NET);
        let mut acc = Self { views: [net.b; 2] };
        let board = pos.board();
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in board.by_piece(role.of(color)) {
                    acc.add(net, color, role, sq);
                }
            }
        }
        acc
    }

    /// The accumulators after `m` is played in `before` (whose accumulators these are).
    #[must_use]
    pub fn after(&self, before: &Chess, m: Move) -> Self {
        let net = std::hint::black_box(&NET);
        let mut acc = *self;
        move_delta::for_each_change(before.turn(), m, |change, color, role, sq| match change {
            Change::Off => acc.sub(net, color, role, sq),
            Change::On => acc.add(net, color, role, sq),
        });
        acc
    }

    /// The network's correction, in centipawns, for `turn` to move.
    #[must_use]
    pub fn evaluate(&self, turn: Color) -> i32 {
        let net = std::hint::black_box(&NET);
        let (us, them) = match turn {
            Color::White => (&self.views[0], &self.views[1]),
            Color::Black => (&self.views[1], &self.views[0]),
        };
        let mut out = 0;
        for h in 0..HIDDEN {
            out += i32::from(us[h]).clamp(0, QA) * i32::from(net.v_us[h]);
            out += i32::from(them[h]).clamp(0, QA) * i32::from(net.v_them[h]);
        }
        out * SCALE / (QA * QB) + i32::from(net.c)
    }

    fn add(&mut self, net: &Network, color: Color, role: Role, sq: Square) {
        let [white, black] = rows(net, color, role, sq);
        for (a, &w) in self.views[0].iter_mut().zip(white) {
            *a = a.wrapping_add(w);
        }
        for (a, &w) in self.views[1].iter_mut().zip(black) {
            *a = a.wrapping_add(w);
        }
    }

    fn sub(&mut self, net: &Network, color: Color, role: Role, sq: Square) {
        let [white, black] = rows(net, color, role, sq);
        for (a, &w) in self.views[0].iter_mut().zip(white) {
            *a = a.wrapping_sub(w);
        }
        for (a, &w) in self.views[1].iter_mut().zip(black) {
            *a = a.wrapping_sub(w);
        }
    }
}

/// The weights of a `color` `role` on `sq`, seen by White and by Black (own pieces
/// first, ranks mirrored for Black).
fn rows(net: &Network, color: Color, role: Role, sq: Square) -> [&[i16; HIDDEN]; 2] {
    let white = input(color, role, sq);
    let black = input(!color, role, sq.flip_vertical());
    [&net.w[white], &net.w[black]]
}

/// The input of a `color` `role` on `sq` seen by White: `colour · 384 + role · 64 +
/// square` (White 0, Black 1; pawn 0 … king 5; a1 = 0 … h8 = 63). Black sees the board
/// as the input of the other colour on the mirrored square.
#[must_use]
pub fn input(color: Color, role: Role, sq: Square) -> usize {
    usize::from(color == Color::Black) * 384 + (usize::from(role) - 1) * 64 + sq.to_usize()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::root::parse_fen;

    /// Every move of every position two plies deep from a few positions full of
    /// castling, en passant and promotions: updated accumulators equal fresh ones.
    #[test]
    fn updates_match_a_fresh_computation() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        let mut checked = 0;
        for fen in fens {
            let pos = parse_fen(fen).expect("test FEN is legal");
            let acc = Accumulator::new(&pos);
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let child_acc = acc.after(&pos, m);
                assert_eq!(child_acc, Accumulator::new(&child), "{fen} {m}");
                for r in child.legal_moves() {
                    let mut grand = child.clone();
                    grand.play_unchecked(r);
                    assert_eq!(child_acc.after(&child, r), Accumulator::new(&grand));
                    checked += 1;
                }
            }
        }
        assert!(checked > 3_000, "{checked} moves checked");
    }

    #[test]
    fn the_correction_is_the_same_for_both_colours() {
        let pos = parse_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8")
            .expect("test FEN is legal");
        let mirrored =
            parse_fen("r2qkb1r/pp3ppp/2n1pn2/2pp4/3P4/2N1PN2/PP2BPPP/R1BQ1RK1 b kq - 0 8")
                .expect("test FEN is legal");
        assert_eq!(evaluate(&pos), evaluate(&mirrored));
    }
}
