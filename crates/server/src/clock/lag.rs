//! Lag compensation for one player, following lichess's rule (scalachess's
//! `LagTracker`), so that a slow network does not cost a player their clock.
//!
//! Each player has a *quota* of forgivable lag. When their move arrives, the server
//! forgives the network lag it measured for that player, up to the quota: the clock
//! is charged the elapsed time minus that compensation. The quota then shrinks by
//! what was forgiven and grows by a fixed *gain* per move, up to a cap. A player
//! whose lag stays small keeps a full quota; one who lags on every move drains it
//! down to about one gain per move.
//!
//! The constants, in words:
//!
//! - The game's estimated length is the base time plus 40 increments, in seconds.
//! - The gain per move is 0.4 centiseconds per second of that estimate plus
//!   0.15 s, rounded down to the centisecond, and at most 1 s.
//! - If a frame lag is known for the player ([`LagTracker::set_frame_lag`]), the gain
//!   is also at most that frame lag plus 0.14 s (an estimate of the lag the
//!   machines themselves add).
//! - The quota starts at 3 gains and never exceeds 7 gains (of the uncapped gain).
//! - A move is forgiven `min(lag, quota)`; then the quota becomes
//!   `min(quota + gain - forgiven, cap)`.
//! - While the player's clock runs, their flag falls only once their time is used
//!   up by more than the *flag grace*, `min(quota, 2 s)`: the lag of the move that
//!   may be on its way is forgiven too.
//!
//! | Time control | Estimate | Gain   | Start quota | Max quota | Start grace |
//! |--------------|----------|--------|-------------|-----------|-------------|
//! | 1+0          | 60 s     | 0.39 s | 1.17 s      | 2.73 s    | 1.17 s      |
//! | 3+0          | 180 s    | 0.87 s | 2.61 s      | 6.09 s    | 2 s         |
//! | 3+2          | 260 s    | 1 s    | 3 s         | 7 s       | 2 s         |
//! | 5+3          | 420 s    | 1 s    | 3 s         | 7 s       | 2 s         |
//! | 10+0         | 600 s    | 1 s    | 3 s         | 7 s       | 2 s         |
//!
//! From 3+2 up (an estimate of 213 s or more) the gain is the full second.
//!
//! lichess keeps times in centiseconds; here they are milliseconds, with the gain
//! computed in centiseconds first so that it is exactly lichess's.

use gambit_online_protocol::TimeControlSpec;

/// The most lag forgiven per move, whatever the time control: 1 s.
const MAX_GAIN_MS: u64 = 1_000;

/// Added to the gain: 0.15 s.
const BASE_GAIN_CS: u64 = 15;

/// Added to the frame lag when it caps the gain: 0.14 s.
const ESTIMATED_CPU_LAG_MS: u64 = 140;

/// The quota at the start of a game, in gains.
const START_QUOTA_GAINS: u64 = 3;

/// The largest quota, in gains.
const MAX_QUOTA_GAINS: u64 = 7;

/// The most flag grace a running clock gets: 2 s.
const MAX_FLAG_GRACE_MS: u64 = 2_000;

/// Moves in the estimate of a game's length: base time plus this many increments.
const ESTIMATED_MOVES: u64 = 40;

/// One player's lag quota: how much measured lag the server still forgives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LagTracker {
    /// The gain for this time control, before any frame-lag cap.
    max_gain_ms: u64,
    /// The gain per move now (the frame lag may lower it).
    gain_ms: u64,
    /// The lag that may be forgiven on the next move.
    quota_ms: u64,
    /// The quota's cap.
    max_quota_ms: u64,
}

impl LagTracker {
    /// A fresh tracker for `control`: the quota is 3 gains.
    pub fn new(control: TimeControlSpec) -> LagTracker {
        let max_gain_ms = max_gain_ms(control);
        LagTracker {
            max_gain_ms,
            gain_ms: max_gain_ms,
            quota_ms: max_gain_ms * START_QUOTA_GAINS,
            max_quota_ms: max_gain_ms * MAX_QUOTA_GAINS,
        }
    }

