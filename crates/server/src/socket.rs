//! One page's WebSocket to one game (`GET /api/games/{id}/socket`).
//!
//! The socket reads frames, parses them ([`parse_client`]) and forwards them to the
//! game's task; it writes what the task puts in its outbox. Itself it answers only
//! `Ping` (with `Pong`) and what is wrong with a frame. The rules of a connection:
//!
//! - The handshake must come from an allowed page origin (403 otherwise).
//! - The first message must be `Hello` within [`Timing::hello_ms`] (10 s), with this
//!   server's protocol version; else `Error` and close.
//! - Frames are at most 4 × [`MAX_FRAME_BYTES`] (the WebSocket layer closes the
//!   connection beyond that); a text frame over [`MAX_FRAME_BYTES`], a binary frame or
//!   one that is not a message is answered `Refused { code: bad_message }`.
//! - At most `--messages-per-second` (20) on average, `--message-burst` (40) at once;
//!   more are refused with `rate_limited`, and after [`MAX_STRIKES`] refusals in a row
//!   the connection is closed (policy violation).
//! - The server sends a WebSocket ping every [`Timing::ping_every_ms`] (5 s); half the
//!   round trip of its pong, at most [`Timing::max_lag_ms`], is the lag the clock
//!   forgives on this player's next move. A connection silent (no frame, no pong) for
//!   [`Timing::socket_idle_ms`] (60 s) is closed.
//! - When the game task drops the connection (too slow to read its messages: its
//!   outbox is full) or a write to the client does not finish within
//!   [`Timing::send_ms`] (10 s), the socket closes with 1013 ("try again later"); when
//!   the server stops, with 1001 ("going away"): the page reconnects and catches up
//!   from its version.
//! - One client may hold at most `--max-sockets-per-client` (200) sockets at once
//!   ([`crate::http::socket_limit`]); the handshake of one more is answered 429.

use std::num::NonZeroU32;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use gambit_online_protocol::{
    ClientMessage, MAX_FRAME_BYTES, PROTOCOL_VERSION, RefusalCode, ServerMessage, parse_client,
};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::actor::{ActorMessage, ConnId, OUTBOX_CAPACITY};
use crate::config::Timing;
use crate::http::AppState;
use crate::http::api::failure;
use crate::http::client::Client;
use crate::listen::ConnectionPermit;
use crate::registry::{ReachError, Registry};
use crate::token::is_game_id;

/// Refusals for rate in a row after which the connection is closed.
pub const MAX_STRIKES: u32 = 20;

/// The largest frame the WebSocket layer takes; between this and
/// [`MAX_FRAME_BYTES`] a frame is refused with a reason instead.
pub const MAX_TRANSPORT_BYTES: usize = 4 * MAX_FRAME_BYTES;

/// The size of each socket's read and write buffers (they grow for a larger frame).
pub const SOCKET_BUFFER_BYTES: usize = 4 * 1024;

/// Close codes (RFC 6455).
const NORMAL: u16 = 1000;
const GOING_AWAY: u16 = 1001;
const POLICY: u16 = 1008;
const TRY_AGAIN: u16 = 1013;

/// How long a closing socket waits for the client's close frame.
const CLOSE_GRACE: Duration = Duration::from_secs(1);

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// The handshake: checks the id and the origin, then upgrades.
pub async fn upgrade(
    State(state): State<Arc<AppState>>,
    Path(id): Path<String>,
    Extension(client): Extension<Client>,
    permit: Option<Extension<ConnectionPermit>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !is_game_id(&id) {
        return failure(StatusCode::NOT_FOUND, "no such game");
    }
    if !state.origins.allows(&headers) {
        tracing::info!(game = %id, "socket refused: origin not allowed");
        return failure(
            StatusCode::FORBIDDEN,
            "this page's origin may not open game sockets",
        );
    }
    let Some(slot) = state.socket_limit.try_open(client) else {
        tracing::info!(game = %id, %client, "socket refused: too many from this client");
        return failure(
            StatusCode::TOO_MANY_REQUESTS,
            "too many game sockets open from this address",
        );
    };
    let tasks = state.tasks.clone();
    upgrade
        .max_message_size(MAX_TRANSPORT_BYTES)
        .max_frame_size(MAX_TRANSPORT_BYTES)
        // The WebSocket layer's buffers are 128 KiB each by default: with thousands of
        // sockets of small messages, that would be most of the server's memory.
        .read_buffer_size(SOCKET_BUFFER_BYTES)
        .write_buffer_size(SOCKET_BUFFER_BYTES)
        .on_upgrade(move |socket| {
            let connection = Connection::new(socket, id, &state);
            tasks.track_future(async move {
                connection.run().await;
                // The socket's places under the caps are free once it is closed.
                drop((slot, permit));
            })
        })
}

