//! Which node runs a game's clock, when the server runs as several nodes: a lease in
//! Redis, held per game and renewed per node.
//!
//! * `gambit:nodes` is a sorted set of the nodes, each scored with the wall-clock
//!   millisecond until which it is alive. Every node renews its own score every
//!   quarter of [`crate::config::Timing::lease_ttl_ms`] (2 s), so a node that dies
//!   (`kill -9`, a lost machine) counts as dead at most 2 s after its last renewal.
//!   A node that stops (SIGTERM) gives its score up at once.
//! * `gambit:clock` is a hash: game id → the node that runs its clock and flag fall,
//!   and `gambit:clocks:<node>` the set of the games each node runs.
//!
//! A game's lease is held by the node named in `gambit:clock` while that node is
//! alive: renewing the node renews every lease it holds, so the renewal costs one
//! write a node, not one a game. A game task whose round has a deadline (a flag, a
//! first move) claims the lease after each change it stores and before it acts on a
//! due deadline: the claim (one script, atomic in Redis) succeeds if the game has no
//! holder, this node holds it, or its holder is dead. A task that does not hold the
//! lease does not act on deadlines: the holder does, and the bus brings the result.
//! Every node looks for dead nodes at each renewal and adopts up to
//! [`ADOPT_BATCH`] of their games at a time (loading each, so that a game nobody is
//! connected to still has its flag fall); a node also reloads, every few seconds, any
//! game it holds that has no task. When a game has no more deadline its lease is given
//! up. A dead node stays listed for 10 s, so that every node forgets the sockets it
//! had (presence, [`crate::bus`]).
//!
//! The lease saves work; it is not what keeps a game whole. A node paused past its
//! lease that wakes and acts on a deadline while the new holder does too writes from
//! the same version as the other, and the database takes one of the two (the store's
//! version check fences every write). So when Redis cannot be reached, a task acts on
//! its deadlines anyway. The scripts name keys they compute, so the lease needs one
//! Redis server (or a primary with replicas), not Redis Cluster.

use std::sync::Arc;
use std::time::Duration;

use redis::Script;
use redis::aio::ConnectionManager;
use tokio_util::sync::CancellationToken;

use crate::actor::{ActorMessage, wall_ms};
use crate::registry::{ReachError, Registry};

/// The nodes and when each is alive until.
const NODES: &str = "gambit:nodes";

/// Game id → the node that runs its clock.
const HOLDERS: &str = "gambit:clock";

/// The prefix of a node's set of the games it runs.
const HELD_BY: &str = "gambit:clocks:";

/// Games adopted from a dead node at one renewal, at most.
pub const ADOPT_BATCH: usize = 100;

/// How long a dead node stays listed (every node hears of its death meanwhile).
const FORGET_AFTER_MS: u64 = 10_000;

/// Renewals between two checks that every held game has a task.
const RELOAD_EVERY: u32 = 8;

/// Holder, node, now, prefix: 1 when this node holds the game's lease (now or already).
const CLAIM: &str = r"
local holder = redis.call('HGET', KEYS[1], ARGV[1])
if holder == ARGV[2] then return 1 end
if holder then
  local alive = redis.call('ZSCORE', KEYS[2], holder)
  if alive and tonumber(alive) > tonumber(ARGV[3]) then return 0 end
  redis.call('SREM', ARGV[4] .. holder, ARGV[1])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SADD', ARGV[4] .. ARGV[2], ARGV[1])
return 1
";

/// Gives a game's lease up if this node holds it.
const RELEASE: &str = r"
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
end
redis.call('SREM', KEYS[2], ARGV[1])
return 1
";

/// Takes up to ARGV[4] games of the dead node ARGV[1] for node ARGV[2]; forgets the
/// dead node once it holds nothing and has been dead since before ARGV[5] (so that
/// every node sees it dead for a while). Returns the games taken.
const ADOPT: &str = r"
local alive = redis.call('ZSCORE', KEYS[2], ARGV[1])
if alive and tonumber(alive) > tonumber(ARGV[3]) then return {} end
local games = redis.call('SPOP', KEYS[3], tonumber(ARGV[4]))
local taken = {}
for _, game in ipairs(games) do
  if redis.call('HGET', KEYS[1], game) == ARGV[1] then
    redis.call('HSET', KEYS[1], game, ARGV[2])
    redis.call('SADD', KEYS[4], game)
    table.insert(taken, game)
  end
end
if redis.call('SCARD', KEYS[3]) == 0 and alive and tonumber(alive) < tonumber(ARGV[5]) then
  redis.call('ZREM', KEYS[2], ARGV[1])
end
return taken
";

/// What a claim found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// This node runs the game's clock (or runs alone).
    Held,
    /// A live node runs it.
    Elsewhere,
    /// Redis did not answer: act anyway (the store fences the writes).
    Unknown,
}

/// The clock leases, or none when the server runs alone.
#[derive(Clone, Default)]
pub struct Leases {
    link: Option<Arc<Link>>,
}

struct Link {
    connection: ConnectionManager,
    node: String,
    ttl_ms: u64,
    claim: Script,
    release: Script,
    adopt: Script,
}

impl Leases {
    /// Leases for `node` over `connection` (Redis), each node alive for `ttl_ms` after
    /// its last renewal; none without a connection.
    pub fn new(connection: Option<ConnectionManager>, node: &str, ttl_ms: u64) -> Leases {
        Leases {
            link: connection.map(|connection| {
                Arc::new(Link {
                    connection,
                    node: node.to_owned(),
                    ttl_ms: ttl_ms.max(4),
                    claim: Script::new(CLAIM),
                    release: Script::new(RELEASE),
                    adopt: Script::new(ADOPT),
                })
            }),
        }
    }

