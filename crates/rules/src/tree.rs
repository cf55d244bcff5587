//! A game tree: the main line and its side lines, as the analysis board
//! explores them.
//!
//! Every node is a position; the root is the start position and every other
//! node was reached by one move (its [`Ply`]) from its parent. A node's
//! children are the moves tried from it, in order: the first child is the main
//! continuation, the others are side lines. Playing a move from an earlier
//! position therefore adds a side line and leaves the main line alone.
//!
//! ```
//! use gambit_rules::GameTree;
//!
//! let mut tree = GameTree::new();
//! let e4 = tree.play_san(tree.root(), "e4")?;
//! let e5 = tree.play_san(e4, "e5")?;
//! let c5 = tree.play_san(e4, "c5")?; // a side line: 1. e4 e5 stays the main line
//! assert_eq!(tree.children(e4), &[e5, c5]);
//! assert_eq!(tree.main_line(), vec![tree.root(), e4, e5]);
//! tree.promote(c5); // now 1. e4 c5 is the main line
//! assert_eq!(tree.main_game().san_moves().collect::<Vec<_>>(), ["e4", "c5"]);
//! # Ok::<_, gambit_rules::PlayError>(())
//! ```
//!
//! # Node ids
//!
//! A [`NodeId`] names one node for the life of the tree: deleting a node
//! removes it and its subtree and leaves every other id valid; removed ids are
//! never issued again. An id that is not in the tree (removed, or taken from
//! another tree) reads as the root in every query, cannot be played from
//! ([`PlayError::UnknownNode`]) and is ignored by [`GameTree::promote`] and
//! [`GameTree::delete`]; [`GameTree::contains`] tells. (A removed node's
//! memory is kept until the tree is rebuilt, e.g. restored from storage.) Ids
//! are not kept by serialisation: a restored tree numbers its nodes afresh in
//! the order of [`GameTree::nodes`].
//!
//! Moves are checked against the position only: a tree plays on after a
//! threefold repetition or a declared ending (what if they had not resigned?),
//! which [`GameTree::game_at`] reports as the game's outcome at that node.

mod pgn_export;
mod pgn_import;
mod record;

pub use pgn_import::TreeImport;
pub use record::{TreeMoveRecord, TreeRecord};

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Move, Position};

use crate::{
    FenError, Game, Outcome, PlayError, Ply, fen,
    game::{make_ply, parse_san_in, parse_uci_in},
};

/// Index of a node of a [`GameTree`] (the root is the start position).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct NodeId(usize);

/// One position of the tree.
#[derive(Debug, Clone)]
struct Node {
    /// `None` only for the root.
    parent: Option<NodeId>,
    /// The move from the parent; `None` only for the root.
    ply: Option<Ply>,
    position: Chess,
    /// First = the main continuation.
    children: Vec<NodeId>,
    /// Plies from the root.
    depth: usize,
    /// An ending declared at this position (resignation, agreed draw, flag
    /// fall): never an automatic one, which the position itself tells.
    ending: Option<Outcome>,
    /// Deleted: kept so that ids stay stable, never read through.
    removed: bool,
}

/// A chess game with side lines: a tree of positions (see the module notes).
///
/// Two trees are equal when they have the same start position, the same moves
/// in the same order at every node, the same clocks and the same declared
/// endings, whatever their node ids.
#[derive(Debug, Clone)]
pub struct GameTree {
    /// `nodes[0]` is the root; never empty.
    nodes: Vec<Node>,
    /// Nodes not removed.
    live: usize,
}

impl Default for GameTree {
    fn default() -> GameTree {
        GameTree::new()
    }
}

impl GameTree {
    /// A tree from the standard starting position, without moves.
    pub fn new() -> GameTree {
        GameTree::from_position(Chess::default())
    }

    /// A tree from a legal position, without moves.
    pub fn from_position(position: Chess) -> GameTree {
        GameTree {
            nodes: vec![Node {
                parent: None,
                ply: None,
                position,
                children: Vec::new(),
                depth: 0,
                ending: None,
                removed: false,
            }],
            live: 1,
        }
    }

