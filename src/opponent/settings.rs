//! The computer opponent's settings and their storage: the choices of the "play the
//! computer" dialog, remembered for the next dialog (`gambit.v1.computer.settings`), and
//! the opponent of the game in progress, saved inside the game's record
//! (`gambit.v1.computer`, its attachment).
//!
//! What is stored is read in the `saved_game` chunk of the release build, with the game
//! (`crate::game::persistence`): serde_json's reader is large, and a first visit has
//! nothing stored.

use serde::{Deserialize, Serialize};

use super::stockfish_rest::DEFAULT_BASE;
use crate::chunks::spawn_first_view_part;
pub use crate::game::computer_opponent::{EngineChoice, Opponent};
use crate::game::computer_opponent::{known_bot, valid_level};
use crate::storage::{self, StorageError};

/// Where the settings are kept.
pub const SETTINGS_KEY: &str = "gambit.v1.computer.settings";

/// The player's colour choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    /// Play White.
    White,
    /// Play Black.
    Black,
    /// Let chance decide at the start.
    Random,
}

/// Everything the dialog asks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ComputerSettings {
    /// Strength, 1–8.
    pub level: u8,
    /// The player's colour.
    pub color: ColorChoice,
    /// The engine.
    pub engine: EngineChoice,
    /// The REST service's base address (the app appends `/api/s/v2.php`).
    pub endpoint: String,
    /// Time control label ("5+3"), or `None` for no clock.
    pub time_control: Option<String>,
    /// A weak bot instead of a level (its UCI name), played by the built-in engine.
    pub bot: Option<String>,
}

impl Default for ComputerSettings {
    fn default() -> ComputerSettings {
        ComputerSettings {
            level: 3,
            color: ColorChoice::White,
            engine: EngineChoice::Builtin,
            endpoint: DEFAULT_BASE.to_owned(),
            time_control: None,
            bot: None,
        }
    }
}

impl ComputerSettings {
    /// Runs `done` with the remembered settings, or the defaults when there are none or
    /// they cannot be read: at once when nothing is stored; otherwise once they are read
    /// in the `saved_game` chunk, a part of the first view while the page shell is up
    /// (`crate::chunks`), and with the defaults if the chunk cannot be fetched.
    pub fn load_then(done: impl FnOnce(ComputerSettings) + 'static) {
        let Ok(Some(text)) = storage::read(SETTINGS_KEY) else {
            done(ComputerSettings::default());
            return;
        };
        spawn_first_view_part(async move {
            done(
                decode_settings_in_chunk(text)
                    .await
                    .ok()
                    .flatten()
                    .unwrap_or_default(),
            );
        });
    }

    /// The settings stored as `text`, `None` when it is not settings.
    fn decode(text: &str) -> Option<ComputerSettings> {
        serde_json::from_str::<ComputerSettings>(text)
            .ok()
            .map(ComputerSettings::sanitised)
    }

    /// Remembers these settings (a failure only loses the convenience).
    pub fn save(&self) {
        let _ = storage::save_json(SETTINGS_KEY, self);
    }

    /// The same settings with the level in range and the bot one that exists.
    pub fn sanitised(mut self) -> ComputerSettings {
        self.level = valid_level(self.level);
        self.bot = self.bot.as_deref().and_then(known_bot);
        self
    }
}

/// Where the opponent of the computer game was kept before it was saved inside the
/// game's own record (read once, then removed).
pub const LEGACY_OPPONENT_KEY: &str = "gambit.v1.computer.opponent";

impl Opponent {
    /// The opponent of a computer game saved before opponents were kept in the game's
    /// record: taken out of its old key (set aside when unreadable) in the `saved_game`
    /// chunk, which is fetched only when that key holds something. When the chunk cannot
    /// be fetched, the old key stays.
    pub async fn take_legacy() -> Result<Option<Opponent>, StorageError> {
        if storage::read(LEGACY_OPPONENT_KEY)?.is_none() {
            return Ok(None);
        }
        take_legacy_in_chunk()
            .await
            .unwrap_or_else(|_| Err(StorageError::Read(LEGACY_OPPONENT_KEY.to_owned())))
    }

    /// [`Opponent::take_legacy`]'s work, in the chunk.
    fn take_legacy_now() -> Result<Option<Opponent>, StorageError> {
        let opponent = storage::load_json::<Opponent>(LEGACY_OPPONENT_KEY);
        match &opponent {
            Ok(Some(_)) => storage::remove(LEGACY_OPPONENT_KEY)?,
            Err(StorageError::Unreadable { .. }) => {
                storage::set_aside(LEGACY_OPPONENT_KEY)?;
            }
            _ => {}
        }
        opponent.map(|opponent| opponent.map(Opponent::sanitised))
    }
}

crate::chunk_fn!(
    /// Stored settings read in the `saved_game` chunk (`crate::chunks`).
    fn decode_settings_in_chunk(text: String) in saved_game -> Option<ComputerSettings> {
        ComputerSettings::decode(&text)
    }
);

crate::chunk_fn!(
    /// The legacy opponent taken in the `saved_game` chunk.
    fn take_legacy_in_chunk() in saved_game -> Result<Option<Opponent>, StorageError> {
        Opponent::take_legacy_now()
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_settings_are_read_sanitised_and_unreadable_ones_are_none() {
        let settings = ComputerSettings {
            level: 42,
            bot: Some("HUDDLE".to_owned()),
            time_control: Some("5+3".to_owned()),
            ..ComputerSettings::default()
        };
        let text = serde_json::to_string(&settings).expect("plain data");
        let read = ComputerSettings::decode(&text).expect("settings");
        assert_eq!(read.level, 8);
        assert_eq!(read.bot.as_deref(), Some("huddle"));
        assert_eq!(read.time_control.as_deref(), Some("5+3"));
        // Absent fields take their defaults.
        let read = ComputerSettings::decode(r#"{"level":5}"#).expect("settings");
        assert_eq!(read.level, 5);
        assert_eq!(read.engine, EngineChoice::Builtin);
        for bad in [
            "",
            "{",
            "7",
            r#"{"level":"five"}"#,
            r#"{"engine":"deep blue"}"#,
        ] {
            assert_eq!(ComputerSettings::decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn settings_keep_only_a_bot_that_exists() {
        let settings = ComputerSettings {
            bot: Some("WORSTFISH".to_owned()),
            ..ComputerSettings::default()
        };
        assert_eq!(settings.sanitised().bot.as_deref(), Some("worstfish"));
        let settings = ComputerSettings {
            bot: Some("<b>".to_owned()),
            ..ComputerSettings::default()
        };
        assert_eq!(settings.sanitised().bot, None);
    }
}
