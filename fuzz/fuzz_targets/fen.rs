//! FEN as pasted by a user (the set-up dialog) or stored: `gambit_rules::parse_fen`
//! never panics, and a position it accepts writes a FEN that reads back to it.

#![no_main]

use gambit_rules::{fen_of, parse_fen};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(position) = parse_fen(text) {
        let written = fen_of(&position);
        let again = parse_fen(&written).expect("a written FEN reads back");
        assert_eq!(fen_of(&again), written);
    }
});
