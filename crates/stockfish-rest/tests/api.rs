//! The API against a real Stockfish (Debian's `/usr/games/stockfish`), over HTTP on an
//! ephemeral port.

use std::time::Duration;

use serde_json::Value;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};
use stockfish_rest::fault::FaultMode;
use stockfish_rest::{AppState, Config, app};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Starts a server with `adjust`ed defaults; returns its base address.
async fn start(adjust: impl FnOnce(&mut Config)) -> String {
    let mut config = Config::defaults();
    config.port = 0;
    adjust(&mut config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let address = listener.local_addr().expect("an address");
    let router = app(AppState::new(&config));
    tokio::spawn(async move { axum::serve(listener, router).await });
    format!("http://{address}")
}

async fn ask(base: &str, fen: &str, depth: &str) -> (u16, String) {
    let url = reqwest::Url::parse_with_params(
        &format!("{base}/api/s/v2.php"),
        &[("fen", fen), ("depth", depth)],
    )
    .expect("a URL");
    let response = reqwest::Client::new()
        .get(url)
        .timeout(Duration::from_secs(30))
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    (status, response.text().await.expect("a body"))
}

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or_else(|error| panic!("{error}: {body}"))
}

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("a FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("a legal position")
}

fn legal(fen: &str, bestmove: &str) -> bool {
    let mut words = bestmove.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"));
    let uci: UciMove = words.next().expect("a move").parse().expect("UCI");
    uci.to_move(&position(fen)).is_ok()
}

#[tokio::test]
async fn answers_in_the_v2_format_with_a_legal_move() {
    let base = start(|_| {}).await;
    let (status, body) = ask(&base, START, "10").await;
    assert_eq!(status, 200, "{body}");
    let answer = json(&body);
    assert_eq!(answer["success"], true);
    assert!(answer["evaluation"].is_number(), "{body}");
    assert!(answer["mate"].is_null());
    assert!(legal(START, answer["bestmove"].as_str().expect("bestmove")));
    assert!(
        !answer["continuation"]
            .as_str()
            .expect("continuation")
            .is_empty()
    );
}

#[tokio::test]
async fn finds_mate_in_one_and_reports_it_from_whites_side() {
    let base = start(|_| {}).await;
    let white_mates = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let answer = json(&ask(&base, white_mates, "8").await.1);
    assert_eq!(answer["mate"], 1);
    assert_eq!(
        answer["bestmove"]
            .as_str()
            .map(|b| b.starts_with("bestmove a1a8")),
        Some(true)
    );
    let black_mates = "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1";
    let answer = json(&ask(&base, black_mates, "8").await.1);
    assert_eq!(answer["mate"], -1, "Black mating is negative for White");
}

#[tokio::test]
async fn bad_input_is_a_clear_failure_never_a_crash() {
    let base = start(|_| {}).await;
    for (fen, depth, reason) in [
        ("not a fen", "5", "invalid FEN"),
        ("K6K/8/8/8/8/8/8/k7 w - - 0 1", "5", "invalid position"),
        (
            "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1",
            "5",
            "game over: checkmate",
        ),
        (START, "0", "depth must be at least 1"),
        (START, "abc", "invalid depth"),
        ("", "5", "missing fen"),
    ] {
        let (status, body) = ask(&base, fen, depth).await;
        assert_eq!(status, 400, "{fen} {depth}: {body}");
        let answer = json(&body);
        assert_eq!(answer["success"], false);
        let data = answer["data"].as_str().expect("a reason");
        assert!(data.contains(reason), "{data:?} should contain {reason:?}");
    }
    // Still serving afterwards.
    assert_eq!(ask(&base, START, "3").await.0, 200);
}

#[tokio::test]
async fn depth_is_capped_at_15() {
    let base = start(|_| {}).await;
    let (status, body) = ask(&base, START, "40").await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_pool_of_two_serves_two_at_once_and_answers_busy_beyond() {
    use stockfish_rest::engine_pool::{EnginePool, PoolError};
    let pool = EnginePool::new(
        "/usr/games/stockfish",
        2,
        Duration::from_secs(20),
        Duration::from_millis(1),
    );
    // Starting Stockfish and a depth-15 search keep an engine busy far longer than the
    // 1 ms a request may wait: two searches run side by side, the third is turned away.
    let (a, b, c) = tokio::join!(
        pool.search(START, 15),
        pool.search(START, 15),
        pool.search(START, 15)
    );
    let results = [a, b, c];
    let served = results.iter().filter(|r| r.is_ok()).count();
    let busy = results
        .iter()
        .filter(|r| matches!(r, Err(PoolError::Busy)))
        .count();
    assert_eq!((served, busy), (2, 1), "{results:?}");
}

#[tokio::test]
async fn a_search_past_the_timeout_is_answered_504_and_the_engine_replaced() {
    let base = start(|config| {
        config.pool = 1;
        config.timeout_ms = 1;
    })
    .await;
    let (status, body) = ask(&base, START, "15").await;
    assert_eq!(status, 504, "{body}");
    assert_eq!(json(&body)["success"], false);
}

#[tokio::test]
async fn fault_modes_behave_as_documented() {
    let base = start(|config| {
        config.allow_fault_control = true;
        config.fault_delay_ms = 500;
    })
    .await;
    let client = reqwest::Client::new();
    let set = |mode: &'static str| {
        let client = client.clone();
        let url = format!("{base}/__fault/{mode}");
        async move {
            let response = client.post(url).send().await.expect("answered");
            assert_eq!(response.status().as_u16(), 200);
        }
    };
    set("http500").await;
    assert_eq!(ask(&base, START, "3").await.0, 500);
    set("bad-json").await;
    let (status, body) = ask(&base, START, "3").await;
    assert_eq!(status, 200);
    assert!(serde_json::from_str::<Value>(&body).is_err());
    set("failure").await;
    assert_eq!(
        json(&ask(&base, START, "3").await.1)["data"],
        "injected failure"
    );
    set("illegal-move").await;
    let answer = json(&ask(&base, START, "3").await.1);
    assert!(!legal(
        START,
        answer["bestmove"].as_str().expect("bestmove")
    ));
    set("slow").await;
    let started = std::time::Instant::now();
    assert_eq!(ask(&base, START, "3").await.0, 200);
    assert!(started.elapsed() >= Duration::from_millis(500));
    set("none").await;
    assert_eq!(ask(&base, START, "3").await.0, 200);
    assert!(FaultMode::from_name("slow").is_some());
}

#[tokio::test]
async fn fault_control_is_off_by_default() {
    let base = start(|_| {}).await;
    let response = reqwest::Client::new()
        .post(format!("{base}/__fault/http500"))
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status().as_u16(), 404);
    assert_eq!(ask(&base, START, "2").await.0, 200);
}
