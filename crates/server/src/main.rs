//! The `gambit-server` binary: reads the flags, sets up logging (to stderr), serves,
//! and stops gracefully on Ctrl-C or SIGTERM.

use std::io::IsTerminal;

use clap::Parser;
use gambit_server::{Config, start};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let config = Config::parse();
    let listener = tokio::net::TcpListener::bind((config.bind.as_str(), config.port)).await?;
    let address = listener.local_addr()?;
    let database = gambit_server::store::shown_url(&config.database);
    let dist = config.dist.display().to_string();
    let server = start(listener, config).await?;
    tracing::info!(%address, database, dist, "serving");
    let shutdown = server.shutdown_token();
    tokio::spawn(async move {
        stop_signal().await;
        tracing::info!("stopping: closing sockets");
        shutdown.cancel();
    });
    server.wait().await
}

/// Ctrl-C, or SIGTERM on Unix.
async fn stop_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
