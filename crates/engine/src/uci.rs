//! The UCI front end: `uci`, `isready`, `ucinewgame`, `setoption` (`Hash`, `Level`,
//! `Move Overhead`, `Threads`, `Seed`), `position`, `go` (`movetime`,
//! `wtime`/`btime`/`winc`/`binc`/`movestogo`, `depth`, `nodes`, `infinite`, `perft N`),
//! `stop`, `quit`, plus `bench` and `d` (print the position's FEN).
//!
//! The search runs on its own thread so `stop`, `isready` and `quit` are answered
//! while it thinks (also during `go infinite`). With `Threads` above 1, level 8 searches
//! with helper threads ([`crate::threads`]); the weaker levels always use one thread,
//! as they were calibrated. The weaker levels' choices among their best moves are
//! random: `Seed` 0 (the default) draws a fresh seed at start and at every
//! `ucinewgame`, so games differ; any other `Seed` replays the same choices. Malformed
//! commands are answered with an `info string` and otherwise ignored.

use std::{
    io::{BufRead, Write},
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    thread::JoinHandle,
};

use crate::{
    bench,
    clock::InstantClock,
    level::{Level, MAX_LEVEL},
    limits::SearchLimits,
    perft,
    protocol::Score,
    root::Root,
    search::{DEFAULT_HASH_MB, Engine, Iteration},
    threads::{self, SEARCH_STACK_BYTES},
    time_manager::{GameClock, allocate},
};

/// Default `Move Overhead` in milliseconds.
pub const DEFAULT_OVERHEAD_MS: u64 = 10;
/// Most search threads `Threads` accepts.
pub const MAX_THREADS: usize = 64;
/// Largest `Seed` (UCI spin values are 32-bit signed in many GUIs).
pub const MAX_SEED: u64 = 2_147_483_647;

/// The seed of a game's random choices: `option` itself, or a fresh random number when
/// `option` is 0 (from the standard library's per-process random hash keys and the time).
#[must_use]
pub fn game_seed(option: u64) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    if option != 0 {
        return option;
    }
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(now);
    hasher.finish()
}

/// A new engine with a `hash_mb` table, its weaker levels seeded by the `Seed` option.
fn seeded_engine(hash_mb: usize, seed_option: u64) -> Engine {
    let mut engine = Engine::with_hash_mb(hash_mb);
    engine.set_seed(game_seed(seed_option));
    engine
}

fn emit(line: &str) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // A closed stdout means the GUI is gone; nothing useful to do about it.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// What the command loop should do after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// Exit.
    Quit,
}

/// The state of a UCI session.
#[derive(Debug)]
pub struct Uci {
    engine: Option<Engine>,
    /// Engines of the helper threads (`Threads` − 1 of them), sharing `engine`'s table.
    helpers: Vec<Engine>,
    worker: Option<JoinHandle<(Engine, Vec<Engine>)>>,
    stop: Arc<AtomicBool>,
    root: Root,
    hash_mb: usize,
    threads: usize,
    level: u8,
    overhead_ms: u64,
    /// The `Seed` option (0: a fresh random seed each game).
    seed: u64,
    infinite: bool,
}

impl Default for Uci {
    fn default() -> Self {
        Self::new()
    }
}

/// Formats an iteration as a UCI `info` line.
#[must_use]
pub fn info_line(it: &Iteration) -> String {
    let score = match it.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let nps = it.nodes * 1000 / it.time_ms.max(1);
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        it.depth,
        it.seldepth,
        score,
        it.nodes,
        nps,
        it.hashfull,
        it.time_ms,
        it.pv_uci.join(" ")
    )
}

/// Parsed `go` arguments.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GoArgs {
    /// `wtime`.
    pub wtime: Option<u64>,
    /// `btime`.
    pub btime: Option<u64>,
    /// `winc`.
    pub winc: Option<u64>,
    /// `binc`.
    pub binc: Option<u64>,
    /// `movestogo`.
    pub movestogo: Option<u32>,
    /// `movetime`.
    pub movetime: Option<u64>,
    /// `depth`.
    pub depth: Option<u8>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `infinite`.
    pub infinite: bool,
    /// `perft N`.
    pub perft: Option<u32>,
}

/// Parses the words after `go`.
///
/// # Errors
///
/// A message naming the first malformed value.
pub fn parse_go(words: &[&str]) -> Result<GoArgs, String> {
    fn num<T: core::str::FromStr>(name: &str, v: Option<&&str>) -> Result<T, String> {
        v.and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("go {name} needs a number"))
    }
    let mut g = GoArgs::default();
    let mut i = 0;
    while i < words.len() {
        let value = words.get(i + 1);
        match words[i] {
            "wtime" => g.wtime = Some(num::<i64>("wtime", value)?.max(0).unsigned_abs()),
            "btime" => g.btime = Some(num::<i64>("btime", value)?.max(0).unsigned_abs()),
            "winc" => g.winc = Some(num::<i64>("winc", value)?.max(0).unsigned_abs()),
            "binc" => g.binc = Some(num::<i64>("binc", value)?.max(0).unsigned_abs()),
            "movestogo" => g.movestogo = Some(num("movestogo", value)?),
            "movetime" => g.movetime = Some(num("movetime", value)?),
            "depth" => g.depth = Some(num::<u32>("depth", value)?.min(120) as u8),
            "nodes" => g.nodes = Some(num("nodes", value)?),
            "perft" => g.perft = Some(num("perft", value)?),
            "infinite" => {
                g.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                i += 1;
                continue;
            }
            other => return Err(format!("unknown go argument \"{other}\"")),
        }
        i += 2;
    }
    Ok(g)
}

