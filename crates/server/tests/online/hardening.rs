//! What the server refuses or bounds: foreign origins, late or wrong hellos, floods,
//! too many games from one address; and the static app with its cache rules.

use crate::common::{Page, config_in, fast_timing, open, origin, serve, started_game};
use gambit_online_protocol::{
    ClientMessage, ColorChoice, PROTOCOL_VERSION, RefusalCode, Seat, ServerMessage,
};
use tokio_tungstenite::tungstenite;

fn status_of(error: tungstenite::Error) -> u16 {
    match error {
        tungstenite::Error::Http(response) => response.status().as_u16(),
        other => panic!("not an HTTP refusal: {other:?}"),
    }
}

#[tokio::test]
async fn sockets_from_other_origins_or_without_one_are_refused() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let (id, _, _) = started_game(address, None).await;
    let foreign = open(address, &id, Some("https://evil.example")).await;
    assert_eq!(status_of(foreign.err().expect("refused")), 403);
    let without = open(address, &id, None).await;
    assert_eq!(status_of(without.err().expect("refused")), 403);
    let localhost = format!("http://localhost:{}", address.port());
    assert!(open(address, &id, Some(&localhost)).await.is_ok());
    server.stop().await.expect("stops");

    let mut config = config_in(dir.path(), fast_timing());
    config.allow_no_origin = true;
    let server = serve(config).await;
    assert!(
        open(server.address(), &id, None).await.is_ok(),
        "allowed by the flag"
    );
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_socket_must_say_hello_first_in_time_and_in_this_protocol() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut timing = fast_timing();
    timing.hello_ms = 200;
    let server = serve(config_in(dir.path(), timing)).await;
    let address = server.address();
    let (id, _, _) = started_game(address, None).await;
    let page_origin = origin(address);

    let mut silent = open(address, &id, Some(&page_origin)).await.expect("opens");
    assert!(matches!(silent.next().await, ServerMessage::Error { .. }));
    assert_eq!(silent.next_or_close().await, Err(Some(1008)));

    let mut rude = open(address, &id, Some(&page_origin)).await.expect("opens");
    rude.send(&ClientMessage::Resign).await;
    assert!(matches!(rude.next().await, ServerMessage::Error { .. }));

    let mut old = open(address, &id, Some(&page_origin)).await.expect("opens");
    old.send(&ClientMessage::Hello {
        protocol: "0.1.0".into(),
        token: None,
        since: 0,
    })
    .await;
    assert!(
        matches!(old.next().await, ServerMessage::Error { reason } if reason.contains(PROTOCOL_VERSION))
    );

    let mut lost = open(address, "NoSuchGm", Some(&page_origin))
        .await
        .expect("opens");
    lost.send(&ClientMessage::Hello {
        protocol: PROTOCOL_VERSION.into(),
        token: None,
        since: 0,
    })
    .await;
    assert_eq!(
        lost.next().await,
        ServerMessage::Error {
            reason: "no such game".into()
        }
    );
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_flooding_connection_is_refused_then_closed() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut config = config_in(dir.path(), fast_timing());
    config.messages_per_second = 1;
    config.message_burst = 3;
    let server = serve(config).await;
    let address = server.address();
    let (id, white_token, _) = started_game(address, None).await;
    let mut page = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    for n in 0..40 {
        page.send(&ClientMessage::Ping { n }).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    let close = loop {
        match page.next_or_close().await {
            Ok(ServerMessage::Pong { .. }) => pongs += 1,
            Ok(ServerMessage::Refused {
                code: RefusalCode::RateLimited,
                ..
            }) => limited += 1,
            Ok(_) => {}
            Err(code) => break code,
        }
    };
    assert!(pongs <= 4, "{pongs} answered");
    assert!(limited >= 1, "refused with rate_limited first");
    assert_eq!(close, Some(1008));
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn one_address_creates_a_bounded_number_of_games() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut config = config_in(dir.path(), fast_timing());
    config.create_per_minute = 2;
    config.create_burst = 2;
    let server = serve(config).await;
    let address = server.address();
    let client = reqwest::Client::new();
    let body = serde_json::json!({ "time_control": null, "color": ColorChoice::Random });
    let mut statuses = Vec::new();
    for _ in 0..3 {
        let response = client
            .post(format!("http://{address}/api/games"))
            .json(&body)
            .send()
            .await
            .expect("answers");
        statuses.push(response.status().as_u16());
        if response.status() == 429 {
            assert!(response.headers().contains_key("retry-after"));
        }
    }
    assert_eq!(statuses, [201, 201, 429]);
    // Bad bodies are refused with a JSON reason.
    let response = client
        .post(format!("http://{address}/api/games/AbCd1234/join"))
        .body("{\"name\": 7}")
        .send()
        .await
        .expect("answers");
    assert_eq!(response.status(), 400);
    let reason: serde_json::Value = response.json().await.expect("JSON");
    assert!(reason["error"].is_string());
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn the_app_is_served_with_its_cache_rules_and_the_api_answers_json() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(&dist).expect("dist");
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>Gambit</title>",
    )
    .expect("index");
    std::fs::write(dist.join("sw.js"), "// worker").expect("sw");
    std::fs::write(dist.join("gambit-0123456789abcdef_bg.wasm"), b"\0asm").expect("wasm");
    std::fs::write(dist.join("gambit-0123456789abcdef.js"), "plain").expect("js");
    std::fs::write(dist.join("gambit-0123456789abcdef.js.br"), "brotli bytes").expect("br");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let base = format!("http://{}", server.address());
    let client = reqwest::Client::new();
    let get = |path: &str, encoding: &'static str| {
        client
            .get(format!("{base}{path}"))
            .header("accept-encoding", encoding)
            .send()
    };

    let index = get("/", "identity").await.expect("answers");
    assert_eq!(index.status(), 200);
    assert_eq!(index.headers()["cache-control"], "no-cache");
    let page = get("/play/AbCd1234", "identity").await.expect("answers");
    assert_eq!(page.status(), 200, "an app route gets index.html");
    assert_eq!(page.headers()["cache-control"], "no-cache");
    assert!(page.text().await.expect("text").contains("Gambit"));
    let worker = get("/sw.js", "identity").await.expect("answers");
    assert_eq!(worker.headers()["cache-control"], "no-cache");

    let wasm = get("/gambit-0123456789abcdef_bg.wasm", "identity")
        .await
        .expect("answers");
    assert_eq!(wasm.headers()["content-type"], "application/wasm");
    assert_eq!(
        wasm.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let script = get("/gambit-0123456789abcdef.js", "br, gzip")
        .await
        .expect("answers");
    assert_eq!(script.headers()["content-encoding"], "br");
    assert_eq!(script.text().await.expect("bytes"), "brotli bytes");

    let missing = get("/missing-file.js", "identity").await.expect("answers");
    assert_eq!(missing.status(), 404, "a missing file stays missing");

    let health = get("/api/health", "identity").await.expect("answers");
    assert_eq!(health.text().await.expect("text"), "ok");
    let unknown = get("/api/nothing/here", "identity").await.expect("answers");
    assert_eq!(unknown.status(), 404);
    let body: serde_json::Value = unknown.json().await.expect("JSON");
    assert!(body["error"].is_string());
    server.stop().await.expect("stops");
}
