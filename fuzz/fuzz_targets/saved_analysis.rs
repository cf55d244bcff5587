//! The analysis board as read back from `localStorage`: the app's `SavedAnalysis`
//! (src/analysis_board/saved.rs, compiled here as it is), whose tree is replayed and
//! checked by the rules' `GameTree` deserialisation, then the position shown and the
//! notes found again in that tree as the page does. Nothing panics; what is read saves
//! again, as the page saves it, to a record that reads back the same.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "app_game.rs"]
mod game;

#[path = "app_analysis.rs"]
mod analysis_board;

use analysis_board::saved::{SavedAnalysis, node_at, path_indices, restore_notes, save_notes};

fuzz_target!(|text: &str| {
    let Ok(read) = serde_json::from_str::<SavedAnalysis>(text) else {
        return;
    };
    let current = node_at(&read.tree, &read.at);
    let notes = restore_notes(&read.tree, read.notes.clone());
    let saved = SavedAnalysis {
        at: path_indices(&read.tree, current),
        notes: save_notes(&read.tree, &notes),
        ..read.clone()
    };
    let text = serde_json::to_string(&saved).expect("a read analysis is written");
    let again: SavedAnalysis = serde_json::from_str(&text).expect("a saved analysis reads");
    assert_eq!(again.tree.to_record(), read.tree.to_record());
    assert_eq!(again, saved);
    assert_eq!(node_at(&again.tree, &again.at), node_at(&read.tree, &saved.at));
    assert_eq!(restore_notes(&again.tree, again.notes.clone()), notes);
});
