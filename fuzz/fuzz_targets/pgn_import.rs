//! PGN import (a paste or a file): `Game::from_pgn_with_tags` and `GameTree::from_pgn`
//! (variations kept) never panic; a game it accepts exports a PGN that imports again to
//! the same moves, and a tree it accepts exports a PGN (variations and analysis) that
//! imports again to the same moves and exports again to the same text.

#![no_main]

use gambit_rules::{Game, GameTree};
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
    if let Ok((tree, tags, notes)) = GameTree::from_pgn(text) {
        let exported = tree.to_pgn(&tags, &|node| notes.get(&node).cloned().unwrap_or_default());
        let (again, tags_again, notes_again) =
            GameTree::from_pgn(&exported).expect("an exported tree imports again");
        // Clocks finer than a tenth of a second are rounded by the export: compare the
        // moves, then the PGN written again (variations, analysis, clocks, result).
        assert_eq!(again.node_count(), tree.node_count(), "{exported}");
        assert!(
            again
                .main_game()
                .uci_moves()
                .eq(tree.main_game().uci_moves()),
            "main line changed through export:\n{exported}"
        );
        let rewritten = again.to_pgn(&tags_again, &|node| {
            notes_again.get(&node).cloned().unwrap_or_default()
        });
        assert_eq!(rewritten, exported, "the export is not stable");
    }
});
