//! A cluster as it is deployed: real PostgreSQL and Redis, `gambit-server` processes
//! (the binary, so that a node can be killed with SIGKILL or drained with SIGTERM) and
//! nginx in front of them (`deploy/nginx.conf`); and a player who, like the page,
//! reconnects through nginx when its socket closes and sends an unanswered move again.

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use gambit_local_services::{Nginx, Postgres, Redis, free_port};
use gambit_online_protocol::{ClientMessage, GameEvent, PROTOCOL_VERSION, ServerMessage};

use super::{PATIENCE, Page, open};

/// One `gambit-server` process.
pub struct Node {
    /// Its name on the bus.
    pub name: String,
    /// Its port on 127.0.0.1.
    pub port: u16,
    child: Option<Child>,
}

impl Node {
    /// Kills the process with SIGKILL (nothing runs after it).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Sends SIGTERM (a drain: sockets closed with "going away") and waits for the exit.
    pub fn drain(&mut self) {
        if let Some(mut child) = self.child.take() {
            let status = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status()
                .expect("kill runs");
            assert!(status.success());
            let started = Instant::now();
            while child.try_wait().expect("waits").is_none() {
                assert!(started.elapsed() < PATIENCE, "the node did not stop");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Three nodes over one database and one Redis, nginx in front.
pub struct Cluster {
    /// The nodes, `node-1` …
    pub nodes: Vec<Node>,
    /// nginx.
    pub front: Nginx,
    redis: redis::Client,
    _dir: tempfile::TempDir,
}

async fn healthy(port: u16) -> bool {
    reqwest::get(format!("http://127.0.0.1:{port}/api/health"))
        .await
        .is_ok_and(|response| response.status().is_success())
}

impl Cluster {
    /// Starts `count` nodes and nginx; returns once every node answers its health check.
    pub async fn start(postgres: &Postgres, redis: &Redis, count: usize) -> Cluster {
        let dir = tempfile::tempdir().expect("a temp dir");
        let ports: Vec<u16> = (0..count).map(|_| free_port().expect("a port")).collect();
        let front = Nginx::start(dir.path(), &ports).expect("nginx starts");
        let origin = format!("http://127.0.0.1:{}", front.port());
        let nodes: Vec<Node> = ports
            .iter()
            .enumerate()
            .map(|(index, &port)| {
                let name = format!("node-{}", index + 1);
                let log = std::fs::File::create(dir.path().join(format!("{name}.log")))
                    .expect("a log file");
                let child = Command::new(env!("CARGO_BIN_EXE_gambit-server"))
                    .args(["--port", &port.to_string(), "--origin", &origin])
                    .args([
                        "--client-ip-header",
                        "X-Real-IP",
                        "--max-sockets-per-client",
                        "0",
                    ])
                    .arg("--dist")
                    .arg(dir.path())
                    .env("GAMBIT_DATABASE", postgres.url())
                    .env("GAMBIT_BUS", redis.url())
                    .env("GAMBIT_NODE", &name)
                    .env("RUST_LOG", "info")
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(log)
                    .spawn()
                    .expect("gambit-server starts");
                Node {
                    name,
                    port,
                    child: Some(child),
                }
            })
            .collect();
        let started = Instant::now();
        for node in &nodes {
            while !healthy(node.port).await {
                assert!(started.elapsed() < PATIENCE, "{} is not healthy", node.name);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        Cluster {
            nodes,
            front,
            redis: redis::Client::open(redis.url()).expect("a Redis URL"),
            _dir: dir,
        }
    }

    /// nginx's address: where the players connect.
    pub fn address(&self) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], self.front.port()))
    }

    /// The node named as running game `id`'s clock in Redis, if one is.
    pub async fn clock_holder(&self, id: &str) -> Option<String> {
        let mut connection = self
            .redis
            .get_multiplexed_async_connection()
            .await
            .expect("Redis answers");
        redis::cmd("HGET")
            .arg("gambit:clock")
            .arg(id)
            .query_async(&mut connection)
            .await
            .expect("HGET")
    }

    /// Waits until game `id`'s clock is held by a node other than `not`; returns it.
    pub async fn clock_holder_other_than(&self, id: &str, not: &str) -> String {
        let started = Instant::now();
        loop {
            if let Some(holder) = self.clock_holder(id).await
                && holder != not
            {
                return holder;
            }
            assert!(started.elapsed() < PATIENCE, "no node took the clock over");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The node called `name`.
    pub fn node(&mut self, name: &str) -> &mut Node {
        self.nodes
            .iter_mut()
            .find(|node| node.name == name)
            .expect("a node of that name")
    }
}

/// A player (or spectator) as the page behaves: it reconnects when its socket closes,
/// from the last version it has, and checks that the versions it is told of follow
/// one another: no event lost, none twice.
pub struct Player {
    front: SocketAddr,
    game: String,
    token: Option<String>,
    page: Page,
    /// The last version this player has.
    pub version: u64,
    /// How long each reconnection took, from the socket's close to the `Welcome`.
    pub reconnections: Vec<Duration>,
}

impl Player {
    /// Seated at version 0 (a fresh page) through `front`.
    pub async fn new(front: SocketAddr, game: &str, token: Option<&str>) -> Player {
        let (page, version) = Player::connect(front, game, token, 0).await;
        Player {
            front,
            game: game.to_owned(),
            token: token.map(str::to_owned),
            page,
            version,
            reconnections: Vec::new(),
        }
    }

    async fn connect(
        front: SocketAddr,
        game: &str,
        token: Option<&str>,
        since: u64,
    ) -> (Page, u64) {
        let origin = super::origin(front);
        let started = Instant::now();
        loop {
            assert!(started.elapsed() < PATIENCE, "could not reconnect");
            let Ok(mut page) = open(front, game, Some(&origin)).await else {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            page.send(&ClientMessage::Hello {
                protocol: PROTOCOL_VERSION.into(),
                token: token.map(str::to_owned),
                since,
            })
            .await;
            match page.next_or_close().await {
                Ok(ServerMessage::Welcome { version, .. }) => {
                    // Replayed events follow from `since` (a fresh page gets a
                    // snapshot at `version`).
                    return (page, if since == 0 { version } else { since });
                }
                _ => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    /// The game's id.
    pub fn game(&self) -> &str {
        &self.game
    }

    async fn reconnect(&mut self) {
        let started = Instant::now();
        let (page, version) =
            Player::connect(self.front, &self.game, self.token.as_deref(), self.version).await;
        self.page = page;
        self.version = version;
        self.reconnections.push(started.elapsed());
    }

    /// The next message; a closed socket is reconnected first (`true` in the answer).
    async fn next(&mut self) -> (ServerMessage, bool) {
        let mut reconnected = false;
        loop {
            match self.page.next_or_close().await {
                Ok(message) => {
                    if let ServerMessage::Event { v, .. } = &message {
                        assert_eq!(*v, self.version + 1, "an event lost or told twice");
                        self.version = *v;
                    }
                    return (message, reconnected);
                }
                Err(_) => {
                    self.reconnect().await;
                    reconnected = true;
                }
            }
        }
    }

    /// The next event.
    pub async fn event(&mut self) -> (u64, GameEvent) {
        loop {
            if let (ServerMessage::Event { v, event }, _) = self.next().await {
                return (v, event);
            }
        }
    }

    /// The next move: (version, UCI, clock after it).
    pub async fn next_move(
        &mut self,
    ) -> (u64, String, Option<gambit_online_protocol::ClockSnapshot>) {
        loop {
            if let (v, GameEvent::Moved { uci, clock, .. }) = self.event().await {
                return (v, uci, clock);
            }
        }
    }

    /// Sends `message` and returns the first `Ack` or `Refused` (a reconnection in
    /// between sends it again).
    pub async fn request(&mut self, message: &ClientMessage) -> ServerMessage {
        let _ = self.page.try_send(message).await;
        loop {
            let (answer, reconnected) = self.next().await;
            if reconnected {
                let _ = self.page.try_send(message).await;
            }
            if matches!(
                answer,
                ServerMessage::Ack { .. } | ServerMessage::Refused { .. }
            ) {
                return answer;
            }
        }
    }

    /// Plays a move and waits for its `Ack`, sending it again (same id) after a
    /// reconnection, as the page does; returns its version and the clock after it.
    pub async fn play(
        &mut self,
        id: u32,
        uci: &str,
        ply: u32,
    ) -> (u64, Option<gambit_online_protocol::ClockSnapshot>) {
        let send = ClientMessage::Move {
            id,
            uci: uci.to_owned(),
            ply,
        };
        // A socket already closed shows as a close below, and the move goes again.
        let _ = self.page.try_send(&send).await;
        let mut stored = None;
        loop {
            let (message, reconnected) = self.next().await;
            if reconnected {
                let _ = self.page.try_send(&send).await;
            }
            match message {
                ServerMessage::Event {
                    v,
                    event:
                        GameEvent::Moved {
                            uci: played, clock, ..
                        },
                } if played == uci => stored = Some((v, clock)),
                ServerMessage::Ack { id: acked } if acked == id => {
                    if let Some(stored) = stored {
                        return stored;
                    }
                }
                ServerMessage::Refused { code, reason, .. } => {
                    panic!("{uci} refused: {code:?} {reason}")
                }
                _ => {}
            }
        }
    }
}

/// Where a node's log is (for a failing test's message).
pub fn log_of(dir: &Path, node: &str) -> String {
    std::fs::read_to_string(dir.join(format!("{node}.log"))).unwrap_or_default()
}
