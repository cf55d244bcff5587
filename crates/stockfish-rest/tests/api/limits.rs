//! The limits a public server needs: per-client rate (429), the size of the URI (414),
//! the headers (431) and the body (413), the time for the headers (the connection is
//! closed) and for the whole request (408), and CORS restricted to configured origins.

use std::time::Duration;

use crate::common::{FakeEngine, START, analyse_url, json, start};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn client_from(address: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(address.parse::<std::net::IpAddr>().ok())
        .timeout(Duration::from_secs(30))
        .build()
        .expect("a client")
}

async fn health(client: &reqwest::Client, base: &str) -> reqwest::Response {
    client
        .get(format!("{base}/health"))
        .send()
        .await
        .expect("answered")
}

#[tokio::test]
async fn a_client_over_the_rate_limit_gets_429_and_others_are_still_served() {
    let server = start(|config| {
        config.rate_limit = 6;
        config.rate_burst = 3;
    })
    .await;
    let flooder = client_from("127.0.0.1");
    for _ in 0..3 {
        assert_eq!(health(&flooder, &server.base).await.status().as_u16(), 200);
    }
    let refused = health(&flooder, &server.base).await;
    assert_eq!(refused.status().as_u16(), 429);
    let retry_after: u64 = refused
        .headers()
        .get("retry-after")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse().ok())
        .expect("a Retry-After in seconds");
    assert!((1..=11).contains(&retry_after), "{retry_after}");
    let answer = json(&refused.text().await.expect("a body"));
    assert_eq!(answer["success"], false);
    assert!(
        answer["data"]
            .as_str()
            .is_some_and(|d| d.starts_with("rate limit"))
    );
    // Another address on the loopback network is another client.
    let other = client_from("127.0.0.2");
    assert_eq!(health(&other, &server.base).await.status().as_u16(), 200);
}

#[tokio::test]
async fn behind_a_proxy_the_named_header_names_the_client() {
    let server = start(|config| {
        config.rate_limit = 6;
        config.rate_burst = 1;
        config.client_ip_header = Some("X-Forwarded-For".to_owned());
    })
    .await;
    let client = reqwest::Client::new();
    let from = |address: &'static str| {
        client
            .get(format!("{}/health", server.base))
            .header("x-forwarded-for", address)
            .send()
    };
    assert_eq!(from("192.0.2.1").await.expect("answered").status(), 200);
    assert_eq!(from("192.0.2.1").await.expect("answered").status(), 429);
    assert_eq!(
        from("10.9.9.9, 192.0.2.2")
            .await
            .expect("answered")
            .status(),
        200
    );
}

#[tokio::test]
async fn the_rate_limit_can_be_turned_off() {
    let server = start(|config| {
        config.rate_limit = 0;
        config.rate_burst = 1;
    })
    .await;
    let client = reqwest::Client::new();
    for _ in 0..20 {
        assert_eq!(health(&client, &server.base).await.status().as_u16(), 200);
    }
}

#[tokio::test]
async fn a_long_uri_gets_414_and_a_large_body_413() {
    let server = start(|_| {}).await;
    let long_fen = format!("{START}{}", " ".repeat(3000));
    let response = reqwest::get(analyse_url(&server.base, &long_fen, "5"))
        .await
        .expect("answered");
    assert_eq!(response.status().as_u16(), 414);
    let response = reqwest::Client::new()
        .post(format!("{}/health", server.base))
        .body(vec![b'x'; 4096])
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status().as_u16(), 413);
}

/// Sends `head` on a raw connection and reads until the server closes it.
async fn raw_exchange(base: &str, head: &[u8]) -> String {
    let address = base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connected");
    stream.write_all(head).await.expect("sent");
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut answer))
        .await
        .expect("the server ends the connection");
    // A reset after the answer is fine: the answer is what counts.
    let _ = read;
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn headers_too_large_get_431() {
    let server = start(|_| {}).await;
    let head = format!(
        "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
        "y".repeat(20_000)
    );
    let answer = raw_exchange(&server.base, head.as_bytes()).await;
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer:?}");
}

#[tokio::test]
async fn a_client_too_slow_to_send_its_headers_is_disconnected() {
    let server = start(|config| config.header_timeout_ms = 200).await;
    // Half a request line, then nothing: the server closes the connection without an
    // answer (raw_exchange fails the test if it stays open).
    let answer = raw_exchange(&server.base, b"GET /health HTTP/1.1\r\nHost: x\r\n").await;
    assert_eq!(answer, "");
    // A complete request on a new connection is served.
    let complete = raw_exchange(
        &server.base,
        b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(complete.starts_with("HTTP/1.1 200"), "{complete:?}");
}

#[tokio::test]
async fn a_request_past_the_whole_request_timeout_gets_408() {
    let engine = FakeEngine::new("request-timeout");
    engine.hang(true);
    let server = start(|config| {
        config.stockfish = engine.path();
        config.request_timeout_ms = 300;
        config.timeout_ms = 60_000;
    })
    .await;
    let response = reqwest::get(analyse_url(&server.base, START, "5"))
        .await
        .expect("answered");
    assert_eq!(response.status().as_u16(), 408);
    // The abandoned search was stopped, its process kept.
    crate::common::wait_until("the search is stopped", || engine.count("stop") == 1).await;
    assert_eq!(engine.starts(), 1);
}

async fn allowed_origin(base: &str, origin: &str) -> Option<String> {
    let response = reqwest::Client::new()
        .get(format!("{base}/health"))
        .header("origin", origin)
        .send()
        .await
        .expect("answered");
    response
        .headers()
        .get("access-control-allow-origin")
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
}

#[tokio::test]
async fn cors_allows_any_origin_by_default_and_only_the_listed_ones_when_given() {
    let open = start(|_| {}).await;
    assert_eq!(
        allowed_origin(&open.base, "https://anywhere.example")
            .await
            .as_deref(),
        Some("*")
    );
    let listed = start(|config| {
        config.cors_origins = vec![
            "https://chess.example".to_owned(),
            "http://127.0.0.1:8080/".to_owned(),
        ];
    })
    .await;
    assert_eq!(
        allowed_origin(&listed.base, "https://chess.example")
            .await
            .as_deref(),
        Some("https://chess.example")
    );
    assert_eq!(
        allowed_origin(&listed.base, "http://127.0.0.1:8080")
            .await
            .as_deref(),
        Some("http://127.0.0.1:8080")
    );
    assert_eq!(
        allowed_origin(&listed.base, "https://evil.example").await,
        None
    );
    // A preflight from a refused origin gets no permission either.
    let preflight = reqwest::Client::new()
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/api/s/v2.php", listed.base),
        )
        .header("origin", "https://evil.example")
        .header("access-control-request-method", "GET")
        .send()
        .await
        .expect("answered");
    assert!(
        preflight
            .headers()
            .get("access-control-allow-origin")
            .is_none()
    );
}
