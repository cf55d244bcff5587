//! The HTTP routes: `GET /api/s/v2.php?fen=…&depth=…` in the stockfish.online v2 format,
//! `GET /health`, and (with `--allow-fault-control`) `POST /__fault/{mode}`.
//!
//! Answers: `{"success": true, "evaluation": <pawns, White's view> | null,
//! "mate": <moves, White's view> | null, "bestmove": "bestmove e2e4 ponder e7e5",
//! "continuation": "e2e4 e7e5 …"}`; or `{"success": false, "data": "<reason>"}` for a bad
//! request (400), busy engines (503), a timeout (504) or an engine failure (500).
//! Depth must be an integer from 1; values above 15 are capped at 15.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Position, Square};
use tower_http::cors::CorsLayer;

use crate::config::Config;
use crate::engine_pool::{EnginePool, PoolError};
use crate::fault::{FaultMode, FaultSwitch};
use crate::uci_process::Score;

/// The deepest search the API allows (as the public service).
pub const MAX_DEPTH: u8 = 15;

/// What the handlers share.
#[derive(Debug, Clone)]
pub struct AppState {
    pool: Arc<EnginePool>,
    fault: Arc<FaultSwitch>,
    fault_delay: Duration,
    fault_control: bool,
}

impl AppState {
    /// The state for `config` (no Stockfish starts until the first request).
    pub fn new(config: &Config) -> AppState {
        AppState {
            pool: Arc::new(EnginePool::new(
                &config.stockfish,
                config.pool,
                Duration::from_millis(config.timeout_ms),
                Duration::from_millis(config.queue_timeout_ms),
            )),
            fault: Arc::new(FaultSwitch::new(config.fault)),
            fault_delay: Duration::from_millis(config.fault_delay_ms),
            fault_control: config.allow_fault_control,
        }
    }
}

/// The router with CORS open to any origin (browsers call it from the app's page).
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/api/s/v2.php", get(analyse))
        .route("/health", get(|| async { "ok" }))
        .route("/__fault/{mode}", post(set_fault))
        .layer(CorsLayer::permissive())
        .with_state(state)
}

/// The query of the analysis route; both fields are checked by hand so that every
/// problem gets a clear message.
#[derive(Debug, Deserialize)]
struct AnalyseQuery {
    fen: Option<String>,
    depth: Option<String>,
}

fn failure(status: StatusCode, reason: impl Into<String>) -> Response {
    (
        status,
        Json(json!({ "success": false, "data": reason.into() })),
    )
        .into_response()
}

async fn analyse(State(state): State<AppState>, Query(query): Query<AnalyseQuery>) -> Response {
    let started = Instant::now();
    let (position, fen) = match parse_position(query.fen.as_deref()) {
        Ok(parsed) => parsed,
        Err(reason) => return failure(StatusCode::BAD_REQUEST, reason),
    };
    let depth = match parse_depth(query.depth.as_deref()) {
        Ok(depth) => depth,
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
            let mv = illegal_move(&position);
            return Json(json!({
                "success": true, "evaluation": 0.0, "mate": null,
                "bestmove": format!("bestmove {mv}"), "continuation": mv,
            }))
            .into_response();
        }
    }
    let result = state.pool.search(&fen, depth).await;
    tracing::info!(%fen, depth, ms = started.elapsed().as_millis() as u64, ok = result.is_ok(), "analyse");
    match result {
        Ok(outcome) => {
            // Scores come from the side to move; the API reports White's view.
            let sign = if position.turn() == Color::White {
                1
            } else {
                -1
            };
            let (evaluation, mate) = match outcome.score {
                Some(Score::Cp(cp)) => (json!(f64::from(cp * sign) / 100.0), Value::Null),
                Some(Score::Mate(moves)) => (Value::Null, json!(moves * sign)),
                None => (Value::Null, Value::Null),
            };
            let bestmove = match &outcome.ponder {
                Some(ponder) => format!("bestmove {} ponder {ponder}", outcome.bestmove),
                None => format!("bestmove {}", outcome.bestmove),
            };
            Json(json!({
                "success": true,
                "evaluation": evaluation,
                "mate": mate,
                "bestmove": bestmove,
                "continuation": outcome.pv.join(" "),
            }))
            .into_response()
        }
        Err(PoolError::Busy) => {
            failure(StatusCode::SERVICE_UNAVAILABLE, PoolError::Busy.to_string())
        }
        Err(PoolError::Timeout) => {
            failure(StatusCode::GATEWAY_TIMEOUT, PoolError::Timeout.to_string())
        }
        Err(error) => {
            tracing::warn!(%error, "engine failure");
            failure(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
        }
    }
}

/// A legal position with at least one legal move, and its normalised FEN.
fn parse_position(fen: Option<&str>) -> Result<(Chess, String), String> {
    let text = fen
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .ok_or("missing fen")?;
    let parsed: Fen = text
        .parse()
        .map_err(|error| format!("invalid FEN: {error}"))?;
    let position: Chess = parsed
        .into_position(CastlingMode::Standard)
        .map_err(|error| format!("invalid position: {error}"))?;
    if position.legal_moves().is_empty() {
        let why = if position.is_checkmate() {
            "checkmate"
        } else {
            "stalemate"
        };
        return Err(format!("game over: {why}"));
    }
    let normalised = Fen::from_position(&position, shakmaty::EnPassantMode::Legal).to_string();
    Ok((position, normalised))
}

/// An integer depth of at least 1, capped at [`MAX_DEPTH`].
fn parse_depth(depth: Option<&str>) -> Result<u8, String> {
    let text = depth.map(str::trim).ok_or("missing depth")?;
    let value: u64 = text
        .parse()
        .map_err(|_| format!("invalid depth: {text:?}"))?;
    if value == 0 {
        return Err("depth must be at least 1".to_owned());
    }
    // Capped at 15, so the value fits.
    Ok(value.min(u64::from(MAX_DEPTH)) as u8)
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

async fn set_fault(State(state): State<AppState>, Path(mode): Path<String>) -> Response {
    if !state.fault_control {
        return failure(StatusCode::NOT_FOUND, "fault control is off");
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
    fn depth_is_checked_and_capped() {
        assert_eq!(parse_depth(Some("10")), Ok(10));
        assert_eq!(parse_depth(Some("99")), Ok(15));
        assert!(parse_depth(Some("0")).is_err());
        assert!(parse_depth(Some("-3")).is_err());
        assert!(parse_depth(Some("abc")).is_err());
        assert!(parse_depth(None).is_err());
    }

    #[test]
    fn positions_are_validated() {
        assert!(
            parse_position(Some(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            ))
            .is_ok()
        );
        assert!(parse_position(Some("nonsense")).is_err());
        assert!(parse_position(None).is_err());
        // Two white kings.
        assert!(parse_position(Some("K6K/8/8/8/8/8/8/k7 w - - 0 1")).is_err());
        let mate = parse_position(Some("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"));
        assert_eq!(mate.err().as_deref(), Some("game over: checkmate"));
    }

    #[test]
    fn the_injected_move_is_illegal() {
        let position = Chess::default();
        let mv = illegal_move(&position);
        let uci: shakmaty::uci::UciMove = mv.parse().expect("well formed");
        assert!(uci.to_move(&position).is_err());
    }
}
