//! The live games: game id → the inbox of its task.
//!
//! A game is loaded from the database on first use (after a restart, or after its task
//! stopped for being idle) and gets one task; two callers loading the same game at once
//! end up with the same task (the second load is dropped). A task removes itself when
//! it stops; a caller that finds its inbox closed asks again and gets a fresh task.
//!
//! At start the registry loads every game in progress, so that their clocks and
//! first-move times run again without waiting for a player to come back; a sweeper
//! looks every [`crate::config::Timing::sweep_every_ms`] for invitations and stale games
//! past their expiry and nudges them (their task ends them).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use gambit_online_protocol::{GameEvent, GameStatus};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::actor::{Actor, ActorMessage, wall_ms};
use crate::bus::Bus;
use crate::config::Config;
use crate::lease::{Claim, Leases};
use crate::round::Round;
use crate::store::{GameRecord, Store, StoreError};

/// Messages a game's inbox holds before senders wait.
const INBOX_CAPACITY: usize = 256;

/// Games loaded at start, at most.
const RESUME_AT_START: u32 = 10_000;

/// Added to the clocks' time, so that [`Registry::restore`] can start a clock at a
/// moment before the process started (a day: longer than any game waits between two
/// events).
pub const CLOCK_OFFSET_MS: u64 = 86_400_000;

/// Games nudged per sweep, at most (per status).
const SWEEP_BATCH: u32 = 500;

/// A way to reach a game's task.
#[derive(Debug, Clone)]
pub struct GameHandle {
    inbox: mpsc::Sender<ActorMessage>,
}

struct Entry {
    handle: GameHandle,
    generation: u64,
}

/// Why a game could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum ReachError {
    /// No such game.
    #[error("no such game")]
    NotFound,
    /// The database failed, or the game's task could not be reached.
    #[error("the game could not be loaded: {0}")]
    Trouble(String),
}

impl From<StoreError> for ReachError {
    fn from(error: StoreError) -> ReachError {
        ReachError::Trouble(error.to_string())
    }
}

/// The live games of this process.
pub struct Registry {
    games: Mutex<HashMap<String, Entry>>,
    store: Store,
    bus: Bus,
    leases: Leases,
    /// Games whose clock this node runs that need a fresh task (see
    /// [`Registry::reload_soon`]).
    reload: Mutex<Vec<String>>,
    config: Arc<Config>,
    epoch: Instant,
    generations: AtomicU64,
    shutdown: CancellationToken,
    tasks: TaskTracker,
}

