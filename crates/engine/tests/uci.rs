//! The UCI binary end to end: commands in on stdin, answers out on stdout.

use std::{
    io::{BufRead, BufReader, Write},
    process::{Command, Stdio},
    sync::mpsc,
    time::Duration,
};

/// Runs the `gambit-engine` binary on `script` (one command per line, `wait bestmove`
/// lines wait until that many `bestmove` answers came) and returns every line it wrote.
fn session(script: &[&str]) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gambit-engine"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = Vec::new();
    let mut bestmoves = 0;
    for command in script {
        if *command == "wait bestmove" {
            let wanted = bestmoves + 1;
            while bestmoves < wanted {
                let line = rx
                    .recv_timeout(Duration::from_secs(20))
                    .expect("a bestmove within 20 s");
                bestmoves += usize::from(line.starts_with("bestmove"));
                lines.push(line);
            }
            continue;
        }
        writeln!(stdin, "{command}").expect("write a command");
    }
    drop(stdin);
    let status = child.wait().expect("the binary exits");
    assert!(status.success(), "{status}");
    reader.join().expect("reader");
    lines.extend(rx.try_iter());
    lines
}

#[test]
fn threads_option_is_offered_and_two_threads_find_the_mate() {
    // WAC.001: 1.Qg6 mates in two.
    let lines = session(&[
        "uci",
        "setoption name Threads value 2",
        "position fen 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "go movetime 500",
        "wait bestmove",
        "go movetime 300",
        "wait bestmove",
        "quit",
    ]);
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Threads type spin default 1 min 1 max 64"),
        "{lines:?}"
    );
    let moves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(moves, ["bestmove g3g6", "bestmove g3g6"], "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("score mate 2")),
        "{lines:?}"
    );
}

#[test]
fn bad_thread_counts_are_refused_with_a_message() {
    let lines = session(&[
        "setoption name Threads value 0",
        "setoption name Threads value 65",
        "setoption name Threads value many",
        "isready",
        "quit",
    ]);
    let refusals = lines
        .iter()
        .filter(|l| l.starts_with("info string cannot set option \"threads\""))
        .count();
    assert_eq!(refusals, 3, "{lines:?}");
    assert!(lines.iter().any(|l| l == "readyok"), "{lines:?}");
}

/// The first `bestmove` of a fresh process at level 1 after `setup`, from a position
/// with many playable moves.
fn level_one_move(setup: &[&str]) -> String {
    let mut script = vec!["setoption name Level value 1"];
    script.extend_from_slice(setup);
    script.extend_from_slice(&[
        "position fen r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "go depth 3",
        "wait bestmove",
        "quit",
    ]);
    let lines = session(&script);
    lines
        .into_iter()
        .find(|l| l.starts_with("bestmove"))
        .expect("a bestmove")
}

#[test]
fn a_fixed_seed_replays_the_weak_levels_choices_and_other_seeds_vary_them() {
    let lines = session(&["uci", "quit"]);
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Seed type spin default 0 min 0 max 2147483647"),
        "{lines:?}"
    );
    let seven = level_one_move(&["setoption name Seed value 7"]);
    assert_eq!(
        level_one_move(&["setoption name Seed value 7"]),
        seven,
        "same seed, same choice"
    );
    assert_eq!(
        level_one_move(&["setoption name Seed value 7", "ucinewgame"]),
        seven,
        "a fixed seed holds across ucinewgame"
    );
    let others: Vec<String> = (1..=12)
        .map(|seed| level_one_move(&[&format!("setoption name Seed value {seed}")]))
        .collect();
    assert!(
        others.iter().any(|m| *m != seven),
        "twelve seeds, one choice: {others:?}"
    );
}
