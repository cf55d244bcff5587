//! The analysis board as stored under `gambit.v1.analysis` ([`SavedAnalysis`]): the
//! tree, the position shown and the notes of its moves by their places in the tree (node
//! ids are not kept by the tree's serialisation), and the helpers between the two.
//! Plain data, no browser API: `fuzz/` compiles it as it is.

use gambit_rules::shakmaty::Color;
use gambit_rules::{BoardShape, Eval, GameTree, MoveAnnotation, NodeId, PgnTags};
use serde::{Deserialize, Serialize};

use super::pgn::Notes;

/// The version of [`SavedAnalysis`]; anything else is set aside, not guessed at.
pub const ANALYSIS_VERSION: u32 = 1;

/// What is stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedAnalysis {
    /// Always [`ANALYSIS_VERSION`].
    pub version: u32,
    /// The tree (its start position and every move, side lines included).
    pub tree: GameTree,
    /// The position shown: the index of the child taken at each step from the root
    /// (node ids are not kept by the tree's serialisation).
    pub at: Vec<usize>,
    /// The colour at the bottom of the board.
    #[serde(with = "crate::game::color_serde::color")]
    pub orientation: Color,
    /// Whether the engine's lines are on.
    pub engine: bool,
    /// What is known of the moves, by their place in the tree.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<SavedNote>,
    /// An imported game's tags.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<PgnTags>,
}

/// A move's annotation as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedNote {
    /// The move: the child indices from the root (see [`SavedAnalysis::at`]).
    pub at: Vec<usize>,
    /// The `[%eval]`, from White's side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval: Option<Eval>,
    /// The NAGs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// The comment's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The circles and arrows drawn on the position, as PGN writes them (`Gd5`,
    /// `Re2e4`); one that cannot be read is dropped.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shapes: Vec<String>,
}

/// `notes` of `tree` as stored (those of deleted moves are left out).
pub fn save_notes(tree: &GameTree, notes: &Notes) -> Vec<SavedNote> {
    let mut saved: Vec<SavedNote> = notes
        .iter()
        .filter(|(node, _)| tree.contains(**node))
        .map(|(&node, note)| SavedNote {
            at: path_indices(tree, node),
            eval: note.eval,
            nags: note.nags.clone(),
            comment: note.comment.clone(),
            shapes: note.shapes.iter().map(ToString::to_string).collect(),
        })
        .collect();
    saved.sort_by(|a, b| a.at.cmp(&b.at));
    saved
}

/// Stored notes read back onto `tree` (those whose move is not there are dropped).
pub fn restore_notes(tree: &GameTree, saved: Vec<SavedNote>) -> Notes {
    saved
        .into_iter()
        .filter_map(|note| {
            let node = node_at(tree, &note.at);
            (path_indices(tree, node) == note.at).then(|| {
                let annotation = MoveAnnotation {
                    eval: note.eval,
                    nags: note.nags,
                    comment: note.comment,
                    shapes: note
                        .shapes
                        .iter()
                        .filter_map(|code| BoardShape::parse(code))
                        .collect(),
                };
                (node, annotation)
            })
        })
        .collect()
}

/// The child indices from the root to `node`.
pub fn path_indices(tree: &GameTree, node: NodeId) -> Vec<usize> {
    tree.path(node)
        .windows(2)
        .filter_map(|pair| tree.children(pair[0]).iter().position(|&c| c == pair[1]))
        .collect()
}

/// The node reached from the root by the child indices `at`, as far as the tree goes.
pub fn node_at(tree: &GameTree, at: &[usize]) -> NodeId {
    let mut node = tree.root();
    for &index in at {
        match tree.children(node).get(index) {
            Some(&child) => node = child,
            None => break,
        }
    }
    node
}

#[cfg(test)]
mod tests {
    use gambit_rules::{ShapeColor, Square};

    use super::*;

    #[test]
    fn a_node_is_found_again_by_its_path() {
        let mut tree = GameTree::new();
        let root = tree.root();
        let e4 = tree.play_san(root, "e4").expect("legal");
        tree.play_san(e4, "e5").expect("legal");
        let c5 = tree.play_san(e4, "c5").expect("legal");
        let nf3 = tree.play_san(c5, "Nf3").expect("legal");
        assert_eq!(path_indices(&tree, nf3), [0, 1, 0]);
        assert_eq!(node_at(&tree, &[0, 1, 0]), nf3);
        // A path longer than the tree stops where the tree does.
        assert_eq!(node_at(&tree, &[0, 1, 0, 4, 2]), nf3);
        assert_eq!(node_at(&tree, &[]), root);
    }

    #[test]
    fn an_imported_games_tags_are_kept_and_older_saves_without_them_still_read() {
        let mut tags = PgnTags {
            white: "Anna \"the Rook\"".to_owned(),
            ..PgnTags::default()
        };
        tags.extra.push(("ECO".to_owned(), "C60".to_owned()));
        let saved = SavedAnalysis {
            version: ANALYSIS_VERSION,
            tree: GameTree::new(),
            at: Vec::new(),
            orientation: Color::White,
            engine: true,
            notes: Vec::new(),
            tags: Some(tags.clone()),
        };
        let text = serde_json::to_string(&saved).expect("json");
        let read: SavedAnalysis = serde_json::from_str(&text).expect("json");
        assert_eq!(read.tags, Some(tags));

        // A board saved before tags were kept.
        let mut older: serde_json::Value = serde_json::from_str(&text).expect("json");
        older.as_object_mut().expect("object").remove("tags");
        let read: SavedAnalysis = serde_json::from_value(older).expect("an older save");
        assert_eq!(read.tags, None);
    }

    #[test]
    fn notes_are_kept_by_place_and_dropped_when_their_move_is_gone() {
        let mut tree = GameTree::new();
        let e4 = tree.play_san(tree.root(), "e4").expect("legal");
        let c5 = tree.play_san(e4, "c5").expect("legal");
        let note = MoveAnnotation {
            eval: Some(Eval::Cp(30)),
            nags: vec![6],
            comment: Some("Sicilian".to_owned()),
            shapes: vec![BoardShape {
                from: Square::G8,
                to: Square::F6,
                color: ShapeColor::Yellow,
            }],
        };
        let notes = Notes::from([(c5, note.clone())]);
        let saved = save_notes(&tree, &notes);
        assert_eq!(saved[0].at, [0, 0]);
        let text = serde_json::to_string(&saved).expect("json");
        let read: Vec<SavedNote> = serde_json::from_str(&text).expect("json");
        assert_eq!(restore_notes(&tree, read.clone()), notes);
        let shorter = GameTree::from_game(&tree.game_at(e4));
        assert!(restore_notes(&shorter, read).is_empty());
    }

    #[test]
    fn the_fuzzers_seed_reads_with_its_position_and_notes() {
        let text = include_str!("../../fuzz/seeds/saved_analysis/board");
        let read: SavedAnalysis = serde_json::from_str(text).expect("a stored board");
        let current = node_at(&read.tree, &read.at);
        assert_eq!(
            read.tree.ply(current).map(|ply| ply.uci.as_str()),
            Some("g1f3")
        );
        let notes = restore_notes(&read.tree, read.notes);
        assert_eq!(notes.len(), 2);
        let shapes: Vec<String> = notes
            .values()
            .flat_map(|note| note.shapes.iter().map(ToString::to_string))
            .collect();
        assert_eq!(shapes, ["Gd5", "Re2e4"]);
        assert_eq!(read.orientation, Color::Black);
    }
}
