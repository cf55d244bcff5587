//! Bitboard masks the pawn and king terms need, built at compile time.

use shakmaty::{Bitboard, Color, Square};

const fn file_mask(file: u32) -> u64 {
    0x0101_0101_0101_0101u64 << file
}

const fn build_forward(white: bool) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = sq % 8;
        let rank = sq / 8;
        let mut m = 0u64;
        let mut r = 0;
        while r < 8 {
            let ahead = if white { r > rank } else { r < rank };
            if ahead {
                m |= 1u64 << (r * 8 + file);
            }
            r += 1;
        }
        t[sq as usize] = m;
        sq += 1;
    }
    t
}

const fn adjacent(file: u32) -> u64 {
    let mut m = 0;
    if file > 0 {
        m |= file_mask(file - 1);
    }
    if file < 7 {
        m |= file_mask(file + 1);
    }
    m
}

const fn build_passed(white: bool) -> [u64; 64] {
    let fwd = build_forward(white);
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = sq % 8;
        let mut m = fwd[sq];
        if file > 0 {
            m |= fwd[sq - 1];
        }
        if file < 7 {
            m |= fwd[sq + 1];
        }
        t[sq] = m;
        sq += 1;
    }
    t
}

static FORWARD: [[u64; 64]; 2] = [build_forward(true), build_forward(false)];
static PASSED: [[u64; 64]; 2] = [build_passed(true), build_passed(false)];
static ADJACENT: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        t[f as usize] = adjacent(f);
        f += 1;
    }
    t
};

/// The squares in front of `sq` on its file, from `color`'s point of view.
#[must_use]
pub fn forward(color: Color, sq: Square) -> Bitboard {
    Bitboard(FORWARD[usize::from(color.is_black())][sq.to_usize()])
}

/// The squares in front of `sq` on its file and both neighbouring files: no enemy pawn
/// there means a pawn on `sq` is passed.
#[must_use]
pub fn passed_span(color: Color, sq: Square) -> Bitboard {
    Bitboard(PASSED[usize::from(color.is_black())][sq.to_usize()])
}

/// The files next to `file` (index 0..8).
#[must_use]
pub fn adjacent_files(file: usize) -> Bitboard {
    Bitboard(ADJACENT[file & 7])
}

/// The whole file (index 0..8).
#[must_use]
pub fn file(file: usize) -> Bitboard {
    Bitboard(file_mask((file & 7) as u32))
}
