//! One game of the load: create it, take both seats, connect both players (and maybe a
//! spectator), and play random legal moves with a think time until the game ends or
//! reaches the move cap; then account for every move: acknowledged, relayed, seen.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use gambit_online_protocol::{
    ClientMessage, ColorChoice, CreateGame, CreateGameReply, GameEvent, JoinGame, JoinGameReply,
    PROTOCOL_VERSION, ServerMessage, Side, TimeControlSpec,
};
use gambit_rules::shakmaty::uci::UciMove;
use gambit_rules::shakmaty::{Chess, Position};
use rand::Rng;
use rand::seq::IndexedRandom;
use tokio::net::TcpStream;
use tokio::time::{Instant, sleep_until, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::stats::Stats;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What every game of a run shares.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The server, e.g. `http://127.0.0.1:8080`.
    pub base: String,
    /// Where black and the spectator connect (another node of a cluster), if not `base`.
    pub black_base: Option<String>,
    /// The `Origin` header the sockets send.
    pub origin: String,
    /// Think time per move, in milliseconds (uniform in this range).
    pub think_ms: (u64, u64),
    /// The chance that a game gets a spectator.
    pub spectator_chance: f64,
    /// Moves after which a game is resigned, so that games keep turning over.
    pub max_plies: usize,
}

/// A player's or spectator's connection.
struct Seat {
    sink: SplitSink<Socket, Message>,
    stream: SplitStream<Socket>,
}

/// Plays one game to its end (no move is started after `stop_at`) and records it in
/// `stats`.
pub async fn play(setup: Arc<Setup>, stop_at: Instant, http: reqwest::Client, stats: Arc<Stats>) {
    if let Err(error) = play_one(&setup, stop_at, &http, &stats).await {
        Stats::count(&stats.errors);
        eprintln!("game failed: {error:#}");
    }
}

async fn play_one(
    setup: &Setup,
    stop_at: Instant,
    http: &reqwest::Client,
    stats: &Stats,
) -> anyhow::Result<()> {
    let created: CreateGameReply = http
        .post(format!("{}/api/games", setup.base))
        .json(&CreateGame {
            time_control: Some(TimeControlSpec {
                initial_s: 600,
                increment_s: 5,
            }),
            color: ColorChoice::White,
            name: None,
        })
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    Stats::count(&stats.games_created);
    let joined: JoinGameReply = http
        .post(format!("{}/api/games/{}/join", setup.base, created.game_id))
        .json(&JoinGame { name: None })
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    if created.side != Side::White || joined.side != Side::Black {
        bail!(
            "seats: creator {:?}, joiner {:?}",
            created.side,
            joined.side
        );
    }
    let id = &created.game_id;
    let black_base = setup.black_base.as_deref().unwrap_or(&setup.base);
    let mut white = connect(setup, &setup.base, id, Some(&created.token), stats).await?;
    let mut black = connect(setup, black_base, id, Some(&joined.token), stats).await?;
    let watch = rand::rng().random_bool(setup.spectator_chance);
    let mut spectator = match watch {
        true => Some(connect(setup, black_base, id, None, stats).await?),
        false => None,
    };
    Stats::count(&stats.active_games);
    let outcome = moves(
        setup,
        stop_at,
        &mut white,
        &mut black,
        spectator.as_mut(),
        stats,
    )
    .await;
    Stats::uncount(&stats.active_games);
    let _ = white.sink.send(ClientMessage::Resign.into_frame()).await;
    for seat in [Some(&mut white), Some(&mut black), spectator.as_mut()]
        .into_iter()
        .flatten()
    {
        let _ = seat.sink.close().await;
        Stats::uncount(&stats.sockets);
    }
    outcome
}