    /// A tracker for `control` whose quota was `quota_ms` (read back from storage;
    /// kept within the cap).
    pub fn with_quota(control: TimeControlSpec, quota_ms: u64) -> LagTracker {
        let mut tracker = LagTracker::new(control);
        tracker.quota_ms = quota_ms.min(tracker.max_quota_ms);
        tracker
    }

    /// The player's move arrived with `lag_ms` of measured network lag: returns the
    /// lag forgiven (`min(lag, quota)`), and updates the quota to
    /// `min(quota + gain - forgiven, cap)`.
    pub fn on_move(&mut self, lag_ms: u64) -> u64 {
        let forgiven = self.compensation_for(lag_ms);
        self.quota_ms = (self.quota_ms - forgiven + self.gain_ms).min(self.max_quota_ms);
        forgiven
    }

    /// What [`LagTracker::on_move`] would forgive for `lag_ms`, without changing the
    /// quota.
    pub fn compensation_for(&self, lag_ms: u64) -> u64 {
        lag_ms.min(self.quota_ms)
    }

    /// Caps the gain of the following moves at `frame_lag_ms` plus 0.14 s (never
    /// above the time control's gain). lichess sets it before each move from the
    /// player's measured frame lag; each call replaces the previous cap.
    pub fn set_frame_lag(&mut self, frame_lag_ms: u64) {
        self.gain_ms = self
            .max_gain_ms
            .min(frame_lag_ms.saturating_add(ESTIMATED_CPU_LAG_MS));
    }

    /// How long past zero the player's running clock may go before the flag falls:
    /// `min(quota, 2 s)`.
    pub fn flag_grace_ms(&self) -> u64 {
        self.quota_ms.min(MAX_FLAG_GRACE_MS)
    }

    /// The lag that may be forgiven on the next move.
    pub fn quota_ms(&self) -> u64 {
        self.quota_ms
    }

    /// The quota gained per move now.
    pub fn gain_ms(&self) -> u64 {
        self.gain_ms
    }

    /// The quota's cap: 7 gains of the time control.
    pub fn max_quota_ms(&self) -> u64 {
        self.max_quota_ms
    }
}

