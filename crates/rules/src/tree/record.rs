//! The stored form of a game tree, for `localStorage`: versioned JSON of the
//! start FEN and every move in UCI, flat, each naming the move it follows.
//!
//! ```json
//! {"version":1,"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
//!  "moves":[{"uci":"e2e4"},{"uci":"e7e5"},{"uci":"g1f3"},{"uci":"c7c5","from":1}]}
//! ```
//!
//! The moves are listed root first, each node before its children and a main
//! continuation before its side lines. `from` is the 1-based index of the
//! move played just before (0 for the start position) and is left out when
//! that is the previous entry, so a line without side lines is a plain list.
//! The list is flat rather than nested so that deeply nested side lines
//! cannot reach a JSON reader's depth limit. `clock` (the mover's time left,
//! in milliseconds) and `end` (a declared ending, as in
//! [`GameRecord`](crate::GameRecord)) are left out when absent.
//!
//! Restoring replays and checks every move: corrupt data is a
//! [`RecordError`], never a panic. Node ids are issued afresh, in list order:
//! the node at index `k` of [`GameTree::nodes`] before saving is the node at
//! index `k` of the restored tree's `nodes()` (which is how to carry a node,
//! e.g. the one on the board, or per-node notes, across a save).

use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _};

use super::{GameTree, NodeId};
use crate::{RecordEnd, RecordError, game::parse_uci_in};

/// A game tree as stored (see the module notes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeRecord {
    /// Format version, [`TreeRecord::VERSION`].
    pub version: u32,
    /// FEN of the start position.
    pub start_fen: String,
    /// An ending declared at the start position, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<RecordEnd>,
    /// Every move of the tree, parents first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<TreeMoveRecord>,
}

/// One move of a [`TreeRecord`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeMoveRecord {
    /// The move in UCI.
    pub uci: String,
    /// The 1-based index of the move it follows (0: the start position);
    /// `None` for the previous entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<usize>,
    /// The mover's time left after the move, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<u64>,
    /// An ending declared after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<RecordEnd>,
}

impl TreeRecord {
    /// The format version this build writes and reads.
    pub const VERSION: u32 = 1;
}

impl GameTree {
    /// The tree in its stored form.
    pub fn to_record(&self) -> TreeRecord {
        let order = self.nodes();
        // The 1-based index of each node in the list (the root is 0).
        let mut index_of = std::collections::HashMap::with_capacity(order.len());
        let mut moves = Vec::with_capacity(order.len().saturating_sub(1));
        for (index, &node) in order.iter().enumerate() {
            index_of.insert(node, index);
            let (Some(ply), Some(parent)) = (self.ply(node), self.parent(node)) else {
                continue;
            };
            let from = index_of.get(&parent).copied().unwrap_or(0);
            moves.push(TreeMoveRecord {
                uci: ply.uci.clone(),
                from: (from + 1 != index).then_some(from),
                clock: ply.clock_ms,
                end: self.ending(node).and_then(RecordEnd::from_outcome),
            });
        }
        TreeRecord {
            version: TreeRecord::VERSION,
            start_fen: self.start_fen(),
            end: self.ending(self.root()).and_then(RecordEnd::from_outcome),
            moves,
        }
    }

    /// Restores a stored tree by replaying every move.
    ///
    /// # Errors
    ///
    /// [`RecordError`] for another version, a bad start FEN, a move that is
    /// unreadable or illegal, a `from` that does not name an earlier move,
    /// or the same move listed twice from one position.
    pub fn from_record(record: &TreeRecord) -> Result<GameTree, RecordError> {
        if record.version != TreeRecord::VERSION {
            return Err(RecordError::UnsupportedVersion {
                found: u64::from(record.version),
                expected: TreeRecord::VERSION,
            });
        }
        let mut tree = GameTree::from_fen(&record.start_fen).map_err(RecordError::Fen)?;
        let root = tree.root();
        if let Some(end) = record.end {
            let outcome = end.outcome(tree.position(root));
            tree.set_ending(root, Some(outcome));
        }
        // `ids[k]` is the node of entry `k` (1-based; 0 is the root).
        let mut ids: Vec<NodeId> = Vec::with_capacity(record.moves.len() + 1);
        ids.push(root);
        for (offset, entry) in record.moves.iter().enumerate() {
            let index = offset + 1;
            let bad_move = |reason: String| RecordError::Move {
                index,
                uci: entry.uci.clone(),
                reason,
            };
            let from = entry.from.unwrap_or(offset);
            let parent = match ids.get(from) {
                Some(&parent) if from < index => parent,
                _ => return Err(bad_move(format!("follows move {from}, not an earlier one"))),
            };
            let mv = parse_uci_in(tree.position(parent), &entry.uci)
                .map_err(|err| bad_move(err.to_string()))?;
            if tree.child_by_move(parent, &mv).is_some() {
                return Err(bad_move("listed twice from the same position".to_owned()));
            }
            let node = tree.play_legal(parent, mv, entry.clock);
            if let Some(end) = entry.end {
                let outcome = end.outcome(tree.position(node));
                tree.set_ending(node, Some(outcome));
            }
            ids.push(node);
        }
        Ok(tree)
    }

    /// The tree as stored JSON ([`GameTree::to_record`] as JSON).
    pub fn encode(&self) -> String {
        // Strings, numbers, lists and plain structs: serialisation cannot fail.
        serde_json::to_string(&self.to_record()).unwrap_or_default()
    }

    /// Restores a tree from stored JSON.
    ///
    /// # Errors
    ///
    /// [`RecordError::Malformed`] for text that is not a stored tree, else
    /// as [`GameTree::from_record`]; never panics, whatever the input.
    pub fn decode(json: &str) -> Result<GameTree, RecordError> {
        let record: TreeRecord =
            serde_json::from_str(json).map_err(|err| RecordError::Malformed(err.to_string()))?;
        GameTree::from_record(&record)
    }
}

/// Serialised as its [`TreeRecord`].
impl Serialize for GameTree {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_record().serialize(serializer)
    }
}

/// Read as a [`TreeRecord`], then replayed and checked
/// ([`GameTree::from_record`]).
impl<'de> Deserialize<'de> for GameTree {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameTree, D::Error> {
        let record = TreeRecord::deserialize(deserializer)?;
        GameTree::from_record(&record).map_err(D::Error::custom)
    }
}
