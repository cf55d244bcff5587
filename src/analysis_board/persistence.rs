//! The analysis board between visits: the tree, what is known of its moves (imported
//! evaluations, NAGs, comments), an imported game's tags, the position shown, the
//! board's orientation and whether the engine is on, saved under `gambit.v1.analysis`
//! (in the form of [`super::saved`]) at every change. Unreadable data is set aside
//! (`<key>.unreadable.<time>`), never destroyed and never a panic; when it cannot be set
//! aside, nothing is saved over it.

use gambit_rules::shakmaty::Color;
use gambit_rules::{GameTree, NodeId, PgnTags};
use leptos::prelude::*;

use super::pgn::Notes;
use super::saved::{
    ANALYSIS_VERSION, SavedAnalysis, node_at, path_indices, restore_notes, save_notes,
};
use super::store::TreeStore;
use crate::storage::{self, StorageError};

/// Where the analysis board is kept.
pub const ANALYSIS_KEY: &str = "gambit.v1.analysis";

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
