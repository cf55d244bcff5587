//! UCI input, parsed: a line of text into a [`Command`], or a [`CommandError`] that says
//! what is wrong with it. Nothing here runs anything; [`super::Uci`] executes commands.

use crate::{bench::BENCH_DEPTH, bots::Bot, level::Level, search::MAX_MULTIPV};

use super::{MAX_SEED, MAX_THREADS};

/// Largest `Hash` in mebibytes.
pub const MAX_HASH_MB: usize = 1024;
/// Largest `Move Overhead` in milliseconds.
pub const MAX_OVERHEAD_MS: u64 = 5000;

/// One line of UCI input, understood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify the engine and list its options.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: forget the last game (table, histories) and draw a new seed.
    NewGame,
    /// `setoption name … value …`, with a valid value.
    SetOption(EngineOption),
    /// `position startpos|fen … [moves …]`.
    Position {
        /// `startpos` or the FEN text.
        fen: String,
        /// The moves after it, in UCI notation.
        moves: Vec<String>,
    },
    /// `go …`.
    Go(GoArgs),
    /// `stop`: end the search and answer its `bestmove`.
    Stop,
    /// `quit`.
    Quit,
    /// `bench [depth]`: the node-count benchmark.
    Bench {
        /// Nominal depth of each search.
        depth: u8,
    },
    /// `d`: print the position's FEN.
    Display,
    /// `ponderhit` (accepted and ignored: the engine does not ponder).
    PonderHit,
}

/// An option set by `setoption`, with its value checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineOption {
    /// `Hash`, the table's size in mebibytes (1 to [`MAX_HASH_MB`]).
    Hash(usize),
    /// `Threads`, search threads at level 8 (1 to [`MAX_THREADS`]).
    Threads(usize),
    /// `Level`, 1 to 8.
    Level(u8),
    /// `Move Overhead` in milliseconds (0 to [`MAX_OVERHEAD_MS`]).
    MoveOverhead(u64),
    /// `Seed` of the weaker levels' choices (0: a fresh one each game).
    Seed(u64),
    /// `MultiPV`, how many best lines each iteration reports (1 to [`MAX_MULTIPV`]).
    MultiPv(usize),
    /// `Bot`: a weak player of [`crate::bots`] answers `go` instead of the levels
    /// (`none`, `None` here: the levels again).
    Bot(Option<Bot>),
    /// `Random Moves`, in percent (0 to 100): the chance that `go` plays a uniformly
    /// random legal move instead of its own (Elo World's dilution).
    RandomMoves(u8),
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

/// Why a line is not a command the engine can run; its text is what the engine
/// answers (after `info string`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The first word is no UCI command.
    #[error("unknown command \"{0}\"")]
    Unknown(String),
    /// `setoption` without `name`.
    #[error("setoption needs: name <option> value <value>")]
    SetOptionSyntax,
    /// An unknown option, or a value out of its range (the name in lower case).
    #[error("cannot set option \"{name}\" to \"{value}\"")]
    BadOption {
        /// The option's name, lower case.
        name: String,
        /// The value given.
        value: String,
    },
    /// `position` without `startpos` or `fen`.
    #[error("position needs startpos or fen")]
    PositionSyntax,
    /// A `go` argument that is unknown or lacks its number.
    #[error("{0}")]
    Go(String),
}

/// Parses one line of UCI input: `Ok(None)` for a blank line.
///
/// # Errors
///
/// A [`CommandError`] naming what is wrong.
pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&name, rest)) = words.split_first() else {
        return Ok(None);
    };
    let command = match name {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "setoption" => Command::SetOption(parse_option(rest)?),
        "position" => parse_position(rest)?,
        "go" => Command::Go(parse_go(rest).map_err(CommandError::Go)?),
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "bench" => Command::Bench {
            depth: rest
                .first()
                .and_then(|d| d.parse().ok())
                .unwrap_or(BENCH_DEPTH),
        },
        "d" => Command::Display,
        "ponderhit" => Command::PonderHit,
        other => return Err(CommandError::Unknown(other.to_owned())),
    };
    Ok(Some(command))
}

