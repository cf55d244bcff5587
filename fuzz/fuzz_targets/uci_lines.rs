//! The engine's UCI input: every line is read by `gambit_engine::uci::parse`, and the
//! commands that are cheap are executed (`position` with any FEN and moves, `d`, options
//! other than Hash and Threads, and `go` cut at depth 2 with any clock values, awaited).
//! Nothing panics; what the engine answers is thrown away.

#![no_main]

use std::cell::RefCell;
use std::io::Sink;

use gambit_engine::uci::{Command, EngineOption, Uci};
use libfuzzer_sys::fuzz_target;

thread_local! {
    /// One conversation for the whole run (a new one allocates its table).
    static UCI: RefCell<Uci<Sink>> = RefCell::new(Uci::new(std::io::sink()));
}

/// Whether `command` is cheap enough to execute here.
fn cheap(command: &Command) -> bool {
    match command {
        Command::SetOption(EngineOption::Hash(_) | EngineOption::Threads(_)) => false,
        Command::Go(args) => {
            args.perft.is_none() && !args.infinite && args.depth.is_some_and(|depth| depth <= 2)
        }
        Command::NewGame | Command::Bench { .. } | Command::Quit | Command::Stop => false,
        _ => true,
    }
}

fuzz_target!(|text: &str| {
    UCI.with_borrow_mut(|uci| {
        // Every input starts from the same position and options.
        uci.execute(Command::Position {
            fen: "startpos".to_owned(),
            moves: Vec::new(),
        });
        uci.execute(Command::SetOption(EngineOption::Level(8)));
        uci.execute(Command::SetOption(EngineOption::MoveOverhead(10)));
        for line in text.lines() {
            if let Ok(Some(command)) = gambit_engine::uci::parse(line)
                && cheap(&command)
            {
                uci.execute(command);
                uci.wait_for_search();
            }
        }
    });
});
