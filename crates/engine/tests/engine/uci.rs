//! UCI conversations: in this process through [`Uci`] and a buffer, and once through
//! the `gambit-engine` binary's stdin and stdout.

use std::{
    io::{BufRead, BufReader, Write},
    process::{Command, Stdio},
    sync::{Arc, Mutex, mpsc},
    time::Duration,
};

use gambit_engine::uci::{Flow, Uci};

/// A writer whose lines the test reads afterwards (the search thread writes to it too).
#[derive(Debug, Clone, Default)]
struct Transcript(Arc<Mutex<Vec<u8>>>);

impl Write for Transcript {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .expect("not poisoned")
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Transcript {
    fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().expect("not poisoned");
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

/// Runs `script` (one command per line; a `wait bestmove` line waits until the running
/// search has answered) through a [`Uci`] in this process and returns every line it
/// wrote, as the binary would have.
fn conversation(script: &[&str]) -> Vec<String> {
    let transcript = Transcript::default();
    let mut uci = Uci::new(transcript.clone());
    for command in script {
        if *command == "wait bestmove" {
            uci.wait_for_search();
        } else if uci.handle(command) == Flow::Quit {
            break;
        }
    }
    uci.wait_for_search();
    transcript.lines()
}

/// Runs the `gambit-engine` binary on `script` (as [`conversation`]'s) and returns
/// every line it wrote.
fn conversation_with_the_binary(script: &[&str]) -> Vec<String> {
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
fn threads_option_is_offered_and_two_threads_find_the_mate_through_the_binary() {
    // WAC.001: 1.Qg6 mates in two.
    let lines = conversation_with_the_binary(&[
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
    let lines = conversation(&[
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

/// The first `bestmove` of a fresh conversation at level 1 after `setup`, from a position
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
    let lines = conversation(&script);
    lines
        .into_iter()
        .find(|l| l.starts_with("bestmove"))
        .expect("a bestmove")
}

#[test]
fn a_fixed_seed_replays_the_weak_levels_choices_and_other_seeds_vary_them() {
    let lines = conversation(&["uci", "quit"]);
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

#[test]
fn a_conversation_is_answered_in_order_and_bad_lines_are_named() {
    let lines = conversation(&[
        "uci",
        "isready",
        "",
        "fly me to the moon",
        "position sideways",
        "position startpos moves e2e4 e9e5",
        "position startpos moves e2e4 e7e5",
        "d",
        "go depth three",
        "go depth 3",
        "wait bestmove",
        "quit",
        "isready",
    ]);
    let uciok = lines.iter().position(|l| l == "uciok").expect("uciok");
    assert!(lines[0].starts_with("id name Gambit"), "{lines:?}");
    assert_eq!(lines[uciok + 1], "readyok", "{lines:?}");
    let answers: Vec<&str> = lines[uciok + 2..uciok + 7]
        .iter()
        .map(String::as_str)
        .collect();
    assert_eq!(
        answers[..2],
        [
            "info string unknown command \"fly\"",
            "info string position needs startpos or fen",
        ]
    );
    assert!(answers[2].starts_with("info string "), "{lines:?}");
    assert_eq!(
        answers[3],
        "info string fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(answers[4], "info string go depth needs a number");
    let infos = lines.iter().filter(|l| l.starts_with("info depth")).count();
    assert_eq!(infos, 3, "one info line per depth: {lines:?}");
    let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 1, "{lines:?}");
    assert_eq!(
        lines.iter().filter(|l| *l == "readyok").count(),
        1,
        "nothing is read after quit: {lines:?}"
    );
}

#[test]
fn a_position_without_moves_answers_the_null_move() {
    let lines = conversation(&["position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "go depth 2"]);
    assert_eq!(
        lines,
        ["info string no legal moves", "bestmove 0000"],
        "stalemate"
    );
}

/// The `multipv` number and first pv move of each `info depth` line of `depth`.
fn lines_of_depth(lines: &[String], depth: u32) -> Vec<(u32, String)> {
    lines
        .iter()
        .filter(|l| l.starts_with(&format!("info depth {depth} ")))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let after = |key: &str| {
                words
                    .iter()
                    .position(|w| *w == key)
                    .and_then(|i| words.get(i + 1))
                    .map(|w| (*w).to_owned())
            };
            let k = after("multipv").and_then(|k| k.parse().ok()).unwrap_or(0);
            (k, after("pv").unwrap_or_default())
        })
        .collect()
}

#[test]
fn multipv_is_offered_and_reports_its_lines_best_first() {
    let lines = conversation(&[
        "uci",
        "setoption name MultiPV value 3",
        "position startpos moves e2e4 e7e5 g1f3 b8c6",
        "go depth 5",
        "wait bestmove",
    ]);
    assert!(
        lines
            .iter()
            .any(|l| l == "option name MultiPV type spin default 1 min 1 max 5"),
        "{lines:?}"
    );
    for depth in 1..=5 {
        let found = lines_of_depth(&lines, depth);
        let numbers: Vec<u32> = found.iter().map(|(k, _)| *k).collect();
        assert_eq!(numbers, [1, 2, 3], "depth {depth}: {lines:?}");
        let firsts: Vec<&String> = found.iter().map(|(_, m)| m).collect();
        assert!(
            firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
            "{firsts:?}"
        );
    }
    let best = lines
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove");
    assert_eq!(best, lines_of_depth(&lines, 5)[0].1, "line 1 is played");
}

#[test]
fn multipv_one_prints_no_multipv_field_and_bad_counts_are_refused() {
    let lines = conversation(&[
        "setoption name MultiPV value 0",
        "setoption name MultiPV value 9",
        "setoption name MultiPV value 2",
        "setoption name MultiPV value 1",
        "go depth 2",
        "wait bestmove",
    ]);
    assert_eq!(
        lines[..2],
        [
            "info string cannot set option \"multipv\" to \"0\"",
            "info string cannot set option \"multipv\" to \"9\"",
        ]
    );
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 2, "{lines:?}");
    assert!(infos.iter().all(|l| !l.contains("multipv")), "{infos:?}");
}

#[test]
fn multipv_lines_are_fewer_when_the_position_has_fewer_moves() {
    // The king on h1 has one move, Kg1.
    let lines = conversation(&[
        "setoption name MultiPV value 3",
        "position fen k7/8/8/8/8/8/5r2/7K w - - 0 1",
        "go depth 2",
        "wait bestmove",
    ]);
    assert_eq!(
        lines_of_depth(&lines, 1),
        [(1, "h1g1".to_owned())],
        "{lines:?}"
    );
}