    /// A tree from a FEN (see [`parse_fen`](crate::parse_fen)), without moves.
    ///
    /// # Errors
    ///
    /// [`FenError`] when the text is not FEN or the position is illegal.
    pub fn from_fen(fen: &str) -> Result<GameTree, FenError> {
        fen::parse_fen(fen).map(GameTree::from_position)
    }

    /// A tree whose main line is the game's moves, with their clocks. A
    /// resignation, agreed draw or flag fall is kept as the ending of the last
    /// node (see [`game_at`](GameTree::game_at)); the time control is not kept.
    pub fn from_game(game: &Game) -> GameTree {
        let mut tree = GameTree::from_position(game.start_position().clone());
        let mut node = tree.root();
        for (index, ply) in game.plies().iter().enumerate() {
            node = tree.add_child(node, ply.clone(), game.position_at(index + 1).clone());
        }
        if let Some(outcome) = game.outcome().filter(|o| !o.reason.is_automatic()) {
            tree.set_ending(node, Some(outcome));
        }
        tree
    }

    // ----- reading -------------------------------------------------------

    /// The root: the start position.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// Whether `node` is in the tree (not deleted, not from another tree).
    pub fn contains(&self, node: NodeId) -> bool {
        self.nodes.get(node.0).is_some_and(|n| !n.removed)
    }

    /// The position at `node`.
    pub fn position(&self, node: NodeId) -> &Chess {
        &self.node(node).position
    }

    /// The FEN of the position at `node`.
    pub fn fen(&self, node: NodeId) -> String {
        fen::fen_of(self.position(node))
    }

    /// The FEN of the start position.
    pub fn start_fen(&self) -> String {
        self.fen(self.root())
    }

    /// The move that led to `node` (`None` at the root).
    pub fn ply(&self, node: NodeId) -> Option<&Ply> {
        self.node(node).ply.as_ref()
    }

    /// Plies from the root to `node` (0 at the root).
    pub fn depth(&self, node: NodeId) -> usize {
        self.node(node).depth
    }

