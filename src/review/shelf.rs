//! Analyses kept in local storage under [`ANALYSES_KEY`]: the [`SHELF_CAPACITY`] most
//! recently used, each under its line's identity (start FEN and UCI moves), so that a
//! reload or a return shows a game's analysis at once and an unfinished one resumes.
//!
//! The analyses live under a key of their own: a full or unreadable store loses
//! analyses, never a game. Unreadable data is set aside (see [`crate::storage`]), a
//! record that does not fit its line is ignored, nothing here panics.
//!
//! The stored text is read in the `saved_analysis` chunk of the release build (serde_json's
//! reader is large, and a first visit has nothing stored), and what this tab read or
//! wrote is kept with its text: while storage holds that text, the shelf is known at
//! once; when it holds another (a first read, another tab's save), [`Lookup::Unread`]
//! says to read it ([`read_stored`]), and a save waits for that read.

use std::cell::RefCell;

use gambit_rules::Eval;
use serde::{Deserialize, Serialize};

use super::budget::Budget;
use crate::storage;

/// The local-storage key of the analyses.
pub const ANALYSES_KEY: &str = "gambit.v1.analyses";

/// How many analyses are kept; the least recently used goes first.
pub const SHELF_CAPACITY: usize = 20;

/// Where an analysis stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Progress {
    /// Nothing asked yet, or stopped (cancelled, or the engine failed): resumes when
    /// asked again.
    #[default]
    Stopped,
    /// Under way (or was, when the page was closed): resumes by itself.
    Running,
    /// Every position is evaluated.
    Done,
}

/// One line's analysis: per position (`0..=moves`), its evaluation from White's side and
/// the engine's best line from it in UCI.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StoredAnalysis {
    /// The budget it was made with; `None` for evaluations read from a PGN.
    pub budget: Option<Budget>,
    /// Where it stands.
    pub progress: Progress,
    /// The evaluation of each position, `None` where not yet known.
    pub evals: Vec<Option<Eval>>,
    /// The engine's best line from each position (empty where unknown or none).
    pub lines: Vec<Vec<String>>,
}

impl StoredAnalysis {
    /// An empty analysis of a line of `moves` moves.
    pub fn empty(moves: usize, budget: Option<Budget>) -> StoredAnalysis {
        StoredAnalysis {
            budget,
            progress: Progress::Stopped,
            evals: vec![None; moves + 1],
            lines: vec![Vec::new(); moves + 1],
        }
    }

    /// Whether it has the shape of an analysis of a line of `moves` moves.
    pub fn fits(&self, moves: usize) -> bool {
        self.evals.len() == moves + 1 && self.lines.len() == moves + 1
    }

    /// The positions still to evaluate, in order.
    pub fn missing(&self) -> Vec<usize> {
        self.evals
            .iter()
            .enumerate()
            .filter(|(_, eval)| eval.is_none())
            .map(|(ply, _)| ply)
            .collect()
    }

    /// How many positions are evaluated.
    pub fn done(&self) -> usize {
        self.evals.iter().filter(|eval| eval.is_some()).count()
    }

    /// Whether any position is evaluated.
    pub fn is_empty(&self) -> bool {
        self.evals.iter().all(Option::is_none)
    }
}

/// The identity of a line: its start FEN and its moves in UCI.
pub fn line_key(fen: &str, moves: &[String]) -> String {
    format!("{fen}|{}", moves.join(" "))
}

/// One shelved analysis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Entry {
    /// [`line_key`] of its line.
    line: String,
    analysis: StoredAnalysis,
}

/// The stored analyses, the most recently used first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Shelf {
    entries: Vec<Entry>,
}

impl Shelf {
    /// The analysis of line `key`, if kept.
    pub fn get(&self, key: &str) -> Option<&StoredAnalysis> {
        self.entries
            .iter()
            .find(|entry| entry.line == key)
            .map(|entry| &entry.analysis)
    }

