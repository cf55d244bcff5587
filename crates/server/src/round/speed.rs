//! A game's speed, as lichess sorts time controls, and the waits that depend on it: the
//! time for a first move and how long a player must be away before the opponent may
//! claim the game.

use gambit_online_protocol::TimeControlSpec;
use serde::{Deserialize, Serialize};

/// lichess's speed classes, by the estimated game length `initial + 40 × increment`
/// seconds (scalachess `Speed`): under 30 s ultrabullet, under 180 s bullet, under 480 s
/// blitz, under 1500 s rapid, else classical. A game without clocks is [`Speed::Untimed`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speed {
    /// Under 30 s estimated.
    UltraBullet,
    /// Under 3 minutes estimated.
    Bullet,
    /// Under 8 minutes estimated.
    Blitz,
    /// Under 25 minutes estimated.
    Rapid,
    /// 25 minutes or more.
    Classical,
    /// No clocks.
    Untimed,
}

impl Speed {
    /// The speed of a time control (`None`: no clocks).
    pub fn of(control: Option<TimeControlSpec>) -> Speed {
        let Some(control) = control else {
            return Speed::Untimed;
        };
        let estimate = u64::from(control.initial_s) + 40 * u64::from(control.increment_s);
        match estimate {
            0..30 => Speed::UltraBullet,
            30..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }
}

/// The waits of the round's rules, in milliseconds. [`RoundTiming::LICHESS`] holds the
/// real numbers; tests shorten them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundTiming {
    /// Time for a side's first move, by speed: ultrabullet, bullet, blitz, rapid,
    /// classical (a game without clocks uses the classical time). Past it the game is
    /// called off ([`gambit_online_protocol::EndReason::NoStart`]).
    pub first_move_ms: [u64; 5],
    /// How long a player must be away before the opponent may claim the game, for
    /// ultrabullet, bullet and blitz; twice this in rapid, three times in classical and
    /// in games without clocks.
    pub claim_ms: u64,
    /// The same after the player's page said `Bye` (its tab closed).
    pub bye_claim_ms: u64,
    /// A game whose second seat stays free this long is called off.
    pub waiting_ttl_ms: u64,
    /// A started game without clocks in which nothing happens this long ends in a
    /// draw by abandonment.
    pub stale_ttl_ms: u64,
}

impl RoundTiming {
    /// lichess's numbers: first moves in 15 / 20 / 25 / 30 / 35 s; claims after 20 s
    /// (lichess's 40 s halved, as lichess does for anonymous games; ×2 rapid, ×3
    /// classical), 10 s after a `Bye`; open invitations and untimed games left alone
    /// expire after a day (as lichess's challenges do).
    pub const LICHESS: RoundTiming = RoundTiming {
        first_move_ms: [15_000, 20_000, 25_000, 30_000, 35_000],
        claim_ms: 20_000,
        bye_claim_ms: 10_000,
        waiting_ttl_ms: 24 * 3600 * 1000,
        stale_ttl_ms: 24 * 3600 * 1000,
    };

    /// The time for a first move at `speed`.
    pub fn first_move_ms(&self, speed: Speed) -> u64 {
        let index = match speed {
            Speed::UltraBullet => 0,
            Speed::Bullet => 1,
            Speed::Blitz => 2,
            Speed::Rapid => 3,
            Speed::Classical | Speed::Untimed => 4,
        };
        self.first_move_ms[index]
    }

    /// How long a player must be away (`bye`: after saying `Bye`) before the opponent
    /// may claim, at `speed`.
    pub fn claim_after_ms(&self, speed: Speed, bye: bool) -> u64 {
        if bye {
            return self.bye_claim_ms;
        }
        let factor = match speed {
            Speed::UltraBullet | Speed::Bullet | Speed::Blitz => 1,
            Speed::Rapid => 2,
            Speed::Classical | Speed::Untimed => 3,
        };
        self.claim_ms * factor
    }
}

impl Default for RoundTiming {
    fn default() -> RoundTiming {
        RoundTiming::LICHESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(initial_s: u32, increment_s: u32) -> Option<TimeControlSpec> {
        Some(TimeControlSpec {
            initial_s,
            increment_s,
        })
    }

    #[test]
    fn speeds_follow_the_estimated_length() {
        assert_eq!(Speed::of(control(15, 0)), Speed::UltraBullet);
        assert_eq!(Speed::of(control(30, 0)), Speed::Bullet);
        assert_eq!(
            Speed::of(control(60, 2)),
            Speed::Bullet,
            "60 + 40 × 2 = 140 s"
        );
        assert_eq!(Speed::of(control(120, 2)), Speed::Blitz, "120 + 80 = 200 s");
        assert_eq!(Speed::of(control(180, 0)), Speed::Blitz);
        assert_eq!(
            Speed::of(control(300, 3)),
            Speed::Blitz,
            "300 + 120 = 420 s"
        );
        assert_eq!(Speed::of(control(600, 0)), Speed::Rapid);
        assert_eq!(Speed::of(control(1800, 0)), Speed::Classical);
        assert_eq!(Speed::of(None), Speed::Untimed);
    }

    #[test]
    fn waits_scale_with_speed() {
        let timing = RoundTiming::LICHESS;
        assert_eq!(timing.first_move_ms(Speed::UltraBullet), 15_000);
        assert_eq!(timing.first_move_ms(Speed::Untimed), 35_000);
        assert_eq!(timing.claim_after_ms(Speed::Blitz, false), 20_000);
        assert_eq!(timing.claim_after_ms(Speed::Rapid, false), 40_000);
        assert_eq!(timing.claim_after_ms(Speed::Classical, false), 60_000);
        assert_eq!(timing.claim_after_ms(Speed::Classical, true), 10_000);
    }
}
