//! What happens to the Stockfish processes: the depth they are asked for, a search past
//! the timeout (the process replaced), a client that goes away (the process kept), and
//! the bounds on searches at once and requests waiting. These use a stand-in for
//! Stockfish (see `common`) whose searches can be made to hang.

use std::time::Duration;

use crate::common::{FakeEngine, START, analyse_url, ask, json, start, wait_until};
use stockfish_rest::engine_pool::{EnginePool, PoolError, PoolLimits};

#[tokio::test]
async fn depth_is_capped_at_15() {
    let engine = FakeEngine::new("depth");
    let server = start(|config| config.stockfish = engine.path()).await;
    let (status, body) = ask(&server.base, START, "40").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(ask(&server.base, START, "7").await.0, 200);
    let searches: Vec<String> = engine
        .input()
        .into_iter()
        .filter(|line| line.starts_with("go"))
        .collect();
    assert_eq!(searches, ["go depth 15", "go depth 7"]);
}

#[tokio::test]
async fn a_search_past_the_timeout_is_answered_504_and_the_engine_replaced() {
    let engine = FakeEngine::new("timeout");
    let server = start(|config| {
        config.stockfish = engine.path();
        config.pool = 1;
        config.timeout_ms = 300;
    })
    .await;
    engine.hang(true);
    let (status, body) = ask(&server.base, START, "15").await;
    assert_eq!(status, 504, "{body}");
    assert_eq!(json(&body)["success"], false);
    assert_eq!(engine.starts(), 1);
    engine.hang(false);
    let (status, body) = ask(&server.base, START, "15").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(engine.starts(), 2, "the timed-out Stockfish was replaced");
    assert_eq!(server.state.pool().started(), 2);
}

#[tokio::test]
async fn a_client_that_goes_away_stops_the_search_and_keeps_the_engine() {
    let engine = FakeEngine::new("disconnect");
    let server = start(|config| {
        config.stockfish = engine.path();
        config.pool = 1;
        config.timeout_ms = 60_000;
    })
    .await;
    assert_eq!(ask(&server.base, START, "5").await.0, 200);
    engine.hang(true);
    let gone = reqwest::Client::new()
        .get(analyse_url(&server.base, START, "5"))
        .timeout(Duration::from_millis(500))
        .send()
        .await;
    assert!(gone.is_err(), "the client gave up first: {gone:?}");
    wait_until("Stockfish is told to stop", || engine.count("stop") == 1).await;
    engine.hang(false);
    let (status, body) = ask(&server.base, START, "5").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(engine.count("go"), 3);
    assert_eq!(engine.starts(), 1, "one Stockfish served all three");
    assert_eq!(server.state.pool().started(), 1);
}

#[tokio::test]
async fn requests_beyond_the_waiting_bound_are_answered_503_at_once() {
    let engine = FakeEngine::new("queue");
    let server = start(|config| {
        config.stockfish = engine.path();
        config.pool = 1;
        config.max_waiting = 1;
        config.timeout_ms = 60_000;
        config.queue_timeout_ms = 60_000;
    })
    .await;
    engine.hang(true);
    let base = server.base.clone();
    let searching = tokio::spawn(async move { ask(&base, START, "5").await });
    wait_until("the first request searches", || engine.count("go") == 1).await;
    let base = server.base.clone();
    let waiting = tokio::spawn(async move { ask(&base, START, "5").await });
    let pool = server.state.pool().clone();
    wait_until("the second request waits", || pool.waiting() == 1).await;
    // With a minute of queue timeout, only the bound can turn this one away.
    let (status, body) = ask(&server.base, START, "5").await;
    assert_eq!(status, 503, "{body}");
    let reason = json(&body)["data"].as_str().map(str::to_owned);
    assert_eq!(
        reason.as_deref(),
        Some("too many requests waiting for an engine, try again later")
    );
    // The same bound holds for the pool itself.
    let direct = pool.search(START, 1).await;
    assert!(matches!(direct, Err(PoolError::QueueFull)), "{direct:?}");
    searching.abort();
    waiting.abort();
}

#[tokio::test]
async fn a_pool_of_two_searches_two_at_once_and_turns_the_third_away() {
    let engine = FakeEngine::new("pool");
    engine.hang(true);
    let pool = EnginePool::new(
        &engine.path(),
        PoolLimits {
            size: 2,
            max_waiting: 4,
            search_timeout: Duration::from_secs(60),
            queue_timeout: Duration::from_millis(50),
        },
    );
    let (one, two) = (pool.clone(), pool.clone());
    let first = tokio::spawn(async move { one.search(START, 5).await });
    let second = tokio::spawn(async move { two.search(START, 5).await });
    wait_until("two searches run", || engine.count("go") == 2).await;
    let third = pool.search(START, 5).await;
    assert!(matches!(third, Err(PoolError::Busy)), "{third:?}");
    // Dropping the two waiting requests stops their searches; both processes are kept.
    first.abort();
    second.abort();
    wait_until("both searches are stopped", || engine.count("stop") == 2).await;
    engine.hang(false);
    let fourth = pool.search(START, 5).await.expect("a search");
    assert_eq!(fourth.bestmove, "e2e4");
    assert_eq!((engine.starts(), pool.started()), (2, 2));
}
