//! `gambit-engine`: the UCI front end of the engine.
//!
//! `gambit-engine` speaks UCI on stdin/stdout; `gambit-engine bench [depth]` runs the
//! bench and exits (its last line is `N nodes N nps`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        let depth = args
            .get(1)
            .and_then(|d| d.parse().ok())
            .unwrap_or(gambit_engine::bench::BENCH_DEPTH);
        let r = gambit_engine::bench::run(depth, &gambit_engine::InstantClock::new());
        println!("{} nodes {} nps", r.nodes, r.nps());
        return;
    }
    gambit_engine::uci::run(std::io::stdin().lock(), std::io::stdout());
}
