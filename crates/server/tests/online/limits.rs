//! The limits on connections: the deadline for request headers, the cap on open
//! connections, the per-client cap on game sockets, the idle close, the slow reader
//! dropped, and the cap on spectators.

use crate::common::raw::{RawSocket, frame};
use crate::common::{PATIENCE, Page, config_in, fast_timing, open, origin, serve, started_game};
use gambit_online_protocol::{ClientMessage, PROTOCOL_VERSION, Seat, ServerMessage};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite;

fn hello() -> String {
    serde_json::to_string(&ClientMessage::Hello {
        protocol: PROTOCOL_VERSION.into(),
        token: None,
        since: 0,
    })
    .expect("serialises")
}

/// Reads until the server closes the connection; false if it is still open after
/// [`PATIENCE`].
async fn closed_by_server(stream: &mut tokio::net::tcp::OwnedReadHalf) -> bool {
    let mut sink = [0u8; 1024];
    let read_to_end = async {
        loop {
            match stream.read(&mut sink).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(PATIENCE, read_to_end).await.is_ok()
}

#[tokio::test]
async fn a_client_trickling_its_request_headers_is_cut_off() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut config = config_in(dir.path(), fast_timing());
    config.header_timeout_ms = 300;
    let server = serve(config).await;
    let stream = TcpStream::connect(server.address())
        .await
        .expect("connects");
    let (mut reader, mut writer) = stream.into_split();
    // A byte every 20 ms, for ever: the head never ends.
    let trickle = tokio::spawn(async move {
        let head = b"GET /api/games/abcdEFGH/socket HTTP/1.1\r\nUpgrade: websocket\r\n";
        let filler = b"X-Slow: a\r\n".iter().cycle();
        for byte in head.iter().chain(filler) {
            if writer.write_all(&[*byte]).await.is_err() {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    });
    assert!(
        closed_by_server(&mut reader).await,
        "the server closes the connection"
    );
    trickle.abort();
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn connections_over_the_cap_are_closed_until_one_closes() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let (id, _, _) = started_game(server.address(), None).await;
    server.stop().await.expect("stops");
    let mut config = config_in(dir.path(), fast_timing());
    config.max_connections = 2;
    let server = serve(config).await;
    let address = server.address();
    // Two game sockets hold both places.
    let first = Page::seated(address, &id, None, Seat::Spectator).await;
    let _second = Page::seated(address, &id, None, Seat::Spectator).await;
    let stream = TcpStream::connect(address).await.expect("accepted by TCP");
    let (mut reader, _writer) = stream.into_split();
    assert!(
        closed_by_server(&mut reader).await,
        "a third is closed at once"
    );
    first.close().await;
    let health = format!("http://{address}/api/health");
    let answered = async {
        loop {
            // A fresh client each time: no kept-alive connection.
            if let Ok(response) = reqwest::Client::new().get(&health).send().await {
                return response.status().as_u16();
            }
            tokio::task::yield_now().await;
        }
    };
    assert_eq!(
        tokio::time::timeout(PATIENCE, answered).await,
        Ok(200),
        "a place is free again once a socket closes"
    );
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn one_client_opens_at_most_its_cap_of_game_sockets() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut config = config_in(dir.path(), fast_timing());
    config.max_sockets_per_client = 2;
    let server = serve(config).await;
    let address = server.address();
    let (id, _, _) = started_game(address, None).await;
    let first = Page::seated(address, &id, None, Seat::Spectator).await;
    let _second = Page::seated(address, &id, None, Seat::Spectator).await;
    let third = open(address, &id, Some(&origin(address))).await;
    match third {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 429),
        Err(other) => panic!("not an HTTP refusal: {other:?}"),
        Ok(_) => panic!("a third socket was accepted"),
    }
    first.close().await;
    let reopened = async {
        loop {
            if open(address, &id, Some(&origin(address))).await.is_ok() {
                return;
            }
            tokio::task::yield_now().await;
        }
    };
    assert!(
        tokio::time::timeout(PATIENCE, reopened).await.is_ok(),
        "a place is free again once a socket closes"
    );
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_socket_that_answers_no_ping_is_closed_as_idle() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut timing = fast_timing();
    timing.socket_idle_ms = 300;
    timing.ping_every_ms = 50;
    let server = serve(config_in(dir.path(), timing)).await;
    let address = server.address();
    let (id, _, _) = started_game(address, None).await;
    let mut silent = RawSocket::open(address, &id, &origin(address), None).await;
    silent.send_text(&hello()).await;
    assert_eq!(
        silent.close_frame().await,
        Some((1000, "idle".to_owned())),
        "closed after its pings went unanswered"
    );
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_client_that_does_not_read_is_dropped_and_the_game_goes_on() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut timing = fast_timing();
    timing.send_ms = 300;
    let mut config = config_in(dir.path(), timing);
    config.messages_per_second = 1_000_000;
    config.message_burst = 1_000_000;
    let server = serve(config).await;
    let address = server.address();
    let (id, white_token, _) = started_game(address, None).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let mut slow = RawSocket::open(address, &id, &origin(address), Some(4096)).await;
    slow.send_text(&hello()).await;
    white
        .until(|message| matches!(message, ServerMessage::Spectators { count: 1 }))
        .await;
    // The slow client asks for pongs and never reads them, until the server gives up.
    let mut stream = slow.into_stream();
    let flood = tokio::spawn(async move {
        let ping = serde_json::to_string(&ClientMessage::Ping { n: 1 }).expect("serialises");
        let batch: Vec<u8> = (0..1_000).flat_map(|_| frame(1, ping.as_bytes())).collect();
        while stream.write_all(&batch).await.is_ok() {}
    });
    white
        .until(|message| matches!(message, ServerMessage::Spectators { count: 0 }))
        .await;
    let _ = tokio::time::timeout(PATIENCE, flood).await;
    white.play(1, "e2e4", 0).await;
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_game_takes_at_most_its_cap_of_spectators() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut config = config_in(dir.path(), fast_timing());
    config.max_spectators = 2;
    let server = serve(config).await;
    let address = server.address();
    let (id, white_token, _) = started_game(address, None).await;
    let _one = Page::seated(address, &id, None, Seat::Spectator).await;
    let _two = Page::seated(address, &id, None, Seat::Spectator).await;
    let mut three = open(address, &id, Some(&origin(address)))
        .await
        .expect("the handshake succeeds");
    three.send_text(&hello()).await;
    assert!(matches!(
        three.next_or_close().await,
        Ok(ServerMessage::Error { .. })
    ));
    assert_eq!(three.next_or_close().await, Err(Some(1013)));
    // The players' seats are not spectators': white still gets in.
    Page::seated(address, &id, Some(&white_token), Seat::White).await;
    server.stop().await.expect("stops");
}
