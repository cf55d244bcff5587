//! Installing what the build and the tests need, each step skipped when its result is
//! already there. Nothing is downloaded from anywhere but the package registries
//! (crates.io, npm, Debian) and rustup.

use std::fs;

use crate::run::{output, root, run};

/// The Trunk release that builds with Rust 1.95 (0.22 needs a newer compiler).
const TRUNK_VERSION: &str = "0.21.14";
/// The release of `wasm_split_cli_support` whose `wasm-split-cli` splits the page's wasm
/// ([`crate::page`]); its `wasm_split_helpers` is the one in `Cargo.lock`.
const WASM_SPLIT_VERSION: &str = "0.2.4";
/// Debian packages the tests need (the game server's tests start their own
/// PostgreSQL and Redis, `crates/local-services`).
const TEST_PACKAGES: [&str; 8] = [
    "chromium",
    "chromium-driver",
    "fonts-liberation",
    "nginx",
    "postgresql",
    "python3",
    "redis-server",
    "stockfish",
];

/// Everything: what serving needs and what testing needs.
pub fn all() -> Result<(), String> {
    for_serve()?;
    for_tests()
}

/// What building and serving the app needs.
pub fn for_serve() -> Result<(), String> {
    wasm_target()?;
    trunk()?;
    wasm_bindgen_cli()?;
    wasm_split_cli()?;
    npm_packages()?;
    run("cargo", &["fetch", "--locked"])
}

/// What the tests need beyond [`for_serve`].
pub fn for_tests() -> Result<(), String> {
    debian_packages(&TEST_PACKAGES)
}

/// The servers of `cargo xtask cluster`.
pub fn cluster_servers() -> Result<(), String> {
    debian_packages(&["nginx", "postgresql", "redis-server"])
}

fn wasm_target() -> Result<(), String> {
    let installed = output("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if installed
        .lines()
        .any(|line| line.trim() == "wasm32-unknown-unknown")
    {
        return Ok(());
    }
    run("rustup", &["target", "add", "wasm32-unknown-unknown"])
}

fn trunk() -> Result<(), String> {
    let version = output("trunk", &["--version"]).unwrap_or_default();
    if version.split_whitespace().any(|word| word == TRUNK_VERSION) {
        return Ok(());
    }
    println!("Installing Trunk {TRUNK_VERSION} (about 10 minutes, once per machine)…");
    run(
        "cargo",
        &["install", "trunk", "--version", TRUNK_VERSION, "--locked"],
    )
}

/// wasm-bindgen-cli must be exactly the wasm-bindgen version in `Cargo.lock`.
fn wasm_bindgen_cli() -> Result<(), String> {
    let wanted = locked_version("wasm-bindgen")?;
    let trunk_toml = fs::read_to_string(root().join("Trunk.toml"))
        .map_err(|error| format!("cannot read Trunk.toml: {error}"))?;
    if !trunk_toml.contains(&format!("wasm_bindgen = \"{wanted}\"")) {
        return Err(format!(
            "Trunk.toml must pin wasm_bindgen = \"{wanted}\", the version in Cargo.lock"
        ));
    }
    let version = output("wasm-bindgen", &["--version"]).unwrap_or_default();
    let runner = output("wasm-bindgen-test-runner", &["--version"]).unwrap_or_default();
    if version.contains(&wanted) && runner.contains(&wanted) {
        return Ok(());
    }
    // Without --locked: its lockfile pins a crate version the registry does not serve.
    run(
        "cargo",
        &[
            "install",
            "wasm-bindgen-cli",
            "--version",
            &wanted,
            "--force",
        ],
    )
}

/// `wasm-split-cli`, the program of crates.io's `wasm_split_cli_support` (the crate
/// named `wasm-split-cli` there is another project's). The program has no `--version`,
/// so cargo's list of installed crates says which release is there.
fn wasm_split_cli() -> Result<(), String> {
    let installed = output("cargo", &["install", "--list"]).unwrap_or_default();
    let wanted = format!("wasm_split_cli_support v{WASM_SPLIT_VERSION}:");
    if installed.lines().any(|line| line.starts_with(&wanted)) {
        return Ok(());
    }
    run(
        "cargo",
        &[
            "install",
            "wasm_split_cli_support",
            "--version",
            WASM_SPLIT_VERSION,
            "--features",
            "build-binary",
            "--locked",
            "--force",
        ],
    )
}

/// The version of `package` recorded in `Cargo.lock`.
fn locked_version(package: &str) -> Result<String, String> {
    let lock = fs::read_to_string(root().join("Cargo.lock"))
        .map_err(|error| format!("cannot read Cargo.lock: {error}"))?;
    version_in_lockfile(&lock, package).ok_or_else(|| format!("{package} is not in Cargo.lock"))
}

/// The version of the first `[[package]]` named `package` in a `Cargo.lock` text.
fn version_in_lockfile(lock: &str, package: &str) -> Option<String> {
    let name_line = format!("name = \"{package}\"");
    let mut lines = lock.lines();
    lines.find(|line| line.trim() == name_line)?;
    let version = lines.next()?.trim().strip_prefix("version = ")?;
    Some(version.trim_matches('"').to_owned())
}

/// `npm ci` when `node_modules` is missing or older than `package-lock.json`.
fn npm_packages() -> Result<(), String> {
    let root = root();
    let modified = |path: &str| {
        fs::metadata(root.join(path))
            .and_then(|meta| meta.modified())
            .ok()
    };
    let fresh = match (
        modified("package-lock.json"),
        modified("node_modules/.package-lock.json"),
    ) {
        (Some(lock), Some(installed)) => installed >= lock,
        _ => false,
    };
    if fresh {
        return Ok(());
    }
    run("npm", &["ci", "--no-audit", "--no-fund"])
}

/// Installs missing Debian packages with apt-get; as a non-root user, stops with the
/// exact command to run.
fn debian_packages(packages: &[&str]) -> Result<(), String> {
    let missing: Vec<&str> = packages
        .iter()
        .copied()
        .filter(|package| {
            let status = output("dpkg-query", &["-W", "-f=${Status}", package]);
            !status.is_some_and(|status| status.contains("install ok installed"))
        })
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let install = format!("apt-get install -y {}", missing.join(" "));
    if output("id", &["-u"]).is_some_and(|uid| uid.trim() == "0") {
        run("apt-get", &["update"])?;
        let mut args = vec!["install", "-y"];
        args.extend(&missing);
        run("apt-get", &args)
    } else {
        Err(format!(
            "the tests need Debian packages that are missing; run as root:\n    \
             sudo apt-get update && sudo {install}\nthen run this command again"
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::version_in_lockfile;

    const LOCK: &str = "[[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"0.2.1\"\n\n\
                        [[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n";

    #[test]
    fn finds_the_exact_package_not_a_prefix() {
        assert_eq!(
            version_in_lockfile(LOCK, "wasm-bindgen").as_deref(),
            Some("0.2.130")
        );
        assert_eq!(
            version_in_lockfile(LOCK, "wasm-bindgen-macro").as_deref(),
            Some("0.2.1")
        );
    }

    #[test]
    fn a_missing_package_is_none() {
        assert_eq!(version_in_lockfile(LOCK, "trunk"), None);
    }
}
