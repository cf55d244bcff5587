//! The layers around the routes, outermost first: the request log (which also names the
//! client), CORS, the per-client rate limit, the whole-request timeout, and the size
//! limits on the URI and the body. The limits on headers are the connection's (see
//! [`crate::server`]).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use crate::access_log::access_log;
use crate::client::ClientIdentity;
use crate::config::Config;
use crate::rate_limit::{RateLimit, rate_limit};
use crate::reply::failure;

/// The longest URI (path and query) accepted, in bytes; a request's FEN and depth need
/// fewer than 200.
pub const MAX_URI_BYTES: usize = 2048;
/// The largest request body accepted, in bytes (no route reads one).
pub const MAX_BODY_BYTES: usize = 1024;

/// `routes` inside the layers `config` asks for; with a rate limit, its cleanup task is
/// started (so this needs a Tokio runtime).
pub fn wrap(routes: Router, config: &Config) -> anyhow::Result<Router> {
    let identity = Arc::new(ClientIdentity::new(config.client_ip_header.as_deref())?);
    let mut router = routes
        .layer(middleware::from_fn(limit_uri))
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            Duration::from_millis(config.request_timeout_ms),
        ));
    if let Some(limit) = RateLimit::new(config.rate_limit, config.rate_burst) {
        limit.spawn_cleanup();
        router = router.layer(middleware::from_fn_with_state(limit, rate_limit));
    }
    // CORS outside the limits, so that a browser can read a 429 or 503 answer's reason.
    Ok(router
        .layer(cors(&config.cors_origins)?)
        .layer(middleware::from_fn_with_state(identity, access_log)))
}

/// CORS for the API's GET requests: from `origins` only, or from any origin if none.
fn cors(origins: &[String]) -> anyhow::Result<CorsLayer> {
    let layer = CorsLayer::new()
        .allow_methods([Method::GET])
        .max_age(Duration::from_secs(600));
    if origins.is_empty() {
        return Ok(layer.allow_origin(AllowOrigin::any()));
    }
    let origins = origins
        .iter()
        .map(|origin| {
            HeaderValue::from_str(origin.trim_end_matches('/'))
                .map_err(|error| anyhow::anyhow!("--cors-origin {origin:?}: {error}"))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(layer.allow_origin(AllowOrigin::list(origins)))
}

/// Answers 414 to a URI longer than [`MAX_URI_BYTES`].
async fn limit_uri(request: Request, next: Next) -> Response {
    let length = request
        .uri()
        .path_and_query()
        .map_or(0, |path| path.as_str().len());
    if length > MAX_URI_BYTES {
        return failure(
            StatusCode::URI_TOO_LONG,
            format!("URI too long: {length} bytes, at most {MAX_URI_BYTES}"),
        );
    }
    next.run(request).await
}
