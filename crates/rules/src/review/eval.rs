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
        let pawns = parse_pawns(value).ok_or_else(error)?;
        if !pawns.is_finite() || pawns.abs() > 1000.0 {
            return Err(error());
        }
        // At most 100 000 centipawns after the check above: no overflow.
        Ok(Eval::Cp((pawns * 100.0).round() as i32))
    }
}

/// Powers of ten that a double holds exactly.
const POWERS_OF_TEN: [f64; 16] = [
    1.0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// A decimal number of pawns (`-1.25`, `+3`, `.5`, `2.`) as `str::parse::<f64>`
/// reads it, without the page linking the standard float parser (its tables alone
/// are about 20 KiB of wasm). Exact while the digits fit a double's 53 bits (15
/// significant digits); further digits after the point are dropped. `None` for
/// anything but an optional sign, digits and at most one point with a digit.
fn parse_pawns(text: &str) -> Option<f64> {
    let negative = text.starts_with('-');
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = || whole.bytes().chain(fraction.bytes());
    if whole.is_empty() && fraction.is_empty() || !digits().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // mantissa / 10^scale, both exact, so that the one division rounds as the parser.
    let mut mantissa: u64 = 0;
    for digit in whole.bytes() {
        mantissa = mantissa
            .checked_mul(10)?
            .checked_add(u64::from(digit - b'0'))?;
    }
    let mut scale = 0;
    for digit in fraction.bytes() {
        let next = mantissa * 10 + u64::from(digit - b'0');
        if scale == POWERS_OF_TEN.len() - 1 || next >= 1 << 53 {
            break;
        }
        mantissa = next;
        scale += 1;
    }
    let value = mantissa as f64 / POWERS_OF_TEN[scale];
    Some(if negative { -value } else { value })
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
        assert_eq!(".5".parse::<Eval>(), Ok(Eval::Cp(50)));
        assert_eq!("2.".parse::<Eval>(), Ok(Eval::Cp(200)));
        for bad in [
            "", "#", "#x", "abc", "1e9", "NaN", "inf", "2000", ".", "+", "+-1", "1.2.3", "1-2",
        ] {
            assert!(bad.parse::<Eval>().is_err(), "{bad}");
        }
    }

    proptest::proptest! {
        /// Short decimal texts read as the standard parser reads them.
        #[test]
        fn pawns_read_as_the_float_parser(text in "[-+]?[0-9]{0,6}([.][0-9]{0,9})?[-+.0-9]?") {
            let expected = text.parse::<f64>().ok();
            proptest::prop_assert_eq!(
                parse_pawns(&text).map(f64::to_bits),
                expected.map(f64::to_bits),
                "{}",
                text
            );
        }
    }
}