impl Registry {
    /// An empty registry over `store`; its tasks stop with `shutdown` and are tracked by
    /// `tasks`.
    pub fn new(
        store: Store,
        bus: Bus,
        leases: Leases,
        config: Arc<Config>,
        shutdown: CancellationToken,
        tasks: TaskTracker,
    ) -> Arc<Registry> {
        Arc::new(Registry {
            games: Mutex::new(HashMap::new()),
            store,
            bus,
            leases,
            reload: Mutex::new(Vec::new()),
            config,
            epoch: Instant::now(),
            generations: AtomicU64::new(1),
            shutdown,
            tasks,
        })
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The bus to the other nodes (none when alone).
    pub fn bus(&self) -> &Bus {
        &self.bus
    }

    /// Which node runs which game's clock (every game's, when alone).
    pub fn leases(&self) -> &Leases {
        &self.leases
    }

    /// Asks for game `id` to be loaded again at the next renewal of the clock leases
    /// (its task stopped on a stale copy while this node runs its clock).
    pub fn reload_soon(&self, id: &str) {
        self.reload
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(id.to_owned());
    }

    /// The games [`Registry::reload_soon`] asked for since the last call.
    pub fn take_reloads(&self) -> Vec<String> {
        std::mem::take(&mut *self.reload.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Whether game `id` has a task in this process.
    pub fn is_live(&self, id: &str) -> bool {
        self.lock()
            .get(id)
            .is_some_and(|entry| !entry.handle.inbox.is_closed())
    }

    /// The tasks the server waits for as it stops.
    pub fn tasks(&self) -> &TaskTracker {
        &self.tasks
    }

    /// Hands `message` to game `id`'s task if it has one (nothing is loaded; a full
    /// inbox drops the message: the bus's messages are hints, see [`crate::bus`]).
    pub fn tell_live(&self, id: &str, message: ActorMessage) {
        if let Some(entry) = self.lock().get(id) {
            let _ = entry.handle.inbox.try_send(message);
        }
    }

    /// Hands every live task a message of `message`'s making.
    pub fn tell_all_live(&self, message: impl Fn() -> ActorMessage) {
        for entry in self.lock().values() {
            let _ = entry.handle.inbox.try_send(message());
        }
    }

    /// The server's configuration.
    pub fn settings(&self) -> &Config {
        &self.config
    }

    /// The server's stop signal.
    pub fn shutdown(&self) -> &CancellationToken {
        &self.shutdown
    }

    /// The clocks' time: milliseconds since the registry started, plus
    /// [`CLOCK_OFFSET_MS`] (so that a moment before the start can be named).
    pub fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis())
            .unwrap_or(u64::MAX)
            .saturating_add(CLOCK_OFFSET_MS)
    }

    /// The instant of `ms` on the clocks' time (the start, for a moment before it).
    pub fn instant_at(&self, ms: u64) -> Instant {
        self.epoch + Duration::from_millis(ms.saturating_sub(CLOCK_OFFSET_MS))
    }

    /// A stored game as a round. Alone, the server restarts a running clock from now
    /// (the time it was down is nobody's); as one of several nodes it charges the time
    /// since the last event, since the clocks ran on at the other nodes meanwhile (a
    /// takeover after a node died, or catching up with another node's move). The nodes'
    /// wall clocks must agree (NTP) to well under the lag allowance.
    ///
    /// # Errors
    ///
    /// A damaged row, in words.
    pub fn restore(&self, record: GameRecord) -> Result<(Round, Vec<GameEvent>), String> {
        let now = self.now_ms();
        let clocks_at = if self.bus.connects_nodes() {
            let since = wall_ms().saturating_sub(record.state.last_event_wall_ms);
            now.saturating_sub(since)
        } else {
            now
        };
        let round = Round::restore(
            record.id,
            record.version,
            record.seats,
            record.state,
            now,
            clocks_at,
            &self.config.timing.round,
        )?;
        Ok((round, record.events))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The task of game `id`, loading the game if it is not live.
    ///
    /// # Errors
    ///
    /// [`ReachError::NotFound`], or the database's failure.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<GameHandle, ReachError> {
        if let Some(entry) = self.lock().get(id)
            && !entry.handle.inbox.is_closed()
        {
            return Ok(entry.handle.clone());
        }
        let record = self.store.load(id).await?.ok_or(ReachError::NotFound)?;
        let (round, events) = self.restore(record).map_err(ReachError::Trouble)?;
        let mut games = self.lock();
        if let Some(entry) = games.get(id)
            && !entry.handle.inbox.is_closed()
        {
            return Ok(entry.handle.clone());
        }
        let (inbox, receiver) = mpsc::channel(INBOX_CAPACITY);
        let handle = GameHandle { inbox };
        let generation = self.generations.fetch_add(1, Ordering::Relaxed);
        games.insert(
            id.to_owned(),
            Entry {
                handle: handle.clone(),
                generation,
            },
        );
        drop(games);
        let actor = Actor::new(round, events, Arc::clone(self), generation);
        self.tasks.spawn(actor.run(receiver));
        Ok(handle)
    }

    /// Forgets game `id`'s task `generation` (called by the task as it stops).
    pub fn remove(&self, id: &str, generation: u64) {
        let mut games = self.lock();
        if games
            .get(id)
            .is_some_and(|entry| entry.generation == generation)
        {
            games.remove(id);
        }
    }

    /// Sends game `id` a message that expects an answer, asking a fresh task once if
    /// the first one stopped before answering.
    ///
    /// # Errors
    ///
    /// As [`Registry::get`], or a task that never answered.
    pub async fn ask<T>(
        self: &Arc<Self>,
        id: &str,
        message: impl Fn(oneshot::Sender<T>) -> ActorMessage,
    ) -> Result<T, ReachError> {
        for _ in 0..2 {
            let handle = self.get(id).await?;
            let (reply, answer) = oneshot::channel();
            if handle.inbox.send(message(reply)).await.is_err() {
                continue;
            }
            if let Ok(answer) = answer.await {
                return Ok(answer);
            }
        }
        Err(ReachError::Trouble("the game's task did not answer".into()))
    }

    /// Sends game `id`'s task a message that needs no answer.
    ///
    /// # Errors
    ///
    /// As [`Registry::get`].
    pub async fn tell(self: &Arc<Self>, id: &str, message: ActorMessage) -> Result<(), ReachError> {
        let handle = self.get(id).await?;
        handle
            .inbox
            .send(message)
            .await
            .map_err(|_| ReachError::Trouble("the game's task stopped".into()))
    }

    /// Loads the games in progress (their clocks run again) and starts the sweeper.
    pub async fn resume(self: &Arc<Self>) -> Result<(), StoreError> {
        let ids = self
            .store
            .games_with_status(&[GameStatus::Playing], u64::MAX, RESUME_AT_START)
            .await?;
        if !ids.is_empty() {
            tracing::info!(games = ids.len(), "resuming games in progress");
        }
        for id in ids {
            // Of several nodes, each resumes the games no live node runs.
            if self.leases.claim(&id).await == Claim::Elsewhere {
                continue;
            }
            if let Err(error) = self.get(&id).await {
                tracing::warn!(game = %id, %error, "could not resume a game");
            }
        }
        let registry = Arc::clone(self);
        self.tasks
            .spawn(async move { registry.sweep_forever().await });
        Ok(())
    }

    async fn sweep_forever(self: Arc<Self>) {
        let every = Duration::from_millis(self.config.timing.sweep_every_ms.max(1));
        loop {
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                () = self.shutdown.cancelled() => return,
            }
            if let Err(error) = self.sweep().await {
                tracing::warn!(%error, "could not look for expired games");
            }
        }
    }

    /// Nudges the games past their expiry (see [`crate::round`]).
    async fn sweep(self: &Arc<Self>) -> Result<(), StoreError> {
        let timing = self.config.timing.round;
        let now = wall_ms();
        let mut ids = self
            .store
            .games_with_status(
                &[GameStatus::Waiting],
                now.saturating_sub(timing.waiting_ttl_ms),
                SWEEP_BATCH,
            )
            .await?;
        ids.extend(
            self.store
                .games_with_status(
                    &[GameStatus::Playing],
                    now.saturating_sub(timing.stale_ttl_ms),
                    SWEEP_BATCH,
                )
                .await?,
        );
        for id in ids {
            if let Err(error) = self.tell(&id, ActorMessage::Touch).await {
                tracing::warn!(game = %id, %error, "could not nudge a game");
            }
        }
        Ok(())
    }
}
