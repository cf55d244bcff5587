//! The sizes of the release wasm files, raw and gzip-compressed.

use std::fs;
use std::io::Write;

use flate2::Compression;
use flate2::write::GzEncoder;

use crate::run::root;

/// Prints the raw and gzip sizes of every `.wasm` file in `dist/`.
pub fn report() -> Result<(), String> {
    let dist = root().join("dist");
    let entries =
        fs::read_dir(&dist).map_err(|error| format!("cannot read {}: {error}", dist.display()))?;
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "wasm"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err("no .wasm files in dist/: run the release build first".to_owned());
    }
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
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        println!(
            "  {name:<40} {:>8.1} KiB raw {:>8.1} KiB gzip",
            bytes.len() as f64 / 1024.0,
            gzip.len() as f64 / 1024.0
        );
    }
    Ok(())
}
