//! One log line (to stderr, through `tracing`) for every request that reached the HTTP
//! layer, whatever became of it: client, method, path, status, reason and milliseconds.
//! A request whose client went away before the answer is logged too ("client went away"),
//! which is why this is a small middleware rather than tower-http's `TraceLayer` (it logs
//! nothing for a request dropped half-way). Connections refused before a request could be
//! read (too many connections, headers too slow or too large) are logged by the server.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;

use crate::client::{Client, ClientIdentity};
use crate::reply::Reason;

/// The longest path written to the log, in characters.
const LOGGED_PATH_CHARS: usize = 120;

/// The middleware: names the request's client (a [`Client`] request extension, for the
/// layers inside) and logs the request once it is answered or dropped.
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
    let mut entry = LogEntry {
        client,
        method: request.method().clone(),
        path: request
            .uri()
            .path()
            .chars()
            .take(LOGGED_PATH_CHARS)
            .collect(),
        started: Instant::now(),
        logged: false,
    };
    let response = next.run(request).await;
    let reason = match response.extensions().get::<Reason>() {
        Some(Reason(reason)) => reason.clone(),
        None => response
            .status()
            .canonical_reason()
            .unwrap_or("-")
            .to_lowercase(),
    };
    entry.log(Some(response.status()), &reason);
    response
}

/// A request not yet logged.
struct LogEntry {
    client: Client,
    method: Method,
    path: String,
    started: Instant,
    logged: bool,
}

impl LogEntry {
    fn log(&mut self, status: Option<StatusCode>, reason: &str) {
        self.logged = true;
        let ms = self.started.elapsed().as_millis() as u64;
        let status = status.map_or(0, |status| status.as_u16());
        if status >= 500 && status != 503 {
            tracing::warn!(target: "request", client = %self.client, method = %self.method,
                path = %self.path, status, reason, ms);
        } else {
            tracing::info!(target: "request", client = %self.client, method = %self.method,
                path = %self.path, status, reason, ms);
        }
    }
}

impl Drop for LogEntry {
    fn drop(&mut self) {
        if !self.logged {
            self.log(None, "client went away");
        }
    }
}
