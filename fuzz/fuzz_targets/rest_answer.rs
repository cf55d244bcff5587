//! A Stockfish REST answer as the network delivers it: `stockfish_api::parse_answer` (what
//! the page reads) never panics, and a move it accepts is legal in the position asked about.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

fuzz_target!(|text: &str| {
    // The start position and one with castling, en passant and promotions near.
    let positions: [Chess; 2] = [
        Chess::default(),
        "r3k2r/pPppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1"
            .parse::<Fen>()
            .ok()
            .and_then(|fen| fen.into_position(CastlingMode::Standard).ok())
            .unwrap_or_default(),
    ];
    for position in &positions {
        if let Ok(answer) = stockfish_api::parse_answer(text, position) {
            assert!(position.is_legal(answer.mv));
        }
    }
});
