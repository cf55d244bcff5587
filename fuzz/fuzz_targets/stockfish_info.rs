//! stockfish-rest's reading of Stockfish's `info` lines (whatever the executable it is
//! pointed at prints): never panics.

#![no_main]

use libfuzzer_sys::fuzz_target;
use stockfish_rest::uci_process::parse_info;

fuzz_target!(|line: &str| {
    let _ = parse_info(line);
});
