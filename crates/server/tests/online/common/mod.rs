//! The test harness: a server on a free port with a SQLite file in a temporary
//! directory (or a PostgreSQL database), an HTTP client for the JSON routes, and a WebSocket page.

#![allow(dead_code)]

pub mod cluster;
pub mod raw;

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use gambit_online_protocol::{
    ClientMessage, ColorChoice, CreateGameReply, GameEvent, JoinGameReply, PROTOCOL_VERSION, Seat,
    ServerMessage, TimeControlSpec,
};
use gambit_server::{Config, RunningServer, Timing, start};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The longest wait for anything in a test (a failure, not a timing assertion).
pub const PATIENCE: Duration = Duration::from_secs(10);

/// Waits that keep tests fast: long first-move times (tests that need them short
/// set their own), quick pings.
pub fn fast_timing() -> Timing {
    let mut timing = Timing {
        hello_ms: 2_000,
        ping_every_ms: 200,
        ..Timing::default()
    };
    timing.round.first_move_ms = [600_000; 5];
    timing
}

/// A configuration for a server with its database in `dir`.
pub fn config_in(dir: &Path, timing: Timing) -> Config {
    let mut config = Config::defaults();
    config.port = 0;
    config.database = format!("sqlite://{}", dir.join("games.db").display());
    config.dist = dir.join("dist");
    config.timing = timing;
    config
}

/// A configuration for a server on the database at `url`, with its other files in
/// `dir`.
pub fn config_on(dir: &Path, url: &str, timing: Timing) -> Config {
    let mut config = config_in(dir, timing);
    config.database = url.to_owned();
    config
}

/// A server on a free port.
pub async fn serve(config: Config) -> RunningServer {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    start(listener, config).await.expect("the server starts")
}

/// `http://127.0.0.1:{port}`: the page origin the server accepts by default.
pub fn origin(address: SocketAddr) -> String {
    format!("http://127.0.0.1:{}", address.port())
}

/// Creates a game over HTTP.
pub async fn create(
    address: SocketAddr,
    time_control: Option<TimeControlSpec>,
    color: ColorChoice,
) -> CreateGameReply {
    let response = reqwest::Client::new()
        .post(format!("http://{address}/api/games"))
        .json(&serde_json::json!({ "time_control": time_control, "color": color, "name": "Ada" }))
        .send()
        .await
        .expect("the server answers");
    assert_eq!(response.status(), 201);
    response.json().await.expect("a CreateGameReply")
}

/// Joins a game over HTTP: the status and the body.
pub async fn join_raw(address: SocketAddr, game_id: &str) -> (u16, serde_json::Value) {
    let response = reqwest::Client::new()
        .post(format!("http://{address}/api/games/{game_id}/join"))
        .json(&serde_json::json!({ "name": "Bob" }))
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    (status, response.json().await.expect("JSON"))
}

/// Joins a game over HTTP.
pub async fn join(address: SocketAddr, game_id: &str) -> JoinGameReply {
    let (status, body) = join_raw(address, game_id).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body).expect("a JoinGameReply")
}

/// A game with both seats taken: (id, white's token, black's token).
pub async fn started_game(
    address: SocketAddr,
    time_control: Option<TimeControlSpec>,
) -> (String, String, String) {
    let created = create(address, time_control, ColorChoice::White).await;
    let joined = join(address, &created.game_id).await;
    (created.game_id, created.token, joined.token)
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One page's socket to a game.
pub struct Page {
    socket: Socket,
}

/// Opens a socket to game `id` from `origin` (none: no Origin header).
pub async fn open(
    address: SocketAddr,
    id: &str,
    origin: Option<&str>,
) -> Result<Page, tungstenite::Error> {
    let mut request = format!("ws://{address}/api/games/{id}/socket")
        .into_client_request()
        .expect("a request");
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", HeaderValue::from_str(origin).expect("a header"));
    }
    let (socket, _) = tokio_tungstenite::connect_async(request).await?;
    Ok(Page { socket })
}

