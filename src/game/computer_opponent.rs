//! The computer's side of a game against it, kept in the game's record
//! (its attachment): the strength or the weak bot, the engine that
//! answers, the person's colour and the seed of the bot's ties. It is read with the game,
//! in the `saved_game` chunk, so that the computer page reads no JSON itself. The page's
//! own logic around it is in `src/opponent/`.

use gambit_rules::shakmaty::Color;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::value::RawValue;

use super::color_serde;

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest level (full strength).
pub const MAX_LEVEL: u8 = 8;

/// `level` brought into 1–8 (stored or typed data may hold anything).
pub fn valid_level(level: u8) -> u8 {
    level.clamp(MIN_LEVEL, MAX_LEVEL)
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

/// `name` as the UCI name of a bot the worker plays, `None` when there is no such bot.
pub fn known_bot(name: &str) -> Option<String> {
    gambit_protocol::bot_profile(name).map(|bot| bot.name.to_owned())
}

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

    /// The same opponent with the level in range and the bot one that exists.
    pub fn sanitised(self) -> Opponent {
        Opponent {
            level: valid_level(self.level),
            bot: self.bot.as_deref().and_then(known_bot),
            ..self
        }
    }

    /// Reads the opponent kept in a game record (its attachment), sanitised: `None` when
    /// the value there is not an opponent, so that the game still reads and the page
    /// asks for an opponent.
    pub fn deserialize_kept<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Opponent>, D::Error> {
        let kept = Option::<Box<RawValue>>::deserialize(deserializer)?;
        Ok(kept.and_then(|kept| Opponent::decode(kept.get()).ok()))
    }

    /// The opponent stored as `text`, sanitised, or why it is not one.
    pub fn decode(text: &str) -> Result<Opponent, String> {
        serde_json::from_str::<Opponent>(text)
            .map(Opponent::sanitised)
            .map_err(|error| error.to_string())
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
            endpoint: "https://stockfish.online".to_owned(),
            bot: bot.map(str::to_owned),
            seed: 5,
        }
    }

    #[test]
    fn a_saved_bot_comes_back_and_an_unknown_one_falls_back_to_the_level() {
        let text = serde_json::to_string(&opponent(Some("huddle"))).expect("plain data");
        let back = Opponent::decode(&text).expect("an opponent");
        assert_eq!(back, opponent(Some("huddle")));

        let mut saved: serde_json::Value = serde_json::from_str(&text).expect("a JSON value");
        saved["bot"] = serde_json::json!("stockfish");
        let unknown = Opponent::decode(&saved.to_string()).expect("an opponent");
        assert_eq!(unknown.bot, None);
        assert_eq!(unknown.level, 3);

        // A game saved before the bots: no bot, seed 0.
        if let Some(fields) = saved.as_object_mut() {
            fields.remove("bot");
            fields.remove("seed");
        }
        let older = Opponent::decode(&saved.to_string()).expect("an opponent");
        assert_eq!((older.bot, older.seed), (None, 0));

        assert!(Opponent::decode(r#"{"level":3}"#).is_err());
    }
}
