//! A bounded pool of Stockfish processes: at most `pool` searches run at once; a request
//! waits up to the queue timeout for a free process, and a search has its own timeout.
//! A process that fails or times out is dropped (killed) and replaced on next use.

use std::time::Duration;

use tokio::sync::{Mutex, Semaphore};

use crate::uci_process::{SearchOutcome, UciError, UciProcess};

/// Why a search gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
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

/// The pool.
#[derive(Debug)]
pub struct EnginePool {
    path: String,
    idle: Mutex<Vec<UciProcess>>,
    permits: Semaphore,
    search_timeout: Duration,
    queue_timeout: Duration,
}

impl EnginePool {
    /// A pool of up to `size` processes of `path` (started on first use).
    pub fn new(path: &str, size: usize, search_timeout: Duration, queue_timeout: Duration) -> Self {
        EnginePool {
            path: path.to_owned(),
            idle: Mutex::new(Vec::new()),
            permits: Semaphore::new(size.max(1)),
            search_timeout,
            queue_timeout,
        }
    }

    /// Searches `fen` (validated by the caller) to `depth`.
    pub async fn search(&self, fen: &str, depth: u8) -> Result<SearchOutcome, PoolError> {
        let _permit = tokio::time::timeout(self.queue_timeout, self.permits.acquire())
            .await
            .map_err(|_| PoolError::Busy)?
            .map_err(|_| PoolError::Busy)?;
        let reused = self.idle.lock().await.pop();
        let mut process = match reused {
            Some(process) => process,
            None => UciProcess::start(&self.path).await?,
        };
        match tokio::time::timeout(self.search_timeout, process.search(fen, depth)).await {
            Ok(Ok(outcome)) => {
                self.idle.lock().await.push(process);
                Ok(outcome)
            }
            // The process is dropped, which kills it; the next search starts a new one.
            Ok(Err(error)) => Err(PoolError::Engine(error)),
            Err(_) => Err(PoolError::Timeout),
        }
    }
}
