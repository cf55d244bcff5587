//! Strength levels 1–8: search limits plus controlled weakening.
//!
//! A level caps the search (depth and nodes; the caller's time limit applies on top)
//! and, at levels 1–6, chooses the move among the root moves whose score is within a
//! level-dependent margin of the best one, weighted towards the best. This plays like a
//! weaker person, not a random blunderer: the root moves are searched with a full
//! window at every completed depth so their scores are exact, and from level 4 up a
//! safety net applies after the choice:
//!
//! * a mate in one is always played, and a forced mate found by the search is always
//!   followed;
//! * a move that allows mate in one, or leaves the queen to be won by a capture (static
//!   exchange), is never chosen unless the best move does so too.
//!
//! Levels 1–3 choose among at most the best few moves (MultiPV-style): without that cap
//! the wide margins of the low levels let any of twenty mediocre moves be picked.
//! How each level is weakened, from the bottom:
//!
//! * level 1 looks one move ahead (its own move) and then only at captures, and two
//!   (the reply too) only in the quietest positions, where 900 nodes suffice (about
//!   one in twenty): it sees a piece it would hang, mostly not a fork or a mate threat
//!   on the reply, and it is careless: any of its best seven moves within 4.2 pawns of
//!   the best may be played;
//! * level 2 looks three moves ahead, but with few nodes to spend (5,500) it often gets
//!   only to two (its move and the reply), and it is nearly as careless (seven moves
//!   within 3.45 pawns);
//! * level 3 looks three moves ahead, with nodes enough for nearly every position, and
//!   it is less careless (five moves within 2.54 pawns); none of the three has the
//!   safety net;
//! * levels 4 and 5 search four and five moves ahead and choose among the moves within
//!   110 and 62 cp of the best, with the safety net;
//! * level 6 searches deep, with a 30 cp margin;
//! * level 7 plays the best move of a full-strength search cut at 85 000 nodes;
//! * level 8 is the full-strength search.
//!
//! | level | depth cap | node cap  | margin (cp) | best moves | safety net |
//! |-------|-----------|-----------|-------------|------------|------------|
//! | 1     | 2         | 900       | 420         | 7          | no         |
//! | 2     | 3         | 5 500     | 345         | 7          | no         |
//! | 3     | 3         | 10 000    | 254         | 5          | no         |
//! | 4     | 4         | 30 000    | 110         | all        | yes        |
//! | 5     | 5         | 90 000    | 62          | all        | yes        |
//! | 6     | 7         | 500 000   | 30          | all        | yes        |
//! | 7     | —         | 85 000    | 0           | 1          | yes        |
//! | 8     | —         | —         | 0           | 1          | (best move)|
//!
//! The Elo each level plays at is measured by matches (see `docs/figures.md`), not
//! claimed here.

use crate::limits::SearchLimits;

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// Full strength.
pub const MAX_LEVEL: u8 = 8;

/// What a level means to the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// The level number, 1..=8.
    pub number: u8,
    /// Depth cap.
    pub max_depth: Option<u8>,
    /// Node cap.
    pub max_nodes: Option<u64>,
    /// Root moves whose score is within this many centipawns of the best may be chosen;
    /// 0 means always the best move.
    pub margin_cp: i32,
    /// Whether the safety net (mate in one, no mate-in-one allowed, no hung queen) applies.
    pub safety: bool,
    /// At most this many of the best root moves (within the margin) may be chosen;
    /// `None`: every move within the margin.
    pub max_choices: Option<usize>,
}

impl Level {
    /// The parameters of level `n`, or `None` if `n` is not in 1..=8.
    #[must_use]
    pub fn new(n: u8) -> Option<Level> {
        let (max_depth, max_nodes, margin_cp, safety, max_choices) = match n {
            1 => (Some(2), Some(900), 420, false, Some(7)),
            2 => (Some(3), Some(5_500), 345, false, Some(7)),
            3 => (Some(3), Some(10_000), 254, false, Some(5)),
            4 => (Some(4), Some(30_000), 110, true, None),
            5 => (Some(5), Some(90_000), 62, true, None),
            6 => (Some(7), Some(500_000), 30, true, None),
            7 => (None, Some(85_000), 0, true, None),
            8 => (None, None, 0, true, None),
            _ => return None,
        };
        Some(Level {
            number: n,
            max_depth,
            max_nodes,
            margin_cp,
            safety,
            max_choices,
        })
    }

    /// Full strength.
    #[must_use]
    pub fn full() -> Level {
        Level {
            number: MAX_LEVEL,
            max_depth: None,
            max_nodes: None,
            margin_cp: 0,
            safety: true,
            max_choices: None,
        }
    }

    /// Whether the root moves need exact scores (a choice among several moves).
    #[must_use]
    pub fn chooses(&self) -> bool {
        self.margin_cp > 0
    }

    /// `limits` tightened by this level's caps.
    #[must_use]
    pub fn apply(&self, mut limits: SearchLimits) -> SearchLimits {
        if let Some(d) = self.max_depth {
            limits.depth = Some(limits.depth.map_or(d, |x| x.min(d)));
        }
        if let Some(n) = self.max_nodes {
            limits.nodes = Some(limits.nodes.map_or(n, |x| x.min(n)));
        }
        limits
    }
}
