//! `stockfish-rest`: the stockfish.online v2 API served in front of a local Stockfish.

fn main() {}
