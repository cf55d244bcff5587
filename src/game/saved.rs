//! The game in progress as stored in `localStorage` (`gambit.v1.<page>`): the game
//! record of gambit-rules, the clocks, the board's orientation, and what the page keeps
//! with its game (the computer page: the opponent), so that the two are always saved,
//! restored and followed across tabs together.

use gambit_rules::Game;
use gambit_rules::shakmaty::Color;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::clock::Clocks;

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
    /// What the page keeps with its game (the computer page: its opponent); absent in
    /// the records of pages that keep nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attachment: Option<Attachment>,
}

/// What a page keeps with its game (the computer page: its opponent), kept as the JSON
/// text it was stored as. Only the page that wrote it reads it, into its own type, so
/// the main module, which restores every page's game, parses no free-form JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Attachment(Box<RawValue>);

impl Attachment {
    /// `value` as an attachment.
    pub fn of<T: Serialize>(value: &T) -> Option<Attachment> {
        serde_json::value::to_raw_value(value).ok().map(Attachment)
    }

    /// The attachment read as a `T`, or why it is not one.
    pub fn read<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        serde_json::from_str(self.0.get())
    }

    /// The JSON text.
    pub fn text(&self) -> &str {
        self.0.get()
    }
}

impl PartialEq for Attachment {
    fn eq(&self, other: &Attachment) -> bool {
        self.text() == other.text()
    }
}

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
        let attachment = Attachment::of(&serde_json::json!({ "level": 3 }));
        let text = SavedGame::new(&game, clocks, Color::Black, attachment.clone()).encode();
        let restored = SavedGame::decode(&text).expect("readable");
        assert_eq!(restored.game.fen(), game.fen());
        assert_eq!(restored.game.len(), 2);
        assert_eq!(restored.clocks, clocks);
        assert_eq!(restored.orientation, Color::Black);
        assert_eq!(restored.attachment, attachment);
        assert_eq!(
            restored.attachment.map(|a| a.text().to_owned()).as_deref(),
            Some(r#"{"level":3}"#)
        );
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
