//! The server's flags.

use clap::Parser;

use crate::fault::FaultMode;

/// How the server runs.
#[derive(Debug, Clone, Parser)]
#[command(name = "stockfish-rest", version, about)]
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
    /// Longest search, in milliseconds; a longer one is stopped and answered as a timeout.
    #[arg(long, default_value_t = 10_000)]
    pub timeout_ms: u64,
    /// Longest wait for a free Stockfish, in milliseconds; then the answer is 503.
    #[arg(long, default_value_t = 5_000)]
    pub queue_timeout_ms: u64,
    /// Test-only fault injection (see the README).
    #[arg(long, value_enum, default_value_t = FaultMode::None)]
    pub fault: FaultMode,
    /// How long the `slow` fault waits before answering, in milliseconds.
    #[arg(long, default_value_t = 15_000)]
    pub fault_delay_ms: u64,
    /// Allow `POST /__fault/<mode>` to switch the fault mode while running (tests only).
    #[arg(long)]
    pub allow_fault_control: bool,
}

impl Config {
    /// The defaults, as if no flag were given.
    pub fn defaults() -> Config {
        Config::parse_from(["stockfish-rest"])
    }
}
