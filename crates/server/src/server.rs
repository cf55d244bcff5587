//! Starting and stopping the server: open the database (and migrate it), resume the
//! games in progress, serve until told to stop, then close every socket with "going
//! away" (1001) so that pages reconnect to the next process, and wait for the game
//! tasks. Connections are accepted by [`crate::listen`]. Nothing needs saving at the stop: every change was stored when it happened.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::bus::Bus;
use crate::config::Config;
use crate::http::origin::Origins;
use crate::http::rate_limit::RateLimit;
use crate::http::socket_limit::SocketLimit;
use crate::http::{AppState, router};
use crate::lease::Leases;
use crate::listen::{self, ListenLimits};
use crate::registry::Registry;
use crate::store::Store;
use crate::token::new_game_id;

/// A server that is running.
#[derive(Debug)]
pub struct RunningServer {
    address: SocketAddr,
    shutdown: CancellationToken,
    task: JoinHandle<anyhow::Result<()>>,
}

impl RunningServer {
    /// The address it listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// A token that stops the server when cancelled.
    pub fn shutdown_token(&self) -> CancellationToken {
        self.shutdown.clone()
    }

    /// Stops the server and waits until its sockets are closed and the database too.
    ///
    /// # Errors
    ///
    /// What the server failed with.
    pub async fn stop(self) -> anyhow::Result<()> {
        self.shutdown.cancel();
        self.wait().await
    }

    /// Waits until the server has stopped (after its shutdown token is cancelled).
    ///
    /// # Errors
    ///
    /// What the server failed with.
    pub async fn wait(self) -> anyhow::Result<()> {
        self.task.await?
    }
}

/// Starts serving on `listener` (the default origins use its port, so a listener on
/// port 0 works).
///
/// # Errors
///
/// A database that cannot be opened or migrated, a bad flag.
pub async fn start(listener: TcpListener, config: Config) -> anyhow::Result<RunningServer> {
    let address = listener.local_addr()?;
    let config = Arc::new(config);
    let store = Store::open(&config.database).await?;
    let node = match &config.node {
        Some(node) => node.clone(),
        None => new_game_id()?,
    };
    let bus = Bus::open(config.bus.as_deref(), &node).await?;
    let shutdown = CancellationToken::new();
    let tasks = TaskTracker::new();
    let leases = Leases::new(bus.connection(), &node, config.timing.lease_ttl_ms);
    let registry = Registry::new(
        store.clone(),
        bus.clone(),
        leases.clone(),
        Arc::clone(&config),
        shutdown.clone(),
        tasks.clone(),
    );
    bus.spawn_listener(&registry, shutdown.clone());
    leases.spawn_renewal(&registry, shutdown.clone());
    registry.resume().await?;
    let create_limit = RateLimit::new(config.create_per_minute, config.create_burst);
    if let Some(limit) = &create_limit {
        limit.spawn_cleanup(shutdown.clone());
    }
    let origins = Origins::new(
        &config.origins,
        &config.bind,
        address.port(),
        config.allow_no_origin,
    );
    let state = Arc::new(AppState {
        registry,
        origins,
        create_limit,
        socket_limit: SocketLimit::new(config.max_sockets_per_client),
        config: Arc::clone(&config),
        shutdown: shutdown.clone(),
        tasks: tasks.clone(),
    });
    let app = router(state)?;
    let limits = ListenLimits {
        max_connections: config.max_connections,
        header_timeout: Duration::from_millis(config.header_timeout_ms),
    };
    let stop = shutdown.clone();
    let task = tokio::spawn(async move {
        listen::serve(listener, app, limits, stop).await;
        tasks.close();
        tasks.wait().await;
        store.close().await;
        Ok(())
    });
    Ok(RunningServer {
        address,
        shutdown,
        task,
    })
}
