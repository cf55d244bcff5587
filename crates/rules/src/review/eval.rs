//! An engine evaluation of a position, from White's side, and its PGN text
//! (`0.31`, `-3.00`, `#3`, `#-2`, as in lichess's `[%eval …]` comments).

use std::{fmt, str::FromStr};

use serde::{Deserialize, Deserializer, Serialize, Serializer, de};
use shakmaty::Color;
use thiserror::Error;

/// An engine's verdict on a position, always from White's side (positive:
/// White is better), as PGN `[%eval]` comments and the move list show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns: `Cp(31)` is White a third of a pawn up, `Cp(-300)` Black
    /// three pawns up.
    Cp(i32),
    /// A forced mate: `winner` mates in `moves` moves; `moves == 0` is a
    /// position where the side to move is already checkmated.
    Mate {
        /// The side that mates.
        winner: Color,
        /// Full moves of the mating side until mate.
        moves: u32,
    },
}

impl Eval {
    /// Mate in `n` with the sign convention of UCI and PGN: positive when
    /// White mates, negative when Black mates (`Eval::mate(-2)` is `#-2`).
    /// `0` counts as Black being mated; use [`Eval::Mate`] to say otherwise.
    pub fn mate(n: i32) -> Eval {
        Eval::Mate {
            winner: if n >= 0 { Color::White } else { Color::Black },
            moves: n.unsigned_abs(),
        }
    }

    /// The same evaluation seen from `color`'s side: centipawns negated for
    /// Black, the mate unchanged (it names its winner).
    pub(crate) fn cp_for(self, color: Color) -> Option<i32> {
        match self {
            Eval::Cp(cp) => Some(if color == Color::White { cp } else { -cp }),
            Eval::Mate { .. } => None,
        }
    }

    /// Centipawns from White's side with a mate counted as the ceiling
    /// (±[`CP_CEILING`](crate::CP_CEILING)) and other values clamped to it,
    /// as lichess does before computing accuracy.
    pub fn capped_cp(self) -> i32 {
        let ceiling = crate::CP_CEILING;
        match self {
            Eval::Cp(cp) => cp.clamp(-ceiling, ceiling),
            Eval::Mate {
                winner: Color::White,
                ..
            } => ceiling,
            Eval::Mate {
                winner: Color::Black,
                ..
            } => -ceiling,
        }
    }
}

/// As in PGN `[%eval]`: pawns with two decimals (`0.31`, `-3.00`), or `#3`
/// / `#-3` for a mate by White / Black. A position already checkmated is
/// `#0` (White has mated) or `#-0` (Black has); lichess writes no
/// evaluation there, and both read back.
impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Cp(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Eval::Mate { winner, moves } => {
                let sign = if winner == Color::Black { "-" } else { "" };
                write!(f, "#{sign}{moves}")
            }
        }
    }
}

/// Text that is not an evaluation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("not an evaluation: '{0}'")]
pub struct ParseEvalError(pub String);

/// Reads what follows `%eval` in PGN: `0.31`, `+1.5`, `-3`, `#3`, `#-2`, and
/// the same with a search depth after a comma (`0.31,20`, as some tools
/// write it; the depth is ignored). Pawn values beyond ±1000 are refused.
impl FromStr for Eval {
    type Err = ParseEvalError;

    fn from_str(text: &str) -> Result<Eval, ParseEvalError> {
        let error = || ParseEvalError(text.to_owned());
        let value = text.split(',').next().unwrap_or_default().trim();
        if let Some(mate) = value.strip_prefix('#') {
            let (winner, digits) = match mate.strip_prefix('-') {
                Some(rest) => (Color::Black, rest),
                None => (Color::White, mate.strip_prefix('+').unwrap_or(mate)),
            };
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(error());
            }
            let moves = digits.parse().map_err(|_| error())?;
            return Ok(Eval::Mate { winner, moves });
        }
        centipawns(value).map(Eval::Cp).ok_or_else(error)
    }
}

/// The largest pawn value read, either side.
const MAX_PAWNS: u32 = 1000;

