//! The connection's timing rules, as plain numbers and functions: how long to wait
//! before reconnecting, when to ping and when a silent connection counts as dead
//! (after lichess's client: a ping 2.5 s after each pong, reconnect after 9 s without
//! one).

/// The first reconnection waits about this long.
pub const FIRST_DELAY_MS: u64 = 500;

/// Reconnection delays double up to about this long.
pub const MAX_DELAY_MS: u64 = 8_000;

/// A ping goes this long after each pong.
pub const PING_AFTER_PONG_MS: f64 = 2_500.0;

/// A connection with no pong for this long is dead: reconnect.
pub const PONG_TIMEOUT_MS: f64 = 9_000.0;

/// How long to wait before reconnection attempt `attempt` (0 for the first after a
/// loss): 0.5 s doubling to 8 s, spread by `jitter` (a random number in `0..1`) over
/// ±20 %, so that many pages that lost the server at once do not come back at once.
pub fn reconnect_delay_ms(attempt: u32, jitter: f64) -> u64 {
    let base = FIRST_DELAY_MS
        .saturating_mul(1u64 << attempt.min(5))
        .min(MAX_DELAY_MS);
    let jitter = if jitter.is_finite() {
        jitter.clamp(0.0, 1.0)
    } else {
        0.5
    };
    // Finite and within 0.8 … 1.2 of at most 8 000: the cast cannot overflow.
    (base as f64 * (0.8 + 0.4 * jitter)).round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_double_from_half_a_second_to_eight() {
        let delays: Vec<u64> = (0..7)
            .map(|attempt| reconnect_delay_ms(attempt, 0.5))
            .collect();
        assert_eq!(delays, [500, 1000, 2000, 4000, 8000, 8000, 8000]);
        assert_eq!(reconnect_delay_ms(u32::MAX, 0.5), 8000);
    }

    #[test]
    fn jitter_spreads_a_delay_by_a_fifth_either_way() {
        assert_eq!(reconnect_delay_ms(0, 0.0), 400);
        assert_eq!(reconnect_delay_ms(0, 1.0), 600);
        assert_eq!(reconnect_delay_ms(4, 1.0), 9600);
        assert_eq!(reconnect_delay_ms(1, f64::NAN), 1000);
        assert_eq!(reconnect_delay_ms(1, 7.0), 1200);
    }
}
