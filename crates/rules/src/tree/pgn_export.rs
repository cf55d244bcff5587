//! PGN export of a game tree: the main line with its side lines as nested
//! variations, and each move's analysis as lichess writes it.
//!
//! ```text
//! 1. e4 { [%eval 0.31] } 1... e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 $2 { [%eval #-3] } *
//! ```
//!
//! A variation follows the move it replaces, and opens with that move's
//! number (`12... Nf6`); after a variation or a comment, Black's move gets its
//! number again. The writing is iterative, so any depth of side lines is safe.

use super::{GameTree, NodeId};
use crate::{
    MoveAnnotation, Outcome, PgnTags,
    pgn_export::{Header, Movetext, push_header, wrap},
};

/// What is left to write, innermost last.
enum Step {
    /// The line continuing after `from` (its main continuation, that move's
    /// side lines, and on).
    Continue { from: NodeId, need_number: bool },
    /// A side line: `(`, the move reaching `node`, its continuation, `)`.
    Variation { node: NodeId },
    /// The `)` of a side line.
    Close,
}

impl GameTree {
    /// The tree as PGN: the tags as [`Game::to_pgn`](crate::Game::to_pgn)
    /// writes them for the main line (result, `SetUp`/`FEN`, `Termination`),
    /// then the main line with every side line as a variation `( … )`,
    /// nested as deep as the tree, and the result.
    ///
    /// `annotate` gives what to write after each move: NAGs (`$2 $4 $6`), the
    /// comment's text, and `[%eval]` with the clock in one comment, as
    /// [`Game::to_pgn_annotated`](crate::Game::to_pgn_annotated) writes them.
    /// Its comment and evaluation for the root (the start position), if any,
    /// are written before the first move. An ending declared anywhere but at
    /// the end of the main line is not written.
    /// Lines are at most 80 characters.
    pub fn to_pgn(&self, tags: &PgnTags, annotate: &dyn Fn(NodeId) -> MoveAnnotation) -> String {
        let main = self.main_game();
        let mut out = String::new();
        push_header(
            &mut out,
            tags,
            &Header {
                result: main.result_str(),
                start_fen: (!main.is_standard_start()).then(|| main.start_fen()),
                time_control: None,
                termination: main.outcome().map(Outcome::termination),
            },
        );
        let mut movetext = Movetext::default();
        // Before the first move: the comment on the game, and the start
        // position's evaluation.
        let start = annotate(self.root()).extras();
        movetext.push_comments(start.text.as_deref(), &start.commands);
        let mut steps = vec![Step::Continue {
            from: self.root(),
            need_number: true,
        }];
        while let Some(step) = steps.pop() {
            match step {
                Step::Continue { from, need_number } => {
                    let Some((&main_child, side_lines)) = self.children(from).split_first() else {
                        continue;
                    };
                    let commented =
                        self.push_move(&mut movetext, main_child, annotate, need_number);
                    // Popped last to first: the side lines, then the continuation.
                    steps.push(Step::Continue {
                        from: main_child,
                        need_number: commented || !side_lines.is_empty(),
                    });
                    steps.extend(
                        side_lines
                            .iter()
                            .rev()
                            .map(|&node| Step::Variation { node }),
                    );
                }
                Step::Variation { node } => {
                    movetext.open_variation();
                    let commented = self.push_move(&mut movetext, node, annotate, true);
                    steps.push(Step::Close);
                    steps.push(Step::Continue {
                        from: node,
                        need_number: commented,
                    });
                }
                Step::Close => movetext.close_variation(),
            }
        }
        movetext.push(main.result_str().to_owned());
        wrap(&mut out, &movetext.tokens);
        out
    }

    /// Writes the move reaching `node` with its annotation; returns whether
    /// the next move needs its number.
    fn push_move(
        &self,
        movetext: &mut Movetext,
        node: NodeId,
        annotate: &dyn Fn(NodeId) -> MoveAnnotation,
        need_number: bool,
    ) -> bool {
        let (Some(ply), Some(parent)) = (self.ply(node), self.parent(node)) else {
            return need_number;
        };
        movetext.push_move(
            self.position(parent),
            ply,
            annotate(node).extras(),
            need_number,
        )
    }
}
