//! What the run measures, shared by every game task: counters and the relay-time
//! histogram (mover sends → opponent receives, in microseconds).

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use hdrhistogram::Histogram;

/// Counters and histograms of a run.
#[derive(Debug)]
pub struct Stats {
    /// Games whose both players are connected and playing now.
    pub active_games: AtomicU64,
    /// Games created.
    pub games_created: AtomicU64,
    /// Games played to their end (or to the move cap).
    pub games_finished: AtomicU64,
    /// Moves sent.
    pub moves_sent: AtomicU64,
    /// Moves the server acknowledged.
    pub moves_acked: AtomicU64,
    /// Acknowledged moves the opponent never received.
    pub moves_lost: AtomicU64,
    /// Moves a spectator should have seen and did not.
    pub spectator_lost: AtomicU64,
    /// Moves the server refused (a bug on a loopback run with legal moves).
    pub moves_refused: AtomicU64,
    /// Failed creates, joins, connects, or sockets that closed mid-game.
    pub errors: AtomicU64,
    /// Sockets open now (players and spectators).
    pub sockets: AtomicU64,
    relay: Mutex<Histogram<u64>>,
}

impl Stats {
    /// Empty statistics.
    pub fn new() -> anyhow::Result<Stats> {
        Ok(Stats {
            active_games: AtomicU64::new(0),
            games_created: AtomicU64::new(0),
            games_finished: AtomicU64::new(0),
            moves_sent: AtomicU64::new(0),
            moves_acked: AtomicU64::new(0),
            moves_lost: AtomicU64::new(0),
            spectator_lost: AtomicU64::new(0),
            moves_refused: AtomicU64::new(0),
            errors: AtomicU64::new(0),
            sockets: AtomicU64::new(0),
            relay: Mutex::new(Histogram::new_with_bounds(1, 120_000_000, 3)?),
        })
    }

    /// Adds one to `counter`.
    pub fn count(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// Takes one from `counter`.
    pub fn uncount(counter: &AtomicU64) {
        counter.fetch_sub(1, Ordering::Relaxed);
    }

    /// Records one relay time.
    pub fn relay(&self, micros: u64) {
        if let Ok(mut histogram) = self.relay.lock() {
            // Out of bounds only above two minutes: saturate rather than lose it.
            histogram.saturating_record(micros.max(1));
        }
    }

    /// The relay histogram since the last call (which it empties), and the whole run's.
    pub fn take_relay(&self, total: &mut Histogram<u64>) -> Option<Histogram<u64>> {
        let mut histogram = self.relay.lock().ok()?;
        let interval = histogram.clone();
        total.add(&interval).ok()?;
        histogram.reset();
        Some(interval)
    }

    /// A counter's value.
    pub fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }
}