/// Pawns written as a decimal (`0.31`, `+1.5`, `-3`, `.5`), in whole centipawns,
/// rounded half away from zero as written (`0.315` is 32); `None` for anything else or
/// beyond ±[`MAX_PAWNS`]. Read in integers: the page then carries no float parsing.
fn centipawns(text: &str) -> Option<i32> {
    let (negative, unsigned) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) {
        return None;
    }
    let mut pawns: u32 = 0;
    for b in whole.bytes() {
        pawns = pawns * 10 + u32::from(b - b'0');
        if pawns > MAX_PAWNS {
            return None;
        }
    }
    let mut decimals = fraction.bytes().map(|b| u32::from(b - b'0'));
    let tenths = decimals.next().unwrap_or(0);
    let hundredths = decimals.next().unwrap_or(0);
    let round_up = decimals.next().is_some_and(|thousandths| thousandths >= 5);
    let rest_nonzero = fraction.bytes().skip(2).any(|b| b != b'0');
    if pawns == MAX_PAWNS && (tenths > 0 || hundredths > 0 || rest_nonzero) {
        return None;
    }
    // At most 100 000 centipawns: no overflow.
    let cp = pawns * 100 + tenths * 10 + hundredths + u32::from(round_up);
    let cp = i32::try_from(cp).ok()?;
    Some(if negative { -cp } else { cp })
}

/// Stored (local storage, worker messages) as its PGN text: `"0.31"`, `"#-3"`.
impl Serialize for Eval {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Eval {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Eval, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for (eval, text) in [
            (Eval::Cp(31), "0.31"),
            (Eval::Cp(-5), "-0.05"),
            (Eval::Cp(-300), "-3.00"),
            (Eval::Cp(0), "0.00"),
            (Eval::mate(3), "#3"),
            (Eval::mate(-2), "#-2"),
        ] {
            assert_eq!(eval.to_string(), text);
            assert_eq!(text.parse::<Eval>(), Ok(eval));
        }
    }

    #[test]
    fn json_is_the_pgn_text() {
        let evals = vec![Eval::Cp(-125), Eval::mate(2)];
        let json = serde_json::to_string(&evals).unwrap();
        assert_eq!(json, r##"["-1.25","#2"]"##);
        assert_eq!(serde_json::from_str::<Vec<Eval>>(&json).unwrap(), evals);
        assert!(serde_json::from_str::<Eval>(r#""x""#).is_err());
    }

    #[test]
    fn other_spellings_are_read() {
        assert_eq!("+1.5".parse::<Eval>(), Ok(Eval::Cp(150)));
        assert_eq!("-3".parse::<Eval>(), Ok(Eval::Cp(-300)));
        assert_eq!("0.31,20".parse::<Eval>(), Ok(Eval::Cp(31)));
        assert_eq!("#+4".parse::<Eval>(), Ok(Eval::mate(4)));
        assert_eq!("-.5".parse::<Eval>(), Ok(Eval::Cp(-50)));
        assert_eq!("5.".parse::<Eval>(), Ok(Eval::Cp(500)));
        assert_eq!("1000".parse::<Eval>(), Ok(Eval::Cp(100_000)));
        assert_eq!("-1000.000".parse::<Eval>(), Ok(Eval::Cp(-100_000)));
        assert_eq!("0001.25".parse::<Eval>(), Ok(Eval::Cp(125)));
        for bad in [
            "", "#", "#x", "abc", "1e9", "NaN", "inf", "2000", "1000.01", "1000.001", ".", "-",
            "+-1", "1.2.3", "- 1", "1 1", "١",
        ] {
            assert!(bad.parse::<Eval>().is_err(), "{bad}");
        }
    }

    #[test]
    fn more_decimals_are_rounded_half_away_from_zero() {
        assert_eq!("0.314".parse::<Eval>(), Ok(Eval::Cp(31)));
        assert_eq!("0.315".parse::<Eval>(), Ok(Eval::Cp(32)));
        assert_eq!("-0.315".parse::<Eval>(), Ok(Eval::Cp(-32)));
        assert_eq!("0.3149999".parse::<Eval>(), Ok(Eval::Cp(31)));
        assert_eq!("0.999".parse::<Eval>(), Ok(Eval::Cp(100)));
        assert_eq!("-999.999".parse::<Eval>(), Ok(Eval::Cp(-100_000)));
    }

    proptest::proptest! {
        /// Up to two decimals, the reading is the exact value a float parse gives.
        #[test]
        fn decimals_read_as_a_float_parse_does(
            sign in "[+-]?", whole in "[0-9]{0,3}", point in proptest::bool::ANY,
            fraction in "[0-9]{0,2}",
        ) {
            let text = format!("{sign}{whole}{}{fraction}", if point { "." } else { "" });
            let expected = text
                .parse::<f64>()
                .ok()
                .filter(|pawns| pawns.abs() <= 1000.0)
                .map(|pawns| Eval::Cp((pawns * 100.0).round() as i32));
            proptest::prop_assert_eq!(text.parse::<Eval>().ok(), expected, "{}", text);
        }
    }
}
