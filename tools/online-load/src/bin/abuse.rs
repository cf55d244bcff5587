//! `gambit-online-abuse`: what a hostile internet does to a `gambit-server`, bounded in
//! count and time, against loopback only, while one honest game is played beside it.
//!
//! ```sh
//! gambit-online-abuse --url http://127.0.0.1:8096 --server-pid $(pgrep -n gambit-server)
//! ```
//!
//! Phases, one after the other, each printing what the server answered:
//! 1. a flood of game creations from one address (the per-client limit must refuse
//!    most with 429);
//! 2. a flood of messages on one socket (the per-connection limit must refuse them and
//!    close the socket);
//! 3. garbage: binary frames, text that is not a message, frames over the size cap, a
//!    spectator's move, a hello with a token of the wrong shape, a message before hello;
//! 4. idle sockets: many upgraded sockets that never say hello (the server must close
//!    them);
//! 5. slow upgrades: connections that trickle the upgrade request a byte a second (the
//!    server must close them).
//!
//! All along, a canary game between two honest players makes a move every 500 ms; at the
//! end every one of its moves must have been acknowledged and relayed, and the server
//! must still answer `/api/health`. Exits 1 otherwise.

use std::time::Duration;

use anyhow::{Context, bail};
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use gambit_online_protocol::{
    ClientMessage, ColorChoice, CreateGame, CreateGameReply, GameEvent, JoinGame, JoinGameReply,
    PROTOCOL_VERSION, ServerMessage,
};
use gambit_rules::shakmaty::uci::UciMove;
use gambit_rules::shakmaty::{Chess, Position};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::time::{Instant, sleep, timeout};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The abuse's settings.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    /// The server (loopback).
    #[arg(long, default_value = "http://127.0.0.1:8096")]
    url: String,
    /// Game creations in the flood.
    #[arg(long, default_value_t = 300)]
    creates: usize,
    /// Messages in the flood on one socket.
    #[arg(long, default_value_t = 2000)]
    messages: usize,
    /// Idle sockets.
    #[arg(long, default_value_t = 2000)]
    idle: usize,
    /// Slow upgrades.
    #[arg(long, default_value_t = 200)]
    slow: usize,
    /// How long to wait for the server to close idle and slow connections, in seconds.
    #[arg(long, default_value_t = 40)]
    close_wait: u64,
    /// The server's process id, for its peak memory.
    #[arg(long)]
    server_pid: Option<u32>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let http = reqwest::Client::new();
    let canary = tokio::spawn(canary(args.url.clone(), http.clone()));
    // Let the canary start before the storm.
    sleep(Duration::from_secs(2)).await;
    // The game the later phases abuse, made before the flood fills the create limit.
    let game = watched_game(&args.url, &http).await?;

    let started = Instant::now();
    let mut by_status = std::collections::BTreeMap::<u16, usize>::new();
    for _ in 0..args.creates {
        let status = http
            .post(format!("{}/api/games", args.url))
            .json(&CreateGame {
                time_control: None,
                color: ColorChoice::Random,
                name: None,
            })
            .send()
            .await
            .map(|answer| answer.status().as_u16())
            .unwrap_or(0);
        *by_status.entry(status).or_default() += 1;
    }
    println!(
        "1. create flood: {} creations in {:.1} s from one address: {by_status:?} (status: count; 0 = no answer)",
        args.creates,
        started.elapsed().as_secs_f64()
    );

    let mut socket = connect(&args.url, &game).await?;
    say(&mut socket, &hello(None)).await?;
    let started = Instant::now();
    // Read while sending: a server that closes a socket with frames still unread resets
    // the connection, and a reset throws away what the client had not read yet.
    let (mut sink, mut stream) = socket.split();
    let messages = args.messages;
    let sender = async move {
        let mut sent = 0;
        for n in 0..messages {
            if sink
                .send(Message::text(format!(r#"{{"t":"ping","n":{n}}}"#)))
                .await
                .is_err()
            {
                break;
            }
            sent += 1;
        }
        sent
    };
    let reader = async move {
        let (mut pongs, mut limited, mut closed) = (0, 0, None);
        while let Ok(Some(frame)) = timeout(Duration::from_secs(5), stream.next()).await {
            match frame {
                Ok(Message::Text(text)) => match serde_json::from_str::<ServerMessage>(&text) {
                    Ok(ServerMessage::Pong { .. }) => pongs += 1,
                    Ok(ServerMessage::Refused { .. }) => limited += 1,
                    _ => {}
                },
                Ok(Message::Close(frame)) => {
                    closed = Some(frame.map_or("no code".into(), |f| {
                        format!("{} {}", u16::from(f.code), f.reason)
                    }));
                    break;
                }
                Err(_) => {
                    closed = Some("connection dropped".into());
                    break;
                }
                Ok(_) => {}
            }
        }
        (pongs, limited, closed)
    };
    let (sent, (pongs, limited, closed)) = tokio::join!(sender, reader);
    let closed = closed.unwrap_or_else(|| "no: still open".into());
    println!(
        "2. message flood: {sent} pings sent in {:.2} s; {pongs} answered, {limited} refused as too many, socket closed by the server: {closed}",
        started.elapsed().as_secs_f64()
    );

    let garbage: Vec<(&str, Message, bool)> = vec![
        (
            "binary frame",
            Message::binary(vec![0u8, 159, 146, 150]),
            true,
        ),
        ("not JSON", Message::text("}{ not json"), true),
        (
            "unknown message",
            Message::text(r#"{"t":"teleport"}"#),
            true,
        ),
        (
            "oversized (64 KiB)",
            Message::text("x".repeat(65_536)),
            true,
        ),
        (
            "a message before hello",
            Message::text(r#"{"t":"resign"}"#),
            false,
        ),
        (
            "token of the wrong shape",
            Message::text(r#"{"t":"hello","protocol":"1.0.0","token":"<script>","since":0}"#),
            false,
        ),
    ];
    for (what, frame, after_hello) in garbage {
        let mut socket = connect(&args.url, &game).await?;
        if after_hello {
            say(&mut socket, &hello(None)).await?;
        }
        let _ = socket.send(frame).await;
        let answer = last_words(&mut socket).await;
        println!("3. garbage, {what}: {answer}");
    }
    let mut socket = connect(&args.url, &game).await?;
    say(&mut socket, &hello(None)).await?;
    say(
        &mut socket,
        &ClientMessage::Move {
            id: 1,
            uci: "e2e4".into(),
            ply: 0,
        },
    )
    .await?;
    println!(
        "3. garbage, a spectator's move: {}",
        last_words(&mut socket).await
    );

    let started = Instant::now();
    let mut idle = Vec::new();
    let mut refused = std::collections::BTreeMap::<String, usize>::new();
    for _ in 0..args.idle {
        match connect(&args.url, &game).await {
            Ok(socket) => idle.push(socket),
            Err(error) => {
                let why = match error.downcast_ref::<tungstenite::Error>() {
                    Some(tungstenite::Error::Http(response)) => response.status().to_string(),
                    _ => error.to_string(),
                };
                *refused.entry(why).or_default() += 1;
            }
        }
    }
    let opened = idle.len();
    let closes = futures_util::future::join_all(idle.into_iter().map(|mut socket| async move {
        let closed_at = timeout(Duration::from_secs(args.close_wait), async {
            loop {
                match socket.next().await {
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                    Some(Ok(_)) => {}
                }
            }
        })
        .await;
        closed_at.is_ok()
    }))
    .await;
    println!(
        "4. idle sockets: {opened} of {} opened (the others refused: {refused:?}); {} closed by the server within {:.1} s",
        args.idle,
        closes.iter().filter(|closed| **closed).count(),
        started.elapsed().as_secs_f64()
    );

    let started = Instant::now();
    let address = args
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    let request = format!(
        "GET /api/games/{game}/socket HTTP/1.1\r\nHost: {address}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    let slow = futures_util::future::join_all((0..args.slow).map(|_| {
        let (address, request) = (address.clone(), request.clone());
        async move {
            let Ok(mut stream) = TcpStream::connect(&address).await else {
                return false;
            };
            let trickle = async {
                for byte in request.as_bytes() {
                    if stream.write_all(&[*byte]).await.is_err() {
                        return;
                    }
                    sleep(Duration::from_secs(1)).await;
                }
            };
            // Closed by the server before the request was out.
            timeout(Duration::from_secs(args.close_wait), trickle)
                .await
                .is_ok()
        }
    }))
    .await;
    println!(
        "5. slow upgrades: {} trickling a byte a second; {} cut off by the server within {:.1} s",
        args.slow,
        slow.iter().filter(|closed| **closed).count(),
        started.elapsed().as_secs_f64()
    );

    let health = http
        .get(format!("{}/api/health", args.url))
        .send()
        .await
        .map(|answer| answer.status().as_u16())
        .unwrap_or(0);
    let canary = canary.await.context("canary task")?;
    if let Some(pid) = args.server_pid
        && let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status"))
        && let Some(peak) = status.lines().find(|line| line.starts_with("VmHWM"))
    {
        println!(
            "server peak memory: {}",
            peak.trim_start_matches("VmHWM:").trim()
        );
    }
    println!("server health after it all: {health}");
    match canary {
        Ok(report) => println!("canary game: {report}"),
        Err(error) => println!("canary game FAILED: {error:#}"),
    }
    if health != 200 {
        bail!("the server is not healthy after the abuse");
    }
    Ok(())
}

/// The honest game beside the storm: a move every 500 ms for 60 moves (or until the
/// storm ends), each to be acknowledged and relayed.
async fn canary(url: String, http: reqwest::Client) -> anyhow::Result<String> {
    let created: CreateGameReply = http
        .post(format!("{url}/api/games"))
        .json(&CreateGame {
            time_control: None,
            color: ColorChoice::White,
            name: None,
        })
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let joined: JoinGameReply = http
        .post(format!("{url}/api/games/{}/join", created.game_id))
        .json(&JoinGame { name: None })
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let mut sockets = [
        connect(&url, &created.game_id).await?,
        connect(&url, &created.game_id).await?,
    ];
    say(&mut sockets[0], &hello(Some(created.token))).await?;
    say(&mut sockets[1], &hello(Some(joined.token))).await?;
    let mut position = Chess::default();
    let mut slowest = Duration::ZERO;
    let mut plies = 0;
    while plies < 60 && !position.is_game_over() {
        sleep(Duration::from_millis(500)).await;
        let Some(chosen) = position.legal_moves().first().cloned() else {
            break;
        };
        let mover = plies % 2;
        let sent = Instant::now();
        let uci = UciMove::from_standard(chosen).to_string();
        say(
            &mut sockets[mover],
            &ClientMessage::Move {
                id: plies as u32 + 1,
                uci: uci.clone(),
                ply: plies as u32,
            },
        )
        .await?;
        // The opponent sees it (this very move: earlier events are skipped).
        loop {
            let frame = timeout(Duration::from_secs(10), sockets[1 - mover].next())
                .await
                .context("no relay within 10 s")?;
            if let Some(Ok(Message::Text(text))) = frame {
                if let Ok(ServerMessage::Event {
                    event: GameEvent::Moved { uci: relayed, .. },
                    ..
                }) = serde_json::from_str(&text)
                    && relayed == uci
                {
                    break;
                }
            } else if !matches!(frame, Some(Ok(_))) {
                bail!("the opponent's socket closed at ply {plies}");
            }
        }
        slowest = slowest.max(sent.elapsed());
        position.play_unchecked(chosen);
        plies += 1;
    }
    Ok(format!(
        "{plies} moves, every one relayed; slowest relay {:.1} ms",
        slowest.as_secs_f64() * 1000.0
    ))
}

/// A game with both seats taken, to watch and to abuse.
async fn watched_game(url: &str, http: &reqwest::Client) -> anyhow::Result<String> {
    let created: CreateGameReply = http
        .post(format!("{url}/api/games"))
        .json(&CreateGame {
            time_control: None,
            color: ColorChoice::White,
            name: None,
        })
        .send()
        .await?
        .error_for_status()
        .context("creating the abused game")?
        .json()
        .await?;
    Ok(created.game_id)
}

fn hello(token: Option<String>) -> ClientMessage {
    ClientMessage::Hello {
        protocol: PROTOCOL_VERSION.to_owned(),
        token,
        since: 0,
    }
}

async fn connect(url: &str, game: &str) -> anyhow::Result<Socket> {
    let mut request = format!("{}/api/games/{game}/socket", url.replacen("http", "ws", 1))
        .into_client_request()?;
    request
        .headers_mut()
        .insert("Origin", HeaderValue::from_str(url)?);
    Ok(tokio_tungstenite::connect_async(request).await?.0)
}

async fn say(socket: &mut Socket, message: &ClientMessage) -> anyhow::Result<()> {
    socket
        .send(Message::text(serde_json::to_string(message)?))
        .await?;
    Ok(())
}

/// What the server said last to a bad frame, within 5 s: its refusal or error, and
/// whether it closed the socket. (One deadline for the whole: the server's pings must
/// not keep the wait going.)
async fn last_words(socket: &mut Socket) -> String {
    let mut said = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match tokio::time::timeout_at(deadline, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => match serde_json::from_str::<ServerMessage>(&text)
            {
                Ok(ServerMessage::Refused { code, .. }) => said.push(format!("refused ({code:?})")),
                Ok(ServerMessage::Error { reason }) => said.push(format!("error \"{reason}\"")),
                Ok(ServerMessage::Welcome { .. }) => said.push("welcome".into()),
                Ok(_) => {}
                Err(_) => said.push("unreadable answer".into()),
            },
            Ok(Some(Ok(Message::Close(frame)))) => {
                said.push(format!(
                    "closed ({})",
                    frame.map_or("no code".into(), |f| format!(
                        "{} {}",
                        u16::from(f.code),
                        f.reason
                    ))
                ));
                break;
            }
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(_))) | Ok(None) => {
                said.push("connection dropped".into());
                break;
            }
            Err(_) => {
                said.push("still open after 5 s".into());
                break;
            }
        }
    }
    said.join(", ")
}
