//! The sizes of the release wasm files, raw and gzip-compressed, against the download
//! budget below: `cargo xtask build` and `cargo xtask test` fail when a file, or the
//! page and the worker together, weigh more than it allows. The sizes are
//! deterministic for a given source and toolchain, so this is a fair test; raise a
//! budget only on purpose.

use std::fs;
use std::io::Write;
use std::path::Path;

use flate2::Compression;
use flate2::write::GzEncoder;

use crate::run::root;

// The budget, in bytes after gzip (level 9), a few per cent above the sizes measured
// on 2026-11-28 at 712615a (page 624 026, worker 193 126 bytes). The page was 489 605
// and the worker 185 460 at 3d2e6aa, before the game review, the analysis board, the
// game tree with PGN variations and the page shell (about 70 KB of it the analysis
// board), and MultiPV, whole-game analysis and the message loop in the worker. About
// 60 KB of the page are shakmaty's attack tables, which pgn-reader's dependency on
// shakmaty's default features brings in. Online play (the dialog, the `/play` page, its
// socket and the online protocol's types) took the page to 732 772 bytes on
// 2026-12-01; it is part of the one wasm module until the page is split into chunks
// that load with their route. The eleven weak bots took the worker to 200 463 bytes on
// 2026-12-02 (their rules; worstfish searches with the worker's own clock type, since a
// second copy of the search for another clock cost 10 KB more). The goal is a page of at most 250 000 and both together
// at most 400 000: lower these as the page gets there.

/// The most the page's wasm may weigh, gzip-compressed …
pub const APP_GZIP_BUDGET: usize = 755_000;
/// … the engine worker's wasm …
pub const WORKER_GZIP_BUDGET: usize = 206_000;
/// … and the two together.
pub const TOTAL_GZIP_BUDGET: usize = 960_000;

/// One release wasm file's sizes.
struct Measured {
    name: String,
    raw: usize,
    gzip: usize,
}

/// Prints the raw and gzip sizes of every `.wasm` file in `dist/` and checks them
/// against the budget.
pub fn report() -> Result<(), String> {
    let measured = measure(&root().join("dist"))?;
    for file in &measured {
        println!(
            "  {:<40} {:>8.1} KiB raw {:>8.1} KiB gzip",
            file.name,
            file.raw as f64 / 1024.0,
            file.gzip as f64 / 1024.0
        );
    }
    let over = over_budget(&measured);
    if over.is_empty() {
        Ok(())
    } else {
        Err(format!("over the download budget: {}", over.join("; ")))
    }
}

/// The sizes of the `.wasm` files in `dist`, by name.
fn measure(dist: &Path) -> Result<Vec<Measured>, String> {
    let entries =
        fs::read_dir(dist).map_err(|error| format!("cannot read {}: {error}", dist.display()))?;
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "wasm"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err("no .wasm files in dist/: run the release build first".to_owned());
    }
    let mut measured = Vec::new();
    for path in files {
        let bytes =
            fs::read(&path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
        encoder
            .write_all(&bytes)
            .map_err(|error| format!("gzip failed: {error}"))?;
        let gzip = encoder
            .finish()
            .map_err(|error| format!("gzip failed: {error}"))?;
        measured.push(Measured {
            name: path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            raw: bytes.len(),
            gzip: gzip.len(),
        });
    }
    Ok(measured)
}

/// What exceeds the budget, in words (empty when everything fits). The worker's file
/// is `worker_bg.wasm`; every other wasm file counts as the page's.
fn over_budget(measured: &[Measured]) -> Vec<String> {
    let (worker, app): (Vec<&Measured>, Vec<&Measured>) = measured
        .iter()
        .partition(|file| file.name.starts_with("worker"));
    let gzip = |files: &[&Measured]| files.iter().map(|file| file.gzip).sum::<usize>();
    let checks = [
        ("the page's wasm", gzip(&app), APP_GZIP_BUDGET),
        ("the worker's wasm", gzip(&worker), WORKER_GZIP_BUDGET),
        (
            "page and worker together",
            gzip(&app) + gzip(&worker),
            TOTAL_GZIP_BUDGET,
        ),
    ];
    checks
        .into_iter()
        .filter(|&(_, size, budget)| size > budget)
        .map(|(what, size, budget)| format!("{what}: {size} bytes gzip, budget {budget}"))
        .collect()
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

    #[test]
    fn sizes_within_the_budget_pass_and_each_excess_is_named() {
        let fits = [
            file("gambit-1a2b_bg.wasm", APP_GZIP_BUDGET),
            file("worker_bg.wasm", TOTAL_GZIP_BUDGET - APP_GZIP_BUDGET),
        ];
        assert!(over_budget(&fits).is_empty());
        let page = APP_GZIP_BUDGET + 1;
        let worker = TOTAL_GZIP_BUDGET - APP_GZIP_BUDGET;
        let heavy_page = [
            file("gambit-1a2b_bg.wasm", page),
            file("worker_bg.wasm", worker),
        ];
        assert_eq!(
            over_budget(&heavy_page),
            [
                format!("the page's wasm: {page} bytes gzip, budget {APP_GZIP_BUDGET}"),
                format!(
                    "page and worker together: {} bytes gzip, budget {TOTAL_GZIP_BUDGET}",
                    page + worker
                ),
            ]
        );
        let heavy_worker = [
            file("gambit-1a2b_bg.wasm", 1_000),
            file("worker_bg.wasm", WORKER_GZIP_BUDGET + 1),
        ];
        assert_eq!(
            over_budget(&heavy_worker),
            [format!(
                "the worker's wasm: {} bytes gzip, budget {WORKER_GZIP_BUDGET}",
                WORKER_GZIP_BUDGET + 1
            )]
        );
    }
}
