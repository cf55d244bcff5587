//! The Stockfish REST client: asks a stockfish.online v2 service for a move (see
//! `docs/architecture.md`, "The REST contract"). One timeout covers the whole call, body
//! included, and the body is capped; the answer is checked by the `stockfish-api`
//! crate's [`parse_answer`] (HTTP status, JSON shape, `success`, a `bestmove` legal in
//! the position), and every failure is a [`RestError`] with a message for the player.

use gambit_rules::shakmaty::Chess;
pub use stockfish_api::{
    MAX_BODY_BYTES, RestAnswer, RestError, TIMEOUT_MS, api_url, parse_answer, sent_depth,
};

/// The public service; the player can set another base in the computer dialog.
pub const DEFAULT_BASE: &str = "https://stockfish.online";

/// The search depth asked for at each level (1–8). The public service caps depth at
/// 15; lower levels ask for shallow searches, which is what weakens Stockfish here.
pub const LEVEL_DEPTHS: [u8; 8] = [1, 2, 4, 6, 8, 10, 12, 15];

/// The depth for `level` (clamped to 1–8).
pub fn depth_for_level(level: u8) -> u8 {
    LEVEL_DEPTHS[super::levels::level_index(level)]
}

/// Asks the service at `base` for a move in `position` (given as `fen` too). The call
/// ends within [`TIMEOUT_MS`] whatever the server does; `abort` (when given) ends it
/// early and is aborted on timeout.
///
/// The client (the request, its reading and serde_json's reader of the answer) is in the
/// `stockfish_rest` chunk of the release build (`crate::chunks`): only games against
/// Stockfish fetch it, on their first move, within the same timeout.
pub async fn ask(
    base: String,
    position: Chess,
    fen: String,
    depth: u8,
    abort: Option<web_sys::AbortController>,
) -> Result<RestAnswer, RestError> {
    use futures::future::{Either, select};

    let signal = abort.clone();
    let call = async move {
        match ask_in_chunk(base, position, fen, depth, signal).await {
            Ok(call) => call.await,
            Err(_) => Err(RestError::Network(
                "its client could not be loaded; check the connection".to_owned(),
            )),
        }
    };
    let timeout = gloo_timers::future::TimeoutFuture::new(TIMEOUT_MS);
    match select(Box::pin(call), timeout).await {
        Either::Left((answer, _)) => answer,
        Either::Right(((), _)) => {
            if let Some(abort) = abort {
                abort.abort();
            }
            Err(RestError::Timeout)
        }
    }
}

/// The call, as it runs once its chunk is in.
type Call = futures::future::LocalBoxFuture<'static, Result<RestAnswer, RestError>>;

crate::chunk_fn!(
    /// The call made in the `stockfish_rest` chunk.
    fn ask_in_chunk(
        base: String,
        position: Chess,
        fen: String,
        depth: u8,
        abort: Option<web_sys::AbortController>,
    ) in stockfish_rest -> Call {
        Box::pin(async move { request(&base, &position, &fen, depth, abort.as_ref()).await })
    }
);

/// The request and its answer, checked.
async fn request(
    base: &str,
    position: &Chess,
    fen: &str,
    depth: u8,
    abort: Option<&web_sys::AbortController>,
) -> Result<RestAnswer, RestError> {
    let url = api_url(base)?;
    let depth = sent_depth(depth).to_string();
    let response = gloo_net::http::Request::get(&url)
        .query([("fen", fen), ("depth", depth.as_str())])
        .abort_signal(abort.map(web_sys::AbortController::signal).as_ref())
        .send()
        .await
        .map_err(|error| RestError::Network(error.to_string()))?;
    if response.status() != 200 {
        return Err(RestError::Status(response.status()));
    }
    let body = read_capped(&response, MAX_BODY_BYTES).await?;
    parse_answer(&body, position)
}

/// The body as text, refused beyond `cap` bytes (by its declared length, and while
/// reading, for a server that does not declare it or lies).
async fn read_capped(response: &gloo_net::http::Response, cap: usize) -> Result<String, RestError> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;

    let declared = response
        .headers()
        .get("content-length")
        .and_then(|length| length.trim().parse::<usize>().ok());
    if declared.is_some_and(|length| length > cap) {
        return Err(RestError::TooLarge);
    }
    let Some(stream) = response.body() else {
        return Ok(String::new());
    };
    let reader: web_sys::ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let network = |error: wasm_bindgen::JsValue| {
        RestError::Network(
            error
                .as_string()
                .unwrap_or_else(|| "the answer broke off".to_owned()),
        )
    };
    let mut bytes = Vec::new();
    loop {
        let chunk = JsFuture::from(reader.read()).await.map_err(network)?;
        let done = js_sys::Reflect::get(&chunk, &"done".into())
            .ok()
            .and_then(|done| done.as_bool())
            .unwrap_or(true);
        if done {
            break;
        }
        let value = js_sys::Reflect::get(&chunk, &"value".into()).map_err(network)?;
        let part = js_sys::Uint8Array::new(&value);
        if bytes.len() + part.length() as usize > cap {
            let _ = reader.cancel();
            return Err(RestError::TooLarge);
        }
        bytes.extend(part.to_vec());
    }
    String::from_utf8(bytes).map_err(|_| RestError::BadJson("not UTF-8 text".to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_map_to_depths_within_the_cap() {
        assert_eq!(depth_for_level(1), 1);
        assert_eq!(depth_for_level(8), 15);
        assert_eq!(depth_for_level(0), 1);
        assert_eq!(depth_for_level(99), 15);
        assert!(LEVEL_DEPTHS.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