/// `name <name words> value <value>`, the option's name in any case.
fn parse_option(words: &[&str]) -> Result<EngineOption, CommandError> {
    let text = words.join(" ");
    let Some(rest) = text.strip_prefix("name ") else {
        return Err(CommandError::SetOptionSyntax);
    };
    let (name, value) = match rest.split_once(" value ") {
        Some((n, v)) => (n.trim().to_ascii_lowercase(), v.trim().to_owned()),
        None => (rest.trim().to_ascii_lowercase(), String::new()),
    };
    if name == "bot" {
        let bot = match value.to_ascii_lowercase().as_str() {
            "none" => Some(None),
            other => Bot::from_uci_name(other).map(Some),
        };
        return bot
            .map(EngineOption::Bot)
            .ok_or(CommandError::BadOption { name, value });
    }
    let option = value.parse::<u64>().ok().and_then(|n| match name.as_str() {
        "hash" => usize::try_from(n)
            .ok()
            .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
            .map(EngineOption::Hash),
        "threads" => usize::try_from(n)
            .ok()
            .filter(|t| (1..=MAX_THREADS).contains(t))
            .map(EngineOption::Threads),
        "level" => u8::try_from(n)
            .ok()
            .filter(|&l| Level::new(l).is_some())
            .map(EngineOption::Level),
        "move overhead" => (n <= MAX_OVERHEAD_MS).then_some(EngineOption::MoveOverhead(n)),
        "seed" => (n <= MAX_SEED).then_some(EngineOption::Seed(n)),
        "random moves" => u8::try_from(n)
            .ok()
            .filter(|&p| p <= 100)
            .map(EngineOption::RandomMoves),
        "multipv" => usize::try_from(n)
            .ok()
            .filter(|lines| (1..=MAX_MULTIPV).contains(lines))
            .map(EngineOption::MultiPv),
        _ => None,
    });
    option.ok_or(CommandError::BadOption { name, value })
}

/// `startpos|fen <fen> [moves <move>…]`.
fn parse_position(words: &[&str]) -> Result<Command, CommandError> {
    let (spec, moves) = match words.iter().position(|w| *w == "moves") {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen = match spec.split_first() {
        Some((&"startpos", _)) => "startpos".to_owned(),
        Some((&"fen", fen)) => fen.join(" "),
        _ => return Err(CommandError::PositionSyntax),
    };
    Ok(Command::Position {
        fen,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    })
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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn commands_parse_with_their_arguments() {
        assert_eq!(parse("   "), Ok(None));
        assert_eq!(parse("isready"), Ok(Some(Command::IsReady)));
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Some(Command::Position {
                fen: "startpos".to_owned(),
                moves: vec!["e2e4".to_owned(), "e7e5".to_owned()],
            }))
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            Ok(Some(Command::Position {
                fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1".to_owned(),
                moves: Vec::new(),
            }))
        );
        assert_eq!(
            parse("setoption name Move Overhead value 30"),
            Ok(Some(Command::SetOption(EngineOption::MoveOverhead(30))))
        );
        assert_eq!(
            parse("bench"),
            Ok(Some(Command::Bench { depth: BENCH_DEPTH }))
        );
        assert_eq!(parse("bench 5"), Ok(Some(Command::Bench { depth: 5 })));
        assert_eq!(
            parse("setoption name MultiPV value 3"),
            Ok(Some(Command::SetOption(EngineOption::MultiPv(3))))
        );
        assert_eq!(
            parse("setoption name Bot value min_oppt_moves"),
            Ok(Some(Command::SetOption(EngineOption::Bot(Some(
                Bot::MinOpptMoves
            )))))
        );
        assert_eq!(
            parse("setoption name bot value None"),
            Ok(Some(Command::SetOption(EngineOption::Bot(None))))
        );
        assert_eq!(
            parse("setoption name Bot value stockfish"),
            Err(CommandError::BadOption {
                name: "bot".to_owned(),
                value: "stockfish".to_owned()
            })
        );
    }

    #[test]
    fn bad_input_gets_an_error_that_names_it() {
        assert_eq!(
            parse("fly me to the moon"),
            Err(CommandError::Unknown("fly".to_owned()))
        );
        assert_eq!(parse("position"), Err(CommandError::PositionSyntax));
        assert_eq!(
            parse("setoption Hash 4"),
            Err(CommandError::SetOptionSyntax)
        );
        assert_eq!(
            parse("setoption name Hash value 0")
                .expect_err("out of range")
                .to_string(),
            "cannot set option \"hash\" to \"0\""
        );
        assert_eq!(
            parse("setoption name Level value 9"),
            Err(CommandError::BadOption {
                name: "level".to_owned(),
                value: "9".to_owned()
            })
        );
        assert_eq!(
            parse("setoption name MultiPV value 0"),
            Err(CommandError::BadOption {
                name: "multipv".to_owned(),
                value: "0".to_owned()
            })
        );
        assert!(parse(&format!("setoption name MultiPV value {}", MAX_MULTIPV + 1)).is_err());
        assert_eq!(
            parse("go depth deep"),
            Err(CommandError::Go("go depth needs a number".to_owned()))
        );
    }
}
