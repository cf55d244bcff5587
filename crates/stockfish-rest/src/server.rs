//! Accepting connections: at most `--max-connections` open at once (more are closed at
//! once), each served over HTTP/1.1 by hyper with a deadline for a request's headers
//! (`--header-timeout-ms`, also the longest idle time between kept-alive requests) and a
//! cap on their size (hyper answers 431 beyond it). What goes wrong before a request
//! reaches the routes is logged here, with the client.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::Service;

use crate::api::{AppState, app};
use crate::config::Config;
use crate::stack;

/// The largest request head (request line and headers) accepted, in bytes.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// How long to pause after `accept` fails (e.g. out of file descriptors) before trying
/// again, so that the loop does not spin.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Serves the API on `listener` until the process ends.
pub async fn serve(listener: TcpListener, config: Config) -> anyhow::Result<()> {
    let state = AppState::new(&config);
    serve_with(listener, &config, state).await
}

/// Serves the API with `state` (made from `config`; tests keep a clone to watch its pool).
pub async fn serve_with(
    listener: TcpListener,
    config: &Config,
    state: AppState,
) -> anyhow::Result<()> {
    let router = stack::wrap(app(state), config)?;
    let connections = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(Duration::from_millis(config.header_timeout_ms))
        .max_buf_size(MAX_HEADER_BYTES);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                tracing::warn!(%error, "cannot accept a connection");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
            log_refused(peer, "too many connections", Instant::now());
            continue;
        };
        let router = router.clone();
        let http = http.clone();
        tokio::spawn(async move {
            serve_connection(&http, stream, peer, router).await;
            drop(permit);
        });
    }
}

/// Serves the requests of one connection, then logs why it failed, if it did.
async fn serve_connection(
    http: &http1::Builder,
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
) {
    let accepted = Instant::now();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        // A router is always ready, so calling it straight away is allowed.
        router.clone().call(request)
    });
    let Err(error) = http.serve_connection(TokioIo::new(stream), service).await else {
        return;
    };
    let reason = if error.is_timeout() {
        "request headers not received in time".to_owned()
    } else if error.is_parse_too_large() {
        "request headers too large (answered 431)".to_owned()
    } else if error.is_parse() {
        format!("unreadable request (answered 400 or 414): {error}")
    } else if error.is_incomplete_message() {
        "client closed the connection in the middle of a request".to_owned()
    } else {
        format!("connection error: {error}")
    };
    log_refused(peer, &reason, accepted);
}

/// Logs a connection that ended without a complete request (status 0: no answer, or
/// hyper's own), `since` it was accepted.
fn log_refused(peer: SocketAddr, reason: &str, since: Instant) {
    let ms = since.elapsed().as_millis() as u64;
    tracing::info!(target: "request", client = %peer.ip().to_canonical(), status = 0, reason,
        ms, "connection closed");
}