/// Opens a game's socket and says hello.
async fn connect(
    setup: &Setup,
    base: &str,
    id: &str,
    token: Option<&str>,
    stats: &Stats,
) -> anyhow::Result<Seat> {
    let url = format!("{}/api/games/{id}/socket", base.replacen("http", "ws", 1));
    let mut request = url.into_client_request()?;
    request
        .headers_mut()
        .insert("Origin", HeaderValue::from_str(&setup.origin)?);
    let (socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .context("socket")?;
    Stats::count(&stats.sockets);
    let (mut sink, mut stream) = socket.split();
    let hello = ClientMessage::Hello {
        protocol: PROTOCOL_VERSION.to_owned(),
        token: token.map(str::to_owned),
        since: 0,
    };
    sink.send(hello.into_frame()).await?;
    // The welcome, before anything else.
    match next_message(&mut stream).await? {
        ServerMessage::Welcome { .. } => Ok(Seat { sink, stream }),
        other => bail!("expected welcome, got {other:?}"),
    }
}

/// The bookkeeping of one game's moves.
#[derive(Default)]
struct Tally {
    /// Ply -> when it was sent, until the opponent has seen it.
    in_flight: HashMap<usize, Instant>,
    /// Moves acknowledged by the server.
    acked: usize,
    /// `Moved` events each player's socket has received (their own moves' included).
    seen: [usize; 2],
    /// Moves the opponent of their mover received.
    relayed: usize,
    /// Whether the server said the game ended.
    ended: bool,
}

impl Tally {
    /// What `side`'s socket received.
    fn on_message(
        &mut self,
        side: usize,
        message: ServerMessage,
        stats: &Stats,
    ) -> anyhow::Result<()> {
        match message {
            ServerMessage::Ack { .. } => {
                self.acked += 1;
                Stats::count(&stats.moves_acked);
            }
            ServerMessage::Refused { reason, .. } => {
                Stats::count(&stats.moves_refused);
                bail!("move refused: {reason}");
            }
            ServerMessage::Event {
                event: GameEvent::Moved { .. },
                ..
            } => {
                let ply = self.seen[side];
                self.seen[side] += 1;
                // Ply 0 is White's (side 0): the other side's socket relays it.
                if ply % 2 != side {
                    self.relayed += 1;
                    if let Some(sent) = self.in_flight.remove(&ply) {
                        stats.relay(sent.elapsed().as_micros() as u64);
                    }
                }
            }
            ServerMessage::Event {
                event: GameEvent::Ended { .. },
                ..
            } => self.ended = true,
            _ => {}
        }
        Ok(())
    }
}

/// The game's moves: the side to move thinks, then plays a random legal move; both
/// sockets are read all along. Returns once the game ends or reaches the cap, and every
/// move sent has been acknowledged and relayed (or ten seconds have passed).
async fn moves(
    setup: &Setup,
    stop_at: Instant,
    white: &mut Seat,
    black: &mut Seat,
    mut spectator: Option<&mut Seat>,
    stats: &Stats,
) -> anyhow::Result<()> {
    let mut position = Chess::default();
    let mut ply = 0usize;
    let mut tally = Tally::default();
    let mut spectator_seen = 0usize;
    let mut next_move_at = Instant::now() + think(setup);
    let mut settle: Option<Instant> = None;
    loop {
        let playing = !tally.ended && ply < setup.max_plies && Instant::now() < stop_at;
        if !playing {
            if tally.relayed >= ply && tally.acked >= ply {
                break;
            }
            let deadline = *settle.get_or_insert_with(|| Instant::now() + Duration::from_secs(10));
            if Instant::now() >= deadline {
                break;
            }
        }
        let deadline = settle.unwrap_or(next_move_at);
        tokio::select! {
            () = sleep_until(deadline), if !playing || tally.in_flight.is_empty() => {
                if !playing {
                    continue;
                }
                let legal = position.legal_moves();
                let Some(chosen) = legal.choose(&mut rand::rng()).cloned() else {
                    break;
                };
                let uci = UciMove::from_standard(chosen).to_string();
                let message = ClientMessage::Move { id: ply as u32 + 1, uci, ply: ply as u32 };
                let mover = if ply.is_multiple_of(2) { &mut *white } else { &mut *black };
                tally.in_flight.insert(ply, Instant::now());
                mover.sink.send(message.into_frame()).await?;
                Stats::count(&stats.moves_sent);
                position.play_unchecked(chosen);
                ply += 1;
                next_move_at = Instant::now() + think(setup);
            }
            message = next_message(&mut white.stream) => tally.on_message(0, message?, stats)?,
            message = next_message(&mut black.stream) => tally.on_message(1, message?, stats)?,
            message = next_or_pending(spectator.as_deref_mut()) => {
                if let ServerMessage::Event { event: GameEvent::Moved { .. }, .. } = message? {
                    spectator_seen += 1;
                }
            }
        }
    }
    if let Some(spectator) = spectator {
        let settle = Instant::now() + Duration::from_secs(5);
        while spectator_seen < ply {
            match timeout(
                settle.saturating_duration_since(Instant::now()),
                next_message(&mut spectator.stream),
            )
            .await
            {
                Ok(Ok(ServerMessage::Event {
                    event: GameEvent::Moved { .. },
                    ..
                })) => spectator_seen += 1,
                Ok(Ok(_)) => {}
                _ => break,
            }
        }
        stats.spectator_lost.fetch_add(
            ply.saturating_sub(spectator_seen) as u64,
            std::sync::atomic::Ordering::Relaxed,
        );
    }
    stats.moves_lost.fetch_add(
        tally.acked.saturating_sub(tally.relayed) as u64,
        std::sync::atomic::Ordering::Relaxed,
    );
    Stats::count(&stats.games_finished);
    Ok(())
}

fn think(setup: &Setup) -> Duration {
    let (low, high) = setup.think_ms;
    Duration::from_millis(rand::rng().random_range(low..=high.max(low)))
}

/// The next protocol message on a socket (pings and other frames are skipped).
async fn next_message(stream: &mut SplitStream<Socket>) -> anyhow::Result<ServerMessage> {
    loop {
        match stream.next().await {
            Some(Ok(Message::Text(text))) => return Ok(serde_json::from_str(&text)?),
            Some(Ok(Message::Close(frame))) => bail!("closed by the server: {frame:?}"),
            Some(Ok(_)) => {}
            Some(Err(error)) => return Err(error.into()),
            None => bail!("socket ended"),
        }
    }
}

/// The spectator's next message, or never when there is no spectator.
async fn next_or_pending(seat: Option<&mut Seat>) -> anyhow::Result<ServerMessage> {
    match seat {
        Some(seat) => next_message(&mut seat.stream).await,
        None => std::future::pending().await,
    }
}

/// A message as a text frame.
trait IntoFrame {
    fn into_frame(self) -> Message;
}

impl IntoFrame for ClientMessage {
    fn into_frame(self) -> Message {
        // Serialising these plain enums cannot fail.
        Message::text(serde_json::to_string(&self).unwrap_or_default())
    }
}
