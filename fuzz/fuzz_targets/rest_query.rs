//! stockfish-rest's request reading, as any client on the internet can send it: the raw
//! query string of `GET /api/s/v2.php`. Never panics; what it accepts is a position with
//! a move to play, a one-line FEN for Stockfish and a depth from 1 to 15.

#![no_main]

use gambit_rules::shakmaty::Position;
use libfuzzer_sys::fuzz_target;
use stockfish_rest::request::{MAX_DEPTH, parse_analyse_query};

fuzz_target!(|query: &str| {
    if let Ok(request) = parse_analyse_query(Some(query)) {
        assert!((1..=MAX_DEPTH).contains(&request.depth));
        assert!(!request.fen.contains(['\n', '\r']), "{:?}", request.fen);
        assert!(!request.position.legal_moves().is_empty());
    }
});
