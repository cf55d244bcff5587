//! Test-only fault injection: each mode as documented, switched at run time only with
//! `--allow-fault-control`, and never by a request from a web page.

use crate::common::{FakeEngine, START, ask, json, start};
use serde_json::Value;
use shakmaty::Chess;
use shakmaty::uci::UciMove;

async fn set(base: &str, mode: &str, origin: Option<&str>) -> u16 {
    let mut request = reqwest::Client::new().post(format!("{base}/__fault/{mode}"));
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    request.send().await.expect("answered").status().as_u16()
}

#[tokio::test]
async fn fault_modes_behave_as_documented() {
    let engine = FakeEngine::new("faults");
    let server = start(|config| {
        config.stockfish = engine.path();
        config.allow_fault_control = true;
        config.fault_delay_ms = 60_000;
        config.request_timeout_ms = 300;
    })
    .await;
    let base = &server.base;
    assert_eq!(set(base, "http500", None).await, 200);
    assert_eq!(ask(base, START, "3").await.0, 500);
    assert_eq!(set(base, "bad-json", None).await, 200);
    let (status, body) = ask(base, START, "3").await;
    assert_eq!(status, 200);
    assert!(serde_json::from_str::<Value>(&body).is_err());
    assert_eq!(set(base, "failure", None).await, 200);
    assert_eq!(
        json(&ask(base, START, "3").await.1)["data"],
        "injected failure"
    );
    assert_eq!(set(base, "illegal-move", None).await, 200);
    let answer = json(&ask(base, START, "3").await.1);
    let mv = answer["bestmove"]
        .as_str()
        .and_then(|b| b.strip_prefix("bestmove "))
        .expect("a bestmove");
    let uci: UciMove = mv.parse().expect("UCI");
    assert!(uci.to_move(&Chess::default()).is_err(), "{mv} is illegal");
    // Slow: a minute's delay, so the 300 ms request timeout answers first.
    assert_eq!(set(base, "slow", None).await, 200);
    assert_eq!(ask(base, START, "3").await.0, 408);
    assert_eq!(set(base, "none", None).await, 200);
    assert_eq!(ask(base, START, "3").await.0, 200);
    assert_eq!(set(base, "nonsense", None).await, 400);
    assert_eq!(engine.count("go"), 1, "only the honest answer searched");
}

#[tokio::test]
async fn fault_control_is_off_by_default() {
    let server = start(|_| {}).await;
    assert_eq!(set(&server.base, "http500", None).await, 404);
    assert_eq!(ask(&server.base, START, "2").await.0, 200);
}

#[tokio::test]
async fn a_web_page_cannot_switch_faults() {
    let engine = FakeEngine::new("fault-origin");
    let server = start(|config| {
        config.stockfish = engine.path();
        config.allow_fault_control = true;
    })
    .await;
    // What a browser sends with any POST, from any site (a page's own origin included).
    assert_eq!(
        set(&server.base, "http500", Some("https://evil.example")).await,
        403
    );
    assert_eq!(set(&server.base, "http500", Some("null")).await, 403);
    assert_eq!(ask(&server.base, START, "2").await.0, 200);
}
