//! The sizes of the release build's wasm and scripts, raw and gzip-compressed, per file
//! and per route, against the download budget below: `cargo xtask build` and
//! `cargo xtask test` fail when a route, or the engine worker, weighs more than it
//! allows. The sizes are deterministic for a given source and toolchain, so this is a
//! fair test; raise a budget only on purpose.
//!
//! What a route downloads for its first view: the page's main module and its scripts
//! (`page-<hash>/`, `crate::page`), then the chunks that view shows (the route's own,
//! `split_<name>.wasm`, and any other it shows at once) and the shared chunks they
//! depend on (`chunk_<n>.wasm`), which the loader `__wasm_split.js` lists with the
//! splits that use each.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use flate2::Compression;
use flate2::write::GzEncoder;

use crate::page::{DIR_PREFIX, shared_chunks};
use crate::run::root;

// The budgets, in bytes after gzip (level 9): for `/` and `/friend` the goal of the
// issue "Load only what the page needs", 300 000, reached on 2026-12-06 (the whole page
// was 748 000 in one module before the split into route chunks, 585 000 after it,
// 516 300 once PGN was read in the engine worker, 453 100 once the panels, the dialog
// and the review view were chunks, 380 000 once a game page's review, PGN writing and
// reading, JSON values and key tables left the main module, 352 200 once the home
// page's online games, the controls' panels and the board's overlays became chunks,
// 343 100 with the scripts minified and Leptos's views type-erased, 319 100 since a
// stored game is read in a chunk, and 281 400 since the main module reads no JSON,
// formats no floats and sorts nothing); for `/computer` the goal of 350 000 too,
// reached the same day (its first view reads no JSON, formats no floats and sorts
// nothing, and the engine's and Stockfish's clients are chunks: 341 700); for the others
// a few per cent above the sizes measured that day: with a stored game, 60 000 to
// 68 000 more; `/play/<id>` 207 000 more than `/friend`, and `/analysis` 132 000 more
// with a board and reviews stored. For `/analysis` the goal of 350 000, reached the same
// day (343 300: evaluations read without floats, and its review, its engine, its PGN
// panel and the writing of its board in chunks that come after its first view or with
// their first use; 477 000 before).

/// The routes and the chunks each loads with its first view (none: the main module
/// alone; `/analysis` starts its engine, and so fetches the engine's client and the
/// arrow's overlay, once its first view is in; a game page with a game stored from an earlier visit, `+game`,
/// reads it in `saved_game`, and the computer's may be the computer's turn, which needs
/// the engine's client; `/analysis+saved` with a board and reviews stored, read in
/// `saved_analysis`, and the line's review shown, in `review`; `/analysis` fetches
/// `review` once its first view is in), with the most that route may download, gzip.
const ROUTES: [(&str, &[&str], usize); 8] = [
    ("/", &[], 300_000),
    ("/friend", &[], 300_000),
    ("/friend+game", &["saved_game"], 346_000),
    ("/computer", &["computer"], 350_000),
    (
        "/computer+game",
        &["computer", "saved_game", "engine_client"],
        421_000,
    ),
    ("/analysis", &["analysis"], 350_000),
    (
        "/analysis+saved",
        &["analysis", "saved_analysis", "review"],
        500_000,
    ),
    ("/play/<id>", &["online"], 500_000),
];
/// The most the engine worker's wasm may weigh, gzip-compressed: 167 100 measured on
/// 2026-12-06, its data no longer cut into segments at runs of zeros (193 500 before,
/// with its messages in postcard and one root-move sort; 209 912 before those; 193 100
/// before the bots and PGN reading came into it, the issue's goal).
pub const WORKER_GZIP_BUDGET: usize = 172_000;

/// One file's sizes.
#[derive(Debug, Clone, PartialEq)]
struct Measured {
    name: String,
    raw: usize,
    gzip: usize,
}

/// Prints every file's sizes and every route's total, and checks them against the
/// budget.
pub fn report() -> Result<(), String> {
    let dist = root().join("dist");
    let page = page_dir(&dist)?;
    let mut files = measure_dir(&page)?;
    files.sort_by(|a, b| a.name.cmp(&b.name));
    let loader = fs::read_to_string(page.join("__wasm_split.js"))
        .map_err(|error| format!("cannot read the chunk loader: {error}"))?;
    let shared = shared_chunks(&loader);
    for file in &files {
        print_line(&file.name, file.raw, file.gzip);
    }
    let worker = measure_file(&dist.join("worker_bg.wasm"))?;
    print_line("worker_bg.wasm (engine worker)", worker.raw, worker.gzip);
    println!();
    let mut over = Vec::new();
    for (route, chunks, budget) in ROUTES {
        let gzip = route_gzip(&files, &shared, chunks);
        println!(
            "  {route:<14} {:>8.1} KiB gzip (budget {:.1} KiB)",
            gzip as f64 / 1024.0,
            budget as f64 / 1024.0
        );
        if gzip > budget {
            over.push(format!("{route}: {gzip} bytes gzip, budget {budget}"));
        }
    }
    if worker.gzip > WORKER_GZIP_BUDGET {
        over.push(format!(
            "the worker's wasm: {} bytes gzip, budget {WORKER_GZIP_BUDGET}",
            worker.gzip
        ));
    }
    if over.is_empty() {
        Ok(())
    } else {
        Err(format!("over the download budget: {}", over.join("; ")))
    }
}

