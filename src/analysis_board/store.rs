//! The analysis board's reactive state: the move tree, the node on the board, the
//! board's orientation and a pending promotion. Playing a move from any position goes
//! to the child with that move when it was tried already, and otherwise adds it (a new
//! side line when the position already had a continuation); the main line is never
//! rewritten by playing.

use gambit_rules::shakmaty::{Board as Pieces, Chess, Color, Move, Position, Role, Square};
use gambit_rules::{BoardShape, Game, GameTree, MoveAnnotation, NodeId, PgnTags};
use leptos::prelude::*;

use super::pgn::Notes;

/// The tree being analysed and what the board shows of it. Cheap to copy.
#[derive(Clone, Copy)]
pub struct TreeStore {
    tree: RwSignal<GameTree>,
    current: RwSignal<NodeId>,
    orientation: RwSignal<Color>,
    promotion: RwSignal<Option<(Square, Square)>>,
    notes: RwSignal<Notes>,
    tags: RwSignal<Option<PgnTags>>,
}

impl TreeStore {
    /// A store showing `current` of `tree` (with what is known of its moves and, for an
    /// imported game, its tags), White or Black at the bottom.
    pub fn new(
        tree: GameTree,
        notes: Notes,
        tags: Option<PgnTags>,
        current: NodeId,
        orientation: Color,
    ) -> TreeStore {
        let current = if tree.contains(current) {
            current
        } else {
            tree.root()
        };
        TreeStore {
            tree: RwSignal::new(tree),
            current: RwSignal::new(current),
            orientation: RwSignal::new(orientation),
            promotion: RwSignal::new(None),
            notes: RwSignal::new(notes),
            tags: RwSignal::new(tags),
        }
    }

    // ----- reading -------------------------------------------------------

    /// The tree.
    pub fn tree(&self) -> ReadSignal<GameTree> {
        self.tree.read_only()
    }

    /// The node on the board.
    pub fn current(&self) -> ReadSignal<NodeId> {
        self.current.read_only()
    }

    /// The colour at the bottom of the board.
    pub fn orientation(&self) -> ReadSignal<Color> {
        self.orientation.read_only()
    }

    /// What is known of the moves besides the moves (imported comments, NAGs and
    /// evaluations).
    pub fn notes(&self) -> ReadSignal<Notes> {
        self.notes.read_only()
    }

    /// The imported game's tags (players, event, date), exported again; none for a
    /// game played or set up here.
    pub fn tags(&self) -> ReadSignal<Option<PgnTags>> {
        self.tags.read_only()
    }

    /// The from/to squares of a pawn move waiting for its promotion piece.
    pub fn promotion(&self) -> ReadSignal<Option<(Square, Square)>> {
        self.promotion.read_only()
    }

    /// The position on the board.
    pub fn position(&self) -> Chess {
        let node = self.current.get();
        self.tree.with(|tree| tree.position(node).clone())
    }

    /// The pieces on the board.
    pub fn pieces(&self) -> Pieces {
        let node = self.current.get();
        self.tree.with(|tree| tree.position(node).board().clone())
    }

    /// The side to move, or `None` when the position has no legal move (mate or
    /// stalemate): either colour may be moved, in turn.
    pub fn movable(&self) -> Option<Color> {
        let position = self.position();
        (!position.legal_moves().is_empty()).then(|| position.turn())
    }

    /// The legal targets of the piece on `from` (castling also onto the rook).
    pub fn targets(&self, from: Square) -> Vec<Square> {
        self.board_game_untracked().legal_targets(0, from)
    }

    /// The last move's squares (the king's for castling).
    pub fn last_move(&self) -> Option<(Square, Square)> {
        let node = self.current.get();
        self.tree.with(|tree| {
            let parent = tree.parent(node)?;
            let mv = tree.ply(node)?.mv;
            let mut game = Game::from_position(tree.position(parent).clone());
            game.play(&mv).ok()?;
            game.last_move(1)
        })
    }

