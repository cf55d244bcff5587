//! `stockfish-rest`: the stockfish.online v2 API served in front of a local Stockfish.
//! This binary only reads its flags, sets up logging (to stderr) and serves; see the
//! library.

use std::io::IsTerminal;

use clap::Parser;
use stockfish_rest::{Config, serve};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        // Colours only on a terminal: journald and log files get plain text.
        .with_ansi(std::io::stderr().is_terminal())
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let config = Config::parse();
    let listener = tokio::net::TcpListener::bind((config.bind.as_str(), config.port)).await?;
    tracing::info!(address = %listener.local_addr()?, stockfish = %config.stockfish, "serving");
    serve(listener, config).await
}
