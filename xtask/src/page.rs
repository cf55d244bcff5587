//! The page's WebAssembly, split into a main module and chunks that load with the
//! feature that needs them (`cargo xtask page`, which Trunk runs as its `post_build`
//! hook, `Trunk.toml`). Trunk builds the engine worker, the styles and the copied files;
//! it cannot build the page, because the split happens between the compiler's output and
//! wasm-bindgen, where Trunk has no step. So this does what cargo-leptos does for
//! `--split`:
//!
//! 1. `cargo build` of the page with the `split` feature (the `#[wasm_split]` points,
//!    `src/chunks.rs`), `--emit-relocs` and Leptos's `erase_components`, in a target
//!    directory of its own, since those flags would rebuild everything that shares one
//!    with them;
//! 2. `wasm-split-cli` (crates.io's `wasm_split_cli_support`): the main module, the
//!    chunks and `__wasm_split.js`, the loader through which the main module fetches a
//!    chunk;
//! 3. `wasm-bindgen --target web --keep-lld-exports` on the main module alone (a chunk
//!    links against the main module's exports, table included);
//! 4. `wasm-opt -Oz` on every module;
//! 5. `terser` on the bindings and `boot.js`, which wasm-bindgen and this repository
//!    write readable and every route downloads before the page starts (the loader stays
//!    as written: its comments list the splits of each shared chunk, which `sizes` and
//!    `chunks.js` read; `chunks.js` is a few lines);
//! 6. all of it, with `shell/boot.js`, into one directory named after the hash of its
//!    files (`page-<hash>/`), so that a chunk is always of the build that asks for it and
//!    no name inside a file needs rewriting; then `index.html` in Trunk's staging
//!    directory loads `boot.js` from there in place of the page's skipped `rust` link;
//!    `chunks.js` beside it lists each chunk's files for `boot.js`.
//!
//! With `GAMBIT_WASM_NAMES=1` the modules keep their functions' names (wasm-bindgen's
//! `--keep-debug`, wasm-opt's `-g`): `twiggy top dist/page-*/gambit_bg.wasm` then names
//! what the main module is made of, and a profile names the functions.

use std::collections::BTreeMap;
use std::fs;
use std::hash::{DefaultHasher, Hasher};
use std::path::{Path, PathBuf};

use crate::run::{command, root, run};

/// The target directory of the page's split build.
const TARGET_DIR: &str = "target/page";
/// The name of the page's binary, and so of its main module and its bindings.
const NAME: &str = "gambit";
/// The page's `rust` link in `index.html`, which Trunk skips (`data-trunk-skip`) and
/// leaves in place: it marks where the page's scripts go.
const PAGE_LINK: &str = r#"<link data-trunk rel="rust" data-bin="gambit" data-trunk-skip"#;
/// The prefix of the build's directory.
pub const DIR_PREFIX: &str = "page-";
/// The WebAssembly features the modules use: what Rust 1.95 enables for
/// wasm32-unknown-unknown, and SIMD (`.cargo/config.toml`). wasm-opt is told them
/// because a chunk, written by wasm-split-cli, carries no list of its own.
const WASM_FEATURES: [&str; 7] = [
    "--enable-bulk-memory",
    "--enable-multivalue",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-reference-types",
    "--enable-sign-ext",
    "--enable-simd",
];