    /// The square of the king in check, if any.
    pub fn check(&self) -> Option<Square> {
        let position = self.position();
        if position.is_check() {
            position.board().king_of(position.turn())
        } else {
            None
        }
    }

    /// The number of plies from the start to `node` when it is on the main line.
    pub fn main_line_ply(&self, node: NodeId) -> Option<usize> {
        self.tree
            .with(|tree| tree.is_main_line(node).then(|| tree.depth(node)))
    }

    /// The main-line ply the board is at or branched off from: the current node's
    /// depth on the main line, else that of its last ancestor on the main line.
    pub fn main_line_anchor(&self) -> usize {
        let node = self.current.get();
        self.tree.with(|tree| {
            tree.path(node)
                .into_iter()
                .take_while(|&step| tree.is_main_line(step))
                .last()
                .map_or(0, |step| tree.depth(step))
        })
    }

    /// The start position's FEN and the UCI moves to the current node (what the engine
    /// needs to see repetitions).
    pub fn current_history(&self) -> (String, Vec<String>) {
        let node = self.current.get();
        self.tree.with(|tree| {
            let moves = tree
                .path(node)
                .into_iter()
                .filter_map(|step| tree.ply(step).map(|ply| ply.uci.clone()))
                .collect();
            (tree.start_fen(), moves)
        })
    }

    /// The FEN of the position on the board.
    pub fn fen(&self) -> String {
        let node = self.current.get();
        self.tree.with(|tree| tree.fen(node))
    }

    // ----- moving ----------------------------------------------------------

    /// The board reports a piece moved from `from` to `to`: plays it, or asks for the
    /// promotion piece first.
    pub fn attempt(&self, from: Square, to: Square) {
        let game = self.board_game_untracked();
        if game.needs_promotion(0, from, to) {
            self.promotion.set(Some((from, to)));
        } else if let Some(mv) = game.move_for(0, from, to, None) {
            self.play(&mv);
        }
    }

    /// The promotion piece was chosen (`None`: cancelled, the pawn stays).
    pub fn promote(&self, role: Option<Role>) {
        let Some((from, to)) = self.promotion.get_untracked() else {
            return;
        };
        self.promotion.set(None);
        let Some(role) = role else { return };
        if let Some(mv) = self
            .board_game_untracked()
            .move_for(0, from, to, Some(role))
        {
            self.play(&mv);
        }
    }

    /// Plays `mv` from the current position and shows the position reached.
    pub fn play(&self, mv: &Move) {
        let node = self.current.get_untracked();
        let mut reached = None;
        self.tree.update(|tree| reached = tree.play(node, mv).ok());
        if let Some(reached) = reached {
            self.current.set(reached);
        }
    }

    /// Plays a move given in UCI from the current position (an engine line's move).
    pub fn play_uci(&self, uci: &str) {
        let node = self.current.get_untracked();
        let mut reached = None;
        self.tree
            .update(|tree| reached = tree.play_uci(node, uci).ok());
        if let Some(reached) = reached {
            self.current.set(reached);
        }
    }

    // ----- browsing --------------------------------------------------------

    /// Shows `node` (ignored when it is not in the tree).
    pub fn go(&self, node: NodeId) {
        if self.tree.with_untracked(|tree| tree.contains(node)) {
            self.promotion.set(None);
            self.current.set(node);
        }
    }

    /// Shows the main line's position after `ply` moves (its end when shorter).
    pub fn go_to_main_ply(&self, ply: usize) {
        let node = self.tree.with_untracked(|tree| {
            let line = tree.main_line();
            line.get(ply).or(line.last()).copied()
        });
        if let Some(node) = node {
            self.go(node);
        }
    }

    /// The end of the main line.
    pub fn last_of_main_line(&self) {
        let end = self
            .tree
            .with_untracked(|tree| tree.main_line().last().copied());
        if let Some(end) = end {
            self.go(end);
        }
    }

