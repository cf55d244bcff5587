//! The page links no engine tables: shakmaty's `magics` (precomputed attack tables,
//! about 690 KiB of wasm) stay in the engine worker. A crate that asks for shakmaty's
//! default features (pgn-reader does) would bring them back into the page without a
//! word, so this check reads cargo's feature graph of the page for wasm32.

use crate::run::output;

/// What must not be in the page's feature graph, each with why.
const FORBIDDEN: [(&str, &str); 2] = [
    (
        "shakmaty feature \"magics\"",
        "shakmaty's attack tables (the engine worker has them)",
    ),
    (
        "pgn-reader v",
        "pgn-reader, which turns on shakmaty's attack tables (PGN is read in the engine \
         worker, `src/engine_worker/read_pgn.rs`)",
    ),
];

/// Fails when the page (package `gambit`, built for wasm32) links anything of
/// [`FORBIDDEN`], naming the crate that brings it in.
pub fn check() -> Result<(), String> {
    let tree = output(
        "cargo",
        &[
            "tree",
            "--package",
            "gambit",
            "--target",
            "wasm32-unknown-unknown",
            "--edges",
            "normal,features",
            "--prefix",
            "none",
            "--locked",
        ],
    )
    .ok_or("cargo tree failed on the page's dependencies")?;
    match forbidden_in(&tree) {
        None => {
            println!("the page links neither shakmaty's attack tables nor pgn-reader");
            Ok(())
        }
        Some(why) => Err(format!(
            "the page links {why}; see `cargo tree -p gambit --target \
             wasm32-unknown-unknown -e normal,features -i shakmaty`"
        )),
    }
}

/// The reason of the first entry of [`FORBIDDEN`] found in a `cargo tree` text.
fn forbidden_in(tree: &str) -> Option<&'static str> {
    FORBIDDEN
        .iter()
        .find(|(needle, _)| {
            tree.lines()
                .any(|line| line.trim_start().starts_with(needle))
        })
        .map(|(_, why)| *why)
}

#[cfg(test)]
mod tests {
    use super::forbidden_in;

    #[test]
    fn the_attack_tables_are_found() {
        let tree = "gambit v0.1.0 (/repo)\nshakmaty v0.30.1\nshakmaty feature \"magics\"\n";
        assert!(forbidden_in(tree).is_some_and(|why| why.contains("attack tables")));
    }

    #[test]
    fn pgn_reader_is_found() {
        let tree = "gambit v0.1.0 (/repo)\npgn-reader v0.29.0\nshakmaty feature \"std\"\n";
        assert!(forbidden_in(tree).is_some_and(|why| why.starts_with("pgn-reader")));
    }

    #[test]
    fn a_page_without_them_passes() {
        let tree = "gambit v0.1.0 (/repo)\nshakmaty v0.30.1\nshakmaty feature \"std\"\n\
                    shakmaty feature \"alloc\"\n";
        assert_eq!(forbidden_in(tree), None);
    }
}