/// Why the loop ended, and how to close.
struct Close(u16, &'static str);

struct Connection {
    socket: WebSocket,
    id: ConnId,
    game: String,
    registry: Arc<Registry>,
    timing: Timing,
    limiter: DefaultDirectRateLimiter,
    strikes: u32,
    last_heard: Instant,
    ping: Option<(u64, Instant)>,
    pings_sent: u64,
    lag_ms: u64,
}

fn text(message: &ServerMessage) -> Message {
    Message::Text(Utf8Bytes::from(
        serde_json::to_string(message).unwrap_or_default(),
    ))
}

impl Connection {
    fn new(socket: WebSocket, game: String, state: &AppState) -> Connection {
        let config = &state.config;
        let per_second = NonZeroU32::new(config.messages_per_second).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(config.message_burst).unwrap_or(NonZeroU32::MIN);
        Connection {
            socket,
            id: NEXT_CONN.fetch_add(1, Ordering::Relaxed),
            game,
            registry: Arc::clone(&state.registry),
            timing: config.timing,
            limiter: RateLimiter::direct(Quota::per_second(per_second).allow_burst(burst)),
            strikes: 0,
            last_heard: Instant::now(),
            ping: None,
            pings_sent: 0,
            lag_ms: 0,
        }
    }

    async fn run(mut self) {
        let shutdown = self.registry.shutdown().clone();
        let close = tokio::select! {
            close = self.serve() => close,
            () = shutdown.cancelled() => Close(GOING_AWAY, "the server is restarting"),
        };
        let Close(code, reason) = close;
        let frame = CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        };
        // At a stop the server does not wait: the sockets close at once.
        if self.write(Message::Close(Some(frame))).await.is_ok() && code != GOING_AWAY {
            self.drain().await;
        }
    }

    /// After our close frame: reads (and drops) what the client still sends until its
    /// own close frame, for at most [`CLOSE_GRACE`]. Closing with frames unread would
    /// reset the connection, and a reset loses the close frame on the client's side
    /// (a browser then reports 1006, not our code).
    async fn drain(&mut self) {
        let until_closed = async {
            while let Some(Ok(frame)) = self.socket.recv().await {
                if matches!(frame, Message::Close(_)) {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(CLOSE_GRACE, until_closed).await;
    }

    /// Writes a frame, giving up on a client that does not take it within
    /// [`Timing::send_ms`].
    async fn write(&mut self, frame: Message) -> Result<(), Close> {
        let patience = Duration::from_millis(self.timing.send_ms);
        match tokio::time::timeout(patience, self.socket.send(frame)).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(Close(NORMAL, "gone")),
            Err(_) => Err(Close(TRY_AGAIN, "too slow: reconnect")),
        }
    }

    async fn send(&mut self, message: &ServerMessage) -> Result<(), Close> {
        self.write(text(message)).await
    }

    async fn refuse(
        &mut self,
        id: Option<u32>,
        code: RefusalCode,
        reason: String,
    ) -> Result<(), Close> {
        self.send(&ServerMessage::Refused { id, code, reason })
            .await
    }

    /// Refuses the frame if the connection is over its rate; closes after too many.
    async fn over_rate(&mut self) -> Result<bool, Close> {
        if self.limiter.check().is_ok() {
            self.strikes = 0;
            return Ok(false);
        }
        self.strikes += 1;
        if self.strikes > MAX_STRIKES {
            return Err(Close(POLICY, "too many messages"));
        }
        self.refuse(
            None,
            RefusalCode::RateLimited,
            "too many messages: slow down".into(),
        )
        .await?;
        Ok(true)
    }

    /// Reads the next message the socket must handle: a parsed text frame. Refuses
    /// what is not one; answers pongs.
    async fn next_message(&mut self) -> Result<ClientMessage, Close> {
        loop {
            let frame = match self.socket.recv().await {
                Some(Ok(frame)) => frame,
                Some(Err(_)) => return Err(Close(POLICY, "unreadable frame")),
                None => return Err(Close(NORMAL, "closed")),
            };
            self.last_heard = Instant::now();
            match frame {
                Message::Text(text) => {
                    if self.over_rate().await? {
                        continue;
                    }
                    match parse_client(text.as_str()) {
                        Ok(message) => return Ok(message),
                        Err(error) => {
                            self.refuse(None, RefusalCode::BadMessage, error.to_string())
                                .await?;
                        }
                    }
                }
                Message::Binary(_) => {
                    if !self.over_rate().await? {
                        self.refuse(None, RefusalCode::BadMessage, "text frames only".into())
                            .await?;
                    }
                }
                Message::Pong(payload) => self.on_pong(&payload),
                Message::Ping(_) => {}
                Message::Close(_) => return Err(Close(NORMAL, "closed")),
            }
        }
    }

    fn on_pong(&mut self, payload: &[u8]) {
        let Some((number, sent)) = self.ping else {
            return;
        };
        if payload == number.to_be_bytes() {
            let round_trip = u64::try_from(sent.elapsed().as_millis()).unwrap_or(u64::MAX);
            self.lag_ms = (round_trip / 2).min(self.timing.max_lag_ms);
            self.ping = None;
        }
    }

    /// The whole conversation; returns how to close.
    async fn serve(&mut self) -> Close {
        match self.serve_inner().await {
            Ok(()) => Close(NORMAL, "closed"),
            Err(close) => close,
        }
    }

    async fn serve_inner(&mut self) -> Result<(), Close> {
        let hello_time = Duration::from_millis(self.timing.hello_ms);
        let hello = match tokio::time::timeout(hello_time, self.next_message()).await {
            Ok(message) => message?,
            Err(_) => {
                self.fail("no hello in time").await;
                return Err(Close(POLICY, "no hello"));
            }
        };
        let ClientMessage::Hello {
            protocol,
            token,
            since,
        } = hello
        else {
            self.fail("the first message must be hello").await;
            return Err(Close(POLICY, "no hello"));
        };
        if protocol != PROTOCOL_VERSION {
            self.fail(&format!(
                "this server speaks protocol {PROTOCOL_VERSION}, not {protocol}: reload the page"
            ))
            .await;
            return Err(Close(POLICY, "protocol version"));
        }
        let (outbox, mut inbox) = mpsc::channel(OUTBOX_CAPACITY);
        let conn = self.id;
        let connected = self
            .registry
            .ask(&self.game, |reply| ActorMessage::Connect {
                conn,
                token: token.clone(),
                since,
                outbox: outbox.clone(),
                reply,
            })
            .await;
        drop(outbox);
        match connected {
            Ok(Ok(_seat)) => {}
            Ok(Err(reason)) => {
                self.fail(&reason).await;
                return Err(Close(TRY_AGAIN, "full"));
            }
            Err(ReachError::NotFound) => {
                self.fail("no such game").await;
                return Err(Close(POLICY, "no such game"));
            }
            Err(ReachError::Trouble(reason)) => {
                tracing::warn!(game = %self.game, reason, "socket could not reach its game");
                self.fail("the server cannot reach this game now; try again")
                    .await;
                return Err(Close(TRY_AGAIN, "try again"));
            }
        }
        let result = self.converse(&mut inbox).await;
        let _ = self
            .registry
            .tell(&self.game, ActorMessage::Disconnect { conn })
            .await;
        result
    }

    async fn fail(&mut self, reason: &str) {
        let _ = self
            .send(&ServerMessage::Error {
                reason: reason.to_owned(),
            })
            .await;
    }

    async fn converse(&mut self, inbox: &mut mpsc::Receiver<Utf8Bytes>) -> Result<(), Close> {
        let every = Duration::from_millis(self.timing.ping_every_ms.max(1));
        // The first ping goes at once, so that the lag is known by the first move.
        let mut pings = tokio::time::interval(every);
        pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let idle = Duration::from_millis(self.timing.socket_idle_ms);
        loop {
            tokio::select! {
                message = self.next_message() => {
                    self.on_message(message?).await?;
                }
                outgoing = inbox.recv() => match outgoing {
                    Some(text) => self.write(Message::Text(text)).await?,
                    None => return Err(Close(TRY_AGAIN, "too slow: reconnect")),
                },
                _ = pings.tick() => {
                    if self.last_heard.elapsed() >= idle {
                        return Err(Close(NORMAL, "idle"));
                    }
                    self.pings_sent += 1;
                    let number = self.pings_sent;
                    self.ping = Some((number, Instant::now()));
                    self.write(Message::Ping(number.to_be_bytes().to_vec().into()))
                        .await?;
                }
            }
        }
    }

    async fn on_message(&mut self, message: ClientMessage) -> Result<(), Close> {
        match message {
            ClientMessage::Ping { n } => self.send(&ServerMessage::Pong { n }).await,
            ClientMessage::Hello { .. } => {
                self.refuse(
                    None,
                    RefusalCode::BadMessage,
                    "hello was already said".into(),
                )
                .await
            }
            message => {
                let forwarded = ActorMessage::Client {
                    conn: self.id,
                    message,
                    lag_ms: self.lag_ms,
                };
                // The game's task outlives its connections; if it is gone, reconnect.
                self.registry
                    .tell(&self.game, forwarded)
                    .await
                    .map_err(|_| Close(TRY_AGAIN, "try again"))
            }
        }
    }
}
