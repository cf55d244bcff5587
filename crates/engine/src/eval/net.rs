//! The evaluation network: a small correction, in centipawns, added to the rule-based
//! evaluation.
//!
//! Fitted by `tools/net-train.py` on quiet positions of Stockfish's self-play games (the
//! file `net.bin`, quantised; the script describes the layout). The network sees every
//! piece twice, from the side to move and from the other side (ranks mirrored, colours
//! swapped, one weight matrix for both):
//!
//! ```text
//! a_us   = b + Σ W[piece seen by the side to move]       a_them likewise
//! net    = (v_us · clip(a_us, 0, QA) + v_them · clip(a_them, 0, QA)) · 100 / (QA · QB) + c
//! ```
//!
//! Computed from scratch at every evaluation, in 16-bit integers, so native and wasm32 builds
//! give the same numbers.

use shakmaty::{Chess, Color, Position, Role};

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

/// The network's correction for the side to move in `pos`, in centipawns.
#[must_use]
pub fn evaluate(pos: &Chess) -> i32 {
    // Hidden from the optimiser: with the weights known at compile time it folds the
    // biases into 64 scalars and no longer adds rows as vectors.
    let net = std::hint::black_box(&NET);
    let board = pos.board();
    let white_to_move = pos.turn() == Color::White;
    let mut own = [0u16; 32];
    let mut other = [0u16; 32];
    let mut n = 0;
    for color in Color::ALL {
        for role in Role::ALL {
            let role_base = (role as usize - 1) * 64;
            for sq in board.by_piece(role.of(color)) {
                let white_view =
                    usize::from(color == Color::Black) * 384 + role_base + sq.to_usize();
                let black_view =
                    usize::from(color == Color::White) * 384 + role_base + (sq.to_usize() ^ 56);
                let (u, t) = if white_to_move {
                    (white_view, black_view)
                } else {
                    (black_view, white_view)
                };
                if n < own.len() {
                    // Below 768: they fit.
                    own[n] = u16::try_from(u).unwrap_or(0);
                    other[n] = u16::try_from(t).unwrap_or(0);
                    n += 1;
                }
            }
        }
    }
    let mut us = net.b;
    let mut them = net.b;
    accumulate(net, &own[..n], &mut us);
    accumulate(net, &other[..n], &mut them);
    let mut out = 0;
    for h in 0..HIDDEN {
        out += i32::from(us[h]).clamp(0, QA) * i32::from(net.v_us[h]);
        out += i32::from(them[h]).clamp(0, QA) * i32::from(net.v_them[h]);
    }
    out * SCALE / (QA * QB) + i32::from(net.c)
}

/// Adds the rows of `features` to `acc` (wrapping: the trainer's weights are small
/// enough never to overflow, and `net-train.py --check` compares with exact sums).
#[inline(never)]
fn accumulate(net: &Network, features: &[u16], acc: &mut [i16; HIDDEN]) {
    for &f in features {
        let row = &net.w[usize::from(f)];
        for (a, &w) in acc.iter_mut().zip(row) {
            *a = a.wrapping_add(w);
        }
    }
}
