//! The per-client rate limit (`--rate-limit` a minute, `--rate-burst` at once): a request
//! over it is answered 429 with `Retry-After`. The counting is the `governor` crate's
//! (GCRA, one small state per client); clients not seen for a while are forgotten every
//! minute, so the memory it takes stays bounded by the clients of the last minute.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::client::Client;
use crate::reply::failure;

/// How often clients that have used up nothing are forgotten.
const CLEANUP_EVERY: Duration = Duration::from_secs(60);

/// The limiter shared by all requests.
#[derive(Debug)]
pub struct RateLimit {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
}

impl RateLimit {
    /// `per_minute` requests a minute per client on average, `burst` at once; `None` when
    /// `per_minute` is 0 (no limit).
    pub fn new(per_minute: u32, burst: u32) -> Option<Arc<RateLimit>> {
        let per_minute = NonZeroU32::new(per_minute)?;
        let burst = NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::per_minute(per_minute).allow_burst(burst);
        Some(Arc::new(RateLimit {
            limiter: RateLimiter::keyed(quota),
        }))
    }

    /// Forgets idle clients every minute, for as long as the limiter is in use.
    pub fn spawn_cleanup(self: &Arc<RateLimit>) {
        let limit = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(CLEANUP_EVERY);
            loop {
                every.tick().await;
                let Some(limit) = limit.upgrade() else { break };
                limit.limiter.retain_recent();
                limit.limiter.shrink_to_fit();
            }
        });
    }

    /// `Ok` if `client` may send a request now, else how long it should wait.
    fn check(&self, client: Client) -> Result<(), Duration> {
        self.limiter
            .check_key(&client.rate_key())
            .map_err(|not_until| not_until.wait_time_from(self.limiter.clock().now()))
    }
}

/// The middleware (inside the access log, which names the client).
pub async fn rate_limit(
    State(limit): State<Arc<RateLimit>>,
    request: Request,
    next: Next,
) -> Response {
    let client = request
        .extensions()
        .get::<Client>()
        .copied()
        .unwrap_or(Client::UNKNOWN);
    match limit.check(client) {
        Ok(()) => next.run(request).await,
        Err(wait) => {
            let seconds = wait.as_secs() + 1;
            let mut response = failure(
                StatusCode::TOO_MANY_REQUESTS,
                format!("rate limit: too many requests from this client, retry in {seconds} s"),
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
            response
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_gets_its_burst_then_waits_and_others_are_not_affected() {
        let limit = RateLimit::new(60, 3).expect("a limit");
        let headers = axum::http::HeaderMap::new();
        let identity = crate::client::ClientIdentity::new(None).expect("no header");
        let one = identity.of(&headers, "192.0.2.1:1".parse().ok());
        let two = identity.of(&headers, "192.0.2.2:1".parse().ok());
        for _ in 0..3 {
            assert_eq!(limit.check(one), Ok(()));
        }
        let wait = limit.check(one).expect_err("over the burst");
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_secs(1),
            "{wait:?}"
        );
        assert_eq!(limit.check(two), Ok(()));
        assert!(RateLimit::new(0, 3).is_none());
    }
}