impl Uci {
    /// A session with default options at the starting position.
    #[must_use]
    pub fn new() -> Self {
        Self {
            engine: Some(seeded_engine(DEFAULT_HASH_MB, 0)),
            helpers: Vec::new(),
            worker: None,
            stop: Arc::new(AtomicBool::new(false)),
            root: Root::new(shakmaty::Chess::default()),
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            level: MAX_LEVEL,
            overhead_ms: DEFAULT_OVERHEAD_MS,
            seed: 0,
            infinite: false,
        }
    }

    /// Stops a running search (if any) and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(worker) = self.worker.take() {
            self.stop.store(true, Ordering::Relaxed);
            match worker.join() {
                Ok((engine, helpers)) => {
                    self.engine = Some(engine);
                    self.helpers = helpers;
                }
                Err(_) => {
                    emit("info string search thread failed; engine reset");
                    self.engine = Some(seeded_engine(self.hash_mb, self.seed));
                }
            }
        }
    }

    fn engine(&mut self) -> &mut Engine {
        self.finish_search();
        let (hash_mb, seed) = (self.hash_mb, self.seed);
        self.engine
            .get_or_insert_with(|| seeded_engine(hash_mb, seed))
    }

    /// Handles one command line.
    pub fn handle(&mut self, line: &str) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return Flow::Continue;
        };
        match command {
            "uci" => {
                emit(&format!("id name Gambit {}", env!("CARGO_PKG_VERSION")));
                emit("id author the Gambit developers");
                emit(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 1024"
                ));
                emit(&format!(
                    "option name Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}"
                ));
                emit(&format!(
                    "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max 5000"
                ));
                emit(&format!(
                    "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                ));
                emit(&format!(
                    "option name Seed type spin default 0 min 0 max {MAX_SEED}"
                ));
                emit("uciok");
            }
            "isready" => emit("readyok"),
            "ucinewgame" => {
                let seed = game_seed(self.seed);
                let engine = self.engine();
                engine.new_game();
                engine.set_seed(seed);
                self.helpers.clear(); // their histories too
            }
            "setoption" => self.set_option(&words[1..]),
            "position" => self.position(&words[1..]),
            "go" => self.go(&words[1..]),
            "stop" => self.finish_search(),
            "quit" => {
                self.finish_search();
                return Flow::Quit;
            }
            "bench" => {
                self.finish_search();
                let depth = words
                    .get(1)
                    .and_then(|d| d.parse().ok())
                    .unwrap_or(bench::BENCH_DEPTH);
                let r = bench::run(depth, &InstantClock::new());
                emit(&format!("{} nodes {} nps", r.nodes, r.nps()));
            }
            "d" => emit(&format!("info string fen {}", self.root.fen())),
            "ponderhit" => {}
            other => emit(&format!("info string unknown command \"{other}\"")),
        }
        Flow::Continue
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name <name words> value <value>
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            emit("info string setoption needs: name <option> value <value>");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim().to_ascii_lowercase(), v.trim().to_owned()),
            None => (rest.trim().to_ascii_lowercase(), String::new()),
        };
        let number = value.parse::<u64>();
        match (name.as_str(), number) {
            ("hash", Ok(mb)) if (1..=1024).contains(&mb) => {
                let mb = usize::try_from(mb).unwrap_or(DEFAULT_HASH_MB);
                self.hash_mb = mb;
                self.engine().set_hash_mb(mb);
            }
            ("threads", Ok(n)) if (1..=MAX_THREADS as u64).contains(&n) => {
                self.finish_search();
                self.threads = usize::try_from(n).unwrap_or(1);
            }
            ("level", Ok(l)) if Level::new(u8::try_from(l).unwrap_or(0)).is_some() => {
                self.level = u8::try_from(l).unwrap_or(MAX_LEVEL);
            }
            ("move overhead", Ok(ms)) if ms <= 5000 => self.overhead_ms = ms,
            ("seed", Ok(seed)) if seed <= MAX_SEED => {
                self.seed = seed;
                self.engine().set_seed(game_seed(seed));
            }
            _ => emit(&format!(
                "info string cannot set option \"{name}\" to \"{value}\""
            )),
        }
    }

    fn position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|w| *w == "moves");
        let (spec, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let fen = match spec.first() {
            Some(&"startpos") => "startpos".to_owned(),
            Some(&"fen") => spec[1..].join(" "),
            _ => {
                emit("info string position needs startpos or fen");
                return;
            }
        };
        match Root::from_fen_and_moves(&fen, moves) {
            Ok(root) => {
                self.finish_search();
                self.root = root;
            }
            Err(e) => emit(&format!("info string {e}")),
        }
    }

    fn go(&mut self, words: &[&str]) {
        let args = match parse_go(words) {
            Ok(a) => a,
            Err(e) => {
                emit(&format!("info string {e}"));
                return;
            }
        };
        self.finish_search();
        if let Some(depth) = args.perft {
            let start = InstantClock::new();
            let mut total = 0;
            for (m, n) in perft::divide(&self.root.position, depth) {
                emit(&format!(
                    "{}: {n}",
                    m.to_uci(shakmaty::CastlingMode::Standard)
                ));
                total += n;
            }
            let ms = crate::clock::Clock::elapsed_ms(&start);
            emit("");
            emit(&format!("Nodes searched: {total}"));
            emit(&format!(
                "info string perft {depth} in {ms} ms ({} nps)",
                total * 1000 / ms.max(1)
            ));
            return;
        }
        if self.root.ensure_playable().is_err() {
            emit("info string no legal moves");
            emit("bestmove 0000");
            return;
        }
        let white = shakmaty::Position::turn(&self.root.position).is_white();
        let (time, inc) = if white {
            (args.wtime, args.winc)
        } else {
            (args.btime, args.binc)
        };
        let mut limits = match (args.movetime, time) {
            (Some(ms), _) => SearchLimits::movetime(ms.saturating_sub(self.overhead_ms).max(1)),
            (None, Some(t)) => allocate(
                GameClock {
                    time_ms: t,
                    inc_ms: inc.unwrap_or(0),
                    moves_to_go: args.movestogo,
                },
                self.overhead_ms,
            ),
            (None, None) => SearchLimits::default(),
        };
        limits.depth = args.depth;
        limits.nodes = args.nodes;
        limits.infinite = args.infinite || limits.is_unbounded();
        self.infinite = limits.infinite;
        let level = Level::new(self.level).unwrap_or_else(Level::full);
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::with_hash_mb(self.hash_mb));
        let mut helpers = std::mem::take(&mut self.helpers);
        let wanted = if level.number == MAX_LEVEL {
            self.threads - 1
        } else {
            0
        };
        // Helpers of an older table (after `Hash`, or a lost engine) are made again.
        helpers.retain(|h| h.shares_table_with(&engine));
        helpers.truncate(wanted);
        while helpers.len() < wanted {
            helpers.push(engine.helper());
        }
        let root = self.root.clone();
        self.stop.store(false, Ordering::Relaxed);
        let stop = Arc::clone(&self.stop);
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let clock = InstantClock::new();
                let infinite = limits.infinite;
                let best = threads::search(
                    &mut engine,
                    &mut helpers,
                    &root,
                    level,
                    limits,
                    &clock,
                    &stop,
                    |it| emit(&info_line(it)),
                );
                while infinite && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                match best {
                    Some(b) => emit(&format!("bestmove {}", b.uci)),
                    None => emit("bestmove 0000"),
                }
                (engine, helpers)
            });
        match spawned {
            Ok(handle) => self.worker = Some(handle),
            Err(e) => emit(&format!("info string cannot start search thread: {e}")),
        }
    }

    /// Whether a search thread is running.
    #[must_use]
    pub fn is_searching(&self) -> bool {
        self.worker.as_ref().is_some_and(|w| !w.is_finished())
    }
}

