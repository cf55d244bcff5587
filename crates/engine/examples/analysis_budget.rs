//! How long a whole game's review takes at given node budgets per position: the numbers
//! behind the page's analysis budgets (quick, standard, deep).
//!
//! Plays a game of level 8 against itself (a fixed number of nodes a move, after a few
//! opening moves, so every run plays the same game), then reviews all its positions
//! through the worker's own loop (`serve` with `Request::Analyse`, a fresh engine for
//! each budget, as a new worker would), and prints the time each budget took with the
//! depths reached: the wall time and the time the process had the processor (Linux's
//! `/proc/self/schedstat`), which a busy machine does not lengthen. `bench` runs before
//! and after, timed the same two ways, so that the times can be read against this
//! machine's speed; the browser takes about 1 / 0.79 of the native time (the wasm32 /
//! native ratio of `docs/figures.md`).
//!
//! ```text
//! cargo run --release -p gambit-engine --example analysis_budget -- [plies] [nodes…]
//! ```
//!
//! By default a game of 120 plies (60 moves) and the budgets 60 000, 250 000 and
//! 1 000 000 nodes a position.

use std::time::Instant;

use gambit_engine::{
    Engine, Event, InstantClock, Level, Limits, Request, Root, Search, SearchLimits, bench, serve,
};
use shakmaty::{CastlingMode, Position};

/// The opening the game starts from (a Queen's Gambit Declined).
const OPENING: [&str; 6] = ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6"];
/// Nodes a move of the game played.
const GAME_NODES: u64 = 40_000;
/// The wasm32 / native speed ratio measured in `docs/figures.md`.
const WASM_RATIO: f64 = 0.79;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let plies = args.first().copied().unwrap_or(120);
    let budgets = if args.len() > 1 {
        args[1..].to_vec()
    } else {
        vec![60_000, 250_000, 1_000_000]
    };
    let moves = self_play(usize::try_from(plies).unwrap_or(120));
    println!("game: {} plies: {}", moves.len(), moves.join(" "));
    speed_of_bench("before");
    for nodes in budgets {
        let mut engine = Engine::new();
        let positions: Vec<u16> = (0..=u16::try_from(moves.len()).unwrap_or(u16::MAX)).collect();
        let count = positions.len();
        let request = Request::Analyse {
            id: 1,
            fen: "startpos".to_owned(),
            moves: moves.clone(),
            plies: positions,
            limits: Limits {
                movetime_ms: None,
                depth: None,
                nodes: Some(nodes),
            },
        };
        let start = Instant::now();
        let cpu = cpu_seconds();
        let mut depths = Vec::new();
        for event in serve(&mut engine, request, &InstantClock::new()) {
            if let Event::Analysed { depth, .. } = event {
                depths.push(depth);
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu;
        depths.sort_unstable();
        let median = depths.get(depths.len() / 2).copied().unwrap_or(0);
        println!(
            "{nodes} nodes: {count} positions in {seconds:.2} s native by the wall clock, \
             {cpu:.2} s of processor ({:.0} ms each), about {:.1} s in wasm; depth \
             median {median}, min {}, max {}",
            cpu * 1000.0 / count as f64,
            cpu / WASM_RATIO,
            depths.first().copied().unwrap_or(0),
            depths.last().copied().unwrap_or(0),
        );
    }
    speed_of_bench("after");
}

/// Runs `bench` at depth 9 and prints its speed by wall time and by processor time.
fn speed_of_bench(when: &str) {
    let cpu = cpu_seconds();
    let result = bench::run(9, &InstantClock::new());
    let cpu = cpu_seconds() - cpu;
    println!(
        "bench depth 9 {when}: {} nps by the wall clock, {:.0} nps by processor time",
        result.nps(),
        result.nodes as f64 / cpu.max(1e-3),
    );
}

/// The processor time this process has had, in seconds (0 where Linux's
/// `/proc/self/schedstat` cannot be read).
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// The game: [`OPENING`], then level 8 at [`GAME_NODES`] a move until `plies` plies or
/// the game's end by mate or stalemate.
fn self_play(plies: usize) -> Vec<String> {
    let mut moves: Vec<String> = OPENING.iter().map(|m| (*m).to_owned()).collect();
    let mut engine = Engine::new();
    while moves.len() < plies {
        let Ok(root) = Root::from_fen_and_moves("startpos", &moves) else {
            break;
        };
        if root.position.legal_moves().is_empty() {
            break;
        }
        let clock = InstantClock::new();
        let mut search = Search::new(
            &mut engine,
            root,
            Level::full(),
            SearchLimits {
                nodes: Some(GAME_NODES),
                ..SearchLimits::default()
            },
            &clock,
        );
        let Some(best) = search.run(|_| {}) else {
            break;
        };
        moves.push(best.mv.to_uci(CastlingMode::Standard).to_string());
    }
    moves
}