/// Builds the split page into Trunk's staging directory (`TRUNK_STAGING_DIR`).
pub fn build() -> Result<(), String> {
    let staging = std::env::var_os("TRUNK_STAGING_DIR")
        .map(PathBuf::from)
        .ok_or("`cargo xtask page` is Trunk's post_build hook: TRUNK_STAGING_DIR is not set")?;
    let root = root();
    let target = root.join(TARGET_DIR);
    compile(&target)?;
    let linked = target.join(format!("wasm32-unknown-unknown/release/{NAME}.wasm"));
    // One work directory per destination, so that two builds at once (`cargo xtask
    // serve` into target/dev-dist, `cargo xtask test` into dist) do not clear each
    // other's files; cargo itself serialises the compile above on its lock.
    let work = target.join("work").join(work_name(&staging));
    let split = fresh_dir(&work.join("split"))?;
    let bound = fresh_dir(&work.join("bound"))?;
    run(
        "wasm-split-cli",
        &[
            &linked.to_string_lossy(),
            &split.to_string_lossy(),
            "--target",
            "web",
            "--out-name",
            NAME,
        ],
    )?;
    let out_dir = bound.to_string_lossy();
    let main_module = split.join(format!("{NAME}.wasm"));
    let main_module = main_module.to_string_lossy();
    let mut args = vec![
        "--target",
        "web",
        "--keep-lld-exports",
        "--no-demangle",
        "--no-typescript",
        "--out-dir",
        &out_dir,
        "--out-name",
        NAME,
        &main_module,
    ];
    if keep_names() {
        args.push("--keep-debug");
    }
    run("wasm-bindgen", &args)?;
    // The chunks and the loader go beside the bindings; the unbound main module does not.
    for entry in read_dir(&split)? {
        let name = entry.file_name().unwrap_or_default();
        if name.to_string_lossy() != format!("{NAME}.wasm") {
            copy(&entry, &bound.join(name))?;
        }
    }
    for entry in read_dir(&bound)? {
        if entry.extension().is_some_and(|ext| ext == "wasm") {
            optimise(&entry)?;
        }
    }
    copy(&root.join("shell/boot.js"), &bound.join("boot.js"))?;
    let loader = fs::read_to_string(bound.join("__wasm_split.js"))
        .map_err(|error| format!("cannot read the chunk loader: {error}"))?;
    let splits: Vec<String> = read_dir(&bound)?
        .iter()
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?;
            Some(
                name.strip_prefix("split_")?
                    .strip_suffix(".wasm")?
                    .to_owned(),
            )
        })
        .collect();
    fs::write(
        bound.join("chunks.js"),
        chunk_files_module(&splits, &shared_chunks(&loader)),
    )
    .map_err(|error| format!("cannot write chunks.js: {error}"))?;
    for script in [format!("{NAME}.js"), "boot.js".to_owned()] {
        minify(&bound.join(script))?;
    }
    let dir_name = format!("{DIR_PREFIX}{:016x}", hash_of_dir(&bound)?);
    let dest = staging.join(&dir_name);
    if dest.exists() {
        fs::remove_dir_all(&dest).map_err(|error| format!("cannot clear {dir_name}: {error}"))?;
    }
    copy_dir(&bound, &dest)?;
    let index = staging.join("index.html");
    let html = fs::read_to_string(&index)
        .map_err(|error| format!("cannot read {}: {error}", index.display()))?;
    let html = load_page_from(&html, &dir_name)?;
    fs::write(&index, html)
        .map_err(|error| format!("cannot write {}: {error}", index.display()))?;
    println!("page: {dir_name}/ ({} files)", read_dir(&dest)?.len());
    Ok(())
}