    /// Keeps `analysis` as line `key`'s, the most recent; the oldest beyond `capacity`
    /// go.
    pub fn put(&mut self, key: &str, analysis: StoredAnalysis, capacity: usize) {
        self.entries.retain(|entry| entry.line != key);
        self.entries.insert(
            0,
            Entry {
                line: key.to_owned(),
                analysis,
            },
        );
        self.entries.truncate(capacity.max(1));
    }

    /// How many analyses are kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

thread_local! {
    /// The stored text this tab last read or wrote, and the shelf it holds.
    static KNOWN: RefCell<Option<(String, Shelf)>> = const { RefCell::new(None) };
}

/// What is known of a line's stored analysis.
#[derive(Debug, Clone, PartialEq)]
pub enum Lookup {
    /// The shelf is known: the line's analysis, if one that fits it is kept.
    Known(Option<StoredAnalysis>),
    /// The stored shelf is not read yet: [`read_stored`], then look again.
    Unread,
}

/// Whether analyses are stored from an earlier visit (`main.rs` asks, to have the chunk
/// that reads them ready).
pub fn shelf_stored() -> bool {
    matches!(storage::read(ANALYSES_KEY), Ok(Some(_)))
}

/// The shelf as storage holds it, when that is known without reading: none stored (or
/// no storage: nothing can be kept) is empty; the text this tab last read or wrote is
/// its shelf; `None` otherwise.
fn shelf_now() -> Option<Shelf> {
    match storage::read(ANALYSES_KEY) {
        Ok(Some(text)) => KNOWN.with_borrow(|known| {
            known
                .as_ref()
                .filter(|(known_text, _)| *known_text == text)
                .map(|(_, shelf)| shelf.clone())
        }),
        Ok(None) | Err(_) => Some(Shelf::default()),
    }
}

/// Reads the stored shelf in the `saved_analysis` chunk, so that the next lookups know it;
/// unreadable data is set aside (kept for a bug report; if even that fails the data
/// stays, and is replaced by the next save). `false` when the chunk cannot be fetched.
pub async fn read_stored() -> bool {
    let Ok(Some(text)) = storage::read(ANALYSES_KEY) else {
        return true;
    };
    match decode_in_chunk(text.clone()).await {
        Err(_) => false,
        Ok(Some(shelf)) => {
            KNOWN.set(Some((text, shelf)));
            true
        }
        Ok(None) => {
            if storage::set_aside(ANALYSES_KEY).is_err() {
                KNOWN.set(Some((text, Shelf::default())));
            }
            true
        }
    }
}

/// The stored analysis of a line of `moves` moves under `key`, if one fits it.
pub fn load_analysis(key: &str, moves: usize) -> Lookup {
    match shelf_now() {
        Some(shelf) => Lookup::Known(
            shelf
                .get(key)
                .filter(|analysis| analysis.fits(moves))
                .cloned(),
        ),
        None => Lookup::Unread,
    }
}

/// Stores `analysis` as line `key`'s (once the stored shelf is read, if it is not
/// yet). When storage is full, older analyses are dropped until it fits; when even this
/// one alone does not, it is not kept.
pub fn save_analysis(key: &str, analysis: &StoredAnalysis) {
    let (key, analysis) = (key.to_owned(), analysis.clone());
    with_shelf(move |shelf| put_and_write(shelf, &key, analysis));
}

/// Stores `analysis` (evaluations read from a PGN) as line `key`'s unless an analysis
/// with evaluations is kept for it already.
pub fn adopt(key: &str, moves: usize, analysis: StoredAnalysis) {
    let key = key.to_owned();
    with_shelf(move |shelf| {
        let kept = shelf
            .get(&key)
            .is_some_and(|kept| kept.fits(moves) && !kept.is_empty());
        if !kept {
            put_and_write(shelf, &key, analysis);
        }
    });
}

/// Runs `change` with the stored shelf: at once when it is known, else once it is
/// read (never, if it cannot be: then nothing is written over it).
fn with_shelf(change: impl FnOnce(Shelf) + 'static) {
    if let Some(shelf) = shelf_now() {
        change(shelf);
        return;
    }
    leptos::task::spawn_local(async move {
        if read_stored().await
            && let Some(shelf) = shelf_now()
        {
            change(shelf);
        }
    });
}

/// Puts `analysis` on `shelf` as line `key`'s and stores the shelf, dropping older
/// analyses while storage is full (and keeping none if even this one alone does not fit).
fn put_and_write(mut shelf: Shelf, key: &str, analysis: StoredAnalysis) {
    let mut capacity = SHELF_CAPACITY;
    loop {
        shelf.put(key, analysis.clone(), capacity);
        // Plain data with string keys: serialising cannot fail.
        let text = serde_json::to_string(&shelf).unwrap_or_default();
        match storage::write(ANALYSES_KEY, &text) {
            Ok(()) => {
                KNOWN.set(Some((text, shelf)));
                return;
            }
            Err(_) if capacity <= 1 => return,
            Err(_) => capacity = shelf.len().saturating_sub(1).max(1),
        }
    }
}

/// The shelf stored as `text`, `None` when it is not one.
fn decode(text: &str) -> Option<Shelf> {
    serde_json::from_str(text).ok()
}

crate::chunk_fn!(
    /// A stored shelf read in the `saved_analysis` chunk (`crate::chunks`).
    fn decode_in_chunk(text: String) in saved_analysis -> Option<Shelf> {
        decode(&text)
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis(first: i32) -> StoredAnalysis {
        let mut analysis = StoredAnalysis::empty(2, Some(Budget::Quick));
        analysis.evals[0] = Some(Eval::Cp(first));
        analysis
    }

    #[test]
    fn keeps_the_most_recent_within_capacity() {
        let mut shelf = Shelf::default();
        for n in 0..30 {
            shelf.put(&format!("line {n}"), analysis(n), SHELF_CAPACITY);
        }
        assert_eq!(shelf.len(), SHELF_CAPACITY);
        assert!(shelf.get("line 9").is_none());
        assert_eq!(shelf.get("line 10"), Some(&analysis(10)));
        // Using an old one again makes it the most recent.
        shelf.put("line 10", analysis(99), SHELF_CAPACITY);
        shelf.put("line 30", analysis(30), SHELF_CAPACITY);
        assert_eq!(shelf.get("line 10"), Some(&analysis(99)));
        assert!(shelf.get("line 11").is_none());
        assert_eq!(shelf.len(), SHELF_CAPACITY);
    }

    #[test]
    fn round_trips_as_json_with_pgn_evaluations() {
        let mut shelf = Shelf::default();
        let mut kept = analysis(31);
        kept.evals[2] = Some(Eval::mate(-2));
        kept.lines[0] = vec!["e2e4".to_owned()];
        shelf.put("k", kept, 5);
        let json = serde_json::to_string(&shelf).unwrap_or_default();
        assert!(json.contains(r##"["0.31",null,"#-2"]"##), "{json}");
        let back: Shelf = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, shelf);
    }

    #[test]
    fn corrupt_text_is_an_error_not_a_panic() {
        for bad in [
            "",
            "{",
            r#"{"entries":[{"line":1}]}"#,
            r#"{"entries":[{"line":"k","analysis":{"budget":"huge","progress":"done","evals":[],"lines":[]}}]}"#,
        ] {
            assert!(decode(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn an_analysis_fits_only_its_line_length() {
        let kept = StoredAnalysis::empty(4, None);
        assert!(kept.fits(4));
        assert!(!kept.fits(3));
        assert_eq!(kept.missing(), vec![0, 1, 2, 3, 4]);
        assert_eq!(analysis(0).done(), 1);
        assert_eq!(
            line_key("fen", &["e2e4".to_owned(), "e7e5".to_owned()]),
            "fen|e2e4 e7e5"
        );
    }
}
