//! Serde for shakmaty's `Color` (which has none): `"white"` / `"black"`.

use gambit_rules::shakmaty::Color;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The stored word for a colour.
pub fn name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The colour a stored word names.
pub fn parse(word: &str) -> Option<Color> {
    match word {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// `Color` as a string.
pub mod color {
    use super::*;

    /// Writes `"white"` or `"black"`.
    pub fn serialize<S: Serializer>(color: &Color, serializer: S) -> Result<S::Ok, S::Error> {
        name(*color).serialize(serializer)
    }

    /// Reads `"white"` or `"black"`; anything else is an error.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Color, D::Error> {
        let word = String::deserialize(deserializer)?;
        parse(&word).ok_or_else(|| serde::de::Error::custom(format!("not a colour: {word}")))
    }
}

/// `Option<Color>` as a string or null.
pub mod option {
    use super::*;

    /// Writes `"white"`, `"black"` or null.
    pub fn serialize<S: Serializer>(
        color: &Option<Color>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        color.map(name).serialize(serializer)
    }

    /// Reads `"white"`, `"black"` or null; anything else is an error.
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Color>, D::Error> {
        match Option::<String>::deserialize(deserializer)? {
            None => Ok(None),
            Some(word) => parse(&word)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("not a colour: {word}"))),
        }
    }
}