/// The name of a build's work directory: the file name of Trunk's destination
/// (`TRUNK_DIST_DIR`), else of the staging directory's parent.
fn work_name(staging: &Path) -> String {
    let dist = std::env::var_os("TRUNK_DIST_DIR").map(PathBuf::from);
    let dist = dist.as_deref().or_else(|| staging.parent());
    dist.and_then(Path::file_name).map_or_else(
        || "dist".to_owned(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// Step 1: the page, linked with its relocations for wasm-split-cli.
fn compile(target: &Path) -> Result<(), String> {
    println!("$ cargo build --release (the page, split) --target-dir {TARGET_DIR}");
    let status = command("cargo")
        .args([
            "build",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
            "-p",
            NAME,
            "--bin",
            NAME,
            "--features",
            "split",
            "--target-dir",
        ])
        .arg(target)
        // In place of `.cargo/config.toml`'s flags for the target, which RUSTFLAGS replaces.
        // `--cfg erase_components`: Leptos's views type-erased at component boundaries,
        // 8 to 32 KiB gzip less a route (docs/figures.md). It makes a page's first build a
        // little slower, which cost `/analysis` past 150 ms of Lighthouse's blocking time
        // while the whole page was built in one task; with the start in pieces
        // (src/ui/start.rs) the blocking time stays far below that.
        .env(
            "RUSTFLAGS",
            "-C target-feature=+simd128 -C link-args=--emit-relocs --cfg erase_components",
        )
        .status()
        .map_err(|error| format!("could not start cargo: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the page's build failed ({status})"))
    }
}

/// Step 4: one module through wasm-opt, in place, without the custom sections that
/// only name the tools and the target's features (nothing reads them at run time; some
/// 17 KB over all the modules), and without the `memory-packing` pass: it cuts the data
/// at every run of zeros into segments of their own, which saves raw bytes but costs
/// gzip more than it saves (each segment's header compresses worse than the zeros). The
/// engine worker, built by Trunk, skips it too (`index.html`): 26 KiB less gzip there,
/// with its shakmaty attack tables, and the same code section byte for byte.
fn optimise(wasm: &Path) -> Result<(), String> {
    let path = wasm.to_string_lossy();
    let mut args = vec![
        "-Oz",
        "--strip-producers",
        "--strip-target-features",
        "--skip-pass=memory-packing",
        "--output",
        &path,
        &path,
    ];
    args.extend(WASM_FEATURES);
    if keep_names() {
        args.push("-g");
    }
    run("wasm-opt", &args)
}

/// Whether the page's modules keep their functions' names (`GAMBIT_WASM_NAMES=1`), for
/// twiggy and for profiles. They are then far larger, so `cargo xtask build`'s size step
/// fails, after `dist/` is written.
fn keep_names() -> bool {
    std::env::var_os("GAMBIT_WASM_NAMES").is_some_and(|value| !value.is_empty())
}

/// Step 5: one script through terser, in place: compressed and with its local names
/// shortened. A module (`import.meta`, top-level `await`), so its exports keep their
/// names.
fn minify(script: &Path) -> Result<(), String> {
    let path = script.to_string_lossy();
    run(
        "terser",
        &[
            &path,
            "--module",
            "--compress",
            "--mangle",
            "--output",
            &path,
        ],
    )
}

/// The shared chunks of the loader's text and the splits that use each: it writes
/// `/* analysis, computer */` above the chunk it then fetches as `./chunk_4.wasm`.
pub fn shared_chunks(loader: &str) -> BTreeMap<String, Vec<String>> {
    let mut shared = BTreeMap::new();
    let mut users: Option<Vec<String>> = None;
    for line in loader.lines() {
        let line = line.trim();
        if let Some(list) = line
            .strip_prefix("/*")
            .and_then(|rest| rest.strip_suffix("*/"))
        {
            users = Some(list.split(',').map(|user| user.trim().to_owned()).collect());
        } else if let Some(rest) = line.split("new URL(\"./").nth(1)
            && let Some(name) = rest.split('"').next()
            && let Some(list) = users.take()
            && name.starts_with("chunk_")
        {
            shared.insert(name.to_owned(), list);
        }
    }
    shared
}

/// `chunks.js`, for `boot.js`: the files each split needs (the shared chunks it uses,
/// then its own), so that a deep link fetches its route's chunks beside the main
/// module instead of after it.
fn chunk_files_module(splits: &[String], shared: &BTreeMap<String, Vec<String>>) -> String {
    let mut files: BTreeMap<&str, Vec<String>> = splits
        .iter()
        .map(|split| (split.as_str(), Vec::new()))
        .collect();
    for (chunk, users) in shared {
        for user in users {
            files.entry(user).or_default().push(chunk.clone());
        }
    }
    let entries: Vec<String> = files
        .into_iter()
        .map(|(split, mut list)| {
            list.push(format!("split_{split}.wasm"));
            let quoted: Vec<String> = list.iter().map(|file| format!("'{file}'")).collect();
            format!("  {split}: [{}],", quoted.join(", "))
        })
        .collect();
    format!(
        "// Written by `cargo xtask page`: the files of each chunk of this build.\n\
         export const CHUNK_FILES = {{\n{}\n}};\n",
        entries.join("\n")
    )
}

/// `index.html` with the page's skipped `rust` link replaced by the page's start-up
/// script, `boot.js` (which asks for the rest once the shell is painted).
fn load_page_from(html: &str, dir_name: &str) -> Result<String, String> {
    let start = html
        .find(PAGE_LINK)
        .ok_or_else(|| format!("index.html: the page's link (`{PAGE_LINK} …/>`) is not there"))?;
    let end = html[start..]
        .find("/>")
        .map(|offset| start + offset + 2)
        .ok_or("index.html: the page's link is not closed")?;
    let scripts = format!("<script type=\"module\" src=\"{dir_name}/boot.js\"></script>");
    Ok(format!("{}{scripts}{}", &html[..start], &html[end..]))
}

/// A hash of every file's name and bytes in `dir` (and its folders), in name order.
fn hash_of_dir(dir: &Path) -> Result<u64, String> {
    let mut hasher = DefaultHasher::new();
    let mut files = Vec::new();
    collect_files(dir, &mut files)?;
    files.sort();
    for file in files {
        let bytes =
            fs::read(&file).map_err(|error| format!("cannot read {}: {error}", file.display()))?;
        hasher.write(
            file.strip_prefix(dir)
                .unwrap_or(&file)
                .to_string_lossy()
                .as_bytes(),
        );
        hasher.write(&bytes);
    }
    Ok(hasher.finish())
}

fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
    for path in read_dir(dir)? {
        if path.is_dir() {
            collect_files(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

fn read_dir(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        fs::read_dir(dir).map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    Ok(entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect())
}

fn fresh_dir(dir: &Path) -> Result<PathBuf, String> {
    if dir.exists() {
        fs::remove_dir_all(dir)
            .map_err(|error| format!("cannot clear {}: {error}", dir.display()))?;
    }
    fs::create_dir_all(dir).map_err(|error| format!("cannot make {}: {error}", dir.display()))?;
    Ok(dir.to_owned())
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    if from.is_dir() {
        return copy_dir(from, to);
    }
    fs::copy(from, to).map(|_| ()).map_err(|error| {
        format!(
            "cannot copy {} to {}: {error}",
            from.display(),
            to.display()
        )
    })
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|error| format!("cannot make {}: {error}", to.display()))?;
    for path in read_dir(from)? {
        let name = path.file_name().unwrap_or_default();
        copy(&path, &to.join(name))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_split_lists_its_shared_chunks_then_itself() {
        let shared = BTreeMap::from([
            (
                "chunk_4.wasm".to_owned(),
                vec!["analysis".to_owned(), "computer".to_owned()],
            ),
            ("chunk_5.wasm".to_owned(), vec!["analysis".to_owned()]),
        ]);
        assert_eq!(
            chunk_files_module(
                &[
                    "computer".to_owned(),
                    "analysis".to_owned(),
                    "online".to_owned()
                ],
                &shared
            ),
            "// Written by `cargo xtask page`: the files of each chunk of this build.\n\
             export const CHUNK_FILES = {\n  \
             analysis: ['chunk_4.wasm', 'chunk_5.wasm', 'split_analysis.wasm'],\n  \
             computer: ['chunk_4.wasm', 'split_computer.wasm'],\n  \
             online: ['split_online.wasm'],\n};\n"
        );
    }

    #[test]
    fn the_page_link_becomes_the_scripts_of_the_build() {
        let html = r#"<head><link data-trunk rel="rust" data-bin="gambit" data-trunk-skip data-x="y" /><link rel="icon" /></head>"#;
        let page = load_page_from(html, "page-0123456789abcdef").expect("the link is there");
        assert_eq!(
            page,
            "<head><script type=\"module\" src=\"page-0123456789abcdef/boot.js\"></script>\
             <link rel=\"icon\" /></head>"
        );
        assert!(load_page_from("<head></head>", "page-0").is_err());
    }
}
