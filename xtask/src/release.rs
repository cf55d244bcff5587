//! The release build, ready to host: Trunk's build, then the rewrite of `index.html`
//! for the Content-Security-Policy ([`crate::csp`]), then `finish-build.mjs`: the
//! service worker that makes the app work offline and `.br`/`.gz` copies of every
//! compressible file.

use crate::csp;
use crate::run::{root, run};

/// Where `cargo xtask build` and `cargo xtask test` build (the tests serve it).
pub const DIST: &str = "dist";

/// Where `cargo xtask serve` builds, apart from [`DIST`], so that a test run rebuilding
/// `dist/` never disturbs the server.
pub const SERVE_DIST: &str = "target/serve-dist";

/// Builds the app and its engine worker in release mode into `dist` (relative to the
/// repository root) and finishes the build there.
pub fn build_into(dist: &str) -> Result<(), String> {
    run("trunk", &["build", "--release", "--dist", dist])?;
    csp::apply(&root().join(dist))?;
    run("node", &["xtask/src/finish-build.mjs", dist])
}
