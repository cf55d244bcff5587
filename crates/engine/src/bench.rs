//! `bench`: a fixed-depth search over fixed positions, a behaviour checksum.
//!
//! The node count depends on nothing but the code (no clock, a fresh engine, fixed
//! hash size), so a change that moves it changes the search; commits say so. The nps is
//! the speed of this machine.

use crate::{
    clock::Clock,
    level::Level,
    limits::SearchLimits,
    root::{Root, parse_fen},
    search::Engine,
    search::Search,
};

/// Default depth of `bench`.
pub const BENCH_DEPTH: u8 = 11;

/// The bench positions: openings, middlegames, endgames, tactics.
pub const POSITIONS: [&str; 16] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "rnbqk2r/pp2ppbp/3p1np1/8/3NP3/2N1B3/PPP2PPP/R2QKB1R w KQkq - 0 7",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP2P/1BN1BP2/PPPQ2P1/2KR3R b - - 2 13",
    "r2q1rk1/1b2bppp/p2ppn2/1p6/3BPP2/2NB4/PPP1Q1PP/2KR3R w - - 0 14",
    "3r1rk1/p4ppp/1pn1p3/2p5/2P1P3/P3BP2/1P4PP/2R2RK1 w - - 0 20",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "2r3k1/1q1nbppp/r3p3/3pP3/pPpP4/P1Q2N2/2RN1PPP/2R4K b - - 0 23",
    "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    "8/8/1p6/p1p1k3/P1P5/1P2K3/8/8 w - - 0 1",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
];

/// The result of a bench run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchResult {
    /// Total nodes over all positions.
    pub nodes: u64,
    /// Elapsed milliseconds, as measured by the given clock.
    pub time_ms: u64,
}

impl BenchResult {
    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.time_ms.max(1)
    }
}

/// Searches every bench position to `depth` with a fresh 16 MiB engine each time.
#[must_use]
pub fn run<C: Clock>(depth: u8, clock: &C) -> BenchResult {
    let start = clock.elapsed_ms();
    let mut nodes = 0;
    for fen in POSITIONS {
        let Ok(pos) = parse_fen(fen) else {
            continue;
        };
        let mut engine = Engine::with_hash_mb(16);
        let mut search = Search::new(
            &mut engine,
            Root::new(pos),
            Level::full(),
            SearchLimits::depth(depth),
            clock,
        );
        while search.next_iteration().is_some() {}
        nodes += search.nodes();
    }
    BenchResult {
        nodes,
        time_ms: clock.elapsed_ms().saturating_sub(start),
    }
}
