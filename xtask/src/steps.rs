//! The commands themselves: sequences of named steps with a timed summary.

use std::time::{Duration, Instant};

use crate::release::{self, DIST, SERVE_DIST};
use crate::run::{root, run};
use crate::{page_deps, setup, sizes};

/// The games of `cargo xtask serve`: a file under `target/` (which git ignores), kept
/// from one run to the next so that a game in progress survives a restart of the
/// server; `cargo clean` forgets them, as it forgets the build. The end-to-end tests use
/// a database of their own (`playwright.config.ts`), never this one.
const SERVE_DATABASE: &str = "sqlite://target/gambit.db";

/// A named step of a command.
type Step = (&'static str, fn() -> Result<(), String>);

/// `cargo xtask serve`: install what is missing, build the release app into its own
/// directory and the game server in release mode, then run the game server at
/// http://127.0.0.1:8080 (until interrupted): it serves that build (precompressed, every
/// route answered with the app, hashed files cached) and online play, with its games in
/// [`SERVE_DATABASE`].
pub fn serve() -> Result<(), String> {
    setup::for_serve()?;
    release::build_into(SERVE_DIST)?;
    run("cargo", &["build", "--release", "-p", "gambit-server"])?;
    let server = root().join("target/release/gambit-server");
    println!("\nGambit with online play at http://127.0.0.1:8080 (Ctrl-C stops).\n");
    run(
        &server.to_string_lossy(),
        &[
            "--bind",
            "127.0.0.1",
            "--port",
            "8080",
            "--dist",
            SERVE_DIST,
            "--database",
            SERVE_DATABASE,
        ],
    )
}

/// `cargo xtask dev`: Trunk's development server at http://127.0.0.1:8080, which
/// rebuilds and reloads the page when a source file changes (no service worker, no
/// Content-Security-Policy: those come with the release build).
pub fn dev() -> Result<(), String> {
    setup::for_serve()?;
    println!("\nGambit with live reload at http://127.0.0.1:8080 (Ctrl-C stops).\n");
    run(
        "trunk",
        &["serve", "--release", "--dist", "target/dev-dist"],
    )
}

/// `cargo xtask build`: the release build and its sizes.
pub fn build() -> Result<(), String> {
    run_steps(&[
        ("install build tools", setup::for_serve),
        ("the page links no engine tables", page_deps::check),
        ("release build (trunk)", release_build),
        ("wasm sizes", sizes::report),
    ])
}

/// `cargo xtask test`: every check and every test, stopping at the first failure.
pub fn test() -> Result<(), String> {
    run_steps(&[
        ("install build tools", setup::for_serve),
        ("install test tools", setup::for_tests),
        ("cargo fmt --check", || {
            run("cargo", &["fmt", "--all", "--", "--check"])
        }),
        ("the page links no engine tables", page_deps::check),
        ("level labels = tools/calibration", || {
            run("python3", &["tools/level-table.py", "--check"])
        }),
        ("native tests, linted by clippy as they build", || {
            linted("cargo", &["test", "--workspace"])
        }),
        (
            "tests in headless Chromium (wasm32), linted as they build",
            || {
                // The page's library and program, and the browser's tests (the library's
                // own unit tests are plain `#[test]`s, run natively above). The engine
                // worker has no code of its own for the browser (no `cfg` on the target):
                // the native build lints it, the release build compiles it for wasm32.
                linted(
                    "cargo",
                    &[
                        "test",
                        "-p",
                        "gambit",
                        "--target",
                        "wasm32-unknown-unknown",
                        "--test",
                        "browser",
                    ],
                )
            },
        ),
        (
            "release build (trunk), cargo doc beside it",
            release_build_and_doc,
        ),
        ("servers for the end-to-end tests", servers_for_e2e),
        ("Playwright end-to-end (Chromium)", || {
            run("playwright", &["test"])
        }),
        ("wasm sizes", sizes::report),
    ])
}

/// The servers the end-to-end tests start (`target/debug/stockfish-rest` and
/// `target/debug/gambit-server`): the native tests have just built them for their own
/// integration tests, so each is built here only when it is missing (a second build
/// with the other feature set of a plain `cargo build` would take half a minute and give
/// the same program).
fn servers_for_e2e() -> Result<(), String> {
    for package in ["stockfish-rest", "gambit-server"] {
        let binary = format!("target/debug/{package}");
        if root().join(&binary).is_file() {
            println!("{binary}: built by the native tests");
        } else {
            run("cargo", &["build", "-p", package])?;
        }
    }
    Ok(())
}

fn release_build() -> Result<(), String> {
    release::build_into(DIST)
}

/// The release build, with `cargo doc` (its own build directory, `target/debug`) run
/// beside it: the release build's last minute links the page's wasm with link-time
/// optimisation on one core, and the documentation's build takes the other. The
/// documentation's output is shown once both are done.
fn release_build_and_doc() -> Result<(), String> {
    let arguments = ["doc", "--workspace", "--no-deps"];
    println!(
        "$ RUSTDOCFLAGS='-D warnings' cargo {} (beside the release build)",
        arguments.join(" ")
    );
    let doc = crate::run::command("cargo")
        .args(arguments)
        .env("RUSTDOCFLAGS", "-D warnings")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|error| format!("could not start `cargo doc`: {error}"))?;
    let built = release_build();
    let doc = doc
        .wait_with_output()
        .map_err(|error| format!("`cargo doc` did not finish: {error}"))?;
    println!("\n--- cargo doc ---");
    print!("{}", String::from_utf8_lossy(&doc.stdout));
    eprint!("{}", String::from_utf8_lossy(&doc.stderr));
    built?;
    if doc.status.success() {
        Ok(())
    } else {
        Err(format!("`cargo doc` failed ({})", doc.status))
    }
}

