//! `stockfish-rest`: a small HTTP server that answers the stockfish.online v2 REST API
//! (`GET /api/s/v2.php?fen=…&depth=…`) with a pool of local Stockfish processes. Gambit's
//! end-to-end tests start it; self-hosters point the app at it.
//!
//! - [`config`]: the command-line flags;
//! - [`api`]: the HTTP routes and the JSON answers;
//! - [`engine_pool`]: a bounded pool of Stockfish processes;
//! - [`uci_process`]: one Stockfish process spoken to over UCI;
//! - [`fault`]: test-only fault injection.

pub mod api;
pub mod config;
pub mod engine_pool;
pub mod fault;
pub mod uci_process;

pub use api::{AppState, app};
pub use config::Config;

/// Serves the API on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> anyhow::Result<()> {
    let state = AppState::new(&config);
    axum::serve(listener, app(state)).await?;
    Ok(())
}
