//! The game in progress as stored in `localStorage` (`gambit.v1.<page>`): the game
//! record of gambit-rules, the clocks, the board's orientation, and what the page keeps
//! with its game (the computer page: the opponent), so that the two are always saved,
//! restored and followed across tabs together.

use gambit_rules::Game;
use gambit_rules::shakmaty::Color;
use serde::{Deserialize, Serialize};

use super::clock::Clocks;
use super::computer_opponent::Opponent;

/// Where the `/friend` page's game is saved.
pub const FRIEND_GAME_KEY: &str = "gambit.v1.friend";

/// Where the `/computer` page's game is saved.
pub const COMPUTER_GAME_KEY: &str = "gambit.v1.computer";

/// The version of this format; anything else is set aside, not guessed at.
pub const SAVED_VERSION: u32 = 1;

/// What is stored for one page's game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Always [`SAVED_VERSION`].
    pub version: u32,
    /// The game, encoded by `gambit_rules::Game::encode`.
    pub game: String,
    /// The clocks, when the game has a time control.
    pub clocks: Option<Clocks>,
    /// The colour at the bottom of the board.
    #[serde(with = "super::color_serde::color")]
    pub orientation: Color,
    /// What the page keeps with its game: the computer page's opponent; absent in the
    /// records of pages that keep nothing. One that is not an opponent reads as none
    /// (the page then asks for one) and does not make the game unreadable.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "Opponent::deserialize_kept"
    )]
    pub attachment: Option<Attachment>,
}

/// What a page keeps with its game: the computer page's opponent. It is read with the
/// game, in the `saved_game` chunk, so the pages themselves read no JSON
/// (`docs/architecture.md`, "The page's wasm in chunks").
pub type Attachment = Opponent;

/// A stored game read back.
#[derive(Debug, Clone)]
pub struct Restored {
    /// The game.
    pub game: Game,
    /// Its clocks, when it has a time control.
    pub clocks: Option<Clocks>,
    /// The colour at the bottom of the board.
    pub orientation: Color,
    /// What the page keeps with the game.
    pub attachment: Option<Attachment>,
}

impl SavedGame {
    /// The stored form of a game.
    pub fn new(
        game: &Game,
        clocks: Option<Clocks>,
        orientation: Color,
        attachment: Option<Attachment>,
    ) -> SavedGame {
        SavedGame {
            version: SAVED_VERSION,
            game: game.encode(),
            clocks,
            orientation,
            attachment,
        }
    }

    /// Reads stored text back into a game, its clocks, orientation and attachment;
    /// every problem is an error in words.
    pub fn decode(text: &str) -> Result<Restored, String> {
        let saved: SavedGame =
            serde_json::from_str(text).map_err(|error| format!("unreadable data ({error})"))?;
        if saved.version != SAVED_VERSION {
            return Err(format!("unknown format version {}", saved.version));
        }
        let game = Game::decode(&saved.game).map_err(|error| error.to_string())?;
        Ok(Restored {
            game,
            clocks: saved.clocks,
            orientation: saved.orientation,
            attachment: saved.attachment,
        })
    }

    /// The JSON text to store.
    pub fn encode(&self) -> String {
        // Plain data with string keys: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_keeps_moves_clocks_and_orientation() {
        let mut game = Game::new();
        game.play_uci("e2e4").expect("legal");
        game.play_uci("e7e5").expect("legal");
        let clocks = super::super::clock::parse_control("3+2").map(Clocks::new);
        let attachment = Some(opponent());
        let text = SavedGame::new(&game, clocks, Color::Black, attachment.clone()).encode();
        let restored = SavedGame::decode(&text).expect("readable");
        assert_eq!(restored.game.fen(), game.fen());
        assert_eq!(restored.game.len(), 2);
        assert_eq!(restored.clocks, clocks);
        assert_eq!(restored.orientation, Color::Black);
        assert_eq!(restored.attachment, attachment);
        assert!(
            text.contains(
                r#""attachment":{"level":3,"human":"black","engine":"builtin","endpoint":"https://stockfish.online","bot":null,"seed":5}"#
            ),
            "{text}"
        );
    }

    fn opponent() -> Opponent {
        Opponent {
            level: 3,
            human: Color::Black,
            engine: super::super::computer_opponent::EngineChoice::Builtin,
            endpoint: "https://stockfish.online".to_owned(),
            bot: None,
            seed: 5,
        }
    }

    #[test]
    fn an_attachment_that_is_no_opponent_reads_as_none_and_the_game_still_reads() {
        let text = SavedGame::new(&Game::new(), None, Color::White, Some(opponent())).encode();
        for other in [r#"{"level":3}"#, "[1,2]", "\"a\"", "7"] {
            let changed = text.replacen(
                r#"{"level":3,"human":"black","engine":"builtin","endpoint":"https://stockfish.online","bot":null,"seed":5}"#,
                other,
                1,
            );
            assert_ne!(changed, text);
            let restored = SavedGame::decode(&changed).expect("the game reads");
            assert_eq!(restored.attachment, None, "{other}");
        }
        let restored = SavedGame::decode(&text.replacen(r#""level":3"#, r#""level":99"#, 1))
            .expect("the game reads");
        assert_eq!(restored.attachment.map(|o| o.level), Some(8));
    }

    #[test]
    fn records_without_an_attachment_still_read() {
        let text = SavedGame::new(&Game::new(), None, Color::White, None).encode();
        assert!(!text.contains("attachment"));
        let restored = SavedGame::decode(&text).expect("readable");
        assert_eq!(restored.attachment, None);
    }

    #[test]
    fn garbage_and_foreign_versions_are_errors() {
        assert!(SavedGame::decode("").is_err());
        assert!(SavedGame::decode("{not json").is_err());
        assert!(
            SavedGame::decode(r#"{"version":2,"game":"","clocks":null,"orientation":"white"}"#)
                .is_err()
        );
        assert!(
            SavedGame::decode(
                r#"{"version":1,"game":"nonsense","clocks":null,"orientation":"white"}"#
            )
            .is_err()
        );
        assert!(
            SavedGame::decode(r#"{"version":1,"game":"","clocks":null,"orientation":"green"}"#)
                .is_err()
        );
    }
}