impl Page {
    /// Connects, says hello with `token` and `since`, and returns the page with its
    /// `Welcome`.
    pub async fn hello(
        address: SocketAddr,
        id: &str,
        token: Option<&str>,
        since: u64,
    ) -> (Page, ServerMessage) {
        let mut page = open(address, id, Some(&origin(address)))
            .await
            .expect("the handshake succeeds");
        page.send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION.into(),
            token: token.map(str::to_owned),
            since,
        })
        .await;
        let welcome = page.next().await;
        assert!(
            matches!(welcome, ServerMessage::Welcome { .. }),
            "{welcome:?}"
        );
        (page, welcome)
    }

    /// Connects as `seat`'s holder (with `token`) from version 0 and checks the seat.
    pub async fn seated(address: SocketAddr, id: &str, token: Option<&str>, seat: Seat) -> Page {
        let (page, welcome) = Page::hello(address, id, token, 0).await;
        match welcome {
            ServerMessage::Welcome { seat: granted, .. } => assert_eq!(granted, seat),
            other => panic!("not a welcome: {other:?}"),
        }
        page
    }

    /// Sends a message.
    pub async fn send(&mut self, message: &ClientMessage) {
        let text = serde_json::to_string(message).expect("serialises");
        self.send_text(&text).await;
    }

    /// Sends a message; `false` if the socket is closed (the caller reconnects).
    pub async fn try_send(&mut self, message: &ClientMessage) -> bool {
        let text = serde_json::to_string(message).expect("serialises");
        self.socket.send(Message::Text(text.into())).await.is_ok()
    }

    /// Sends a raw text frame.
    pub async fn send_text(&mut self, text: &str) {
        self.socket
            .send(Message::Text(text.into()))
            .await
            .expect("the socket is open");
    }

    /// Sends a raw frame.
    pub async fn send_frame(&mut self, frame: Message) {
        self.socket.send(frame).await.expect("the socket is open");
    }

    /// The next server message (WebSocket control frames skipped).
    pub async fn next(&mut self) -> ServerMessage {
        self.try_next().await.expect("a message, not the end")
    }

    /// The next server message, or the close frame's code when the socket closes.
    pub async fn next_or_close(&mut self) -> Result<ServerMessage, Option<u16>> {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.socket.next())
                .await
                .expect("the server answers in time");
            match frame {
                Some(Ok(Message::Text(text))) => {
                    return Ok(serde_json::from_str(text.as_str()).expect("a server message"));
                }
                Some(Ok(Message::Close(frame))) => {
                    return Err(frame.map(|frame| u16::from(frame.code)));
                }
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return Err(None),
            }
        }
    }

    /// The next message, or `None` when the socket closed.
    pub async fn try_next(&mut self) -> Option<ServerMessage> {
        self.next_or_close().await.ok()
    }

    /// Skips messages until one matches, and returns it (within [`PATIENCE`] in all:
    /// pongs and presence keep coming while the wanted message does not).
    pub async fn until(&mut self, wanted: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
        let found = tokio::time::timeout(PATIENCE, async {
            loop {
                let message = self.next().await;
                if wanted(&message) {
                    return message;
                }
            }
        });
        found.await.expect("the wanted message comes in time")
    }

    /// The next event (presence and spectator counts skipped).
    pub async fn event(&mut self) -> (u64, GameEvent) {
        match self
            .until(|message| matches!(message, ServerMessage::Event { .. }))
            .await
        {
            ServerMessage::Event { v, event } => (v, event),
            _ => unreachable!("until returned an event"),
        }
    }

    /// The next message that is not presence, spectators or pong.
    pub async fn reply(&mut self) -> ServerMessage {
        self.until(|message| {
            !matches!(
                message,
                ServerMessage::Presence { .. }
                    | ServerMessage::Spectators { .. }
                    | ServerMessage::Pong { .. }
            )
        })
        .await
    }

    /// The next refusal's code (other messages skipped).
    pub async fn refusal(&mut self) -> gambit_online_protocol::RefusalCode {
        match self
            .until(|message| matches!(message, ServerMessage::Refused { .. }))
            .await
        {
            ServerMessage::Refused { code, .. } => code,
            _ => unreachable!("until returned a refusal"),
        }
    }

    /// The next event that `wanted` matches (others skipped).
    pub async fn event_like(&mut self, wanted: impl Fn(&GameEvent) -> bool) -> (u64, GameEvent) {
        loop {
            let (v, event) = self.event().await;
            if wanted(&event) {
                return (v, event);
            }
        }
    }

    /// Plays a move and waits for its event and then its ack (earlier events, such as
    /// the opponent's last move, are skipped); returns the move's version.
    pub async fn play(&mut self, id: u32, uci: &str, ply: u32) -> u64 {
        self.send(&ClientMessage::Move {
            id,
            uci: uci.into(),
            ply,
        })
        .await;
        let mut version = None;
        loop {
            match self.reply().await {
                ServerMessage::Event {
                    v,
                    event: GameEvent::Moved { uci: played, .. },
                } if played == uci => {
                    version = Some(v);
                }
                ServerMessage::Event { .. } => {}
                ServerMessage::Ack { id: acked } if acked == id => {
                    return version.expect("the move's event comes before its ack");
                }
                other => panic!("{uci}: {other:?}"),
            }
        }
    }

    /// Closes the socket.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
