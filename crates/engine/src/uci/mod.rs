//! The UCI front end: `uci`, `isready`, `ucinewgame`, `setoption` (`Hash`, `Level`,
//! `Move Overhead`, `Threads`, `Seed`, `MultiPV`, `Bot`, `Random Moves`), `position`, `go` (`movetime`,
//! `wtime`/`btime`/`winc`/`binc`/`movestogo`, `depth`, `nodes`, `infinite`, `perft N`),
//! `stop`, `quit`, plus `bench` and `d` (print the position's FEN).
//!
//! A line is first parsed into a [`Command`] ([`command`]), then executed by [`Uci`],
//! which writes its answers to any [`Write`]r: the binary's is stdout, a test's a buffer,
//! so a whole UCI conversation can be tested without a process. Malformed commands are
//! answered with an `info string` and otherwise ignored.
//!
//! The search runs on its own thread so `stop`, `isready` and `quit` are answered
//! while it thinks (also during `go infinite`). With `Threads` above 1, level 8 searches
//! with helper threads; the weaker levels always use one thread, as they were
//! calibrated. The weaker levels' choices among their best moves are random: `Seed` 0
//! (the default) draws a fresh seed at start and at every `ucinewgame`, so games differ;
//! any other `Seed` replays the same choices.
//!
//! With `MultiPV` above 1, every iteration prints one `info … multipv k …` line per best
//! line, best first, each with a different first move; `bestmove` is line 1's move (at
//! level 8; a weaker level still makes its own choice). With `MultiPV` 1 the `info`
//! lines carry no `multipv` field, as before the option existed.
//!
//! `Bot` (a combo: `none` or a name of [`crate::bots::Bot::ALL`]) makes one of tom7's weak
//! players answer instead of the levels: `go`, whatever its limits (`infinite` too),
//! prints the bot's `bestmove` at once, without `info` lines and without searching
//! (`worstfish` searches each reply briefly). Its ties are broken by the `Seed` as the
//! levels' choices are: 0 draws a fresh seed each game, any other value replays the same
//! game. `none` returns to the levels.
//!
//! `Random Moves` (0–100, default 0) dilutes the engine as Elo World does: at each `go`,
//! with that chance in percent, it plays a uniformly random legal move at once (no
//! `info` lines) instead of its level's move; the draw follows the `Seed` as the bots'
//! ties do. The calibration ladder below level 4 is made of it.

pub mod command;

use std::{
    io::{BufRead, Write},
    sync::{
        Arc, Mutex, PoisonError,
        atomic::{AtomicBool, Ordering},
    },
    thread::JoinHandle,
};

pub use command::{Command, CommandError, EngineOption, GoArgs, parse, parse_go};