    /// Whether the node shares its games' clocks with others.
    pub fn shared(&self) -> bool {
        self.link.is_some()
    }

    /// How long to wait before claiming again a lease held elsewhere.
    pub fn retry(&self) -> Duration {
        Duration::from_millis(self.link.as_ref().map_or(250, |link| link.ttl_ms / 4))
    }

    /// Claims game `id`'s clock for this node (see the module's documentation).
    pub async fn claim(&self, id: &str) -> Claim {
        let Some(link) = &self.link else {
            return Claim::Held;
        };
        let mut connection = link.connection.clone();
        let answer: redis::RedisResult<i64> = link
            .claim
            .key(HOLDERS)
            .key(NODES)
            .arg(id)
            .arg(&link.node)
            .arg(wall_ms())
            .arg(HELD_BY)
            .invoke_async(&mut connection)
            .await;
        match answer {
            Ok(1) => Claim::Held,
            Ok(_) => Claim::Elsewhere,
            Err(error) => {
                tracing::warn!(game = id, %error, "could not claim a game's clock");
                Claim::Unknown
            }
        }
    }

    /// Gives game `id`'s clock up (it has no deadline any more).
    pub async fn release(&self, id: &str) {
        let Some(link) = &self.link else {
            return;
        };
        let mut connection = link.connection.clone();
        let answer: redis::RedisResult<i64> = link
            .release
            .key(HOLDERS)
            .key(format!("{HELD_BY}{}", link.node))
            .arg(id)
            .arg(&link.node)
            .invoke_async(&mut connection)
            .await;
        if let Err(error) = answer {
            tracing::warn!(game = id, %error, "could not give a game's clock up");
        }
    }

    /// Renews this node until `shutdown`, adopting dead nodes' games; gives the node
    /// up when it stops.
    pub fn spawn_renewal(&self, registry: &Arc<Registry>, shutdown: CancellationToken) {
        let Some(link) = self.link.clone() else {
            return;
        };
        let registry = Arc::clone(registry);
        let tasks = registry.tasks().clone();
        tasks.spawn(async move {
            let every = Duration::from_millis(link.ttl_ms / 4);
            let mut beats = 0_u32;
            loop {
                if let Err(error) = link
                    .renew(&registry, beats.is_multiple_of(RELOAD_EVERY))
                    .await
                {
                    tracing::warn!(%error, "could not renew this node's clock leases");
                }
                beats = beats.wrapping_add(1);
                tokio::select! {
                    () = tokio::time::sleep(every) => {}
                    () = shutdown.cancelled() => break,
                }
            }
            let mut connection = link.connection.clone();
            // Dead from now on, and listed as such for a while (see the module's
            // documentation).
            let gone: redis::RedisResult<i64> = redis::cmd("ZADD")
                .arg(NODES)
                .arg(wall_ms())
                .arg(&link.node)
                .query_async(&mut connection)
                .await;
            if let Err(error) = gone {
                tracing::warn!(%error, "could not give this node's clock leases up");
            }
        });
    }
}

impl Link {
    /// One renewal: this node's score, the dead nodes' games, and (when `reload`) a
    /// task for every game this node holds.
    async fn renew(
        self: &Arc<Self>,
        registry: &Arc<Registry>,
        reload: bool,
    ) -> redis::RedisResult<()> {
        let mut connection = self.connection.clone();
        let now = wall_ms();
        let () = redis::cmd("ZADD")
            .arg(NODES)
            .arg(now.saturating_add(self.ttl_ms))
            .arg(&self.node)
            .query_async(&mut connection)
            .await?;
        let dead: Vec<String> = redis::cmd("ZRANGEBYSCORE")
            .arg(NODES)
            .arg("-inf")
            .arg(now)
            .query_async(&mut connection)
            .await?;
        let mut load = registry.take_reloads();
        for node in dead.iter().filter(|node| **node != self.node) {
            let taken: Vec<String> = self
                .adopt
                .key(HOLDERS)
                .key(NODES)
                .key(format!("{HELD_BY}{node}"))
                .key(format!("{HELD_BY}{}", self.node))
                .arg(node)
                .arg(&self.node)
                .arg(now)
                .arg(ADOPT_BATCH)
                .arg(now.saturating_sub(FORGET_AFTER_MS))
                .invoke_async(&mut connection)
                .await?;
            // Its sockets are gone: the pages it served are reconnecting elsewhere.
            registry.tell_all_live(|| ActorMessage::NodeGone { node: node.clone() });
            if !taken.is_empty() {
                tracing::info!(from = %node, games = taken.len(), "took over the clocks of a node that is gone");
            }
            load.extend(taken);
        }
        if reload {
            let held: Vec<String> = redis::cmd("SMEMBERS")
                .arg(format!("{HELD_BY}{}", self.node))
                .query_async(&mut connection)
                .await?;
            load.extend(held.into_iter().filter(|id| !registry.is_live(id)));
        }
        for id in load {
            match registry.tell(&id, ActorMessage::Touch).await {
                Ok(()) => {}
                Err(ReachError::NotFound) => {
                    Leases {
                        link: Some(Arc::clone(self)),
                    }
                    .release(&id)
                    .await;
                }
                Err(error) => {
                    tracing::warn!(game = %id, %error, "could not load a game whose clock this node runs");
                }
            }
        }
        Ok(())
    }
}