    /// The node `node` was reached from (`None` for the root).
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.node(node).parent
    }

    /// The moves tried from `node`: the first is the main continuation.
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        &self.node(node).children
    }

    /// The child of `node` reached by `mv`, if that move was tried.
    pub fn child_by_move(&self, node: NodeId, mv: &Move) -> Option<NodeId> {
        self.children(node)
            .iter()
            .copied()
            .find(|&child| self.ply(child).is_some_and(|ply| ply.mv == *mv))
    }

    /// Whether `node` is on the main line: the first child at every step from
    /// the root.
    pub fn is_main_line(&self, node: NodeId) -> bool {
        if !self.contains(node) {
            return false;
        }
        let mut current = node;
        while let Some(parent) = self.parent(current) {
            if self.children(parent).first() != Some(&current) {
                return false;
            }
            current = parent;
        }
        true
    }

    /// The main line: the root, then the first child of each node in turn.
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line_from(self.root())
    }

    /// `node` and then the first child of each node in turn, to the end of
    /// its line.
    pub fn line_from(&self, node: NodeId) -> Vec<NodeId> {
        let mut line = vec![self.resolve(node)];
        while let Some(&next) = line.last().and_then(|&last| self.children(last).first()) {
            line.push(next);
        }
        line
    }

    /// The nodes from the root to `node`, both included.
    pub fn path(&self, node: NodeId) -> Vec<NodeId> {
        let mut path = vec![self.resolve(node)];
        while let Some(parent) = path.last().and_then(|&last| self.parent(last)) {
            path.push(parent);
        }
        path.reverse();
        path
    }

    /// The main line as a [`Game`].
    pub fn main_game(&self) -> Game {
        let end = self.main_line().last().copied().unwrap_or(self.root());
        self.game_at(end)
    }

    /// The moves from the root to `node` as a [`Game`], with their clocks
    /// (for the engine, which needs the history, and for the move list). Its
    /// outcome is the automatic one of that position and history (checkmate,
    /// repetition, ...), or else the ending declared at `node`, if any.
    pub fn game_at(&self, node: NodeId) -> Game {
        let path = self.path(node);
        let mut game = Game::from_position(self.position(self.root()).clone());
        for &step in &path[1..] {
            if let Some(ply) = self.ply(step) {
                game.push(ply.mv, ply.clock_ms);
            }
        }
        if let (false, Some(ending)) = (game.is_over(), self.ending(node)) {
            // Cannot fail: the game is not over.
            let _ = game.end(ending);
        }
        game
    }

    /// The ending declared at `node` (a resignation, agreed draw or flag
    /// fall), if any.
    pub fn ending(&self, node: NodeId) -> Option<Outcome> {
        self.node(node).ending
    }

    /// Number of nodes in the tree, the root included.
    pub fn node_count(&self) -> usize {
        self.live
    }

    /// Every node in the tree, the root first, each before its children
    /// (main continuation first).
    pub fn nodes(&self) -> Vec<NodeId> {
        let mut order = Vec::with_capacity(self.live);
        let mut stack = vec![self.root()];
        while let Some(node) = stack.pop() {
            order.push(node);
            stack.extend(self.children(node).iter().rev());
        }
        order
    }

    // ----- changing ------------------------------------------------------

    /// Plays `mv` at `node`: an existing child with that move is reused;
    /// otherwise a new child is added last (the main continuation if it is
    /// the first child). Returns the node reached.
    ///
    /// # Errors
    ///
    /// [`PlayError::UnknownNode`] when `node` is not in the tree,
    /// [`PlayError::Illegal`] when the move is not legal there. The tree is
    /// unchanged then.
    pub fn play(&mut self, node: NodeId, mv: &Move) -> Result<NodeId, PlayError> {
        if !self.contains(node) {
            return Err(PlayError::UnknownNode);
        }
        if !self.position(node).is_legal(*mv) {
            return Err(PlayError::Illegal {
                notation: mv.to_uci(shakmaty::CastlingMode::Standard).to_string(),
            });
        }
        Ok(self.play_legal(node, *mv, None))
    }

    /// Plays a move given in UCI at `node` (see [`play`](GameTree::play)).
    ///
    /// # Errors
    ///
    /// [`PlayError::UnknownNode`], [`PlayError::Parse`] for text that is not
    /// UCI, [`PlayError::Illegal`]. The tree is unchanged then.
    pub fn play_uci(&mut self, node: NodeId, uci: &str) -> Result<NodeId, PlayError> {
        if !self.contains(node) {
            return Err(PlayError::UnknownNode);
        }
        let mv = parse_uci_in(self.position(node), uci)?;
        Ok(self.play_legal(node, mv, None))
    }

    /// Plays a move given in SAN at `node` (see [`play`](GameTree::play)).
    ///
    /// # Errors
    ///
    /// [`PlayError::UnknownNode`], [`PlayError::Parse`],
    /// [`PlayError::Illegal`], [`PlayError::Ambiguous`]. The tree is
    /// unchanged then.
    pub fn play_san(&mut self, node: NodeId, san: &str) -> Result<NodeId, PlayError> {
        if !self.contains(node) {
            return Err(PlayError::UnknownNode);
        }
        let mv = parse_san_in(self.position(node), san)?;
        Ok(self.play_legal(node, mv, None))
    }

    /// Makes `node`'s branch the main line: at each fork from `node` up to
    /// the root, the child leading to `node` becomes the first child. The
    /// other children keep their order.
    pub fn promote(&mut self, node: NodeId) {
        if !self.contains(node) {
            return;
        }
        let mut current = node;
        while let Some(parent) = self.parent(current) {
            let children = &mut self.nodes[parent.0].children;
            if let Some(index) = children.iter().position(|&c| c == current) {
                children[..=index].rotate_right(1);
            }
            current = parent;
        }
    }

    /// Removes `node` and its subtree. The root cannot be removed (nothing
    /// happens), nor a node not in the tree. The other nodes keep their ids.
    pub fn delete(&mut self, node: NodeId) {
        if !self.contains(node) {
            return;
        }
        let Some(parent) = self.parent(node) else {
            return;
        };
        self.nodes[parent.0].children.retain(|&c| c != node);
        let mut stack = vec![node];
        while let Some(gone) = stack.pop() {
            let removed = &mut self.nodes[gone.0];
            removed.removed = true;
            stack.append(&mut removed.children);
            self.live -= 1;
        }
    }

    /// Declares (or with `None`, clears) an ending at `node`: a resignation,
    /// agreed draw or flag fall. An automatic outcome (checkmate, ...) is
    /// not stored: the position tells it. Nothing happens for a node not in
    /// the tree.
    pub fn set_ending(&mut self, node: NodeId, ending: Option<Outcome>) {
        if self.contains(node) {
            self.nodes[node.0].ending = ending.filter(|o| !o.reason.is_automatic());
        }
    }

    /// Sets the clock of the move that led to `node` (the mover's time left
    /// after it). Returns `false` for the root or a node not in the tree.
    pub fn set_clock(&mut self, node: NodeId, clock_ms: Option<u64>) -> bool {
        if !self.contains(node) {
            return false;
        }
        match self.nodes[node.0].ply.as_mut() {
            Some(ply) => {
                ply.clock_ms = clock_ms;
                true
            }
            None => false,
        }
    }

    // ----- internals -----------------------------------------------------

    /// The node, or the root for an id not in the tree.
    fn node(&self, node: NodeId) -> &Node {
        &self.nodes[self.resolve(node).0]
    }

    /// `node` if it is in the tree, else the root.
    fn resolve(&self, node: NodeId) -> NodeId {
        if self.contains(node) {
            node
        } else {
            self.root()
        }
    }

    /// Plays a move known to be legal at `node` (in the tree): reuses the
    /// child with that move or adds one. A clock, when given, is set on the
    /// node reached.
    pub(crate) fn play_legal(&mut self, node: NodeId, mv: Move, clock_ms: Option<u64>) -> NodeId {
        if let Some(existing) = self.child_by_move(node, &mv) {
            if clock_ms.is_some() {
                self.set_clock(existing, clock_ms);
            }
            return existing;
        }
        let (ply, after) = make_ply(self.position(node), mv, clock_ms);
        self.add_child(node, ply, after)
    }

    /// Adds a new last child of `parent`.
    fn add_child(&mut self, parent: NodeId, ply: Ply, position: Chess) -> NodeId {
        let id = NodeId(self.nodes.len());
        let depth = self.depth(parent) + 1;
        self.nodes.push(Node {
            parent: Some(parent),
            ply: Some(ply),
            position,
            children: Vec::new(),
            depth,
            ending: None,
            removed: false,
        });
        self.nodes[parent.0].children.push(id);
        self.live += 1;
        id
    }

    /// Whether the subtrees at `a` (in `self`) and `b` (in `other`) hold the
    /// same moves, clocks and endings in the same order.
    fn same_subtree(&self, a: NodeId, other: &GameTree, b: NodeId) -> bool {
        let mut stack = vec![(a, b)];
        while let Some((a, b)) = stack.pop() {
            let (ca, cb) = (self.children(a), other.children(b));
            if ca.len() != cb.len() || self.ending(a) != other.ending(b) {
                return false;
            }
            for (&x, &y) in ca.iter().zip(cb) {
                if self.ply(x) != other.ply(y) {
                    return false;
                }
                stack.push((x, y));
            }
        }
        true
    }
}

impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        let (a, b) = (self.position(self.root()), other.position(other.root()));
        a == b
            && a.halfmoves() == b.halfmoves()
            && a.fullmoves() == b.fullmoves()
            && self.same_subtree(self.root(), other, other.root())
    }
}

impl Eq for GameTree {}
