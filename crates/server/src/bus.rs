//! Between the nodes: Redis pub/sub, when the server runs as several nodes over one
//! PostgreSQL database (`--bus redis://…`); nothing when it runs alone.
//!
//! After a node stores a game's change it publishes the game's new version on the
//! channel `gambit:game:<id>` (the payload is the version, nothing else: no move, no
//! token). Every node listens to `gambit:game:*` and tells the task of that game, if
//! it has one, that the game is now at that version ([`ActorMessage::Behind`]); the
//! task reads what it lacks from the database and sends those events to its sockets.
//! So the bus only says *look*: pub/sub may lose a message (a dropped subscription, a
//! Redis restart), and correctness comes from the versions and the database. After a
//! (re)subscription, every live task is told to look, which catches up whatever was
//! missed while the bus was away; an announcement that fails is sent again until
//! Redis takes it (for 30 s; after that the game's next change, or a conflict,
//! brings the other nodes up to date).

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use redis::AsyncCommands;
use redis::aio::ConnectionManager;
use tokio_util::sync::CancellationToken;

use crate::actor::ActorMessage;
use crate::registry::Registry;

/// The channels' prefix; a game's channel is this and its id.
const PREFIX: &str = "gambit:game:";

/// How long the listener waits before it connects again after losing Redis, and a
/// failed announcement before it is sent again.
const RETRY: Duration = Duration::from_millis(500);

/// How long a failed announcement is tried again.
const ANNOUNCE_FOR: Duration = Duration::from_secs(30);

/// The bus, or none.
#[derive(Clone, Default)]
pub struct Bus {
    link: Option<Link>,
}

#[derive(Clone)]
struct Link {
    client: redis::Client,
    publisher: ConnectionManager,
}

impl std::fmt::Debug for Bus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.link.is_some() {
            "Bus(redis)"
        } else {
            "Bus(none)"
        })
    }
}

impl Bus {
    /// Connects to the Redis at `url`, or no bus for `None`.
    ///
    /// # Errors
    ///
    /// A malformed URL, or a Redis that cannot be reached. (The messages do not repeat
    /// the URL, which may hold a password.)
    pub async fn open(url: Option<&str>) -> anyhow::Result<Bus> {
        let Some(url) = url else {
            return Ok(Bus::default());
        };
        let client = redis::Client::open(url)
            .map_err(|error| anyhow::anyhow!("--bus: not a Redis URL: {error}"))?;
        let publisher = ConnectionManager::new(client.clone())
            .await
            .map_err(|error| anyhow::anyhow!("--bus: cannot connect: {error}"))?;
        Ok(Bus {
            link: Some(Link { client, publisher }),
        })
    }

    /// A connection to the bus's Redis, for the clock leases (see [`crate::lease`]).
    pub fn connection(&self) -> Option<ConnectionManager> {
        self.link.as_ref().map(|link| link.publisher.clone())
    }

    /// Whether this node shares its games with others.
    pub fn connects_nodes(&self) -> bool {
        self.link.is_some()
    }

    /// Says that game `id` is now at `version`. A failed publish (Redis restarting)
    /// is tried again in the background every 0.5 s for 30 s, so the
    /// other nodes hear of the change once Redis is back; the receivers skip a version
    /// they have, so a repeat does no harm.
    pub async fn announce(&self, id: &str, version: u64) {
        let Some(link) = &self.link else {
            return;
        };
        let channel = format!("{PREFIX}{id}");
        if publish(&link.publisher, &channel, version).await.is_ok() {
            return;
        }
        let publisher = link.publisher.clone();
        let game = id.to_owned();
        tokio::spawn(async move {
            let deadline = tokio::time::Instant::now() + ANNOUNCE_FOR;
            loop {
                tokio::time::sleep(RETRY).await;
                match publish(&publisher, &channel, version).await {
                    Ok(()) => return,
                    Err(error) if tokio::time::Instant::now() >= deadline => {
                        tracing::warn!(game, %error, "could not announce a change on the bus");
                        return;
                    }
                    Err(_) => {}
                }
            }
        });
    }

    /// Listens until `shutdown`, telling `registry`'s tasks of other nodes' changes.
    pub fn spawn_listener(&self, registry: &Arc<Registry>, shutdown: CancellationToken) {
        let Some(link) = &self.link else {
            return;
        };
        let client = link.client.clone();
        let tasks = registry.tasks().clone();
        let registry = Arc::clone(registry);
        tasks.spawn(async move {
            loop {
                tokio::select! {
                    () = listen(&client, &registry) => {}
                    () = shutdown.cancelled() => return,
                }
                tokio::select! {
                    () = tokio::time::sleep(RETRY) => {}
                    () = shutdown.cancelled() => return,
                }
            }
        });
    }
}

async fn publish(
    publisher: &ConnectionManager,
    channel: &str,
    version: u64,
) -> redis::RedisResult<()> {
    let mut publisher = publisher.clone();
    let _receivers: i64 = publisher.publish(channel, version).await?;
    Ok(())
}

/// One subscription, until Redis goes away.
async fn listen(client: &redis::Client, registry: &Arc<Registry>) {
    let mut pubsub = match client.get_async_pubsub().await {
        Ok(pubsub) => pubsub,
        Err(error) => {
            tracing::warn!(%error, "the bus is away; trying again");
            return;
        }
    };
    if let Err(error) = pubsub.psubscribe(format!("{PREFIX}*")).await {
        tracing::warn!(%error, "could not subscribe to the bus; trying again");
        return;
    }
    tracing::info!("listening to the bus");
    // Whatever was announced while this node was not listening.
    registry.tell_all_live(|| ActorMessage::Behind { version: None });
    let mut messages = pubsub.on_message();
    while let Some(message) = messages.next().await {
        let channel = message.get_channel_name();
        let Some(id) = channel.strip_prefix(PREFIX) else {
            continue;
        };
        let Ok(version) = message.get_payload::<u64>() else {
            continue;
        };
        registry.tell_live(
            id,
            ActorMessage::Behind {
                version: Some(version),
            },
        );
    }
    tracing::warn!("lost the bus; subscribing again");
}
