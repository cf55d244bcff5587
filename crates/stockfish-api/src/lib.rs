//! The stockfish.online v2 API's answer, shared by both ends: Gambit's page reads it
//! ([`parse_answer`], which checks every field and the move's legality) and Gambit's
//! REST server writes it ([`V2Answer`]). `GET {base}/api/s/v2.php?fen=…&depth=…`
//! answers `{"success": true, "evaluation": <pawns> | null, "mate": <moves> | null,
//! "bestmove": "bestmove e2e4 ponder e7e5", "continuation": "e2e4 e7e5 …"}` or
//! `{"success": false, "data": "<reason>"}`; evaluations and mates are from White's side.

use std::fmt;

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move};

/// How long the page waits for the whole answer, body included.
pub const TIMEOUT_MS: u32 = 10_000;

/// The largest answer the page reads; the service's answers are a few hundred bytes.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

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

/// The v2 answer on the wire. Reading, every field may be missing (the page checks
/// them in [`parse_answer`]); writing, the server fills what a success carries.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct V2Answer {
    /// Whether the service could analyse the position.
    pub success: Option<bool>,
    /// The reason of a failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<serde_json::Value>,
    /// `"bestmove e2e4 ponder e7e5"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bestmove: Option<String>,
    /// The evaluation in pawns from White's side (`null` with a mate).
    pub evaluation: Option<f64>,
    /// Some copies of the API name the evaluation "eval".
    #[serde(skip_serializing)]
    pub eval: Option<f64>,
    /// Mate in this many moves from White's side (`null` without one).
    pub mate: Option<i32>,
    /// The principal variation in UCI notation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub continuation: Option<String>,
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

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Square};

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
    fn what_the_server_writes_the_page_reads() {
        let written = V2Answer {
            success: Some(true),
            evaluation: Some(-0.25),
            bestmove: Some("bestmove g1f3 ponder d7d5".to_owned()),
            continuation: Some("g1f3 d7d5".to_owned()),
            ..V2Answer::default()
        };
        let text = serde_json::to_string(&written).expect("plain data");
        assert!(text.contains(r#""mate":null"#), "{text}");
        let answer = parse_answer(&text, &start()).expect("a good answer");
        assert_eq!(answer.mv.to(), Square::F3);
        assert_eq!(answer.evaluation, Some(-0.25));
        assert_eq!(answer.mate, None);
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
}
