//! The Stockfish REST client: the stockfish.online v2 API (docs/architecture.md, "The
//! REST contract"). `GET {base}/api/s/v2.php?fen=…&depth=…` with a timeout; every answer is
//! checked (HTTP status, JSON shape, `success`, a `bestmove` legal in the position)
//! and every failure is a [`RestError`] with a message for the player.

use std::fmt;

use gambit_rules::shakmaty::uci::UciMove;
use gambit_rules::shakmaty::{Chess, Move};
use serde::Deserialize;

/// The public service; the player can set another base in the computer dialog.
pub const DEFAULT_BASE: &str = "https://stockfish.online";

/// How long to wait for the whole answer, body included.
pub const TIMEOUT_MS: u32 = 10_000;

/// The largest answer read; the service's answers are a few hundred bytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The search depth asked for at each level (1–8). The public service caps depth at
/// 15; lower levels ask for shallow searches, which is what weakens Stockfish here.
pub const LEVEL_DEPTHS: [u8; 8] = [1, 2, 4, 6, 8, 10, 12, 15];

/// The depth for `level` (clamped to 1–8).
pub fn depth_for_level(level: u8) -> u8 {
    LEVEL_DEPTHS[super::levels::level_index(level)]
}

/// Why Stockfish over REST gave no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RestError {
    /// The endpoint is not a usable http(s) address.
    BadEndpoint(String),
    /// No answer within [`TIMEOUT_MS`].
    Timeout,
    /// The request failed (server down, CORS, offline).
    Network(String),
    /// An HTTP status other than 200.
    Status(u16),
    /// The body is not the expected JSON.
    BadJson(String),
    /// The body is larger than [`MAX_BODY_BYTES`].
    TooLarge,
    /// The service answered `success: false`.
    Failure(String),
    /// The `bestmove` is missing or not legal in the position.
    IllegalMove(String),
}

impl fmt::Display for RestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestError::BadEndpoint(base) => {
                write!(f, "“{base}” is not an http:// or https:// address")
            }
            RestError::Timeout => write!(
                f,
                "Stockfish did not answer within {} seconds",
                TIMEOUT_MS / 1000
            ),
            RestError::Network(reason) => write!(f, "Stockfish could not be reached ({reason})"),
            RestError::Status(status) => write!(f, "Stockfish answered with HTTP error {status}"),
            RestError::BadJson(reason) => write!(f, "Stockfish's answer is unreadable ({reason})"),
            RestError::TooLarge => write!(
                f,
                "Stockfish's answer is unreadable (larger than {} KiB)",
                MAX_BODY_BYTES / 1024
            ),
            RestError::Failure(reason) => write!(f, "Stockfish refused the position: {reason}"),
            RestError::IllegalMove(reason) => {
                write!(f, "Stockfish answered an impossible move ({reason})")
            }
        }
    }
}

/// A checked answer.
#[derive(Debug, Clone, PartialEq)]
pub struct RestAnswer {
    /// The move to play, legal in the position.
    pub mv: Move,
    /// Evaluation in pawns, when given.
    pub evaluation: Option<f64>,
    /// Mate in N (negative: being mated), when given.
    pub mate: Option<i32>,
}

/// The API address under `base` (a trailing `/` is allowed); the query is added by
/// the request.
pub fn api_url(base: &str) -> Result<String, RestError> {
    let base = base.trim().trim_end_matches('/');
    if !(base.starts_with("http://") || base.starts_with("https://")) || base.contains(' ') {
        return Err(RestError::BadEndpoint(base.to_owned()));
    }
    Ok(format!("{base}/api/s/v2.php"))
}

/// The depth sent: within the service's 1–15.
pub fn sent_depth(depth: u8) -> u8 {
    depth.clamp(1, 15)
}

/// The v2 answer as the service sends it; every field may be missing.
#[derive(Debug, Deserialize)]
struct V2Answer {
    success: Option<bool>,
    data: Option<serde_json::Value>,
    bestmove: Option<String>,
    evaluation: Option<f64>,
    /// Some copies of the API name the evaluation "eval".
    eval: Option<f64>,
    mate: Option<i32>,
}

