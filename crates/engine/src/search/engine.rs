//! What outlives one search: the transposition table, the move-ordering histories
//! and the evaluation's caches, kept for a game.

use std::sync::Arc;

use shakmaty::Move;

use super::{
    DEFAULT_HASH_MB,
    params::{LMR_BASE, LMR_DIVISOR},
};
use crate::{
    correction::CorrectionHistory,
    eval,
    history::{CaptureHistory, ContinuationHistory, History},
    tt::Tt,
};

/// State that outlives a single search: the transposition table and move-ordering
/// history. Keep one per game (or per worker) and call [`Engine::new_game`] between
/// unrelated games. [`Engine::helper`] makes another engine for a second search thread:
/// its own histories, the same table.
#[derive(Debug)]
pub struct Engine {
    pub(super) tt: Arc<Tt>,
    /// A helper thread's engine: its searches do not start a new table generation.
    pub(super) helper: bool,
    pub(super) history: History,
    pub(super) captures: CaptureHistory,
    /// Quiet-move scores after the opponent's last move.
    pub(super) follow_up: ContinuationHistory,
    /// Quiet-move scores after our own previous move.
    pub(super) follow_up_2: ContinuationHistory,
    pub(super) counters: Vec<Option<Move>>,
    /// How far the static evaluation has been off, by pawn structure.
    pub(super) correction: CorrectionHistory,
    pub(super) pawns: eval::PawnCache,
    pub(super) lmr: Vec<[u8; 64]>,
    pub(super) seed: u64,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine with a [`DEFAULT_HASH_MB`](crate::DEFAULT_HASH_MB) transposition table.
    #[must_use]
    pub fn new() -> Self {
        Self::with_hash_mb(DEFAULT_HASH_MB)
    }

    /// An engine with a transposition table of about `mb` mebibytes.
    #[must_use]
    pub fn with_hash_mb(mb: usize) -> Self {
        Self::with_table(Arc::new(Tt::new(mb)), false)
    }

    fn with_table(tt: Arc<Tt>, helper: bool) -> Self {
        let mut lmr = vec![[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                let v = LMR_BASE + (d as f64).ln() * (n as f64).ln() / LMR_DIVISOR;
                *r = v.clamp(0.0, 40.0) as u8;
            }
        }
        Self {
            tt,
            helper,
            history: History::default(),
            captures: CaptureHistory::default(),
            follow_up: ContinuationHistory::default(),
            follow_up_2: ContinuationHistory::default(),
            counters: vec![None; 12 * 64],
            correction: CorrectionHistory::default(),
            pawns: eval::PawnCache::default(),
            lmr,
            seed: 0x5EED_0F6A_3B17,
        }
    }

    /// Resizes the transposition table (clearing it).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt = Arc::new(Tt::new(mb));
    }

    /// The transposition table size in mebibytes.
    #[must_use]
    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Forgets everything learnt (a new, unrelated game).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.captures.clear();
        self.follow_up.clear();
        self.follow_up_2.clear();
        self.counters.fill(None);
        self.correction.clear();
        self.pawns.clear();
    }

    /// An engine for a helper search thread (UCI `Threads`): fresh move-ordering
    /// histories, this engine's transposition table. [`Engine::set_hash_mb`] gives this
    /// engine a new table that its helpers do not see: make them again after it.
    #[must_use]
    pub fn helper(&self) -> Self {
        Self::with_table(Arc::clone(&self.tt), true)
    }

    /// Whether `other` searches with this engine's transposition table.
    #[must_use]
    pub fn shares_table_with(&self, other: &Engine) -> bool {
        Arc::ptr_eq(&self.tt, &other.tt)
    }

    /// Sets the seed of the random choices weaker levels make (the same seed, position
    /// and budget give the same move).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }
}
