//! The analysis board between visits: the tree, what is known of its moves (imported
//! evaluations, NAGs, comments), an imported game's tags, the position shown, the
//! board's orientation and whether the engine is on, saved under `gambit.v1.analysis`
//! (in the form of [`super::saved`]) at every change. Unreadable data is set aside
//! (`<key>.unreadable.<time>`), never destroyed and never a panic; when it cannot be set
//! aside, nothing is saved over it.
//!
//! The stored text is read and written in the `saved_analysis` chunk of the release
//! build (serde_json's reader and this record's writer are large, and a first visit has
//! nothing stored); the board this tab saved itself, while storage still holds it, or
//! asked to save and has not written yet, is taken back as it was, with no chunk.

use std::cell::{Cell, RefCell};

use gambit_rules::shakmaty::Color;
use gambit_rules::{GameTree, NodeId, PgnTags};
use leptos::prelude::*;

use super::pgn::Notes;
use super::saved::{
    ANALYSIS_VERSION, SavedAnalysis, node_at, path_indices, restore_notes, save_notes,
};
use super::store::TreeStore;
use crate::chunks::spawn_first_view_part;
use crate::storage;

thread_local! {
    /// How many saves were asked for (the last one's text is written).
    static SAVES: Cell<u64> = const { Cell::new(0) };
    /// The board this tab last asked to save, until it is written (or cannot be): the
    /// board shown again in this tab meanwhile.
    static UNWRITTEN: RefCell<Option<Restored>> = const { RefCell::new(None) };
    /// The board this tab saved last, as its text and as it was.
    static SAVED_HERE: RefCell<Option<(String, Restored)>> = const { RefCell::new(None) };
    /// Whether the board's writer was asked for as the person came to the board.
    static WRITER_ASKED: Cell<bool> = const { Cell::new(false) };
}

/// Where the analysis board is kept.
pub const ANALYSIS_KEY: &str = "gambit.v1.analysis";

/// What the board starts with.
#[derive(Clone)]
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

/// Runs `done` with what the board starts with: the saved board, or the start position
/// when there is none or it is unreadable. The stored text is read in the
/// `saved_analysis` chunk, a part of the first view while the page shell is up (`crate::chunks`); at
/// once when nothing is stored or storage holds the board this tab saved. If the chunk
/// cannot be fetched, the start position, and nothing is saved over the stored board.
pub fn restore_then(done: impl FnOnce(Restored) + 'static) {
    // What this tab asked to save and has not written yet is what storage will hold.
    if let Some(board) = UNWRITTEN.with_borrow(Clone::clone) {
        return done(board);
    }
    let text = match storage::read(ANALYSIS_KEY) {
        Ok(Some(text)) => text,
        Ok(None) => return done(fresh(true, None)),
        Err(error) => {
            return done(fresh(
                true,
                Some(format!("The analysis cannot be saved here: {error}.")),
            ));
        }
    };
    if let Some(saved) = saved_here(&text) {
        return done(saved);
    }
    spawn_first_view_part(async move {
        done(match restore_in_chunk(text).await {
            Ok(restored) => restored,
            Err(_) => fresh(
                false,
                Some(
                    "Your saved analysis could not be loaded (check the connection and reload \
                     the page). It is kept, and this board will not be saved."
                        .to_owned(),
                ),
            ),
        });
    });
}

/// Whether a board is saved from an earlier visit (`main.rs` asks, to have the chunk
/// that reads it ready).
pub fn board_stored() -> bool {
    matches!(storage::read(ANALYSIS_KEY), Ok(Some(_)))
}

/// Fetches and instantiates the `saved_analysis` chunk now (`main.rs` asks once the first
/// view is in, when a board or reviews are stored), so that the analysis board or a
/// review shown later reads them at once.
pub fn prepare_to_read_saved_analysis() {
    leptos::task::spawn_local(async {
        // A failure is told when the board or a review is read.
        let _ = preload_saved_analysis().await;
    });
}

/// Fetches the board's writer (the `saved_analysis` chunk) once, as the person comes to
/// the board: the pointer over it or the focus in it comes before a move on it, so that
/// move is written at once, and a reload right after it loses nothing (until the writer
/// is in, a change is kept in the tab alone; a change made elsewhere first, such as a
/// PGN imported, fetches it itself). A visit that only looks at the page never fetches
/// it.
pub fn fetch_writer_on_approach() {
    if !WRITER_ASKED.replace(true) {
        prepare_to_read_saved_analysis();
    }
}

/// The start position, saved or not, with what the player must be told.
fn fresh(saving: bool, notice: Option<String>) -> Restored {
    Restored {
        tree: GameTree::new(),
        notes: Notes::new(),
        tags: None,
        current: GameTree::new().root(),
        orientation: Color::White,
        engine: true,
        saving,
        notice,
    }
}

