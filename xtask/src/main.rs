//! Developer commands, run with `cargo xtask <command>`:
//!
//! - `serve`: install what is missing, build the release app into `target/serve-dist/`
//!   and the game server (`gambit-server`), and run that server at
//!   http://127.0.0.1:8080: it serves the build as a static host would (precompressed
//!   files, every route answered with the app, long cache for hashed files, no file
//!   watcher) and online play, its games kept in `target/gambit.db`;
//! - `cluster`: the same build on three game-server nodes over PostgreSQL and Redis,
//!   behind nginx at http://127.0.0.1:8080, all on loopback (Ctrl-C stops it);
//! - `dev`: Trunk's live-reload development server at http://127.0.0.1:8080;
//! - `test`: install what the tests need and run every check and test;
//! - `build`: a release build of the app and the worker into `dist/`, ready to host
//!   (Content-Security-Policy, service worker, `.br`/`.gz` copies), with their sizes;
//! - `setup`: only install (everything `serve` and `test` need);
//! - `page`: Trunk's `post_build` hook (`Trunk.toml`), not for running by hand: the
//!   page's wasm, split into chunks, into Trunk's staging directory.
//!
//! Every install step is idempotent: it is skipped when its result is already there.

mod cluster;
mod csp;
mod page;
mod page_deps;
mod release;
mod run;
mod setup;
mod sizes;
mod steps;

use std::process::ExitCode;

fn main() -> ExitCode {
    let command = std::env::args().nth(1).unwrap_or_default();
    let outcome = match command.as_str() {
        "serve" => steps::serve(),
        "cluster" => {
            let flags: Vec<String> = std::env::args().skip(2).filter(|arg| arg != "--").collect();
            cluster::cluster(&flags)
        }
        "dev" => steps::dev(),
        "test" => steps::test(),
        "build" => steps::build(),
        "setup" => setup::all(),
        "page" => page::build(),
        _ => {
            eprintln!("usage: cargo xtask <serve|cluster|dev|test|build|setup>");
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