/// Checks an answer body against `position`.
pub fn parse_answer(body: &str, position: &Chess) -> Result<RestAnswer, RestError> {
    let answer: V2Answer =
        serde_json::from_str(body).map_err(|error| RestError::BadJson(error.to_string()))?;
    let success = answer
        .success
        .ok_or_else(|| RestError::BadJson("no “success” field".to_owned()))?;
    if !success {
        let reason = answer
            .data
            .as_ref()
            .and_then(serde_json::Value::as_str)
            .unwrap_or("no reason given");
        return Err(RestError::Failure(reason.to_owned()));
    }
    let bestmove = answer
        .bestmove
        .ok_or_else(|| RestError::IllegalMove("no “bestmove” field".to_owned()))?;
    // "bestmove e2e4 ponder e7e5"
    let mut words = bestmove.split_whitespace();
    let uci = match (words.next(), words.next()) {
        (Some("bestmove"), Some(uci)) => uci,
        _ => return Err(RestError::IllegalMove(format!("“{bestmove}”"))),
    };
    let mv = UciMove::from_ascii(uci.as_bytes())
        .ok()
        .and_then(|uci_move| uci_move.to_move(position).ok())
        .ok_or_else(|| RestError::IllegalMove(format!("“{uci}” is not legal here")))?;
    Ok(RestAnswer {
        mv,
        evaluation: answer.evaluation.or(answer.eval),
        mate: answer.mate,
    })
}

/// Asks the service at `base` for a move in `position` (given as `fen` too). The call
/// ends within [`TIMEOUT_MS`] whatever the server does; `abort` (when given) ends it
/// early and is aborted on timeout.
pub async fn ask(
    base: &str,
    position: &Chess,
    fen: &str,
    depth: u8,
    abort: Option<&web_sys::AbortController>,
) -> Result<RestAnswer, RestError> {
    use futures::future::{Either, select};

    let url = api_url(base)?;
    let depth = sent_depth(depth).to_string();
    let call = async {
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
    use gambit_rules::shakmaty::fen::Fen;
    use gambit_rules::shakmaty::{CastlingMode, Square};

    use super::*;

    fn start() -> Chess {
        Chess::default()
    }

    #[test]
    fn builds_the_v2_address() {
        assert_eq!(
            api_url("http://127.0.0.1:8090/").as_deref(),
            Ok("http://127.0.0.1:8090/api/s/v2.php")
        );
        assert!(api_url("ftp://x").is_err());
        assert!(api_url("").is_err());
        assert!(api_url("http://a b").is_err());
        assert_eq!(sent_depth(40), 15);
        assert_eq!(sent_depth(0), 1);
    }

    #[test]
    fn accepts_a_legal_answer_with_evaluation_or_eval() {
        let answer = parse_answer(
            r#"{"success":true,"evaluation":0.31,"mate":null,"bestmove":"bestmove e2e4 ponder e7e5","continuation":"e2e4 e7e5"}"#,
            &start(),
        )
        .expect("a good answer");
        assert_eq!(answer.mv.to(), Square::E4);
        assert_eq!(answer.evaluation, Some(0.31));
        assert_eq!(answer.mate, None);
        let answer = parse_answer(
            r#"{"success":true,"eval":-1.5,"mate":null,"bestmove":"bestmove g1f3"}"#,
            &start(),
        )
        .expect("eval is accepted too");
        assert_eq!(answer.evaluation, Some(-1.5));
    }

    #[test]
    fn reads_mate_scores() {
        let fen: Fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".parse().expect("fen");
        let position: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
        let answer = parse_answer(
            r#"{"success":true,"evaluation":null,"mate":1,"bestmove":"bestmove a1a8"}"#,
            &position,
        )
        .expect("mate answer");
        assert_eq!(answer.mate, Some(1));
        assert_eq!(answer.evaluation, None);
    }

    #[test]
    fn every_bad_answer_is_a_clear_error() {
        type Check = fn(&RestError) -> bool;
        let cases: [(&str, Check); 7] = [
            ("<html>oops</html>", |e| matches!(e, RestError::BadJson(_))),
            (r#"{"evaluation":1}"#, |e| {
                matches!(e, RestError::BadJson(_))
            }),
            (r#"{"success":false,"data":"Invalid FEN"}"#, |e| {
                *e == RestError::Failure("Invalid FEN".to_owned())
            }),
            (r#"{"success":true}"#, |e| {
                matches!(e, RestError::IllegalMove(_))
            }),
            (r#"{"success":true,"bestmove":"bestmove e2e5"}"#, |e| {
                matches!(e, RestError::IllegalMove(_))
            }),
            (r#"{"success":true,"bestmove":"bestmove e7e5"}"#, |e| {
                matches!(e, RestError::IllegalMove(_))
            }),
            (r#"{"success":true,"bestmove":"e2e4"}"#, |e| {
                matches!(e, RestError::IllegalMove(_))
            }),
        ];
        for (body, expected) in cases {
            let error = parse_answer(body, &start()).expect_err(body);
            assert!(expected(&error), "{body}: got {error:?}");
            assert!(!error.to_string().is_empty());
        }
    }

    #[test]
    fn levels_map_to_depths_within_the_cap() {
        assert_eq!(depth_for_level(1), 1);
        assert_eq!(depth_for_level(8), 15);
        assert_eq!(depth_for_level(0), 1);
        assert_eq!(depth_for_level(99), 15);
        assert!(LEVEL_DEPTHS.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
