//! Developer commands, run with `cargo xtask <command>`:
//!
//! - `serve`: install what is missing, build and serve the app at http://127.0.0.1:8080;
//! - `test`: install what the tests need and run every check and test;
//! - `build`: a release build of the app and the worker, with their sizes;
//! - `setup`: only install (everything `serve` and `test` need).
//!
//! Every install step is idempotent: it is skipped when its result is already there.

mod run;
mod setup;
mod sizes;
mod steps;

use std::process::ExitCode;

fn main() -> ExitCode {
    let command = std::env::args().nth(1).unwrap_or_default();
    let outcome = match command.as_str() {
        "serve" => steps::serve(),
        "test" => steps::test(),
        "build" => steps::build(),
        "setup" => setup::all(),
        _ => {
            eprintln!("usage: cargo xtask <serve|test|build|setup>");
            return ExitCode::from(2);
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("\nxtask: {message}");
            ExitCode::FAILURE
        }
    }
}