use crate::{
    bench,
    bots::{self, Bot},
    clock::{Clock, InstantClock},
    level::{Level, MAX_LEVEL},
    limits::SearchLimits,
    perft,
    protocol::Score,
    root::Root,
    search::{DEFAULT_HASH_MB, Engine, Iteration, MAX_MULTIPV},
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

/// Where the answers go: shared by the command loop and the search thread, one whole
/// line at a time.
#[derive(Debug)]
struct Output<W>(Arc<Mutex<W>>);

impl<W> Clone for Output<W> {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl<W: Write> Output<W> {
    fn line(&self, line: &str) {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        // A closed output means the GUI is gone; nothing useful to do about it.
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// What the command loop should do after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// Exit.
    Quit,
}

/// The state of a UCI conversation, answering through `W`.
#[derive(Debug)]
pub struct Uci<W: Write + Send + 'static> {
    out: Output<W>,
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
    /// The `MultiPV` option: best lines reported per iteration.
    multipv: usize,
    /// The `Bot` option: the weak player answering `go` (`None`: the levels).
    bot: Option<Bot>,
    /// The `Random Moves` option: the chance (percent) of a random move instead.
    random_moves: u8,
    /// The seed of the bot's ties this game (from `Seed`, drawn afresh when it is 0).
    bot_seed: u64,
    infinite: bool,
}

/// Formats an iteration as a UCI `info` line (its best line).
#[must_use]
pub fn info_line(it: &Iteration) -> String {
    info_text(it, None, it.score, &it.pv_uci)
}

/// Formats an iteration as UCI `info` lines: its best line alone, or with `multipv`
/// every line it found, each tagged `multipv k`, best first.
#[must_use]
pub fn info_lines(it: &Iteration, multipv: bool) -> Vec<String> {
    if !multipv {
        return vec![info_line(it)];
    }
    it.lines
        .iter()
        .zip(1..)
        .map(|(line, k)| info_text(it, Some(k), line.score, &line.pv_uci))
        .collect()
}

fn info_text(it: &Iteration, multipv: Option<usize>, score: Score, pv: &[String]) -> String {
    let score = match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let line = multipv.map_or_else(String::new, |k| format!(" multipv {k}"));
    let nps = it.nodes * 1000 / it.time_ms.max(1);
    format!(
        "info depth {} seldepth {}{line} score {} nodes {} nps {} hashfull {} time {} pv {}",
        it.depth,
        it.seldepth,
        score,
        it.nodes,
        nps,
        it.hashfull,
        it.time_ms,
        pv.join(" ")
    )
}

impl<W: Write + Send + 'static> Uci<W> {
    /// A conversation with default options at the starting position, answering to `out`.
    #[must_use]
    pub fn new(out: W) -> Self {
        Self {
            out: Output(Arc::new(Mutex::new(out))),
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
            multipv: 1,
            bot: None,
            random_moves: 0,
            bot_seed: game_seed(0),
            infinite: false,
        }
    }

    fn emit(&self, line: &str) {
        self.out.line(line);
    }

    /// Stops a running search (if any) and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if self.worker.is_some() {
            self.stop.store(true, Ordering::Relaxed);
            self.join_search();
        }
    }

    /// Waits for the search thread (if any) to end and takes its engines back.
    fn join_search(&mut self) {
        if let Some(worker) = self.worker.take() {
            match worker.join() {
                Ok((engine, helpers)) => {
                    self.engine = Some(engine);
                    self.helpers = helpers;
                }
                Err(_) => {
                    self.emit("info string search thread failed; engine reset");
                    self.engine = Some(seeded_engine(self.hash_mb, self.seed));
                }
            }
        }
    }

    /// Lets a running search end by its own limits (its `bestmove` written) and waits
    /// for it; stops an infinite one, which would never end.
    pub fn wait_for_search(&mut self) {
        if self.infinite {
            self.finish_search();
        } else {
            self.join_search();
        }
    }

    fn engine(&mut self) -> &mut Engine {
        self.finish_search();
        let (hash_mb, seed) = (self.hash_mb, self.seed);
        self.engine
            .get_or_insert_with(|| seeded_engine(hash_mb, seed))
    }

    /// Handles one line of input: parses it, then executes it, or answers what is
    /// wrong with it in an `info string`.
    pub fn handle(&mut self, line: &str) -> Flow {
        match parse(line) {
            Ok(Some(command)) => self.execute(command),
            Ok(None) => Flow::Continue,
            Err(error) => {
                self.emit(&format!("info string {error}"));
                Flow::Continue
            }
        }
    }

    /// Executes one command.
    pub fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Uci => self.identify(),
            Command::IsReady => self.emit("readyok"),
            Command::NewGame => {
                let seed = game_seed(self.seed);
                self.bot_seed = game_seed(self.seed);
                let engine = self.engine();
                engine.new_game();
                engine.set_seed(seed);
                self.helpers.clear(); // their histories too
            }
            Command::SetOption(option) => self.set_option(option),
            Command::Position { fen, moves } => self.position(&fen, &moves),
            Command::Go(args) => self.go(args),
            Command::Stop => self.finish_search(),
            Command::Quit => {
                self.finish_search();
                return Flow::Quit;
            }
            Command::Bench { depth } => {
                self.finish_search();
                let r = bench::run(depth, &InstantClock::new());
                self.emit(&format!("{} nodes {} nps", r.nodes, r.nps()));
            }
            Command::Display => self.emit(&format!("info string fen {}", self.root.fen())),
            Command::PonderHit => {}
        }
        Flow::Continue
    }

    fn identify(&self) {
        self.emit(&format!("id name Gambit {}", env!("CARGO_PKG_VERSION")));
        self.emit("id author the Gambit developers");
        self.emit(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {}",
            command::MAX_HASH_MB
        ));
        self.emit(&format!(
            "option name Level type spin default {MAX_LEVEL} min 1 max {MAX_LEVEL}"
        ));
        self.emit(&format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {}",
            command::MAX_OVERHEAD_MS
        ));
        self.emit(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.emit(&format!(
            "option name Seed type spin default 0 min 0 max {MAX_SEED}"
        ));
        self.emit(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        let bots: String = Bot::ALL
            .iter()
            .map(|b| format!(" var {}", b.name()))
            .collect();
        self.emit(&format!(
            "option name Bot type combo default none var none{bots}"
        ));
        self.emit("option name Random Moves type spin default 0 min 0 max 100");
        self.emit("uciok");
    }

    fn set_option(&mut self, option: EngineOption) {
        match option {
            EngineOption::Hash(mb) => {
                self.hash_mb = mb;
                self.engine().set_hash_mb(mb);
            }
            EngineOption::Threads(n) => {
                self.finish_search();
                self.threads = n;
            }
            EngineOption::Level(level) => self.level = level,
            EngineOption::MoveOverhead(ms) => self.overhead_ms = ms,
            EngineOption::Seed(seed) => {
                self.seed = seed;
                self.bot_seed = game_seed(seed);
                self.engine().set_seed(game_seed(seed));
            }
            EngineOption::MultiPv(lines) => self.multipv = lines,
            EngineOption::Bot(bot) => self.bot = bot,
            EngineOption::RandomMoves(percent) => self.random_moves = percent,
        }
    }

    fn position(&mut self, fen: &str, moves: &[String]) {
        match Root::from_fen_and_moves(fen, moves) {
            Ok(root) => {
                self.finish_search();
                self.root = root;
            }
            Err(e) => self.emit(&format!("info string {e}")),
        }
    }

    fn perft(&self, depth: u32) {
        let start = InstantClock::new();
        let mut total = 0;
        for (m, n) in perft::divide(&self.root.position, depth) {
            self.emit(&format!(
                "{}: {n}",
                m.to_uci(shakmaty::CastlingMode::Standard)
            ));
            total += n;
        }
        let ms = start.elapsed_ms();
        self.emit("");
        self.emit(&format!("Nodes searched: {total}"));
        self.emit(&format!(
            "info string perft {depth} in {ms} ms ({} nps)",
            total * 1000 / ms.max(1)
        ));
    }

    /// The search's budget for `args` on the position's side to move.
    fn limits(&self, args: GoArgs) -> SearchLimits {
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
        limits
    }

    fn go(&mut self, args: GoArgs) {
        self.finish_search();
        if let Some(depth) = args.perft {
            self.perft(depth);
            return;
        }
        if self.root.ensure_playable().is_err() {
            self.emit("info string no legal moves");
            self.emit("bestmove 0000");
            return;
        }
        if let Some(bot) = self.bot {
            self.infinite = false;
            let answer = bots::choose(bot, &self.root.position, self.bot_seed).map_or_else(
                || "0000".to_owned(),
                |m| m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
            );
            self.emit(&format!("bestmove {answer}"));
            return;
        }
        if let Some(m) =
            bots::dilution::random_instead(&self.root.position, self.bot_seed, self.random_moves)
        {
            self.infinite = false;
            let answer = m.to_uci(shakmaty::CastlingMode::Standard);
            self.emit(&format!("bestmove {answer}"));
            return;
        }
        let limits = self.limits(args);
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
        let out = self.out.clone();
        let multipv = self.multipv;
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
                    multipv,
                    |it| {
                        for line in info_lines(it, multipv > 1) {
                            out.line(&line);
                        }
                    },
                );
                while infinite && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
                match best {
                    Some(b) => out.line(&format!("bestmove {}", b.uci)),
                    None => out.line("bestmove 0000"),
                }
                (engine, helpers)
            });
        match spawned {
            Ok(handle) => self.worker = Some(handle),
            Err(e) => self.emit(&format!("info string cannot start search thread: {e}")),
        }
    }

    /// Whether a search thread is running.
    #[must_use]
    pub fn is_searching(&self) -> bool {
        self.worker.as_ref().is_some_and(|w| !w.is_finished())
    }
}

/// Runs a UCI conversation: commands from `input`, answers to `output`, until `quit` or
/// the end of the input (where a bounded search still finishes and prints its move).
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    let mut uci = Uci::new(output);
    for line in input.lines() {
        let Ok(line) = line else {
            break;
        };
        if uci.handle(&line) == Flow::Quit {
            return;
        }
    }
    uci.wait_for_search();
    uci.execute(Command::Quit);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_zero_draws_a_new_seed_each_time_and_others_stand() {
        assert_ne!(game_seed(0), game_seed(0));
        assert_eq!(game_seed(42), 42);
    }
}
