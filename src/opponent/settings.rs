//! The computer opponent's settings and their storage: the choices of the "play the
//! computer" dialog, remembered for the next dialog (`gambit.v1.computer.settings`), and
//! the opponent of the game in progress, saved inside the game's record
//! (`gambit.v1.computer`, its attachment).

use gambit_rules::shakmaty::Color;
use serde::{Deserialize, Serialize};

use super::levels::valid_level;
use super::stockfish_rest::DEFAULT_BASE;
use crate::game::color_serde;
use crate::game::saved::Attachment;
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

/// Which engine answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EngineChoice {
    /// Gambit's own engine in a Web Worker (offline).
    Builtin,
    /// Stockfish through the REST API.
    Stockfish,
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
    /// The remembered settings, or the defaults when there are none or they cannot be
    /// read.
    pub fn load() -> ComputerSettings {
        storage::load_json::<ComputerSettings>(SETTINGS_KEY)
            .ok()
            .flatten()
            .map(ComputerSettings::sanitised)
            .unwrap_or_default()
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

/// `name` as the UCI name of a bot the worker plays, `None` when there is no such bot.
fn known_bot(name: &str) -> Option<String> {
    gambit_protocol::bot_profile(name).map(|bot| bot.name.to_owned())
}

/// Where the opponent of the computer game was kept before it was saved inside the
/// game's own record (read once, then removed).
pub const LEGACY_OPPONENT_KEY: &str = "gambit.v1.computer.opponent";

/// The computer's side of the game, saved with it (the attachment of the computer
/// page's game record).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opponent {
    /// Strength 1–8.
    pub level: u8,
    /// The colour the person plays.
    #[serde(with = "color_serde::color")]
    pub human: Color,
    /// Which engine answers.
    pub engine: EngineChoice,
    /// The REST base address, for Stockfish.
    pub endpoint: String,
    /// A weak bot instead of the level (its UCI name; the built-in engine plays it).
    #[serde(default)]
    pub bot: Option<String>,
    /// The seed of the bot's ties, drawn when the game starts (a game replays under it).
    #[serde(default)]
    pub seed: u64,
}

impl Opponent {
    /// The bot that plays, when it is a bot rather than a level.
    pub fn bot_profile(&self) -> Option<&'static gambit_protocol::BotProfile> {
        self.bot.as_deref().and_then(gambit_protocol::bot_profile)
    }

    /// The opponent kept in a game record's attachment, `None` when there is none or it
    /// is not an opponent.
    pub fn from_attachment(attachment: Option<&Attachment>) -> Option<Opponent> {
        let opponent: Opponent = attachment?.read().ok()?;
        Some(Opponent {
            level: valid_level(opponent.level),
            bot: opponent.bot.as_deref().and_then(known_bot),
            ..opponent
        })
    }

    /// The opponent as a game record's attachment.
    pub fn to_attachment(&self) -> Option<Attachment> {
        Attachment::of(self)
    }

    /// The opponent of a computer game saved before opponents were kept in the game's
    /// record: taken out of its old key (set aside when unreadable).
    pub fn take_legacy() -> Result<Option<Opponent>, StorageError> {
        let opponent = storage::load_json::<Opponent>(LEGACY_OPPONENT_KEY);
        match &opponent {
            Ok(Some(_)) => storage::remove(LEGACY_OPPONENT_KEY)?,
            Err(StorageError::Unreadable { .. }) => {
                storage::set_aside(LEGACY_OPPONENT_KEY)?;
            }
            _ => {}
        }
        opponent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opponent(bot: Option<&str>) -> Opponent {
        Opponent {
            level: 3,
            human: Color::White,
            engine: EngineChoice::Builtin,
            endpoint: DEFAULT_BASE.to_owned(),
            bot: bot.map(str::to_owned),
            seed: 5,
        }
    }

    #[test]
    fn a_saved_bot_comes_back_and_an_unknown_one_falls_back_to_the_level() {
        let saved = opponent(Some("huddle")).to_attachment().expect("a value");
        let back = Opponent::from_attachment(Some(&saved)).expect("an opponent");
        assert_eq!(back, opponent(Some("huddle")));

        let mut saved: serde_json::Value = saved.read().expect("a JSON value");
        let attach = |value: &serde_json::Value| Attachment::of(value).expect("an attachment");
        saved["bot"] = serde_json::json!("stockfish");
        let unknown = Opponent::from_attachment(Some(&attach(&saved))).expect("an opponent");
        assert_eq!(unknown.bot, None);
        assert_eq!(unknown.level, 3);

        // A game saved before the bots: no bot, seed 0.
        if let Some(fields) = saved.as_object_mut() {
            fields.remove("bot");
            fields.remove("seed");
        }
        let older = Opponent::from_attachment(Some(&attach(&saved))).expect("an opponent");
        assert_eq!((older.bot, older.seed), (None, 0));
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
