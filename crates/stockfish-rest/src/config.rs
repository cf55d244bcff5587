//! The server's flags.

use clap::Parser;

use crate::fault::FaultMode;

/// How the server runs.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "stockfish-rest",
    version,
    about,
    after_help = "Every request is logged to stderr (client, method, path, status, reason, \
                  milliseconds); RUST_LOG=warn keeps only problems. Fixed limits: a URI of \
                  at most 2 KiB (else 414), request headers of at most 16 KiB (else 431), \
                  a request body of at most 1 KiB (else 413)."
)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: String,
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8090)]
    pub port: u16,
    /// The Stockfish executable.
    #[arg(long, default_value = "/usr/games/stockfish")]
    pub stockfish: String,
    /// Stockfish processes, i.e. searches that may run at once.
    #[arg(long, default_value_t = 2)]
    pub pool: usize,
    /// Longest search, in milliseconds; a longer one is answered 504 and its Stockfish
    /// replaced.
    #[arg(long, default_value_t = 10_000)]
    pub timeout_ms: u64,
    /// Longest wait for a free Stockfish, in milliseconds; then the answer is 503.
    #[arg(long, default_value_t = 5_000)]
    pub queue_timeout_ms: u64,
    /// Requests that may wait for a free Stockfish at once; one more is answered 503 at
    /// once.
    #[arg(long, default_value_t = 16)]
    pub max_waiting: usize,
    /// Requests a minute from one client (an IPv4 address or an IPv6 /64), on average;
    /// more are answered 429. 0 turns the limit off.
    #[arg(long, default_value_t = 60)]
    pub rate_limit: u32,
    /// Requests one client may send in a burst before the per-minute rate applies.
    #[arg(long, default_value_t = 20)]
    pub rate_burst: u32,
    /// Take the client's address from this request header (e.g. X-Forwarded-For or
    /// X-Real-IP; the last address in it) instead of the connection: only behind a reverse
    /// proxy that sets it.
    #[arg(long, value_name = "HEADER")]
    pub client_ip_header: Option<String>,
    /// Longest time for a client to send a request's headers (and longest idle time of a
    /// kept-alive connection), in milliseconds; then the connection is closed.
    #[arg(long, default_value_t = 10_000)]
    pub header_timeout_ms: u64,
    /// Longest time for a whole request, from its headers to the answer, in milliseconds;
    /// then the answer is 408.
    #[arg(long, default_value_t = 30_000)]
    pub request_timeout_ms: u64,
    /// Open connections at most; more are closed at once.
    #[arg(long, default_value_t = 512)]
    pub max_connections: usize,
    /// A web page origin allowed to call the API from a browser (e.g.
    /// `https://chess.example.org`); repeat the flag for several. Without it, any origin may.
    #[arg(long = "cors-origin", value_name = "ORIGIN")]
    pub cors_origins: Vec<String>,
    /// Test-only fault injection (see the README).
    #[arg(long, value_enum, default_value_t = FaultMode::None)]
    pub fault: FaultMode,
    /// How long the `slow` fault waits before answering, in milliseconds.
    #[arg(long, default_value_t = 15_000)]
    pub fault_delay_ms: u64,
    /// Allow `POST /__fault/<mode>` to switch the fault mode while running (tests only).
    /// A request from a web page (one with an Origin header) is refused.
    #[arg(long)]
    pub allow_fault_control: bool,
}

impl Config {
    /// The defaults, as if no flag were given.
    pub fn defaults() -> Config {
        Config::parse_from(["stockfish-rest"])
    }
}
