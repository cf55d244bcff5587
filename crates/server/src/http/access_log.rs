//! One log line per HTTP request (through `tracing`, target `request`): client,
//! method, path, status and milliseconds. Paths carry game ids, never tokens (tokens
//! travel only in bodies and in the socket's `Hello`); query strings are not logged.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::middleware::Next;
use axum::response::Response;

use super::client::ClientIdentity;

/// The longest path written to the log, in characters.
const LOGGED_PATH_CHARS: usize = 120;

/// The middleware: names the request's client (a [`super::client::Client`] request
/// extension, for the handlers) and logs the request once answered.
pub async fn access_log(
    State(identity): State<Arc<ClientIdentity>>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|info| info.0);
    let client = identity.of(request.headers(), peer);
    request.extensions_mut().insert(client);
    let method = request.method().clone();
    let path: String = request
        .uri()
        .path()
        .chars()
        .take(LOGGED_PATH_CHARS)
        .collect();
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16();
    let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    if status >= 500 {
        tracing::warn!(target: "request", %client, %method, path, status, ms);
    } else {
        tracing::info!(target: "request", %client, %method, path, status, ms);
    }
    response
}