/// What the board starts with, from the stored board as read: unreadable data (or a
/// version this build does not know) is set aside, and the start position comes.
fn restored(decoded: Result<SavedAnalysis, String>) -> Restored {
    let saved = match decoded {
        Ok(saved) if saved.version == ANALYSIS_VERSION => saved,
        Ok(saved) => return unreadable(format!("unknown format version {}", saved.version)),
        Err(reason) => return unreadable(reason),
    };
    Restored {
        current: node_at(&saved.tree, &saved.at),
        notes: restore_notes(&saved.tree, saved.notes),
        tags: saved.tags,
        tree: saved.tree,
        orientation: saved.orientation,
        engine: saved.engine,
        saving: true,
        notice: None,
    }
}

/// The start position after the stored board could not be read for `reason`: set aside
/// if it can be, else left where it is and not saved over.
fn unreadable(reason: String) -> Restored {
    match storage::set_aside(ANALYSIS_KEY) {
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
    }
}

/// The board this tab saved last, if storage still holds its `text`.
fn saved_here(text: &str) -> Option<Restored> {
    SAVED_HERE.with_borrow(|saved| {
        saved
            .as_ref()
            .filter(|(saved_text, _)| saved_text == text)
            .map(|(_, saved)| saved.clone())
    })
}

/// The board stored as `text`, or why it cannot be read.
fn decode(text: &str) -> Result<SavedAnalysis, String> {
    serde_json::from_str(text).map_err(|error| error.to_string())
}

crate::chunk_fn!(
    /// `board` as stored, written in the `saved_analysis` chunk (with serde_json's writer).
    fn encode_in_chunk(board: Restored) in saved_analysis -> String {
        let record = SavedAnalysis {
            version: ANALYSIS_VERSION,
            at: path_indices(&board.tree, board.current),
            notes: save_notes(&board.tree, &board.notes),
            tree: board.tree,
            orientation: board.orientation,
            engine: board.engine,
            tags: board.tags,
        };
        // Plain data with string keys: serialising cannot fail.
        serde_json::to_string(&record).unwrap_or_default()
    }
);

crate::chunk_fn!(
    /// What the board starts with, from the board stored as `text`, read in the
    /// `saved_analysis` chunk (unreadable data is set aside there).
    fn restore_in_chunk(text: String) in saved_analysis, preload(preload_saved_analysis)
        -> Restored {
        restored(decode(&text))
    }
);

/// Whether `board` is the start position as a first visit shows it (no moves, notes or
/// tags, White at the bottom, the engine on) while nothing is stored and no save is on
/// its way: storage then already means that board, and writing it would only fetch the
/// writer's chunk with the first view.
fn untouched_and_nothing_stored(board: &Restored) -> bool {
    board.tree == GameTree::new()
        && board.notes.is_empty()
        && board.tags.is_none()
        && board.orientation == Color::White
        && board.engine
        && UNWRITTEN.with_borrow(Option::is_none)
        && matches!(storage::read(ANALYSIS_KEY), Ok(None))
}

/// Saves the board whenever the tree, the position shown, the orientation or the
/// engine switch changes, once `saving` says it may (not before the stored board is
/// read, nor when it could not be); a failure is told through `notice`. A first
/// visit's untouched board is not written (`untouched_and_nothing_stored`). The board
/// is written in the `saved_analysis` chunk (with serde_json's writer), fetched as the
/// person comes to the board ([`fetch_writer_on_approach`]) or with the first change if
/// it is not there yet (a visit that reads a stored board or stored reviews has it):
/// until then the change waits for it, and the board shown again in this tab is the one
/// waiting. The last change's save wins.
pub fn save_on_change(
    store: TreeStore,
    engine_on: Signal<bool>,
    saving: StoredValue<bool>,
    notice: RwSignal<Option<String>>,
) {
    Effect::new(move |_| {
        let current = store.current().get();
        let board = Restored {
            tree: store.tree().get(),
            notes: store.notes().get(),
            tags: store.tags().get(),
            current,
            orientation: store.orientation().get(),
            engine: engine_on.get(),
            saving: true,
            notice: None,
        };
        if !saving.get_value() || untouched_and_nothing_stored(&board) {
            return;
        }
        let save = SAVES.get() + 1;
        SAVES.set(save);
        UNWRITTEN.set(Some(board.clone()));
        leptos::task::spawn_local(async move {
            let encoded = encode_in_chunk(board.clone()).await;
            // A later change has its own save, which may end first: the last one wins.
            if SAVES.get() != save {
                return;
            }
            UNWRITTEN.set(None);
            let written = match encoded {
                Ok(text) => storage::write(ANALYSIS_KEY, &text)
                    .map(|()| SAVED_HERE.set(Some((text, board))))
                    .map_err(|error| error.to_string()),
                Err(_) => Err("its code could not be loaded (check the connection)".to_owned()),
            };
            if let Err(reason) = written {
                notice.try_set(Some(format!("The analysis could not be saved: {reason}.")));
            }
        });
    });
}