/// The arguments `cargo clippy -- -D warnings` hands its driver (in the form its driver
/// reads them).
const CLIPPY_ARGS: &str = "-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__";

/// Runs a cargo build (`cargo test`, `cargo build`) with clippy's lints: as `cargo clippy`
/// does, clippy's driver compiles the workspace's own crates (a compiler with clippy's
/// lints added), but here in a build that also makes the programs and the tests, so one
/// build both lints and tests instead of a check for the lints and a build for the tests.
/// Every workspace crate the build compiles is linted, its tests and examples included
/// (what `cargo clippy --all-targets` lints), and any warning fails the build.
fn linted(program: &str, args: &[&str]) -> Result<(), String> {
    run_with_env(
        program,
        args,
        &[
            ("RUSTC_WORKSPACE_WRAPPER", "clippy-driver"),
            ("CLIPPY_ARGS", CLIPPY_ARGS),
        ],
    )
}

fn run_with_env(program: &str, args: &[&str], env: &[(&str, &str)]) -> Result<(), String> {
    let shown: Vec<String> = env
        .iter()
        .map(|(key, value)| format!("{key}='{value}'"))
        .collect();
    println!("$ {} {program} {}", shown.join(" "), args.join(" "));
    let status = crate::run::command(program)
        .args(args)
        .envs(env.iter().copied())
        .status()
        .map_err(|error| format!("could not start `{program}`: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{program} {}` failed ({status})", args.join(" ")))
    }
}

/// Runs the steps in order, stopping at the first failure, and prints a summary with
/// each step's time.
fn run_steps(steps: &[Step]) -> Result<(), String> {
    let started = Instant::now();
    let mut done: Vec<(&str, Duration, bool)> = Vec::new();
    let mut failure = None;
    for (name, step) in steps {
        println!("\n==> {name}");
        let step_started = Instant::now();
        let outcome = step();
        let ok = outcome.is_ok();
        done.push((name, step_started.elapsed(), ok));
        if let Err(message) = outcome {
            failure = Some(format!("step \"{name}\" failed: {message}"));
            break;
        }
    }
    println!("\n==> Summary");
    for (name, took, ok) in &done {
        let mark = if *ok { "ok  " } else { "FAIL" };
        println!("  {mark} {name:<42} {:>7.1} s", took.as_secs_f64());
    }
    for (name, _) in steps.iter().skip(done.len()) {
        println!("  skip {name}");
    }
    println!("  total {:.1} min", started.elapsed().as_secs_f64() / 60.0);
    match failure {
        Some(message) => Err(message),
        None => {
            println!("  all steps passed");
            Ok(())
        }
    }
}
