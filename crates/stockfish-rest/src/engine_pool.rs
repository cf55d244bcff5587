//! A bounded pool of Stockfish processes: at most `size` searches run at once; at most
//! `max_waiting` requests wait for a free process (one more is turned away at once), each
//! for at most the queue timeout; a search has its own timeout.
//!
//! A search runs in a task of its own, so that a request dropped half-way (its client
//! went away, or the whole request timed out) does not drop the process with it: the
//! search is told to stop and the process goes back to the pool. A process that fails or
//! outlasts the search timeout is dropped (killed) and replaced on next use.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{Mutex, OwnedSemaphorePermit, Semaphore, oneshot};

use crate::uci_process::{SearchOutcome, UciError, UciProcess};

/// Why a search gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// Already `max_waiting` requests were waiting for a free process.
    #[error("too many requests waiting for an engine, try again later")]
    QueueFull,
    /// Every process stayed busy for the whole queue timeout.
    #[error("all engines are busy, try again")]
    Busy,
    /// The search took longer than the search timeout.
    #[error("timeout: the search took too long")]
    Timeout,
    /// The process failed.
    #[error("{0}")]
    Engine(#[from] UciError),
}

/// The pool; clones share it.
#[derive(Debug, Clone)]
pub struct EnginePool {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    path: String,
    idle: Mutex<Vec<UciProcess>>,
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
    started: AtomicU64,
    search_timeout: Duration,
    queue_timeout: Duration,
}

/// How the pool is bounded.
#[derive(Debug, Clone, Copy)]
pub struct PoolLimits {
    /// Processes, i.e. searches at once (at least 1).
    pub size: usize,
    /// Requests that may wait for a free process at once.
    pub max_waiting: usize,
    /// The longest search.
    pub search_timeout: Duration,
    /// The longest wait for a free process.
    pub queue_timeout: Duration,
}

impl EnginePool {
    /// A pool of processes of `path` (each started on first use).
    pub fn new(path: &str, limits: PoolLimits) -> Self {
        EnginePool {
            shared: Arc::new(Shared {
                path: path.to_owned(),
                idle: Mutex::new(Vec::new()),
                permits: Arc::new(Semaphore::new(limits.size.max(1))),
                waiting: AtomicUsize::new(0),
                max_waiting: limits.max_waiting,
                started: AtomicU64::new(0),
                search_timeout: limits.search_timeout,
                queue_timeout: limits.queue_timeout,
            }),
        }
    }

    /// How many Stockfish processes the pool has started so far.
    pub fn started(&self) -> u64 {
        self.shared.started.load(Ordering::Relaxed)
    }

    /// How many requests are waiting for a free process now.
    pub fn waiting(&self) -> usize {
        self.shared.waiting.load(Ordering::Acquire)
    }

    /// Searches `fen` (validated by the caller) to `depth`. Dropping the returned future
    /// stops the search without losing its process.
    pub async fn search(&self, fen: &str, depth: u8) -> Result<SearchOutcome, PoolError> {
        let permit = self.wait_for_engine().await?;
        // Dropping `_cancel` (this future dropped, or done) ends `cancelled` below.
        let (_cancel, cancelled) = oneshot::channel::<()>();
        let (answer, answered) = oneshot::channel();
        let shared = Arc::clone(&self.shared);
        let fen = fen.to_owned();
        tokio::spawn(async move {
            let outcome = shared
                .run(&fen, depth, async {
                    // Either the sender's drop (an error) or never a value: both mean stop.
                    let _ = cancelled.await;
                })
                .await;
            // Only now may another request take a process: this one is back in `idle`.
            drop(permit);
            // The requester may be gone; then nobody needs the answer.
            let _ = answer.send(outcome);
        });
        answered
            .await
            .unwrap_or(Err(PoolError::Engine(UciError::Closed)))
    }

    /// A permit to use a process: at once if one is free, else after waiting in the queue
    /// (if it is not full) for at most the queue timeout.
    async fn wait_for_engine(&self) -> Result<OwnedSemaphorePermit, PoolError> {
        let permits = &self.shared.permits;
        if let Ok(permit) = Arc::clone(permits).try_acquire_owned() {
            return Ok(permit);
        }
        let _place = QueuePlace::take(&self.shared.waiting, self.shared.max_waiting)
            .ok_or(PoolError::QueueFull)?;
        tokio::time::timeout(
            self.shared.queue_timeout,
            Arc::clone(permits).acquire_owned(),
        )
        .await
        .map_err(|_| PoolError::Busy)?
        .map_err(|_| PoolError::Busy)
    }
}

impl Shared {
    /// One search on an idle process (or a new one); the process goes back to `idle`
    /// unless it failed or timed out.
    async fn run(
        &self,
        fen: &str,
        depth: u8,
        cancel: impl Future<Output = ()>,
    ) -> Result<SearchOutcome, PoolError> {
        let reused = self.idle.lock().await.pop();
        let mut process = match reused {
            Some(process) => process,
            None => {
                let count = self.started.fetch_add(1, Ordering::Relaxed) + 1;
                tracing::info!(path = %self.path, started = count, "starting Stockfish");
                UciProcess::start(&self.path).await?
            }
        };
        let search = process.search(fen, depth, cancel);
        match tokio::time::timeout(self.search_timeout, search).await {
            Ok(Ok(outcome)) => {
                self.idle.lock().await.push(process);
                Ok(outcome)
            }
            // The process is dropped, which kills it; the next search starts a new one.
            Ok(Err(error)) => {
                tracing::warn!(%error, "Stockfish failed; it will be replaced");
                Err(PoolError::Engine(error))
            }
            Err(_) => {
                tracing::warn!("search timed out; its Stockfish will be replaced");
                Err(PoolError::Timeout)
            }
        }
    }
}

/// A place in the queue of requests waiting for a process; freed when dropped.
struct QueuePlace<'a>(&'a AtomicUsize);

impl<'a> QueuePlace<'a> {
    /// A place if fewer than `max` are taken.
    fn take(waiting: &'a AtomicUsize, max: usize) -> Option<QueuePlace<'a>> {
        waiting
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| QueuePlace(waiting))
    }
}

impl Drop for QueuePlace<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_has_as_many_places_as_allowed_and_frees_them() {
        let waiting = AtomicUsize::new(0);
        let first = QueuePlace::take(&waiting, 2);
        let second = QueuePlace::take(&waiting, 2);
        assert!(first.is_some() && second.is_some());
        assert!(QueuePlace::take(&waiting, 2).is_none());
        drop(first);
        assert!(QueuePlace::take(&waiting, 2).is_some());
        drop(second);
        assert_eq!(waiting.load(Ordering::Acquire), 0);
        assert!(QueuePlace::take(&waiting, 0).is_none());
    }
}
