//! The JSON routes: create a game, join it, and the health check. Errors are
//! `{"error": "<reason>"}`.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Extension, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use gambit_online_protocol::{
    ColorChoice, CreateGame, CreateGameReply, JoinGame, JoinGameReply, RefusalCode, Side,
    clean_name,
};
use serde::de::DeserializeOwned;

use super::AppState;
use super::client::Client;
use crate::actor::{ActorMessage, wall_ms};
use crate::registry::ReachError;
use crate::round::Round;
use crate::store::{NewGame, StoreError};
use crate::token::{coin, is_game_id, new_game_id, new_token};

/// Tries at a fresh id when the one drawn is taken (1 in 10^14).
const ID_TRIES: usize = 3;

/// A failure answer: `status` with `{"error": reason}`.
pub fn failure(status: StatusCode, reason: impl Into<String>) -> Response {
    (status, Json(serde_json::json!({ "error": reason.into() }))).into_response()
}

fn trouble() -> Response {
    failure(
        StatusCode::SERVICE_UNAVAILABLE,
        "the server could not store the game; try again",
    )
}

/// Reads a JSON body (the 1 KiB body limit is the router's).
fn read_body<T: DeserializeOwned>(body: &Bytes) -> Result<T, Box<Response>> {
    serde_json::from_slice(body).map_err(|error| {
        let mut words = error.to_string();
        words.truncate(120);
        Box::new(failure(
            StatusCode::BAD_REQUEST,
            format!("unreadable request: {words}"),
        ))
    })
}

/// `GET /api/health`.
pub async fn health() -> &'static str {
    "ok"
}

/// Any other `/api/...` path.
pub async fn not_found() -> Response {
    failure(StatusCode::NOT_FOUND, "no such route")
}

/// `POST /api/games`: a new game and the creator's seat.
pub async fn create(
    State(state): State<Arc<AppState>>,
    Extension(client): Extension<Client>,
    body: Bytes,
) -> Response {
    if let Some(limit) = &state.create_limit
        && let Err(wait) = limit.check(client)
    {
        let seconds = wait.as_secs() + 1;
        let mut response = failure(
            StatusCode::TOO_MANY_REQUESTS,
            format!("too many games created from this address; retry in {seconds} s"),
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        return response;
    }
    let request: CreateGame = match read_body(&body) {
        Ok(request) => request,
        Err(response) => return *response,
    };
    if request
        .time_control
        .is_some_and(|control| !control.is_valid())
    {
        return failure(
            StatusCode::BAD_REQUEST,
            "the time control must be 1 s to 3 h, with an increment of at most 180 s",
        );
    }
    let name = match clean_name(request.name.as_deref()) {
        Ok(name) => name,
        Err(error) => return failure(StatusCode::BAD_REQUEST, error.to_string()),
    };
    let side = match request.color {
        ColorChoice::White => Side::White,
        ColorChoice::Black => Side::Black,
        ColorChoice::Random => match coin() {
            Ok(true) => Side::White,
            Ok(false) => Side::Black,
            Err(_) => return trouble(),
        },
    };
    let Ok((token, hash)) = new_token() else {
        return trouble();
    };
    for _ in 0..ID_TRIES {
        let Ok(id) = new_game_id() else {
            return trouble();
        };
        let wall = wall_ms();
        let (round, events) = Round::create(
            id.clone(),
            request.time_control,
            side,
            name.clone(),
            hash,
            wall,
        );
        let game = NewGame {
            id: id.clone(),
            events,
            state: round.stored(0),
            seats: round.seats(),
        };
        match state.registry.store().create(&game, wall).await {
            Ok(()) => {
                tracing::info!(game = %id, side = side.name(), "game created");
                let reply = CreateGameReply {
                    game_id: id,
                    side,
                    token,
                };
                return (StatusCode::CREATED, Json(reply)).into_response();
            }
            Err(StoreError::Conflict) => continue,
            Err(error) => {
                tracing::warn!(%error, "could not create a game");
                return trouble();
            }
        }
    }
    trouble()
}

/// `POST /api/games/{id}/join`: the free seat, once.
pub async fn join(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    body: Bytes,
) -> Response {
    if !is_game_id(&id) {
        return failure(StatusCode::NOT_FOUND, "no such game");
    }
    let request: JoinGame = match read_body(&body) {
        Ok(request) => request,
        Err(response) => return *response,
    };
    let name = match clean_name(request.name.as_deref()) {
        Ok(name) => name,
        Err(error) => return failure(StatusCode::BAD_REQUEST, error.to_string()),
    };
    let Ok((token, hash)) = new_token() else {
        return trouble();
    };
    let answer = state
        .registry
        .ask(&id, |reply| ActorMessage::Join {
            name: name.clone(),
            token: hash,
            reply,
        })
        .await;
    match answer {
        Ok(Ok(side)) => {
            tracing::info!(game = %id, side = side.name(), "game joined");
            Json(JoinGameReply { side, token }).into_response()
        }
        Ok(Err(refusal)) if refusal.code == RefusalCode::ServerTrouble => trouble(),
        Ok(Err(refusal)) => failure(StatusCode::CONFLICT, refusal.reason),
        Err(ReachError::NotFound) => failure(StatusCode::NOT_FOUND, "no such game"),
        Err(ReachError::Trouble(reason)) => {
            tracing::warn!(game = %id, reason, "could not reach a game");
            trouble()
        }
    }
}