/// Runs a UCI session on stdin/stdout until `quit` or end of input.
pub fn run_stdio() {
    let mut uci = Uci::new();
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            break;
        };
        if uci.handle(&line) == Flow::Quit {
            return;
        }
    }
    // End of input: let a bounded search finish and print its move; stop an infinite one.
    if !uci.infinite
        && let Some(worker) = uci.worker.take()
        && let Ok((engine, helpers)) = worker.join()
    {
        uci.engine = Some(engine);
        uci.helpers = helpers;
    }
    uci.handle("quit");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_zero_draws_a_new_seed_each_time_and_others_stand() {
        assert_ne!(game_seed(0), game_seed(0));
        assert_eq!(game_seed(42), 42);
    }

    #[test]
    fn go_arguments_parse() {
        let g = parse_go(&[
            "wtime",
            "1000",
            "btime",
            "-5",
            "winc",
            "10",
            "movestogo",
            "3",
        ])
        .expect("ok");
        assert_eq!(g.wtime, Some(1000));
        assert_eq!(g.btime, Some(0));
        assert_eq!(g.movestogo, Some(3));
        assert!(parse_go(&["depth"]).is_err());
        assert!(parse_go(&["depth", "x"]).is_err());
        assert!(parse_go(&["infinite"]).expect("ok").infinite);
    }
}
