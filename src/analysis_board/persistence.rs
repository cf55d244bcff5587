//! The analysis board between visits: the tree, what is known of its moves (imported
//! evaluations, NAGs, comments), an imported game's tags, the position shown, the
//! board's orientation and whether the engine is on, saved under `gambit.v1.analysis`
//! at every change. Unreadable data is set aside (`<key>.unreadable.<time>`), never
//! destroyed and never a panic; when it cannot be set aside, nothing is saved over it.

use gambit_rules::shakmaty::Color;
use gambit_rules::{Eval, GameTree, MoveAnnotation, NodeId, PgnTags};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::pgn::Notes;
use super::store::TreeStore;
use crate::storage::{self, StorageError};

/// Where the analysis board is kept.
pub const ANALYSIS_KEY: &str = "gambit.v1.analysis";

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
}

/// `notes` of `tree` as stored (those of deleted moves are left out).
fn save_notes(tree: &GameTree, notes: &Notes) -> Vec<SavedNote> {
    let mut saved: Vec<SavedNote> = notes
        .iter()
        .filter(|(node, _)| tree.contains(**node))
        .map(|(&node, note)| SavedNote {
            at: path_indices(tree, node),
            eval: note.eval,
            nags: note.nags.clone(),
            comment: note.comment.clone(),
        })
        .collect();
    saved.sort_by(|a, b| a.at.cmp(&b.at));
    saved
}

/// Stored notes read back onto `tree` (those whose move is not there are dropped).
fn restore_notes(tree: &GameTree, saved: Vec<SavedNote>) -> Notes {
    saved
        .into_iter()
        .filter_map(|note| {
            let node = node_at(tree, &note.at);
            (path_indices(tree, node) == note.at).then(|| {
                let annotation = MoveAnnotation {
                    eval: note.eval,
                    nags: note.nags,
                    comment: note.comment,
                };
                (node, annotation)
            })
        })
        .collect()
}

/// What the board starts with.
pub struct Restored {
    /// The tree.
    pub tree: GameTree,
    /// What is known of its moves.
    pub notes: Notes,
    /// An imported game's tags.
    pub tags: Option<PgnTags>,
    /// The node shown.
    pub current: NodeId,
    /// The colour at the bottom.
    pub orientation: Color,
    /// Whether the engine's lines are on.
    pub engine: bool,
    /// Whether changes may be saved (not when unreadable data could not be set aside).
    pub saving: bool,
    /// What the player must be told.
    pub notice: Option<String>,
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

/// The saved board, or the start position when there is none or it is unreadable.
pub fn restore() -> Restored {
    let fresh = |saving: bool, notice: Option<String>| Restored {
        tree: GameTree::new(),
        notes: Notes::new(),
        tags: None,
        current: GameTree::new().root(),
        orientation: Color::White,
        engine: true,
        saving,
        notice,
    };
    let unreadable = |reason: String| match storage::set_aside(ANALYSIS_KEY) {
        Ok(_) => fresh(
            true,
            Some(format!(
                "Your saved analysis could not be restored: {reason}. It was kept aside."
            )),
        ),
        Err(error) => fresh(
            false,
            Some(format!(
                "Your saved analysis could not be restored: {reason}. It could not be kept \
                 aside ({error}), so it stays where it is and this board will not be saved."
            )),
        ),
    };
    match storage::load_json::<SavedAnalysis>(ANALYSIS_KEY) {
        Ok(None) => fresh(true, None),
        Ok(Some(saved)) if saved.version != ANALYSIS_VERSION => {
            unreadable(format!("unknown format version {}", saved.version))
        }
        Ok(Some(saved)) => Restored {
            current: node_at(&saved.tree, &saved.at),
            notes: restore_notes(&saved.tree, saved.notes),
            tags: saved.tags,
            tree: saved.tree,
            orientation: saved.orientation,
            engine: saved.engine,
            saving: true,
            notice: None,
        },
        Err(StorageError::Unreadable { reason, .. }) => unreadable(reason),
        Err(error) => fresh(
            true,
            Some(format!("The analysis cannot be saved here: {error}.")),
        ),
    }
}

/// Saves the board whenever the tree, the position shown, the orientation or the
/// engine switch changes; a failure is told through `notice`.
pub fn save_on_change(
    store: TreeStore,
    engine_on: Signal<bool>,
    saving: bool,
    notice: RwSignal<Option<String>>,
) {
    if !saving {
        return;
    }
    Effect::new(move |_| {
        let current = store.current().get();
        let record = store.tree().with(|tree| SavedAnalysis {
            version: ANALYSIS_VERSION,
            tree: tree.clone(),
            at: path_indices(tree, current),
            orientation: store.orientation().get(),
            engine: engine_on.get(),
            notes: store.notes().with(|notes| save_notes(tree, notes)),
            tags: store.tags().get(),
        });
        if let Err(error) = storage::save_json(ANALYSIS_KEY, &record) {
            notice.set(Some(format!("The analysis could not be saved: {error}.")));
        }
    });
}

#[cfg(test)]
mod tests {
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
}
