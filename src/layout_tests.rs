//! The page's folders import one way (`docs/architecture.md`, "The page's folders"):
//! a file may name `crate::<folder>` only for its own folder or one below it.

use std::fs;
use std::path::Path;

/// Each top-level module with its rank: a module may import those of a lower rank (and
/// the shared ones, rank 0, one another).
const RANKS: [(&str, u8); 16] = [
    ("ui", 0),
    ("chunks", 0),
    ("engine_worker", 0),
    ("prefs", 0),
    ("storage", 0),
    ("sound", 0),
    ("offline", 0),
    ("panic_banner", 0),
    ("board", 1),
    ("game", 2),
    ("opponent", 3),
    ("review", 4),
    ("pgn_fen", 5),
    ("analysis_board", 6),
    ("online", 7),
    ("pages", 8),
];

fn rank(module: &str) -> Option<u8> {
    RANKS
        .iter()
        .find(|(name, _)| *name == module)
        .map(|&(_, rank)| rank)
}

/// The `crate::<module>` names in `text`.
fn crate_imports(text: &str) -> Vec<&str> {
    text.match_indices("crate::")
        .map(|(at, prefix)| {
            let rest = &text[at + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

/// Every `.rs` file under `dir`, with the top-level module it belongs to.
fn files(dir: &Path, module: Option<&str>, out: &mut Vec<(String, std::path::PathBuf)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            files(&path, Some(module.unwrap_or(&name)), out);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            out.push((module.unwrap_or(stem).to_owned(), path));
        }
    }
}

/// The imports in `src/` that go up the ranks, as "file: crate::module".
fn upward_imports(src: &Path) -> Vec<String> {
    let mut all = Vec::new();
    files(src, None, &mut all);
    let mut wrong = Vec::new();
    for (module, path) in all {
        // The crate root and the tests of this file list every module.
        let Some(own) = rank(&module) else {
            continue;
        };
        let text = fs::read_to_string(&path).unwrap_or_default();
        for used in crate_imports(&text) {
            let allowed =
                used == module || rank(used).is_none_or(|r| r < own || r == 0 && own == 0);
            if !allowed {
                wrong.push(format!("{}: crate::{used}", path.display()));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    wrong
}

#[test]
fn every_top_level_module_has_a_rank() {
    let mut all = Vec::new();
    files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        None,
        &mut all,
    );
    let unranked: Vec<_> = all
        .iter()
        .map(|(module, _)| module.as_str())
        .filter(|m| rank(m).is_none() && !["lib", "main", "layout_tests"].contains(m))
        .collect();
    assert!(unranked.is_empty(), "not in RANKS: {unranked:?}");
}

#[test]
fn imports_run_down_the_folders() {
    let wrong = upward_imports(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(
        wrong.is_empty(),
        "imports against the layout:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn an_import_up_the_folders_is_found() {
    let dir = std::env::temp_dir().join(format!("gambit-layout-{}", std::process::id()));
    let board = dir.join("board");
    fs::create_dir_all(&board).unwrap();
    fs::write(
        board.join("square.rs"),
        "use crate::game::store::GameStore;\nuse crate::board::piece;\nuse crate::storage;\n",
    )
    .unwrap();
    let wrong = upward_imports(&dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(wrong[0].ends_with("square.rs: crate::game"), "{wrong:?}");
}
