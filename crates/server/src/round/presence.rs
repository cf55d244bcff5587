//! Who of the two players has a page connected, and since when the absent ones are
//! gone: the ground for the opponent's claim (lichess's "claim victory" after the
//! opponent left).
//!
//! A side is present while it has at least one connection (a player may have two
//! tabs). When its last connection closes, its away time starts; if the page said
//! `Bye` first (its tab was closing), the shorter wait applies. When the game task
//! starts (a restart, or the first use of a stored game) both sides count as away
//! from then. Nothing here is stored: after a restart everyone reconnects.

use gambit_online_protocol::Side;

use super::speed::{RoundTiming, Speed};

/// One side's connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct SidePresence {
    connections: u32,
    away_since_ms: Option<u64>,
    bye: bool,
}

/// Both sides' presence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presence {
    sides: [SidePresence; 2],
}

fn index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

impl Presence {
    /// Both sides away since `now_ms`.
    pub fn new(now_ms: u64) -> Presence {
        let away = SidePresence {
            connections: 0,
            away_since_ms: Some(now_ms),
            bye: false,
        };
        Presence {
            sides: [away, away],
        }
    }

    /// A page of `side` connected.
    pub fn connect(&mut self, side: Side) {
        let presence = &mut self.sides[index(side)];
        presence.connections += 1;
        presence.away_since_ms = None;
        presence.bye = false;
    }

    /// A page of `side` disconnected at `now_ms`.
    pub fn disconnect(&mut self, side: Side, now_ms: u64) {
        let presence = &mut self.sides[index(side)];
        presence.connections = presence.connections.saturating_sub(1);
        if presence.connections == 0 {
            presence.away_since_ms = Some(now_ms);
        } else {
            // Another tab stays: this one's goodbye does not speak for it.
            presence.bye = false;
        }
    }

    /// A page of `side` said it is closing.
    pub fn bye(&mut self, side: Side) {
        self.sides[index(side)].bye = true;
    }

    /// Whether `side` has a page connected.
    pub fn is_present(&self, side: Side) -> bool {
        self.sides[index(side)].connections > 0
    }

    /// When (in the game task's milliseconds) the opponent of an absent `side` may claim
    /// the game; `None` while `side` is present or when the game cannot be claimed
    /// (`claimable` false).
    pub fn claim_at_ms(
        &self,
        side: Side,
        claimable: bool,
        speed: Speed,
        timing: &RoundTiming,
    ) -> Option<u64> {
        let presence = self.sides[index(side)];
        let since = presence.away_since_ms.filter(|_| claimable)?;
        Some(since.saturating_add(timing.claim_after_ms(speed, presence.bye)))
    }

    /// Whether the opponent of `side` may claim at `now_ms`.
    pub fn gone(
        &self,
        side: Side,
        claimable: bool,
        speed: Speed,
        timing: &RoundTiming,
        now_ms: u64,
    ) -> bool {
        self.claim_at_ms(side, claimable, speed, timing)
            .is_some_and(|at| now_ms >= at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIMING: RoundTiming = RoundTiming::LICHESS;

    #[test]
    fn the_away_time_starts_at_the_last_disconnection() {
        let mut presence = Presence::new(0);
        assert_eq!(
            presence.claim_at_ms(Side::White, true, Speed::Blitz, &TIMING),
            Some(20_000)
        );
        presence.connect(Side::White);
        presence.connect(Side::White);
        assert!(presence.is_present(Side::White));
        assert_eq!(
            presence.claim_at_ms(Side::White, true, Speed::Blitz, &TIMING),
            None
        );
        presence.disconnect(Side::White, 5_000);
        assert!(
            presence.is_present(Side::White),
            "a second tab is still open"
        );
        presence.disconnect(Side::White, 7_000);
        assert_eq!(
            presence.claim_at_ms(Side::White, true, Speed::Blitz, &TIMING),
            Some(27_000)
        );
        assert!(!presence.gone(Side::White, true, Speed::Blitz, &TIMING, 26_999));
        assert!(presence.gone(Side::White, true, Speed::Blitz, &TIMING, 27_000));
        assert!(
            !presence.gone(Side::White, false, Speed::Blitz, &TIMING, 99_000),
            "nothing to claim"
        );
    }

    #[test]
    fn a_goodbye_shortens_the_wait_until_the_player_is_back() {
        let mut presence = Presence::new(0);
        presence.connect(Side::Black);
        presence.bye(Side::Black);
        presence.disconnect(Side::Black, 1_000);
        assert_eq!(
            presence.claim_at_ms(Side::Black, true, Speed::Classical, &TIMING),
            Some(11_000)
        );
        presence.connect(Side::Black);
        presence.disconnect(Side::Black, 2_000);
        assert_eq!(
            presence.claim_at_ms(Side::Black, true, Speed::Classical, &TIMING),
            Some(62_000)
        );
    }
}