fn print_line(name: &str, raw: usize, gzip: usize) {
    println!(
        "  {name:<40} {:>8.1} KiB raw {:>8.1} KiB gzip",
        raw as f64 / 1024.0,
        gzip as f64 / 1024.0
    );
}

/// The gzip bytes a route downloads: every file of the build's directory but the
/// chunks, then its chunks and the shared chunks they use (each file once).
fn route_gzip(
    files: &[Measured],
    shared: &BTreeMap<String, Vec<String>>,
    chunks: &[&str],
) -> usize {
    files
        .iter()
        .filter(|file| {
            if !file.name.ends_with(".wasm") || file.name == "gambit_bg.wasm" {
                return true;
            }
            chunks.iter().any(|chunk| {
                file.name == format!("split_{chunk}.wasm")
                    || shared
                        .get(&file.name)
                        .is_some_and(|users| users.iter().any(|user| user == chunk))
            })
        })
        .map(|file| file.gzip)
        .sum()
}

/// The build's directory in `dist` (`page-<hash>`): exactly one.
fn page_dir(dist: &Path) -> Result<PathBuf, String> {
    let entries =
        fs::read_dir(dist).map_err(|error| format!("cannot read {}: {error}", dist.display()))?;
    let dirs: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.is_dir()
                && path
                    .file_name()
                    .is_some_and(|name| name.to_string_lossy().starts_with(DIR_PREFIX))
        })
        .collect();
    match dirs.as_slice() {
        [dir] => Ok(dir.clone()),
        [] => Err("no page-<hash>/ in dist/: run the release build first".to_owned()),
        _ => Err("more than one page-<hash>/ in dist/".to_owned()),
    }
}

/// The sizes of the `.wasm` and `.js` files directly in `dir`.
fn measure_dir(dir: &Path) -> Result<Vec<Measured>, String> {
    let entries =
        fs::read_dir(dir).map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension()
                .is_some_and(|ext| ext == "wasm" || ext == "js")
        })
        .map(|path| measure_file(&path))
        .collect()
}

fn measure_file(path: &Path) -> Result<Measured, String> {
    let bytes =
        fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder
        .write_all(&bytes)
        .map_err(|error| format!("gzip failed: {error}"))?;
    let gzip = encoder
        .finish()
        .map_err(|error| format!("gzip failed: {error}"))?;
    Ok(Measured {
        name: path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned(),
        raw: bytes.len(),
        gzip: gzip.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, gzip: usize) -> Measured {
        Measured {
            name: name.to_owned(),
            raw: 4 * gzip,
            gzip,
        }
    }

    const LOADER: &str = r#"
/* analysis, computer */
const __chunk_4 = makeLoad(() => {
    const src = fetch(new URL("./chunk_4.wasm", import.meta.url));
/* online */
const __chunk_5 = makeLoad(() => {
    const src = fetch(new URL("./chunk_5.wasm", import.meta.url));
export const __wasm_split_load_online = wrapAsyncCb(makeLoad(() => {
    const src = fetch(new URL("./split_online.wasm", import.meta.url));
"#;

    #[test]
    fn the_loader_says_which_splits_use_each_shared_chunk() {
        let shared = shared_chunks(LOADER);
        assert_eq!(shared.len(), 2);
        assert_eq!(shared["chunk_4.wasm"], ["analysis", "computer"]);
        assert_eq!(shared["chunk_5.wasm"], ["online"]);
    }

    #[test]
    fn a_route_counts_the_main_module_its_chunk_and_the_chunks_that_chunk_uses() {
        let files = [
            file("gambit_bg.wasm", 1000),
            file("gambit.js", 100),
            file("boot.js", 10),
            file("split_analysis.wasm", 200),
            file("split_online.wasm", 300),
            file("chunk_4.wasm", 20),
            file("chunk_5.wasm", 30),
        ];
        let shared = shared_chunks(LOADER);
        assert_eq!(route_gzip(&files, &shared, &[]), 1110);
        assert_eq!(route_gzip(&files, &shared, &["analysis"]), 1110 + 200 + 20);
        assert_eq!(route_gzip(&files, &shared, &["online"]), 1110 + 300 + 30);
    }

    #[test]
    fn a_route_of_two_chunks_counts_a_chunk_they_share_once() {
        let files = [
            file("gambit_bg.wasm", 1000),
            file("split_analysis.wasm", 200),
            file("split_computer.wasm", 400),
            file("chunk_4.wasm", 20),
            file("chunk_5.wasm", 30),
        ];
        let shared = shared_chunks(LOADER);
        assert_eq!(
            route_gzip(&files, &shared, &["analysis", "computer"]),
            1000 + 200 + 400 + 20
        );
    }
}
