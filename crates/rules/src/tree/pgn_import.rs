//! PGN import into a game tree: the first game of a text with its variations
//! (nested), comments, `[%eval]`, `[%clk]` and NAGs.
//!
//! The tags, the start position and the result are read as
//! [`Game::from_pgn`](crate::Game::from_pgn) reads them; a declared result
//! (resignation, agreed draw, flag fall) becomes the ending of the main
//! line's last node. Every move of every variation is checked. A variation
//! is an alternative to the move before it; the same move twice from one
//! position is one node (its annotations merged). Unmatched `)` are ignored
//! and unclosed variations end with the game; a comment opening a variation,
//! before its first move, is dropped. The reading is iterative, so any depth
//! of variations is safe.

use std::collections::HashMap;

use super::{GameTree, NodeId};
use crate::{
    MoveAnnotation, PgnError, PgnReading, PgnTags, PgnToken, pgn_import::to_move,
    time_control::clock_in_comment,
};

/// A game tree with its tags and its annotations by node.
pub type TreeImport = (GameTree, PgnTags, HashMap<NodeId, MoveAnnotation>);

/// Where the next move of a line is played.
#[derive(Clone, Copy)]
struct Cursor {
    /// The node the next move is played from.
    at: NodeId,
    /// The last move read in this line, which NAGs and comments are about
    /// (`None` at the start of the game or of a variation).
    last: Option<NodeId>,
}

#[cfg(feature = "read-pgn")]
impl GameTree {
    /// Imports the first game of a PGN text with its variations, and what
    /// the PGN says about each move (see the module notes):
    /// [`PgnReading::read`], then [`GameTree::from_pgn_reading`].
    ///
    /// # Errors
    ///
    /// [`PgnError`]: no game in the text, a broken comment or tag, a bad
    /// `FEN` tag, another variant, or a move (of any line) that cannot be
    /// played.
    pub fn from_pgn(pgn: &str) -> Result<TreeImport, PgnError> {
        GameTree::from_pgn_reading(PgnReading::read(pgn)?)
    }
}

impl GameTree {
    /// The tree of a PGN as read, with its variations, and what the PGN says about
    /// each move (see the module notes): the tree, the tags, and the annotations by
    /// node — the `[%eval]`, NAGs and comment text of each move that has any, and the
    /// comment before the first move as the root's. `[%clk]` readings become the
    /// plies' clocks.
    ///
    /// # Errors
    ///
    /// As [`from_pgn`](GameTree::from_pgn), and [`PgnError::Syntax`] for a reading
    /// with a move that is not SAN or a result that is not one.
    pub fn from_pgn_reading(parsed: PgnReading) -> Result<TreeImport, PgnError> {
        let mut tree = GameTree::from_position(parsed.start_position()?);
        let root = tree.root();
        let mut notes: HashMap<NodeId, MoveAnnotation> = HashMap::new();
        let mut cursor = Cursor {
            at: root,
            last: None,
        };
        let mut outer: Vec<Cursor> = Vec::new();
        for token in &parsed.movetext {
            match token {
                PgnToken::Move(san) => {
                    let mv = to_move(tree.position(cursor.at), san)?;
                    let node = tree.play_legal(cursor.at, mv, None);
                    cursor = Cursor {
                        at: node,
                        last: Some(node),
                    };
                }
                PgnToken::Nag(nag) => {
                    if let Some(last) = cursor.last {
                        notes.entry(last).or_default().nags.push(*nag);
                    }
                }
                PgnToken::Comment(text) => match cursor.last {
                    Some(last) => {
                        if let Some(clock) = clock_in_comment(text) {
                            tree.set_clock(last, Some(clock));
                        }
                        notes.entry(last).or_default().add_comment(text);
                    }
                    None if outer.is_empty() => notes.entry(root).or_default().add_comment(text),
                    None => {}
                },
                PgnToken::Open => {
                    let from = cursor.last.and_then(|last| tree.parent(last));
                    outer.push(cursor);
                    cursor = Cursor {
                        at: from.unwrap_or(cursor.at),
                        last: None,
                    };
                }
                PgnToken::Close => {
                    if let Some(previous) = outer.pop() {
                        cursor = previous;
                    }
                }
            }
        }
        notes.retain(|_, note| *note != MoveAnnotation::default());
        let end = tree.main_line().last().copied().unwrap_or(root);
        let game = tree.game_at(end);
        if let (false, Some(outcome)) = (game.is_over(), parsed.declared_outcome(game.position())?)
        {
            tree.set_ending(end, Some(outcome));
        }
        Ok((tree, parsed.tags, notes))
    }
}
