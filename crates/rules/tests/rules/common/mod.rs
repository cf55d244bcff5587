//! Helpers shared by the integration tests.
#![allow(dead_code)]

use gambit_rules::{Game, Square};

/// A game from the start position (or `fen`) after the given SAN moves.
pub fn game_after(fen: Option<&str>, sans: &str) -> Game {
    let mut game = match fen {
        Some(fen) => Game::from_fen(fen).expect("test FEN is legal"),
        None => Game::new(),
    };
    for san in sans.split_whitespace() {
        if let Err(err) = game.play_san(san) {
            panic!("cannot play {san} in {}: {err}", game.fen());
        }
    }
    game
}

/// A square from its name.
pub fn sq(name: &str) -> Square {
    name.parse().expect("test square name")
}

/// Squares from names, sorted.
pub fn squares(names: &[&str]) -> Vec<Square> {
    let mut list: Vec<Square> = names.iter().map(|name| sq(name)).collect();
    list.sort();
    list
}

/// Sorted copy of a square list.
pub fn sorted(mut list: Vec<Square>) -> Vec<Square> {
    list.sort();
    list
}
