//! The commands themselves: sequences of named steps with a timed summary.

use std::time::{Duration, Instant};

use crate::release::{self, DIST, SERVE_DIST};
use crate::run::run;
use crate::{setup, sizes};

/// A named step of a command.
type Step = (&'static str, fn() -> Result<(), String>);

/// `cargo xtask serve`: install what is missing, build the release app into its own
/// directory and serve it at http://127.0.0.1:8080 (until interrupted) as a static
/// host would: precompressed, every route answered with the app, hashed files cached.
pub fn serve() -> Result<(), String> {
    setup::for_serve()?;
    release::build_into(SERVE_DIST)?;
    run("node", &["xtask/src/serve.mjs", SERVE_DIST, "8080"])
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
        ("level labels = tools/calibration", || {
            run("python3", &["tools/level-table.py", "--check"])
        }),
        ("clippy (native)", || {
            run(
                "cargo",
                &[
                    "clippy",
                    "--workspace",
                    "--all-targets",
                    "--",
                    "-D",
                    "warnings",
                ],
            )
        }),
        ("clippy (wasm32 app and worker)", || {
            run(
                "cargo",
                &[
                    "clippy",
                    "-p",
                    "gambit",
                    "-p",
                    "gambit-worker",
                    "--target",
                    "wasm32-unknown-unknown",
                    "--all-targets",
                    "--",
                    "-D",
                    "warnings",
                ],
            )
        }),
        ("cargo doc", || {
            run_with_env(
                "cargo",
                &["doc", "--workspace", "--no-deps"],
                ("RUSTDOCFLAGS", "-D warnings"),
            )
        }),
        ("native tests", || run("cargo", &["test", "--workspace"])),
        ("wasm-bindgen-test (headless Chromium)", || {
            run(
                "cargo",
                &[
                    "test",
                    "-p",
                    "gambit",
                    "--target",
                    "wasm32-unknown-unknown",
                    // The browser's tests only: the library's own unit tests are plain
                    // `#[test]`s, run natively above.
                    "--test",
                    "board",
                    "--test",
                    "components",
                ],
            )
        }),
        ("release build (trunk)", release_build),
        (
            "stockfish-rest for the end-to-end tests",
            stockfish_rest_for_e2e,
        ),
        ("Playwright end-to-end (Chromium)", || {
            run("playwright", &["test"])
        }),
        ("wasm sizes", sizes::report),
    ])
}

/// The server the end-to-end tests start (`target/debug/stockfish-rest`): the native
/// tests have just built it for its own integration tests, so it is built here only when
/// it is missing (a second build with the other feature set of a plain `cargo build`
/// would take half a minute and give the same program).
fn stockfish_rest_for_e2e() -> Result<(), String> {
    if crate::run::root()
        .join("target/debug/stockfish-rest")
        .is_file()
    {
        println!("target/debug/stockfish-rest: built by the native tests");
        Ok(())
    } else {
        run("cargo", &["build", "-p", "stockfish-rest"])
    }
}

fn release_build() -> Result<(), String> {
    release::build_into(DIST)
}

fn run_with_env(program: &str, args: &[&str], (key, value): (&str, &str)) -> Result<(), String> {
    println!("$ {key}='{value}' {program} {}", args.join(" "));
    let status = crate::run::command(program)
        .args(args)
        .env(key, value)
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
