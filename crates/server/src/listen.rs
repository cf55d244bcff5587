//! Accepting connections, in place of `axum::serve`, for the limits it lacks:
//!
//! - at most `--max-connections` open at once (HTTP and upgraded game sockets
//!   together; a connection over it is closed at once, before a byte is read);
//! - a deadline for a request's headers, `--header-timeout-ms` (also the longest idle
//!   time between kept-alive requests), so that a client trickling its upgrade
//!   request a byte a second does not hold a connection for ever;
//! - request heads of at most [`MAX_HEADER_BYTES`] (hyper answers 431 beyond it).
//!
//! Each connection is served over HTTP/1.1 by hyper with upgrades, so that game
//! sockets work. The connection's [`ConnectionPermit`] travels with its requests: a
//! game socket keeps it for as long as it is open, so upgraded sockets count against
//! `--max-connections` too. When the server stops, the loop stops accepting, open
//! HTTP connections finish their request in progress (for at most
//! [`SHUTDOWN_GRACE`]) and close; game sockets close themselves with 1001.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::Service;

/// The largest request head (request line and headers) accepted, in bytes.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// How long an HTTP connection may take to finish its request once the server stops.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How long to pause after `accept` fails (e.g. out of file descriptors) before trying
/// again, so that the loop does not spin.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// One open connection's place under `--max-connections`, a request extension: a
/// game socket holds a clone until it closes.
#[derive(Debug, Clone)]
pub struct ConnectionPermit(#[allow(dead_code)] Arc<OwnedSemaphorePermit>);

/// How connections are accepted.
#[derive(Debug, Clone, Copy)]
pub struct ListenLimits {
    /// Connections open at once.
    pub max_connections: usize,
    /// The deadline for a request's headers.
    pub header_timeout: Duration,
}

/// Serves `router` on `listener` until `shutdown` is cancelled, then waits for the
/// HTTP connections to close (game sockets are the socket tasks' to close).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ListenLimits,
    shutdown: CancellationToken,
) {
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEADER_BYTES);
    let connections = TaskTracker::new();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = shutdown.cancelled() => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                tracing::warn!(%error, "cannot accept a connection");
                tokio::select! {
                    () = tokio::time::sleep(ACCEPT_BACKOFF) => continue,
                    () = shutdown.cancelled() => break,
                }
            }
        };
        let Ok(permit) = Arc::clone(&permits).try_acquire_owned() else {
            log_refused(peer, "too many connections", Instant::now());
            continue;
        };
        let permit = ConnectionPermit(Arc::new(permit));
        connections.spawn(serve_connection(
            http.clone(),
            stream,
            peer,
            router.clone(),
            permit,
            shutdown.clone(),
        ));
    }
    drop(listener);
    connections.close();
    connections.wait().await;
}

/// Serves the requests of one connection (and hands an upgrade over to its socket
/// task), then logs why it failed, if it did.
async fn serve_connection(
    http: http1::Builder,
    stream: TcpStream,
    peer: SocketAddr,
    router: Router,
    permit: ConnectionPermit,
    shutdown: CancellationToken,
) {
    let accepted = Instant::now();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request.extensions_mut().insert(permit.clone());
        // A router is always ready, so calling it straight away is allowed.
        router.clone().call(request)
    });
    let connection = http
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    let mut connection = std::pin::pin!(connection);
    let served = tokio::select! {
        served = connection.as_mut() => served,
        () = shutdown.cancelled() => {
            connection.as_mut().graceful_shutdown();
            match tokio::time::timeout(SHUTDOWN_GRACE, connection.as_mut()).await {
                Ok(served) => served,
                Err(_) => return,
            }
        }
    };
    let Err(error) = served else {
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
    let ms = u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX);
    tracing::info!(target: "request", client = %peer.ip().to_canonical(), status = 0, reason,
        ms, "connection closed");
}
