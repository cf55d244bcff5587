//! `gambit-online-load`: plays many concurrent online games against a running
//! `gambit-server` on loopback and reports what players would feel: concurrent games,
//! moves a second, the relay time of a move (the mover sends → the opponent receives)
//! at p50 and p99, the server's memory and CPU, and moves lost (which must be 0).
//!
//! ```sh
//! gambit-online-load --url http://127.0.0.1:8080 --games 1000 --ramp 100 \
//!     --duration 120 --server-pid $(pgrep -n gambit-server)
//! ```
//!
//! Each game is one task holding both players' sockets (and a spectator's for a share
//! of games): the players play random legal moves, each after a think time of 1–3 s, as
//! people do; a game that ends or reaches the move cap is followed by a new one, so the
//! count of concurrent games holds. The games stop as they started, `--ramp` a second.
//! Runs with a growing `--games` find the knee (`docs/figures.md` has the runs and the
//! server's flags). The server must allow the load's rate of creates and sockets from
//! one address (its `--create-per-minute`, `--create-burst` and
//! `--max-sockets-per-client` flags).

mod game;
mod server_process;
mod stats;

use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use hdrhistogram::Histogram;
use tokio::time::{Instant, interval, sleep};

use game::Setup;
use stats::Stats;

/// The load's settings.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Args {
    /// The server.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// Where black and the spectators connect (another node of the same cluster), to
    /// measure the bus: white's moves reach them through Redis and the database.
    #[arg(long)]
    black_url: Option<String>,
    /// The `Origin` the sockets present (default: the server's own).
    #[arg(long)]
    origin: Option<String>,
    /// Concurrent games to hold.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Games started a second while ramping up.
    #[arg(long, default_value_t = 100)]
    ramp: u64,
    /// Seconds of play after the ramp.
    #[arg(long, default_value_t = 60)]
    duration: u64,
    /// Shortest think time, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    think_min_ms: u64,
    /// Longest think time, in milliseconds.
    #[arg(long, default_value_t = 3000)]
    think_max_ms: u64,
    /// The share of games with a spectator.
    #[arg(long, default_value_t = 0.1)]
    spectators: f64,
    /// Moves after which a game is resigned (and another started).
    #[arg(long, default_value_t = 80)]
    max_plies: usize,
    /// The server's process id, for its memory and CPU.
    #[arg(long)]
    server_pid: Option<u32>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let stats = Arc::new(Stats::new()?);
    let ramp_seconds = args.games.div_ceil(args.ramp.max(1));
    let started = Instant::now();
    let until = started + Duration::from_secs(ramp_seconds + args.duration);
    let setup = Arc::new(Setup {
        origin: args.origin.clone().unwrap_or_else(|| args.url.clone()),
        base: args.url.clone(),
        black_base: args.black_url.clone(),
        think_ms: (args.think_min_ms, args.think_max_ms),
        spectator_chance: args.spectators.clamp(0.0, 1.0),
        max_plies: args.max_plies,
    });
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .timeout(Duration::from_secs(30))
        .build()?;
    println!(
        "{} games (ramp {} a second), then {} s; think {}–{} ms",
        args.games, args.ramp, args.duration, args.think_min_ms, args.think_max_ms
    );
    let mut players = Vec::new();
    for slot in 0..args.games {
        // Ramp up and down: `ramp` slots a second start, and as many stop, after the
        // run's time (all games stopping at one instant would measure that storm of
        // resigns and closes, which real players never make).
        let offset = Duration::from_millis(slot * 1000 / args.ramp.max(1));
        let (start_at, stop_at) = (started + offset, until + offset);
        let (setup, http, stats) = (setup.clone(), http.clone(), stats.clone());
        players.push(tokio::spawn(async move {
            tokio::time::sleep_until(start_at).await;
            // One slot keeps a game going until its end of the run.
            while Instant::now() < stop_at {
                game::play(setup.clone(), stop_at, http.clone(), stats.clone()).await;
                if Stats::get(&stats.errors) > 0 {
                    // A failing slot waits before trying again, not to spin.
                    sleep(Duration::from_secs(1)).await;
                }
            }
        }));
    }
    let mut total = Histogram::<u64>::new_with_bounds(1, 120_000_000, 3)?;
    let mut ticker = interval(Duration::from_secs(5));
    ticker.tick().await;
    let mut last_moves = 0;
    let mut last_cpu = args.server_pid.and_then(server_process::read);
    let mut last_at = Instant::now();
    let mut peak_rss = 0;
    loop {
        ticker.tick().await;
        let interval_relay = stats.take_relay(&mut total);
        let moves = Stats::get(&stats.moves_acked);
        let seconds = last_at.elapsed().as_secs_f64();
        let reading = args.server_pid.and_then(server_process::read);
        let cpu = match (reading, last_cpu) {
            (Some(now), Some(before)) => format!(
                "{:.0}%",
                (now.cpu_ticks - before.cpu_ticks) as f64
                    / server_process::TICKS_PER_SECOND
                    / seconds
                    * 100.0
            ),
            _ => "-".into(),
        };
        if let Some(reading) = reading {
            peak_rss = peak_rss.max(reading.rss_kib);
        }
        let (p50, p99) = interval_relay
            .filter(|h| !h.is_empty())
            .map(|h| (h.value_at_quantile(0.5), h.value_at_quantile(0.99)))
            .unwrap_or((0, 0));
        println!(
            "t={:>4.0}s games {:>6} sockets {:>6} moves/s {:>7.1} relay p50 {:>6.1} ms p99 {:>7.1} ms \
             server rss {:>7} MiB cpu {:>5} errors {} lost {}",
            started.elapsed().as_secs_f64(),
            Stats::get(&stats.active_games),
            Stats::get(&stats.sockets),
            (moves - last_moves) as f64 / seconds,
            p50 as f64 / 1000.0,
            p99 as f64 / 1000.0,
            reading.map_or(0, |r| r.rss_kib / 1024),
            cpu,
            Stats::get(&stats.errors),
            Stats::get(&stats.moves_lost),
        );
        last_moves = moves;
        last_cpu = reading;
        last_at = Instant::now();
        if players.iter().all(|player| player.is_finished()) {
            break;
        }
    }
    stats.take_relay(&mut total);
    let run_seconds = started.elapsed().as_secs_f64();
    println!("\nsummary");
    println!(
        "  games created        {}",
        Stats::get(&stats.games_created)
    );
    println!(
        "  games finished       {}",
        Stats::get(&stats.games_finished)
    );
    println!(
        "  moves acked          {} ({:.1} a second over the run)",
        Stats::get(&stats.moves_acked),
        Stats::get(&stats.moves_acked) as f64 / run_seconds
    );
    println!(
        "  moves sent, unacked  {}",
        Stats::get(&stats.moves_sent).saturating_sub(Stats::get(&stats.moves_acked))
    );
    println!(
        "  moves refused        {}",
        Stats::get(&stats.moves_refused)
    );
    println!("  moves lost           {}", Stats::get(&stats.moves_lost));
    println!(
        "  spectator misses     {}",
        Stats::get(&stats.spectator_lost)
    );
    println!("  errors               {}", Stats::get(&stats.errors));
    if !total.is_empty() {
        println!(
            "  relay p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} moves)",
            total.value_at_quantile(0.5) as f64 / 1000.0,
            total.value_at_quantile(0.99) as f64 / 1000.0,
            total.max() as f64 / 1000.0,
            total.len()
        );
    }
    if peak_rss > 0 {
        println!("  server peak rss      {} MiB", peak_rss / 1024);
    }
    Ok(())
}
