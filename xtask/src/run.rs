//! Running external commands from the repository root, with the project's environment.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root (the workspace that holds `xtask/`).
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// A command run in the repository root, with `node_modules/.bin` and cargo's bin
/// directory on `PATH` and Trunk told not to look for its own updates.
pub fn command(program: &str) -> Command {
    let root = root();
    let mut path = vec![root.join("node_modules/.bin"), cargo_bin_dir()];
    if let Some(existing) = std::env::var_os("PATH") {
        path.extend(std::env::split_paths(&existing));
    }
    let mut command = Command::new(program);
    command
        .current_dir(&root)
        .env("TRUNK_SKIP_VERSION_CHECK", "true")
        .env("CHROMEDRIVER", "/usr/bin/chromedriver")
        .env("DEBIAN_FRONTEND", "noninteractive")
        .env("WASM_BINDGEN_TEST_TIMEOUT", "120");
    if let Ok(joined) = std::env::join_paths(path) {
        command.env("PATH", joined);
    }
    command
}

/// Where `cargo install` puts binaries.
fn cargo_bin_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        return PathBuf::from(home).join("bin");
    }
    let home = std::env::var_os("HOME").unwrap_or_default();
    PathBuf::from(home).join(".cargo/bin")
}

/// Runs `program args…`, echoing it first; an error says which command failed.
pub fn run(program: &str, args: &[&str]) -> Result<(), String> {
    println!("$ {program} {}", args.join(" "));
    let status = command(program)
        .args(args)
        .status()
        .map_err(|error| format!("could not start `{program}`: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{program} {}` failed ({status})", args.join(" ")))
    }
}

/// The standard output of `program args…`, or `None` when it cannot run or fails.
pub fn output(program: &str, args: &[&str]) -> Option<String> {
    let output = command(program).args(args).output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).into_owned())
}
