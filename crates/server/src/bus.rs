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
//!
//! Presence travels the same way, on `gambit:seen:<id>`: a game's task says which
//! seats have a socket on its node whenever that changes, and asks the others for
//! theirs when it starts and after a (re)subscription; a node that dies is forgotten
//! when its clock lease lapses ([`crate::lease`]). So a page shows its opponent as
//! connected whichever node the opponent is on.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use redis::AsyncCommands;
use redis::aio::ConnectionManager;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::actor::ActorMessage;
use crate::registry::Registry;

/// The channels' prefix; a game's channel is this and its id.
const PREFIX: &str = "gambit:game:";

/// The prefix of a game's presence channel: `<node> <white> <black>[ ?]`, whether that
/// node has a socket of each seat (`1` or `0`), and `?` to ask the others for theirs.
const SEEN: &str = "gambit:seen:";

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
    node: String,
    /// Presence announcements, published in order by one task.
    seen: mpsc::UnboundedSender<(String, String)>,
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
    pub async fn open(url: Option<&str>, node: &str) -> anyhow::Result<Bus> {
        let Some(url) = url else {
            return Ok(Bus::default());
        };
        let client = redis::Client::open(url)
            .map_err(|error| anyhow::anyhow!("--bus: not a Redis URL: {error}"))?;
        let publisher = ConnectionManager::new(client.clone())
            .await
            .map_err(|error| anyhow::anyhow!("--bus: cannot connect: {error}"))?;
        let (seen, mut queue) = mpsc::unbounded_channel::<(String, String)>();
        let mut connection = publisher.clone();
        tokio::spawn(async move {
            while let Some((channel, payload)) = queue.recv().await {
                let sent: redis::RedisResult<i64> = connection.publish(&channel, payload).await;
                if let Err(error) = sent {
                    // The next change, or the next (re)subscription's question, tells it.
                    tracing::debug!(%error, "could not announce presence");
                }
            }
        });
        Ok(Bus {
            link: Some(Link {
                client,
                publisher,
                node: node.to_owned(),
                seen,
            }),
        })
    }

    /// A connection to the bus's Redis, for the clock leases (see [`crate::lease`]).
    pub fn connection(&self) -> Option<ConnectionManager> {
        self.link.as_ref().map(|link| link.publisher.clone())
    }

    /// Says which seats of game `id` have a socket on this node (`ask`: and asks the
    /// other nodes for theirs). In order, in the background.
    pub fn announce_presence(&self, id: &str, seats: [bool; 2], ask: bool) {
        let Some(link) = &self.link else {
            return;
        };
        let bit = |present: bool| if present { '1' } else { '0' };
        let payload = format!(
            "{} {} {}{}",
            link.node,
            bit(seats[0]),
            bit(seats[1]),
            if ask { " ?" } else { "" }
        );
        let _ = link.seen.send((format!("{SEEN}{id}"), payload));
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
        let node = link.node.clone();
        let tasks = registry.tasks().clone();
        let registry = Arc::clone(registry);
        tasks.spawn(async move {
            loop {
                tokio::select! {
                    () = listen(&client, &node, &registry) => {}
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

/// A presence announcement, or `None` for anything else.
fn read_seen(payload: &str) -> Option<ActorMessage> {
    let mut words = payload.split(' ');
    let node = words.next()?.to_owned();
    let mut seat = || match words.next()? {
        "1" => Some(true),
        "0" => Some(false),
        _ => None,
    };
    let seats = [seat()?, seat()?];
    let ask = match words.next() {
        None => false,
        Some("?") => true,
        Some(_) => return None,
    };
    Some(ActorMessage::Seen { node, seats, ask })
}

/// One subscription, until Redis goes away.
async fn listen(client: &redis::Client, node: &str, registry: &Arc<Registry>) {
    let mut pubsub = match client.get_async_pubsub().await {
        Ok(pubsub) => pubsub,
        Err(error) => {
            tracing::warn!(%error, "the bus is away; trying again");
            return;
        }
    };
    if let Err(error) = pubsub
        .psubscribe(&[format!("{PREFIX}*"), format!("{SEEN}*")])
        .await
    {
        tracing::warn!(%error, "could not subscribe to the bus; trying again");
        return;
    }
    tracing::info!("listening to the bus");
    // Whatever was announced while this node was not listening.
    registry.tell_all_live(|| ActorMessage::Behind { version: None });
    let mut messages = pubsub.on_message();
    while let Some(message) = messages.next().await {
        let channel = message.get_channel_name();
        if let Some(id) = channel.strip_prefix(SEEN) {
            if let Some(seen) = message
                .get_payload::<String>()
                .ok()
                .and_then(|payload| read_seen(&payload))
                .filter(
                    |seen| !matches!(seen, ActorMessage::Seen { node: from, .. } if from == node),
                )
            {
                registry.tell_live(id, seen);
            }
            continue;
        }
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
