//! The HTTP side: the routes, their shared state and the layers around them.
//!
//! - `POST /api/games`, `POST /api/games/{id}/join`, `GET /api/health` ([`api`]);
//! - `GET /api/games/{id}/socket`: the game's WebSocket ([`crate::socket`]), for the
//!   [`origin`]s allowed;
//! - any other `/api/...` path: 404 with a JSON error;
//! - everything else: the built app ([`static_files`]).
//!
//! Every request is logged ([`access_log`]); request bodies are capped at 1 KiB.

pub mod access_log;
pub mod api;
pub mod client;
pub mod origin;
pub mod rate_limit;
pub mod socket_limit;
pub mod static_files;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware;
use axum::routing::{get, post};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::Config;
use crate::registry::Registry;
use client::ClientIdentity;
use origin::Origins;
use rate_limit::RateLimit;
use socket_limit::SocketLimit;

/// The largest request body accepted, in bytes (a `CreateGame` needs under 150).
pub const MAX_BODY_BYTES: usize = 1024;

/// What the handlers share.
pub struct AppState {
    /// The live games.
    pub registry: Arc<Registry>,
    /// The page origins allowed to open sockets.
    pub origins: Origins,
    /// The limit on creating games, if any.
    pub create_limit: Option<Arc<RateLimit>>,
    /// The cap on game sockets per client.
    pub socket_limit: Arc<SocketLimit>,
    /// The server's configuration.
    pub config: Arc<Config>,
    /// The stop signal.
    pub shutdown: CancellationToken,
    /// The sockets' tasks (awaited at shutdown).
    pub tasks: TaskTracker,
}

/// The whole router.
///
/// # Errors
///
/// A `--client-ip-header` that is not a header name.
pub fn router(state: Arc<AppState>) -> anyhow::Result<Router> {
    let identity = Arc::new(ClientIdentity::new(
        state.config.client_ip_header.as_deref(),
    )?);
    let dist = state.config.dist.clone();
    let api = Router::new()
        .route("/health", get(api::health))
        .route("/games", post(api::create))
        .route("/games/{id}/join", post(api::join))
        .route("/games/{id}/socket", get(crate::socket::upgrade))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state);
    Ok(Router::new()
        .nest("/api", api)
        .fallback_service(static_files::service(&dist))
        .layer(middleware::from_fn_with_state(
            identity,
            access_log::access_log,
        )))
}
