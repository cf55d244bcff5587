//! `stockfish-rest`: a small HTTP server that answers the stockfish.online v2 REST API
//! (`GET /api/s/v2.php?fen=…&depth=…`) with a pool of local Stockfish processes. Gambit's
//! end-to-end tests start it; self-hosters put it on the internet, so it bounds what a
//! client can take: time, size, rate, waiting requests and connections.
//!
//! - [`config`]: the command-line flags;
//! - [`server`]: accepting connections, header timeout and size;
//! - [`stack`]: the layers around the routes (CORS, limits, timeout);
//! - [`access_log`]: one log line per request; [`client`]: who sent it;
//! - [`rate_limit`]: the per-client rate limit;
//! - [`api`]: the HTTP routes and the JSON answers; [`reply`]: the failure answer;
//! - [`request`]: reading and checking an analysis request;
//! - [`engine_pool`]: a bounded pool of Stockfish processes;
//! - [`uci_process`]: one Stockfish process spoken to over UCI;
//! - [`fault`]: test-only fault injection.

pub mod access_log;
pub mod api;
pub mod client;
pub mod config;
pub mod engine_pool;
pub mod fault;
pub mod rate_limit;
pub mod reply;
pub mod request;
pub mod server;
pub mod stack;
pub mod uci_process;

pub use api::{AppState, app};
pub use config::Config;
pub use server::{serve, serve_with};
