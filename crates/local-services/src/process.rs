//! Finding the programs, running them (as another user when this process is root) and
//! finding free ports.

use std::net::TcpListener;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use anyhow::{Context, bail};

/// A port on 127.0.0.1 that was free a moment ago (the operating system's choice).
///
/// # Errors
///
/// No port could be bound.
pub fn free_port() -> anyhow::Result<u16> {
    let listener = TcpListener::bind("127.0.0.1:0").context("binding a free port")?;
    Ok(listener.local_addr()?.port())
}

/// Whether this process runs as root.
pub(crate) fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|meta| meta.uid() == 0)
}

/// `name` on the `PATH`, else in the first of `dirs` (globs of directories, newest
/// version first) that has it.
pub(crate) fn program(name: &str, dirs: &[&str]) -> anyhow::Result<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .unwrap_or_default();
    for dir in on_path {
        let candidate = dir.join(name);
        if candidate.is_file() {
            return Ok(candidate);
        }
    }
    for pattern in dirs {
        let mut found = versioned_dirs(pattern);
        found.sort();
        if let Some(candidate) = found
            .into_iter()
            .rev()
            .map(|dir| dir.join(name))
            .find(|c| c.is_file())
        {
            return Ok(candidate);
        }
    }
    bail!(
        "{name} is not installed (apt-get install postgresql, or run cargo xtask test, which installs it)"
    )
}

/// The directories `pattern` names, where one `*` stands for one path component.
fn versioned_dirs(pattern: &str) -> Vec<PathBuf> {
    let Some((before, after)) = pattern.split_once('*') else {
        return vec![PathBuf::from(pattern)];
    };
    let Ok(entries) = std::fs::read_dir(before) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .map(|entry| entry.path().join(after.trim_start_matches('/')))
        .filter(|dir| dir.is_dir())
        .collect()
}

/// `program` with `args`, as `user` when this process is root; fails with its output
/// unless it succeeds.
pub(crate) fn run_as(user: &str, program: &Path, args: &[&str]) -> anyhow::Result<Output> {
    let mut command = if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", user, "--"]).arg(program);
        command
    } else {
        Command::new(program)
    };
    let output = command
        .args(args)
        .output()
        .with_context(|| format!("running {}", program.display()))?;
    if !output.status.success() {
        bail!(
            "{} {} failed ({}): {}{}",
            program.display(),
            args.join(" "),
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(output)
}

/// Gives `dir` to `user` when this process is root (a server run as `user` writes it).
pub(crate) fn hand_over(dir: &Path, user: &str) -> anyhow::Result<()> {
    if !is_root() {
        return Ok(());
    }
    let status = Command::new("chown")
        .arg("-R")
        .arg(format!("{user}:"))
        .arg(dir)
        .status()
        .context("running chown")?;
    if !status.success() {
        bail!("chown {user}: {} failed", dir.display());
    }
    Ok(())
}
