//! The choices of the "play the computer" dialog, remembered in `localStorage`
//! (`gambit.v1.computer.settings`).

use serde::{Deserialize, Serialize};

use super::stockfish_rest::DEFAULT_BASE;
use crate::storage;

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
}

impl Default for ComputerSettings {
    fn default() -> ComputerSettings {
        ComputerSettings {
            level: 3,
            color: ColorChoice::White,
            engine: EngineChoice::Builtin,
            endpoint: DEFAULT_BASE.to_owned(),
            time_control: None,
        }
    }
}

impl ComputerSettings {
    /// The remembered settings, or the defaults when there are none or they cannot be
    /// read.
    pub fn load() -> ComputerSettings {
        storage::read(SETTINGS_KEY)
            .ok()
            .flatten()
            .and_then(|text| serde_json::from_str::<ComputerSettings>(&text).ok())
            .map(ComputerSettings::sanitised)
            .unwrap_or_default()
    }

    /// Remembers these settings (a failure only loses the convenience).
    pub fn save(&self) {
        if let Ok(text) = serde_json::to_string(self) {
            let _ = storage::write(SETTINGS_KEY, &text);
        }
    }

    /// The same settings with the level in range.
    pub fn sanitised(mut self) -> ComputerSettings {
        self.level = self.level.clamp(1, 8);
        self
    }
}
