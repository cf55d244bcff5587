//! Exports the engine's bench to JavaScript as a bare wasm function; the caller times it.

use gambit_engine::{Clock, bench};

struct NoClock;

impl Clock for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

/// Runs the bench at `depth` and returns the node count.
#[unsafe(no_mangle)]
pub extern "C" fn gambit_bench(depth: u32) -> u64 {
    bench::run(u8::try_from(depth).unwrap_or(bench::BENCH_DEPTH), &NoClock).nodes
}
