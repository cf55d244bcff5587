//! How much of the clock to spend on one move.

use crate::limits::SearchLimits;

/// A game clock as UCI's `go wtime … btime … winc … binc … movestogo …` gives it, for
/// the side to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameClock {
    /// Time left on our clock, in milliseconds.
    pub time_ms: u64,
    /// Our increment per move, in milliseconds.
    pub inc_ms: u64,
    /// Moves until the next time control, if the control is not sudden death.
    pub moves_to_go: Option<u32>,
}

/// Allocates a soft and a hard limit for this move.
///
/// The soft limit (no new iteration after it) is about a 25th of the remaining time
/// (or time/moves-to-go) plus most of the increment; the hard limit (abort inside an
/// iteration) is four times that, but never more than a third of what is left. Both
/// leave `overhead_ms` of room for the GUI and the pipes.
#[must_use]
pub fn allocate(clock: GameClock, overhead_ms: u64) -> SearchLimits {
    let left = clock.time_ms.saturating_sub(overhead_ms).max(1);
    let horizon = u64::from(clock.moves_to_go.unwrap_or(25).clamp(1, 50));
    let horizon = if clock.moves_to_go.is_some() {
        horizon + 1
    } else {
        horizon
    };
    let base = left / horizon + clock.inc_ms * 3 / 4;
    let cap = if clock.moves_to_go == Some(1) {
        left * 4 / 5
    } else {
        left / 3
    };
    let soft = base.min(cap).max(1);
    let hard = (soft * 4).min(cap.max(soft)).max(1);
    SearchLimits {
        soft_ms: Some(soft * 6 / 10),
        hard_ms: Some(hard),
        ..SearchLimits::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_stay_within_the_clock() {
        for time in [10, 50, 100, 1_000, 10_000, 60_000, 300_000] {
            for inc in [0, 100, 2_000] {
                for mtg in [None, Some(1), Some(10), Some(40)] {
                    let l = allocate(
                        GameClock {
                            time_ms: time,
                            inc_ms: inc,
                            moves_to_go: mtg,
                        },
                        10,
                    );
                    let (soft, hard) = (l.soft_ms.unwrap_or(0), l.hard_ms.unwrap_or(0));
                    assert!(soft <= hard, "{time} {inc} {mtg:?}");
                    assert!(
                        hard <= time.saturating_sub(10).max(1),
                        "{time} {inc} {mtg:?}: {hard}"
                    );
                }
            }
        }
    }
}
