//! The server's flags, and the waits that tests shorten.

use std::path::PathBuf;

use clap::Parser;

use crate::round::RoundTiming;

/// How the server runs.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "gambit-server",
    version,
    about,
    after_help = "Every HTTP request is logged to stderr (client, method, path, status, \
                  milliseconds); seat tokens never appear in logs or URLs. RUST_LOG=warn \
                  keeps only problems. Fixed limits: a request body of at most 1 KiB, a \
                  socket frame of at most 4 KiB (frames over 1 KiB are refused), a Hello \
                  within 10 s, a socket silent for 60 s is closed, a socket that cannot take \
                  a message for 10 s is dropped."
)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: String,
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The built app to serve (with the .br/.gz files the build writes beside each file).
    #[arg(long, default_value = "dist")]
    pub dist: PathBuf,
    /// The database: `sqlite://FILE` (created on first start) or
    /// `postgres://USER:PASSWORD@HOST:PORT/DATABASE` (better given in the environment, as
    /// `GAMBIT_DATABASE`, than on a command line every user can read).
    #[arg(long, env = "GAMBIT_DATABASE", default_value = "sqlite://gambit.db")]
    pub database: String,
    /// The bus between several nodes on one PostgreSQL database: `redis://HOST:PORT`
    /// (or `GAMBIT_BUS`). Without it the server runs alone.
    #[arg(long, env = "GAMBIT_BUS")]
    pub bus: Option<String>,
    /// This node's name among several (on the bus; in the logs of the others). Default:
    /// a random one at each start.
    #[arg(long, env = "GAMBIT_NODE")]
    pub node: Option<String>,
    /// A page origin allowed to open game sockets (e.g. `https://chess.example.org`);
    /// repeat for several. Default: `http://{bind}:{port}`, `http://localhost:{port}` and
    /// `http://127.0.0.1:{port}`.
    #[arg(long = "origin", value_name = "ORIGIN")]
    pub origins: Vec<String>,
    /// Also accept game sockets without an `Origin` header (non-browser clients, such
    /// as load tests). Browsers always send one.
    #[arg(long)]
    pub allow_no_origin: bool,
    /// Take the client's address from this request header (e.g. X-Forwarded-For; the
    /// last address in it) instead of the connection: only behind a reverse proxy that
    /// sets it.
    #[arg(long, value_name = "HEADER")]
    pub client_ip_header: Option<String>,
    /// Games one client (an IPv4 address or an IPv6 /64) may create a minute, on
    /// average; 0 turns the limit off.
    #[arg(long, default_value_t = 20)]
    pub create_per_minute: u32,
    /// Games one client may create in a burst.
    #[arg(long, default_value_t = 20)]
    pub create_burst: u32,
    /// Socket messages a second one connection may send, on average; more are refused
    /// (`rate_limited`), and a connection that keeps on is closed.
    #[arg(long, default_value_t = 20)]
    pub messages_per_second: u32,
    /// Socket messages one connection may send in a burst.
    #[arg(long, default_value_t = 40)]
    pub message_burst: u32,
    /// Spectators' sockets one game accepts at once.
    #[arg(long, default_value_t = 100)]
    pub max_spectators: usize,
    /// Sockets one player (one seat) may have open in a game at once (tabs).
    #[arg(long, default_value_t = 4)]
    pub max_seat_connections: usize,
    /// Connections (HTTP and game sockets together) open at once; more are closed as
    /// soon as they are accepted. Keep it under the process's file limit (`ulimit -n`).
    #[arg(long, default_value_t = 10_000)]
    pub max_connections: usize,
    /// Game sockets one client (an IPv4 address or an IPv6 /64) may have open at once;
    /// more handshakes are answered 429. 0 turns the cap off (a load test from one
    /// machine needs two per game).
    #[arg(long, default_value_t = 200)]
    pub max_sockets_per_client: usize,
    /// Milliseconds a client has to send a request's headers (the upgrade request of a
    /// game socket included), and the longest idle time between kept-alive requests.
    #[arg(long, default_value_t = 10_000)]
    pub header_timeout_ms: u64,
    /// The waits (only tests change them).
    #[arg(skip)]
    pub timing: Timing,
}

impl Config {
    /// The defaults, as if no flag were given.
    pub fn defaults() -> Config {
        Config::parse_from(["gambit-server"])
    }
}

/// The server's waits, in milliseconds. [`Timing::default`] holds the real ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// The round's rules: first moves, claims, expiry.
    pub round: RoundTiming,
    /// Time for a socket's `Hello`.
    pub hello_ms: u64,
    /// A socket with no message and no pong for this long is closed.
    pub socket_idle_ms: u64,
    /// A socket that cannot take a message (its client does not read) for this long is
    /// dropped.
    pub send_ms: u64,
    /// How often the server pings each socket (and measures its lag).
    pub ping_every_ms: u64,
    /// The largest lag (half a ping's round trip) passed to the clock.
    pub max_lag_ms: u64,
    /// A game task with no socket and no clock or deadline to watch stops after this.
    pub game_idle_ms: u64,
    /// How often expired invitations and stale games are looked for.
    pub sweep_every_ms: u64,
    /// Of several nodes: how long a node counts as alive after it last renewed its
    /// clock leases (it renews every quarter of this; see [`crate::lease`]).
    pub lease_ttl_ms: u64,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            round: RoundTiming::LICHESS,
            hello_ms: 10_000,
            socket_idle_ms: 60_000,
            send_ms: 10_000,
            ping_every_ms: 5_000,
            max_lag_ms: 1_000,
            game_idle_ms: 60_000,
            sweep_every_ms: 10 * 60_000,
            lease_ttl_ms: 2_000,
        }
    }
}
