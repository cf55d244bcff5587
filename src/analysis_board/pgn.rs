//! The analysis board's PGN: the tree with its side lines as variations and what is
//! known of each move (imported comments and NAGs, and on the main line the review's
//! evaluations and marks, written as lichess writes them); an import keeps the
//! variations, every move's annotation and the game's tags (players, event, date).

use std::collections::HashMap;

use gambit_rules::{Eval, GameTree, Judgement, MoveAnnotation, NodeId, PgnReading, PgnTags};

/// What is known of the moves of a tree besides the moves: imported `[%eval]`, NAGs
/// and comments, by node.
pub type Notes = HashMap<NodeId, MoveAnnotation>;

/// The review of a main-line move: the evaluation after it (White's side) and its mark.
pub type MoveReview = (Option<Eval>, Option<Judgement>);

/// `tree` as PGN with `tags` and `notes`; on the main line, `review(ply)`'s evaluation
/// and mark replace the imported ones where the review has them.
pub fn export_pgn(
    tree: &GameTree,
    tags: &PgnTags,
    notes: &Notes,
    review: &dyn Fn(usize) -> MoveReview,
) -> String {
    let annotate = |node: NodeId| {
        let mut note = notes.get(&node).cloned().unwrap_or_default();
        if node != tree.root() && tree.is_main_line(node) {
            let (eval, judgement) = review(tree.depth(node));
            if eval.is_some() {
                note.eval = eval;
            }
            if let Some(judgement) = judgement {
                note.nags.retain(|&nag| Judgement::from_nag(nag).is_none());
                note.nags.insert(0, judgement.nag());
            }
        }
        note
    };
    tree.to_pgn(tags, &annotate)
}

/// Checks a PGN as the engine worker read it, with its variations, annotations and
/// tags.
pub fn import_pgn(reading: PgnReading) -> Result<(GameTree, Notes, PgnTags), String> {
    GameTree::from_pgn_reading(reading)
        .map(|(tree, tags, notes)| (tree, notes, tags))
        .map_err(|error| error.to_string())
}

/// The evaluations after each main-line move (index 0: after the first move), as the
/// PGN gave them.
pub fn main_line_evals(tree: &GameTree, notes: &Notes) -> Vec<Option<Eval>> {
    tree.main_line()
        .into_iter()
        .skip(1)
        .map(|node| notes.get(&node).and_then(|note| note.eval))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANALYSED: &str = "[Event \"?\"]\n\n1. e4 { [%eval 0.3] } 1... e5 (1... c5 { a \
        good reply } 2. Nf3) 2. Qh5 $6 { [%eval -0.5] } 2... Nc6 *";

    #[test]
    fn variations_and_annotations_survive_a_round_trip() {
        let (tree, notes, _) =
            import_pgn(PgnReading::read(ANALYSED).expect("readable")).expect("checks");
        assert_eq!(tree.node_count(), 7);
        let evals = main_line_evals(&tree, &notes);
        assert_eq!(evals.len(), 4);
        assert!(evals[0].is_some() && evals[1].is_none() && evals[2].is_some());
        let pgn = export_pgn(&tree, &PgnTags::default(), &notes, &|_| (None, None));
        assert!(pgn.contains("(1... c5"), "{pgn}");
        assert!(pgn.contains("[%eval 0.3"), "{pgn}");
        assert!(pgn.contains("$6"), "{pgn}");
        let (again, notes_again, _) =
            import_pgn(PgnReading::read(&pgn).expect("readable")).expect("checks");
        assert_eq!(again, tree);
        assert_eq!(main_line_evals(&again, &notes_again), evals);
    }

    #[test]
    fn the_review_marks_the_main_line() {
        let (tree, notes, _) =
            import_pgn(PgnReading::read(ANALYSED).expect("readable")).expect("checks");
        let pgn = export_pgn(&tree, &PgnTags::default(), &notes, &|ply| {
            if ply == 3 {
                (Some(Eval::Cp(-300)), Some(Judgement::Blunder))
            } else {
                (None, None)
            }
        });
        assert!(pgn.contains("Qh5 $4"), "{pgn}");
        assert!(!pgn.contains("$6"), "{pgn}");
        assert!(pgn.contains("[%eval -3"), "{pgn}");
    }
}
