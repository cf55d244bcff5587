//! The budget of one search, as the search enforces it.

use crate::protocol::Limits;

/// Thinking time used when a request sets no limit at all (the worker must always answer).
pub const DEFAULT_MOVETIME_MS: u64 = 1_000;

/// A resolved search budget. Every present limit applies; the first reached stops the
/// search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// After an iteration completes, no new one starts once this much time has passed.
    pub soft_ms: Option<u64>,
    /// The search stops, even inside an iteration, once this much time has passed.
    pub hard_ms: Option<u64>,
    /// Maximum nominal depth in plies.
    pub depth: Option<u8>,
    /// Maximum number of nodes (checked at every node).
    pub nodes: Option<u64>,
    /// Search until stopped from outside (UCI `go infinite`); other limits still apply.
    pub infinite: bool,
}

impl SearchLimits {
    /// A fixed thinking time: both soft and hard limit.
    #[must_use]
    pub fn movetime(ms: u64) -> Self {
        Self {
            soft_ms: Some(ms),
            hard_ms: Some(ms),
            ..Self::default()
        }
    }

    /// A fixed depth.
    #[must_use]
    pub fn depth(depth: u8) -> Self {
        Self {
            depth: Some(depth),
            ..Self::default()
        }
    }

    /// A fixed node count.
    #[must_use]
    pub fn nodes(nodes: u64) -> Self {
        Self {
            nodes: Some(nodes),
            ..Self::default()
        }
    }

    /// Whether nothing at all bounds the search.
    #[must_use]
    pub fn is_unbounded(&self) -> bool {
        self.soft_ms.is_none()
            && self.hard_ms.is_none()
            && self.depth.is_none()
            && self.nodes.is_none()
    }
}

impl From<Limits> for SearchLimits {
    /// The worker's limits; with none set, [`DEFAULT_MOVETIME_MS`] applies.
    fn from(l: Limits) -> Self {
        let mut s = SearchLimits {
            soft_ms: l.movetime_ms.map(u64::from),
            hard_ms: l.movetime_ms.map(u64::from),
            depth: l.depth,
            nodes: l.nodes,
            infinite: false,
        };
        if s.is_unbounded() {
            s.soft_ms = Some(DEFAULT_MOVETIME_MS);
            s.hard_ms = Some(DEFAULT_MOVETIME_MS);
        }
        s
    }
}
