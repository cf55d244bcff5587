//! The Stockfish REST client: the stockfish.online v2 API (docs/architecture.md, "The
//! REST contract"). `GET {base}/api/s/v2.php?fen=…&depth=…` with a timeout; every answer is
//! checked (HTTP status, JSON shape, `success`, a `bestmove` legal in the position)
//! and every failure is a [`RestError`] with a message for the player.

use std::fmt;

use gambit_rules::shakmaty::uci::UciMove;
use gambit_rules::shakmaty::{Chess, Move};
use serde_json::Value;

/// The public service; the player can set another base in the computer dialog.
pub const DEFAULT_BASE: &str = "https://stockfish.online";

/// How long to wait for an answer.
pub const TIMEOUT_MS: u32 = 10_000;

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

/// The request address for `fen` at `depth` under `base` (a trailing `/` is allowed).
pub fn request_url(base: &str, fen: &str, depth: u8) -> Result<String, RestError> {
    let base = base.trim().trim_end_matches('/');
    if !(base.starts_with("http://") || base.starts_with("https://")) || base.contains(' ') {
        return Err(RestError::BadEndpoint(base.to_owned()));
    }
    Ok(format!(
        "{base}/api/s/v2.php?fen={}&depth={}",
        encode_component(fen),
        depth.clamp(1, 15)
    ))
}

/// Percent-encodes a query component (everything but unreserved characters).
fn encode_component(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len() * 3);
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// Checks an answer body against `position`.
pub fn parse_answer(body: &str, position: &Chess) -> Result<RestAnswer, RestError> {
    let json: Value =
        serde_json::from_str(body).map_err(|error| RestError::BadJson(error.to_string()))?;
    let success = json
        .get("success")
        .and_then(Value::as_bool)
        .ok_or_else(|| RestError::BadJson("no “success” field".to_owned()))?;
    if !success {
        let reason = json
            .get("data")
            .and_then(Value::as_str)
            .unwrap_or("no reason given");
        return Err(RestError::Failure(reason.to_owned()));
    }
    let bestmove = json
        .get("bestmove")
        .and_then(Value::as_str)
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
    // Some copies of the API name the field "eval".
    let evaluation = json
        .get("evaluation")
        .or_else(|| json.get("eval"))
        .and_then(Value::as_f64);
    let mate = json
        .get("mate")
        .and_then(Value::as_i64)
        .and_then(|mate| i32::try_from(mate).ok());
    Ok(RestAnswer {
        mv,
        evaluation,
        mate,
    })
}

/// Asks the service at `base` for a move in `position` (given as `fen` too).
pub async fn ask(
    base: &str,
    position: &Chess,
    fen: &str,
    depth: u8,
) -> Result<RestAnswer, RestError> {
    use futures::future::{Either, select};

    let url = request_url(base, fen, depth)?;
    let abort = web_sys::AbortController::new().ok();
    let request = gloo_net::http::Request::get(&url)
        .abort_signal(abort.as_ref().map(|abort| abort.signal()).as_ref())
        .send();
    let timeout = gloo_timers::future::TimeoutFuture::new(TIMEOUT_MS);
    let response = match select(Box::pin(request), timeout).await {
        Either::Left((response, _)) => {
            response.map_err(|error| RestError::Network(error.to_string()))?
        }
        Either::Right(((), _)) => {
            if let Some(abort) = abort {
                abort.abort();
            }
            return Err(RestError::Timeout);
        }
    };
    if response.status() != 200 {
        return Err(RestError::Status(response.status()));
    }
    let body = response
        .text()
        .await
        .map_err(|error| RestError::Network(error.to_string()))?;
    parse_answer(&body, position)
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
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(
            request_url("http://127.0.0.1:8090/", fen, 12).as_deref(),
            Ok(
                "http://127.0.0.1:8090/api/s/v2.php?fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F4P3%2F8%2FPPPP1PPP%2FRNBQKBNR%20b%20KQkq%20-%200%201&depth=12"
            )
        );
        assert!(request_url("ftp://x", fen, 3).is_err());
        assert!(request_url("", fen, 3).is_err());
        assert!(request_url("http://x", fen, 40).is_ok_and(|url| url.ends_with("depth=15")));
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
