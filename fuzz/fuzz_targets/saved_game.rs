//! The saved game as read back from `localStorage`: the app's own `SavedGame::decode`
//! (src/game/saved.rs and the plain-data modules it uses, compiled here as they are), and
//! under it the rules' record (`Game::decode`). Neither panics; what decodes encodes to
//! a record that decodes to the same game.

#![no_main]

use gambit_rules::Game;
use libfuzzer_sys::fuzz_target;

#[path = "app_game.rs"]
mod game;

use game::saved::SavedGame;

fuzz_target!(|text: &str| {
    if let Ok(game) = Game::decode(text) {
        let again = Game::decode(&game.encode()).expect("an encoded game decodes");
        assert!(again.uci_moves().eq(game.uci_moves()));
        assert_eq!(again.outcome(), game.outcome());
    }
    if let Ok(restored) = SavedGame::decode(text) {
        let saved = SavedGame::new(
            &restored.game,
            restored.clocks,
            restored.orientation,
            restored.attachment.clone(),
        )
        .encode();
        let again = SavedGame::decode(&saved).expect("a saved game decodes");
        assert!(again.game.uci_moves().eq(restored.game.uci_moves()));
        assert_eq!(again.orientation, restored.orientation);
        assert_eq!(again.attachment, restored.attachment);
    }
});