/// The gain per move for `control`: `min(1 s, 0.4 cs × (base + 40 × increment in s)
/// + 0.15 s)`, rounded down to the centisecond as lichess does.
fn max_gain_ms(control: TimeControlSpec) -> u64 {
    let estimate_s =
        u64::from(control.initial_s) + ESTIMATED_MOVES * u64::from(control.increment_s);
    let gain_cs = estimate_s * 2 / 5 + BASE_GAIN_CS;
    (gain_cs * 10).min(MAX_GAIN_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(initial_s: u32, increment_s: u32) -> TimeControlSpec {
        TimeControlSpec {
            initial_s,
            increment_s,
        }
    }

    #[test]
    fn table_of_the_module_doc() {
        // (control, gain, start quota, max quota, start grace), all in ms.
        // 1+0: estimate 60 s, 60 × 2 / 5 = 24 cs, + 15 = 39 cs = 390 ms.
        // 3+0: estimate 180 s, 72 + 15 = 87 cs = 870 ms.
        // 3+2: estimate 180 + 80 = 260 s, 104 + 15 = 119 cs, capped at 1 s.
        // 5+3: estimate 300 + 120 = 420 s, 168 + 15 = 183 cs, capped at 1 s.
        // 10+0: estimate 600 s, 240 + 15 = 255 cs, capped at 1 s.
        let rows = [
            (tc(60, 0), 390, 1_170, 2_730, 1_170),
            (tc(180, 0), 870, 2_610, 6_090, 2_000),
            (tc(180, 2), 1_000, 3_000, 7_000, 2_000),
            (tc(300, 3), 1_000, 3_000, 7_000, 2_000),
            (tc(600, 0), 1_000, 3_000, 7_000, 2_000),
        ];
        for (control, gain, start, max, grace) in rows {
            let tracker = LagTracker::new(control);
            assert_eq!(tracker.gain_ms(), gain, "gain at {}", control.pgn_tag());
            assert_eq!(tracker.quota_ms(), start, "start at {}", control.pgn_tag());
            assert_eq!(tracker.max_quota_ms(), max, "max at {}", control.pgn_tag());
            assert_eq!(
                tracker.flag_grace_ms(),
                grace,
                "grace at {}",
                control.pgn_tag()
            );
        }
    }

    #[test]
    fn gain_rounds_down_to_the_centisecond() {
        // 61 s: 61 × 2 / 5 = 24.4 cs, rounded down to 24, + 15 = 39 cs.
        assert_eq!(LagTracker::new(tc(61, 0)).gain_ms(), 390);
        // 63 s: 25.2 → 25 cs, + 15 = 40 cs.
        assert_eq!(LagTracker::new(tc(63, 0)).gain_ms(), 400);
        // 212 s: 84.8 → 84 + 15 = 99 cs; 213 s: 85.2 → 85 + 15 = 100 cs, the cap.
        assert_eq!(LagTracker::new(tc(212, 0)).gain_ms(), 990);
        assert_eq!(LagTracker::new(tc(213, 0)).gain_ms(), 1_000);
    }

    #[test]
    fn bullet_quota_drains_refills_and_caps() {
        // 1+0: gain 390, quota 1 170, cap 2 730.
        let mut t = LagTracker::new(tc(60, 0));
        // lag 500 ≤ 1 170: all forgiven; quota 1 170 − 500 + 390 = 1 060.
        assert_eq!(t.on_move(500), 500);
        assert_eq!(t.quota_ms(), 1_060);
        // lag 2 000 > 1 060: 1 060 forgiven; quota 1 060 − 1 060 + 390 = 390.
        assert_eq!(t.on_move(2_000), 1_060);
        assert_eq!(t.quota_ms(), 390);
        assert_eq!(t.flag_grace_ms(), 390);
        // lag 1 000 > 390: 390 forgiven; quota 390 − 390 + 390 = 390 (drained: one
        // gain per move is all a constantly lagging player gets).
        assert_eq!(t.on_move(1_000), 390);
        assert_eq!(t.quota_ms(), 390);
        // No lag: the quota refills by a gain per move: 780, 1 170, 1 560, 1 950,
        // 2 340, then 2 730 (the cap), then stays at 2 730.
        for expected in [780, 1_170, 1_560, 1_950, 2_340, 2_730, 2_730] {
            assert_eq!(t.on_move(0), 0);
            assert_eq!(t.quota_ms(), expected);
        }
        // Grace is min(quota, 2 000) = 2 000 at the cap.
        assert_eq!(t.flag_grace_ms(), 2_000);
        // lag 3 000 > 2 730: 2 730 forgiven; quota 0 + 390 = 390.
        assert_eq!(t.on_move(3_000), 2_730);
        assert_eq!(t.quota_ms(), 390);
    }

    #[test]
    fn blitz_quota_drains_refills_and_caps() {
        // 5+3: gain 1 000, quota 3 000, cap 7 000.
        let mut t = LagTracker::new(tc(300, 3));
        // lag 200: forgiven 200; quota 3 000 − 200 + 1 000 = 3 800.
        assert_eq!(t.on_move(200), 200);
        assert_eq!(t.quota_ms(), 3_800);
        // lag 5 000 > 3 800: forgiven 3 800; quota 0 + 1 000 = 1 000.
        assert_eq!(t.on_move(5_000), 3_800);
        assert_eq!(t.quota_ms(), 1_000);
        assert_eq!(t.flag_grace_ms(), 1_000);
        // lag 700: forgiven 700; quota 1 000 − 700 + 1 000 = 1 300.
        assert_eq!(t.on_move(700), 700);
        assert_eq!(t.quota_ms(), 1_300);
        // lag 100 each move: + 900 a move: 2 200, 3 100, 4 000, 4 900, 5 800, 6 700,
        // then 7 600 capped to 7 000, and 7 000 again.
        for expected in [2_200, 3_100, 4_000, 4_900, 5_800, 6_700, 7_000, 7_000] {
            assert_eq!(t.on_move(100), 100);
            assert_eq!(t.quota_ms(), expected);
        }
    }

    #[test]
    fn frame_lag_caps_the_gain_not_the_cap() {
        // 10+0: gain 1 000, quota 3 000, cap 7 000.
        let mut t = LagTracker::new(tc(600, 0));
        // Frame lag 60 ms: gain min(1 000, 60 + 140) = 200.
        t.set_frame_lag(60);
        assert_eq!(t.gain_ms(), 200);
        // lag 0: quota 3 000 + 200 = 3 200.
        assert_eq!(t.on_move(0), 0);
        assert_eq!(t.quota_ms(), 3_200);
        // The cap stays 7 gains of the time control.
        assert_eq!(t.max_quota_ms(), 7_000);
        // A big frame lag gives back the full gain; each call replaces the last.
        t.set_frame_lag(5_000);
        assert_eq!(t.gain_ms(), 1_000);
        t.set_frame_lag(u64::MAX);
        assert_eq!(t.gain_ms(), 1_000);
        assert_eq!(t.on_move(0), 0);
        assert_eq!(t.quota_ms(), 4_200);
    }

    #[test]
    fn compensation_for_does_not_change_the_quota() {
        let t = LagTracker::new(tc(60, 0));
        assert_eq!(t.compensation_for(5_000), 1_170);
        assert_eq!(t.compensation_for(100), 100);
        assert_eq!(t.quota_ms(), 1_170);
    }

    #[test]
    fn a_stored_quota_is_kept_within_the_cap() {
        assert_eq!(LagTracker::with_quota(tc(60, 0), 1_000).quota_ms(), 1_000);
        assert_eq!(LagTracker::with_quota(tc(60, 0), 99_999).quota_ms(), 2_730);
    }

    /// A small deterministic pseudo-random sequence (xorshift), so that the
    /// invariant test covers many lag patterns and is the same on every run.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn invariants_hold_for_many_lag_sequences() {
        let controls = [
            tc(1, 0),
            tc(60, 0),
            tc(180, 0),
            tc(180, 2),
            tc(300, 3),
            tc(600, 0),
            tc(10_800, 180),
        ];
        for control in controls {
            for seed in 1..=200u64 {
                let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                let mut t = LagTracker::new(control);
                let cap = t.max_quota_ms();
                assert!(t.quota_ms() <= cap);
                for _ in 0..200 {
                    let draw = xorshift(&mut state);
                    // Mostly small lags, some large, now and then a frame lag.
                    let lag = match draw % 4 {
                        0 => draw % 50,
                        1 => draw % 500,
                        2 => draw % 3_000,
                        _ => draw % 20_000,
                    };
                    if draw.is_multiple_of(7) {
                        t.set_frame_lag((draw >> 8) % 2_000);
                    }
                    let before = t.quota_ms();
                    let forgiven = t.on_move(lag);
                    assert!(forgiven <= lag, "forgave more than the lag");
                    assert!(forgiven <= before, "forgave more than the quota");
                    assert_eq!(forgiven, lag.min(before));
                    assert!(t.quota_ms() <= cap, "quota above its cap");
                    assert!(t.gain_ms() <= 1_000);
                    assert!(t.flag_grace_ms() <= t.quota_ms().min(2_000));
                }
            }
        }
    }
}