    /// One move back along the current line.
    pub fn back(&self) {
        let node = self.current.get_untracked();
        if let Some(parent) = self.tree.with_untracked(|tree| tree.parent(node)) {
            self.go(parent);
        }
    }

    /// One move on along the current line (its first continuation).
    pub fn forward(&self) {
        let node = self.current.get_untracked();
        if let Some(&next) = self
            .tree
            .with_untracked(|tree| tree.children(node).first().copied())
            .as_ref()
        {
            self.go(next);
        }
    }

    /// The start position.
    pub fn first(&self) {
        let root = self.tree.with_untracked(GameTree::root);
        self.go(root);
    }

    /// The end of the current line.
    pub fn last(&self) {
        let node = self.current.get_untracked();
        let end = self
            .tree
            .with_untracked(|tree| tree.line_from(node).last().copied());
        if let Some(end) = end {
            self.go(end);
        }
    }

    /// Whether the board is at the start position.
    pub fn at_start(&self) -> bool {
        let node = self.current.get();
        self.tree.with(|tree| tree.parent(node).is_none())
    }

    /// Whether the current line goes no further.
    pub fn at_end(&self) -> bool {
        let node = self.current.get();
        self.tree.with(|tree| tree.children(node).is_empty())
    }

    // ----- drawing ----------------------------------------------------------

    /// The circles and arrows drawn on `node`'s position (tracked: they change with the
    /// notes).
    pub fn shapes(&self, node: NodeId) -> Vec<BoardShape> {
        self.notes
            .with(|notes| notes.get(&node).map(|note| note.shapes.clone()))
            .unwrap_or_default()
    }

    /// Keeps `shapes` as those drawn on `node`'s position; nothing changes (and no one
    /// is told) when they are the ones kept.
    pub fn set_shapes(&self, node: NodeId, shapes: Vec<BoardShape>) {
        let kept = self.notes.with_untracked(|notes| {
            notes
                .get(&node)
                .map_or(shapes.is_empty(), |note| note.shapes == shapes)
        });
        if kept {
            return;
        }
        self.notes.update(|notes| {
            let note = notes.entry(node).or_default();
            note.shapes = shapes;
            if *note == MoveAnnotation::default() {
                notes.remove(&node);
            }
        });
    }

    // ----- changing the tree -------------------------------------------------

    /// Turns the board around.
    pub fn flip(&self) {
        self.orientation.update(|color| *color = color.other());
    }

    /// Puts `color` at the bottom of the board.
    pub fn turn_to(&self, color: Color) {
        self.orientation.set(color);
    }

    /// Replaces the whole tree (an import, a set-up, another page's game), what is
    /// known of its moves and its tags, and shows `current` of it.
    pub fn replace(&self, tree: GameTree, notes: Notes, tags: Option<PgnTags>, current: NodeId) {
        self.promotion.set(None);
        self.notes.set(notes);
        self.tags.set(tags);
        let current = if tree.contains(current) {
            current
        } else {
            tree.root()
        };
        self.tree.set(tree);
        self.current.set(current);
    }

    /// Makes the current node's line the main line.
    pub fn promote_line(&self) {
        let node = self.current.get_untracked();
        self.tree.update(|tree| tree.promote(node));
    }

    /// Deletes the current node and what follows it; the board goes to its parent.
    pub fn delete_from_here(&self) {
        let node = self.current.get_untracked();
        let Some(parent) = self.tree.with_untracked(|tree| tree.parent(node)) else {
            return;
        };
        self.current.set(parent);
        self.tree.update(|tree| tree.delete(node));
    }

    /// A game of the current position alone, for the board's questions (targets,
    /// promotion, the move meant by two squares).
    fn board_game_untracked(&self) -> Game {
        let node = self.current.get_untracked();
        self.tree
            .with_untracked(|tree| Game::from_position(tree.position(node).clone()))
    }
}
