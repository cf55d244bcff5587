//! The HTTP routes: `GET /api/s/v2.php?fen=…&depth=…` in the stockfish.online v2 format,
//! `GET /health`, and (only with `--allow-fault-control`) `POST /__fault/{mode}`.
//!
//! Answers: `{"success": true, "evaluation": <pawns, White's view> | null,
//! "mate": <moves, White's view> | null, "bestmove": "bestmove e2e4 ponder e7e5",
//! "continuation": "e2e4 e7e5 …"}`; or `{"success": false, "data": "<reason>"}` for a bad
//! request (400), busy engines or a full queue (503), a timeout (504) or an engine failure
//! (500). Depth must be an integer from 1; values above 15 are capped at 15.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;
use shakmaty::{Chess, Color, Position, Square};
use stockfish_api::V2Answer;

use crate::config::Config;
use crate::engine_pool::{EnginePool, PoolError, PoolLimits};
use crate::fault::{FaultMode, FaultSwitch};
use crate::reply::failure;
use crate::request::parse_analyse_query;
use crate::uci_process::Score;

pub use crate::request::MAX_DEPTH;

/// What `Retry-After` says on a 503, in seconds.
const RETRY_AFTER_BUSY_SECONDS: u32 = 5;

/// What the handlers share.
#[derive(Debug, Clone)]
pub struct AppState {
    pool: EnginePool,
    fault: Arc<FaultSwitch>,
    fault_delay: Duration,
    fault_control: bool,
}

impl AppState {
    /// The state for `config` (no Stockfish starts until the first request).
    pub fn new(config: &Config) -> AppState {
        AppState {
            pool: EnginePool::new(
                &config.stockfish,
                PoolLimits {
                    size: config.pool,
                    max_waiting: config.max_waiting,
                    search_timeout: Duration::from_millis(config.timeout_ms),
                    queue_timeout: Duration::from_millis(config.queue_timeout_ms),
                },
            ),
            fault: Arc::new(FaultSwitch::new(config.fault)),
            fault_delay: Duration::from_millis(config.fault_delay_ms),
            fault_control: config.allow_fault_control,
        }
    }

    /// The Stockfish pool.
    pub fn pool(&self) -> &EnginePool {
        &self.pool
    }
}

/// The routes, without the layers of [`crate::stack`] (so without CORS or limits).
pub fn app(state: AppState) -> Router {
    let mut router = Router::new()
        .route("/api/s/v2.php", get(analyse))
        .route("/health", get(|| async { "ok" }));
    if state.fault_control {
        router = router.route("/__fault/{mode}", post(set_fault));
    }
    router
        .fallback(|| async { failure(StatusCode::NOT_FOUND, "no such route") })
        .with_state(state)
}

async fn analyse(State(state): State<AppState>, RawQuery(query): RawQuery) -> Response {
    let request = match parse_analyse_query(query.as_deref()) {
        Ok(request) => request,
        Err(reason) => return failure(StatusCode::BAD_REQUEST, reason),
    };
    match state.fault.get() {
        FaultMode::None => {}
        FaultMode::Slow => tokio::time::sleep(state.fault_delay).await,
        FaultMode::Http500 => {
            return failure(StatusCode::INTERNAL_SERVER_ERROR, "injected HTTP 500");
        }
        FaultMode::BadJson => return (StatusCode::OK, "this is not JSON {").into_response(),
        FaultMode::Failure => return failure(StatusCode::OK, "injected failure"),
        FaultMode::IllegalMove => {
            let mv = illegal_move(&request.position);
            return Json(V2Answer {
                success: Some(true),
                evaluation: Some(0.0),
                bestmove: Some(format!("bestmove {mv}")),
                continuation: Some(mv),
                ..V2Answer::default()
            })
            .into_response();
        }
    }
    let result = state.pool.search(&request.fen, request.depth).await;
    tracing::debug!(fen = %request.fen, depth = request.depth, ok = result.is_ok(), "analyse");
    match result {
        Ok(outcome) => {
            // Scores come from the side to move; the API reports White's view.
            let sign = if request.position.turn() == Color::White {
                1
            } else {
                -1
            };
            let (evaluation, mate) = match outcome.score {
                Some(Score::Cp(cp)) => (Some(f64::from(cp * sign) / 100.0), None),
                Some(Score::Mate(moves)) => (None, Some(moves * sign)),
                None => (None, None),
            };
            let bestmove = match &outcome.ponder {
                Some(ponder) => format!("bestmove {} ponder {ponder}", outcome.bestmove),
                None => format!("bestmove {}", outcome.bestmove),
            };
            Json(V2Answer {
                success: Some(true),
                evaluation,
                mate,
                bestmove: Some(bestmove),
                continuation: Some(outcome.pv.join(" ")),
                ..V2Answer::default()
            })
            .into_response()
        }
        Err(error @ (PoolError::Busy | PoolError::QueueFull)) => {
            let mut response = failure(StatusCode::SERVICE_UNAVAILABLE, error.to_string());
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(RETRY_AFTER_BUSY_SECONDS),
            );
            response
        }
        Err(error @ PoolError::Timeout) => failure(StatusCode::GATEWAY_TIMEOUT, error.to_string()),
        Err(error) => failure(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()),
    }
}

/// A move that is certainly illegal: from an empty square (for the fault mode).
fn illegal_move(position: &Chess) -> String {
    let occupied = position.board().occupied();
    let from = Square::ALL
        .into_iter()
        .find(|square| !occupied.contains(*square))
        .unwrap_or(Square::E4);
    let to = if from == Square::A1 {
        Square::H8
    } else {
        Square::A1
    };
    format!("{from}{to}")
}

/// Switches the fault mode. Browsers send `Origin` with every POST (the Fetch standard),
/// so refusing requests that carry one means no web page, of any site, can switch it;
/// test runners (curl, Node) send none.
async fn set_fault(
    State(state): State<AppState>,
    Path(mode): Path<String>,
    headers: HeaderMap,
) -> Response {
    if headers.contains_key(header::ORIGIN) || headers.contains_key("sec-fetch-site") {
        return failure(
            StatusCode::FORBIDDEN,
            "fault control refuses requests from web pages",
        );
    }
    match FaultMode::from_name(&mode) {
        Some(fault) => {
            state.fault.set(fault);
            tracing::info!(?fault, "fault mode");
            Json(json!({ "success": true, "data": mode })).into_response()
        }
        None => failure(
            StatusCode::BAD_REQUEST,
            format!("unknown fault mode {mode:?}"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_injected_move_is_illegal() {
        let position = Chess::default();
        let mv = illegal_move(&position);
        let uci: shakmaty::uci::UciMove = mv.parse().expect("well formed");
        assert!(uci.to_move(&position).is_err());
    }
}
