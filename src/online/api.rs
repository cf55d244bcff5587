//! The game server's HTTP routes, on the page's own origin: create a game, take the
//! free seat of one. Every failure is an [`ApiError`] the page can put in words.

use gambit_online_protocol::{CreateGame, CreateGameReply, JoinGame, JoinGameReply};
use gloo_net::http::Request;

/// Why a request did not give what was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// The server could not be reached, or is not a game server (no such route).
    Unreachable,
    /// The game does not exist.
    UnknownGame,
    /// Both seats are taken: watch instead.
    SeatTaken,
    /// The server said no, in these words.
    Refused(String),
}

impl ApiError {
    /// The error for the player.
    pub fn words(&self) -> String {
        match self {
            ApiError::Unreachable => {
                "The game server cannot be reached. Check your connection and try again; \
                 games on this device keep working."
                    .to_owned()
            }
            ApiError::UnknownGame => "There is no such game.".to_owned(),
            ApiError::SeatTaken => "Both seats of this game are taken.".to_owned(),
            ApiError::Refused(reason) => format!("The game server refused: {reason}."),
        }
    }
}

/// The error body the server sends: `{"error": "<reason>"}`.
#[derive(serde::Deserialize)]
struct ErrorBody {
    error: String,
}

/// Creates a game; the creator's seat.
pub async fn create_game(body: &CreateGame) -> Result<CreateGameReply, ApiError> {
    let response = Request::post("/api/games")
        .json(body)
        .map_err(|_| ApiError::Unreachable)?
        .send()
        .await
        .map_err(|_| ApiError::Unreachable)?;
    match response.status() {
        200 | 201 => response.json().await.map_err(|_| ApiError::Unreachable),
        400 | 422 | 429 | 503 => Err(refusal(response).await),
        _ => Err(ApiError::Unreachable),
    }
}

/// Takes the free seat of game `id`.
pub async fn join_game(id: &str, body: &JoinGame) -> Result<JoinGameReply, ApiError> {
    let response = Request::post(&format!("/api/games/{id}/join"))
        .json(body)
        .map_err(|_| ApiError::Unreachable)?
        .send()
        .await
        .map_err(|_| ApiError::Unreachable)?;
    match response.status() {
        200 | 201 => response.json().await.map_err(|_| ApiError::Unreachable),
        409 => Err(ApiError::SeatTaken),
        // A game server says why in JSON; anything else (a static host) is no server.
        404 => match response.json::<ErrorBody>().await {
            Ok(_) => Err(ApiError::UnknownGame),
            Err(_) => Err(ApiError::Unreachable),
        },
        400 | 422 | 429 | 503 => Err(refusal(response).await),
        _ => Err(ApiError::Unreachable),
    }
}

async fn refusal(response: gloo_net::http::Response) -> ApiError {
    match response.json::<ErrorBody>().await {
        Ok(body) => ApiError::Refused(body.error.chars().take(200).collect()),
        Err(_) => ApiError::Unreachable,
    }
}

/// The address of game `id`'s socket on this page's origin (`wss:` under https).
pub fn socket_url(id: &str) -> Option<String> {
    let location = web_sys::window()?.location();
    let scheme = if location.protocol().ok()? == "https:" {
        "wss"
    } else {
        "ws"
    };
    Some(format!(
        "{scheme}://{}/api/games/{id}/socket",
        location.host().ok()?
    ))
}

/// The link to game `id` to send a friend: `origin/play/<id>`.
pub fn invite_url(id: &str) -> String {
    let origin = web_sys::window()
        .and_then(|window| window.location().origin().ok())
        .unwrap_or_default();
    format!("{origin}/play/{id}")
}

/// Whether `id` has the shape of a game id (letters and digits, at most 32), so that
/// nothing else is put into an address.
pub fn is_game_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|byte| byte.is_ascii_alphanumeric())
}
