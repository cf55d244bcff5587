//! PGN import (a paste or a file): `Game::from_pgn_with_tags` never panics, and a game it
//! accepts exports a PGN that imports again to the same moves.

#![no_main]

use gambit_rules::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok((game, tags)) = Game::from_pgn_with_tags(text) {
        let exported = game.to_pgn(&tags);
        let again = Game::from_pgn(&exported).expect("an exported PGN imports again");
        assert!(
            again.uci_moves().eq(game.uci_moves()),
            "moves changed through export:\n{exported}"
        );
    }
});
