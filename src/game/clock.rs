//! Chess clocks as plain data: the time left on each side, which side is running and
//! since when. Times are milliseconds; "now" is passed in (wall-clock `Date.now()` on
//! the page), so the logic is testable and a reload loses no time: a running clock
//! keeps running while the page is closed, as a real clock would.

use gambit_rules::shakmaty::Color;
use serde::{Deserialize, Serialize};

/// A time control (gambit-rules' type, so the game's PGN records it).
pub use gambit_rules::TimeControl as Control;

/// The time controls offered at a new game, as "minutes+seconds" labels.
pub const CONTROL_CHOICES: [&str; 6] = ["1+0", "3+2", "5+3", "10+0", "15+10", "30+0"];

/// Parses a "minutes+seconds" label (e.g. "5+3"); `None` for anything else.
pub fn parse_control(label: &str) -> Option<Control> {
    let (minutes, seconds) = label.split_once('+')?;
    let minutes: u64 = minutes.trim().parse().ok()?;
    let seconds: u64 = seconds.trim().parse().ok()?;
    (minutes > 0 && minutes <= 180 && seconds <= 180).then(|| Control::minutes(minutes, seconds))
}

/// Both clocks of a game.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Clocks {
    /// The time control they were set to.
    pub control: Control,
    /// White's time left when its clock last stopped.
    pub white_ms: u64,
    /// Black's time left when its clock last stopped.
    pub black_ms: u64,
    /// The side whose clock runs (`None` before the first move and after the game).
    #[serde(with = "super::color_serde::option")]
    pub running: Option<Color>,
    /// When the running clock started, in wall-clock milliseconds.
    #[serde(serialize_with = "super::stored_time::whole_ms")]
    pub since: f64,
}

impl Clocks {
    /// Fresh clocks; none runs until the first move is made.
    pub fn new(control: Control) -> Clocks {
        Clocks {
            control,
            white_ms: control.initial_ms,
            black_ms: control.initial_ms,
            running: None,
            since: 0.0,
        }
    }

    fn stored(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }

    fn set_stored(&mut self, color: Color, ms: u64) {
        match color {
            Color::White => self.white_ms = ms,
            Color::Black => self.black_ms = ms,
        }
    }

    /// Time left for `color` at `now`.
    pub fn remaining(&self, color: Color, now: f64) -> u64 {
        let stored = self.stored(color);
        if self.running == Some(color) {
            stored.saturating_sub(elapsed_ms(self.since, now))
        } else {
            stored
        }
    }

    /// `mover` has just moved at `now`: their clock stops (gaining the increment) and
    /// the opponent's starts. Returns the mover's time left, for the move record.
    pub fn press(&mut self, mover: Color, now: f64) -> u64 {
        let mut left = self.remaining(mover, now);
        if self.running == Some(mover) {
            left += self.control.increment_ms;
        }
        self.set_stored(mover, left);
        self.running = Some(mover.other());
        self.since = now;
        left
    }

    /// Stops both clocks at `now` (the game is over).
    pub fn stop(&mut self, now: f64) {
        if let Some(color) = self.running {
            let left = self.remaining(color, now);
            self.set_stored(color, left);
        }
        self.running = None;
    }

    /// After a takeback: `to_move` is on move again, its clock runs from `now`.
    /// Time already used is not given back.
    pub fn resume_for(&mut self, to_move: Color, now: f64) {
        let was_running = self.running.is_some();
        self.stop(now);
        if was_running {
            self.running = Some(to_move);
            self.since = now;
        }
    }

    /// The side whose time ran out at `now`, if any.
    pub fn flagged(&self, now: f64) -> Option<Color> {
        self.running
            .filter(|&color| self.remaining(color, now) == 0)
    }
}

/// Milliseconds from `since` to `now`, never negative (a wall clock can step back).
fn elapsed_ms(since: f64, now: f64) -> u64 {
    let elapsed = (now - since).max(0.0);
    if elapsed.is_finite() {
        // Non-negative and finite: the cast saturates at most.
        elapsed as u64
    } else {
        0
    }
}

/// A clock reading for people: "4:59", "1:02:03", or "9.8" (tenths) under 10 s.
pub fn clock_display(ms: u64) -> String {
    if ms < 10_000 {
        return format!("{}.{}", ms / 1000, (ms % 1000) / 100);
    }
    let seconds = ms / 1000;
    let (hours, minutes, seconds) = (seconds / 3600, (seconds / 60) % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn five_three() -> Control {
        parse_control("5+3").expect("a valid control")
    }

    #[test]
    fn a_clock_start_is_stored_in_whole_milliseconds_and_the_older_form_still_reads() {
        let mut clocks = Clocks::new(five_three());
        clocks.press(Color::White, 1_765_000_000_123.0);
        let text = serde_json::to_string(&clocks).expect("plain data");
        assert!(text.contains(r#""since":1765000000123}"#), "{text}");
        let back: Clocks = serde_json::from_str(&text).expect("readable");
        assert_eq!(back, clocks);
        // As records were written before: with a fraction.
        let older = text.replace("1765000000123", "1765000000123.0");
        let back: Clocks = serde_json::from_str(&older).expect("readable");
        assert_eq!(back, clocks);
    }

    #[test]
    fn parses_the_offered_controls() {
        for label in CONTROL_CHOICES {
            let control = parse_control(label).expect("offered controls parse");
            assert_eq!(control.label(), label);
        }
        assert_eq!(parse_control("0+0"), None);
        assert_eq!(parse_control("5"), None);
        assert_eq!(parse_control("a+b"), None);
    }

    #[test]
    fn no_clock_runs_before_the_first_move() {
        let clocks = Clocks::new(five_three());
        assert_eq!(clocks.remaining(Color::White, 1e12), 300_000);
        assert_eq!(clocks.flagged(1e12), None);
    }

    #[test]
    fn a_move_stops_the_movers_clock_with_increment_and_starts_the_other() {
        let mut clocks = Clocks::new(five_three());
        clocks.press(Color::White, 1000.0); // first move: free, no increment
        assert_eq!(clocks.running, Some(Color::Black));
        assert_eq!(clocks.remaining(Color::Black, 3000.0), 298_000);
        let left = clocks.press(Color::Black, 3000.0);
        assert_eq!(left, 301_000);
        assert_eq!(clocks.remaining(Color::White, 3500.0), 299_500);
    }

    #[test]
    fn time_runs_out() {
        let mut clocks = Clocks::new(parse_control("1+0").expect("valid"));
        clocks.press(Color::White, 0.0);
        assert_eq!(clocks.flagged(59_999.0), None);
        assert_eq!(clocks.flagged(60_000.0), Some(Color::Black));
        clocks.stop(70_000.0);
        assert_eq!(clocks.remaining(Color::Black, 80_000.0), 0);
        assert_eq!(clocks.flagged(80_000.0), None);
    }

    #[test]
    fn formats_like_lichess() {
        assert_eq!(clock_display(300_000), "5:00");
        assert_eq!(clock_display(61_000), "1:01");
        assert_eq!(clock_display(3_723_000), "1:02:03");
        assert_eq!(clock_display(9_870), "9.8");
        assert_eq!(clock_display(0), "0.0");
    }
}
