//! The per-client limit on creating games (`--create-per-minute`, `--create-burst`):
//! `governor`'s GCRA keyed by client; clients not seen for a while are forgotten every
//! minute, so its memory stays bounded by the clients of the last minute.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio_util::sync::CancellationToken;

use super::client::Client;

/// How often idle clients are forgotten.
const CLEANUP_EVERY: Duration = Duration::from_secs(60);

/// A per-client limit.
#[derive(Debug)]
pub struct RateLimit {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
}

impl RateLimit {
    /// `per_minute` on average, `burst` at once; `None` when `per_minute` is 0.
    pub fn new(per_minute: u32, burst: u32) -> Option<Arc<RateLimit>> {
        let per_minute = NonZeroU32::new(per_minute)?;
        let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::per_minute(per_minute).allow_burst(burst);
        Some(Arc::new(RateLimit {
            limiter: RateLimiter::keyed(quota),
        }))
    }

    /// Forgets idle clients every minute until `shutdown`.
    pub fn spawn_cleanup(self: &Arc<RateLimit>, shutdown: CancellationToken) {
        let limit = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(CLEANUP_EVERY);
            loop {
                tokio::select! {
                    _ = every.tick() => {}
                    () = shutdown.cancelled() => break,
                }
                let Some(limit) = limit.upgrade() else { break };
                limit.limiter.retain_recent();
                limit.limiter.shrink_to_fit();
            }
        });
    }

    /// `Ok` if `client` may go on now, else how long it should wait.
    pub fn check(&self, client: Client) -> Result<(), Duration> {
        self.limiter
            .check_key(&client.rate_key())
            .map_err(|not_until| not_until.wait_time_from(self.limiter.clock().now()))
    }
}
