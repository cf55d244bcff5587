//! How hard the engine looks at each position of a reviewed game: quick, standard or
//! deep, as a number of nodes per position (the same answer on every machine, only
//! slower or faster).
//!
//! How long a review takes at each budget (the Opera game and a 60-move game, in
//! headless Chromium) is in `docs/figures.md`, measured with `tools/review-timing.mjs`.

use gambit_protocol::Limits;
use serde::{Deserialize, Serialize};

/// Nodes per position at [`Budget::Quick`]: a first look, a few seconds for a whole
/// game.
pub const QUICK_NODES: u64 = 30_000;

/// Nodes per position at [`Budget::Standard`]: five times the quick look.
pub const STANDARD_NODES: u64 = 150_000;

/// Nodes per position at [`Budget::Deep`]: four times the standard look.
pub const DEEP_NODES: u64 = 600_000;

/// The player's choice of analysis depth. Stored by its [`name`](Budget::name).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Budget {
    /// [`QUICK_NODES`] per position.
    #[default]
    Quick,
    /// [`STANDARD_NODES`] per position.
    Standard,
    /// [`DEEP_NODES`] per position.
    Deep,
}

impl Budget {
    /// Every budget, the cheapest first.
    pub const ALL: [Budget; 3] = [Budget::Quick, Budget::Standard, Budget::Deep];

    /// The nodes the engine searches per position.
    pub fn nodes(self) -> u64 {
        match self {
            Budget::Quick => QUICK_NODES,
            Budget::Standard => STANDARD_NODES,
            Budget::Deep => DEEP_NODES,
        }
    }

    /// The lower-case name, as stored and in `data-analysis-budget`.
    pub fn name(self) -> &'static str {
        match self {
            Budget::Quick => "quick",
            Budget::Standard => "standard",
            Budget::Deep => "deep",
        }
    }

    /// The budget called `name` (as [`Budget::name`] writes it), if one is.
    pub fn named(name: &str) -> Option<Budget> {
        Budget::ALL.into_iter().find(|budget| budget.name() == name)
    }

    /// The label shown to the player.
    pub fn label(self) -> &'static str {
        match self {
            Budget::Quick => "Quick",
            Budget::Standard => "Standard",
            Budget::Deep => "Deep",
        }
    }

    /// The search limits of one position.
    pub fn limits(self) -> Limits {
        Limits {
            nodes: Some(self.nodes()),
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_budget_is_found_by_its_name() {
        for budget in Budget::ALL {
            assert_eq!(Budget::named(budget.name()), Some(budget));
        }
        assert_eq!(Budget::named("Quick"), None);
        assert_eq!(Budget::named(""), None);
    }

    #[test]
    fn each_budget_searches_more_than_the_one_before() {
        let nodes: Vec<u64> = Budget::ALL.iter().map(|b| b.nodes()).collect();
        assert!(nodes.windows(2).all(|pair| pair[0] < pair[1]), "{nodes:?}");
        assert_eq!(Budget::Deep.limits().nodes, Some(DEEP_NODES));
        assert_eq!(Budget::Deep.limits().movetime_ms, None);
    }

    #[test]
    fn stored_by_name() {
        for budget in Budget::ALL {
            let json = serde_json::to_string(&budget).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", budget.name()));
        }
    }
}
