//! Time controls (`300+3`) and the clock notation of PGN comments (`[%clk 0:04:57]`).

use std::{fmt, str::FromStr};

use serde::{Deserialize, Serialize};

/// A Fischer time control: initial time per player plus an increment per move.
///
/// In PGN it is written in seconds, `"300+3"` (the `TimeControl` tag); on the
/// page in minutes, `"5+3"` ([`TimeControl::label`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// Time each player starts with, in milliseconds.
    pub initial_ms: u64,
    /// Time added after each of a player's moves, in milliseconds.
    pub increment_ms: u64,
}

impl TimeControl {
    /// A time control from milliseconds.
    pub const fn new(initial_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl {
            initial_ms,
            increment_ms,
        }
    }

    /// A time control from whole minutes and whole seconds of increment, e.g.
    /// `TimeControl::minutes(5, 3)` for 5+3.
    pub const fn minutes(minutes: u64, increment_secs: u64) -> TimeControl {
        TimeControl::new(minutes * 60_000, increment_secs * 1000)
    }

    /// The label lichess shows, minutes + seconds: `"5+3"`, `"0.5+0"`.
    pub fn label(self) -> String {
        format!(
            "{}+{}",
            decimal(self.initial_ms, 60_000),
            decimal(self.increment_ms, 1000)
        )
    }
}

/// PGN `TimeControl` form, in seconds: `"300+3"`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            decimal(self.initial_ms, 1000),
            decimal(self.increment_ms, 1000)
        )
    }
}

/// Why a `TimeControl` could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not a time control (expected seconds and increment, e.g. \"300+3\")")]
pub struct ParseTimeControlError;

/// Reads the PGN form `"300+3"` or `"300"` (no increment), in seconds, decimals
/// allowed. `"-"` (no time control) and `"?"` (unknown) are errors: the caller
/// treats them as "no time control".
impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let (initial, increment) = match s.trim().split_once('+') {
            Some((initial, increment)) => (initial, Some(increment)),
            None => (s.trim(), None),
        };
        let initial_ms = parse_decimal_ms(initial, 1000).ok_or(ParseTimeControlError)?;
        let increment_ms = match increment {
            Some(text) => parse_decimal_ms(text, 1000).ok_or(ParseTimeControlError)?,
            None => 0,
        };
        Ok(TimeControl {
            initial_ms,
            increment_ms,
        })
    }
}

/// Formats a clock reading for a PGN comment: `h:mm:ss`, with tenths when the
/// time is not a whole second (`0:00:09.5`, rounded down to the tenth).
pub fn format_clock(ms: u64) -> String {
    let tenths = (ms % 1000) / 100;
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, (secs / 60) % 60, secs % 60);
    if tenths == 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{h}:{m:02}:{s:02}.{tenths}")
    }
}

/// Reads a clock reading `h:mm:ss`, `mm:ss` or either with a decimal fraction
/// of seconds, into milliseconds. `None` when it is not a clock reading.
pub fn parse_clock(text: &str) -> Option<u64> {
    let mut parts = text.trim().rsplit(':');
    let secs = parse_decimal_ms(parts.next()?, 1000)?;
    let mins: u64 = parse_whole(parts.next()?)?;
    let hours: u64 = match parts.next() {
        Some(h) => parse_whole(h)?,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    hours
        .checked_mul(3_600_000)?
        .checked_add(mins.checked_mul(60_000)?)?
        .checked_add(secs)
}

/// Finds `[%clk ...]` in a PGN comment and reads it.
pub(crate) fn clock_in_comment(comment: &str) -> Option<u64> {
    let start = comment.find("[%clk")? + "[%clk".len();
    let rest = &comment[start..];
    let end = rest.find(']')?;
    parse_clock(&rest[..end])
}

fn parse_whole(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `"9.5"` with `unit` 1000 → 9500. Up to three decimals.
fn parse_decimal_ms(text: &str, unit: u64) -> Option<u64> {
    let (whole, frac) = match text.split_once('.') {
        Some((whole, frac)) => (whole, frac),
        None => (text, ""),
    };
    let whole = parse_whole(whole)?;
    let mut frac_ms = 0;
    if !frac.is_empty() {
        if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let padded: u64 = format!("{frac:0<3}").parse().ok()?;
        frac_ms = padded * unit / 1000;
    }
    whole.checked_mul(unit)?.checked_add(frac_ms)
}

/// `value / unit` written with up to three decimals and no trailing zeros.
fn decimal(value: u64, unit: u64) -> String {
    let whole = value / unit;
    let rest = value % unit;
    if rest == 0 {
        return whole.to_string();
    }
    let frac = format!("{:03}", rest * 1000 / unit);
    format!("{whole}.{}", frac.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_form_round_trips() {
        let tc: TimeControl = "300+3".parse().unwrap();
        assert_eq!(tc, TimeControl::minutes(5, 3));
        assert_eq!(tc.to_string(), "300+3");
        assert_eq!(tc.label(), "5+3");
        assert_eq!("60".parse::<TimeControl>(), Ok(TimeControl::minutes(1, 0)));
        assert_eq!(TimeControl::new(30_000, 0).label(), "0.5+0");
        assert!("-".parse::<TimeControl>().is_err());
        assert!("?".parse::<TimeControl>().is_err());
        assert!("5+x".parse::<TimeControl>().is_err());
    }

    #[test]
    fn clocks() {
        assert_eq!(format_clock(300_000), "0:05:00");
        assert_eq!(format_clock(3_723_000), "1:02:03");
        assert_eq!(format_clock(9_550), "0:00:09.5");
        assert_eq!(parse_clock("0:05:00"), Some(300_000));
        assert_eq!(parse_clock("1:02:03"), Some(3_723_000));
        assert_eq!(parse_clock("0:00:09.5"), Some(9_500));
        assert_eq!(parse_clock("4:59"), Some(299_000));
        assert_eq!(parse_clock("x:00:00"), None);
        assert_eq!(parse_clock("1:2:3:4"), None);
        assert_eq!(
            clock_in_comment(" [%eval 0.2] [%clk 0:04:57] "),
            Some(297_000)
        );
        assert_eq!(clock_in_comment("no clock"), None);
    }
}
