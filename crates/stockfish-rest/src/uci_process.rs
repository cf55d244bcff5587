//! One Stockfish process, spoken to over UCI: handshake, then one search at a time.
//! The process is killed when this value is dropped (a timed-out search drops it); a
//! search whose client went away is stopped instead, and the process kept.

use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// How long the UCI handshake may take.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// A search's score, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchOutcome {
    /// The best move, in UCI notation.
    pub bestmove: String,
    /// The expected reply, when Stockfish gives one.
    pub ponder: Option<String>,
    /// The last reported score of the principal variation.
    pub score: Option<Score>,
    /// The last reported principal variation.
    pub pv: Vec<String>,
}

/// A failure of the Stockfish process.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// The executable could not be started.
    #[error("cannot start Stockfish at {path}: {source}")]
    Spawn {
        /// The executable.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Reading or writing its pipes failed.
    #[error("Stockfish pipe error: {0}")]
    Io(#[from] std::io::Error),
    /// It closed its output (crashed or quit).
    #[error("Stockfish stopped unexpectedly")]
    Closed,
    /// It did not complete the UCI handshake in time.
    #[error("Stockfish did not answer the UCI handshake")]
    Handshake,
}

/// A running Stockfish.
#[derive(Debug)]
pub struct UciProcess {
    _child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

impl UciProcess {
    /// Starts `path` and completes the UCI handshake.
    pub async fn start(path: &str) -> Result<UciProcess, UciError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|source| UciError::Spawn {
                path: path.to_owned(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(UciError::Closed);
        };
        let mut process = UciProcess {
            _child: child,
            stdin,
            lines: BufReader::new(stdout).lines(),
        };
        let handshake = async {
            process.send("uci").await?;
            process.read_until(|line| line == "uciok").await?;
            process.send("isready").await?;
            process.read_until(|line| line == "readyok").await?;
            Ok::<(), UciError>(())
        };
        tokio::time::timeout(HANDSHAKE_TIMEOUT, handshake)
            .await
            .map_err(|_| UciError::Handshake)??;
        Ok(process)
    }

    async fn send(&mut self, command: &str) -> Result<(), UciError> {
        self.stdin.write_all(command.as_bytes()).await?;
        self.stdin.write_all(b"\n").await?;
        self.stdin.flush().await?;
        Ok(())
    }

    async fn read_line(&mut self) -> Result<String, UciError> {
        self.lines.next_line().await?.ok_or(UciError::Closed)
    }

    async fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Result<String, UciError> {
        loop {
            let line = self.read_line().await?;
            if done(line.trim()) {
                return Ok(line);
            }
        }
    }

    /// Searches `fen` (already validated) to `depth`. When `cancel` completes first (its
    /// client went away), Stockfish is told to `stop` and the search ends with the move
    /// found so far, so that the process stays usable.
    pub async fn search(
        &mut self,
        fen: &str,
        depth: u8,
        cancel: impl Future<Output = ()>,
    ) -> Result<SearchOutcome, UciError> {
        self.send("ucinewgame").await?;
        self.send(&format!("position fen {fen}")).await?;
        self.send(&format!("go depth {depth}")).await?;
        let mut cancel = std::pin::pin!(cancel);
        let mut stopped = false;
        let mut score = None;
        let mut pv = Vec::new();
        loop {
            // Reading a line is cancel-safe: nothing read is lost when `cancel` wins.
            let line = tokio::select! {
                line = self.read_line() => line?,
                () = &mut cancel, if !stopped => {
                    stopped = true;
                    self.send("stop").await?;
                    continue;
                }
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("info") => {
                    if let Some((line_score, line_pv)) = parse_info(&line) {
                        score = Some(line_score);
                        if !line_pv.is_empty() {
                            pv = line_pv;
                        }
                    }
                }
                Some("bestmove") => {
                    let bestmove = words.next().unwrap_or("(none)").to_owned();
                    let ponder = match (words.next(), words.next()) {
                        (Some("ponder"), Some(reply)) => Some(reply.to_owned()),
                        _ => None,
                    };
                    return Ok(SearchOutcome {
                        bestmove,
                        ponder,
                        score,
                        pv,
                    });
                }
                _ => {}
            }
        }
    }
}

/// The score and principal variation of a Stockfish `info` line of the first PV, if it has a
/// score (bound scores `lowerbound`/`upperbound` are skipped).
pub fn parse_info(line: &str) -> Option<(Score, Vec<String>)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if let Some(index) = words.iter().position(|w| *w == "multipv")
        && words.get(index + 1) != Some(&"1")
    {
        return None;
    }
    if words
        .iter()
        .any(|w| *w == "lowerbound" || *w == "upperbound")
    {
        return None;
    }
    let index = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(index + 2)?.parse().ok()?;
    let score = match *words.get(index + 1)? {
        "cp" => Score::Cp(value),
        "mate" => Score::Mate(value),
        _ => return None,
    };
    let pv = words
        .iter()
        .position(|w| *w == "pv")
        .map(|start| words[start + 1..].iter().map(|w| (*w).to_owned()).collect())
        .unwrap_or_default();
    Some((score, pv))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_scores_and_pvs_from_info_lines() {
        assert_eq!(
            parse_info(
                "info depth 10 seldepth 14 multipv 1 score cp 31 nodes 1 nps 1 pv e2e4 e7e5"
            ),
            Some((Score::Cp(31), vec!["e2e4".to_owned(), "e7e5".to_owned()]))
        );
        assert_eq!(
            parse_info("info depth 3 score mate -2 pv h7h8"),
            Some((Score::Mate(-2), vec!["h7h8".to_owned()]))
        );
        assert_eq!(
            parse_info("info depth 5 score cp 20 lowerbound pv e2e4"),
            None
        );
        assert_eq!(parse_info("info string NNUE evaluation enabled"), None);
        assert_eq!(
            parse_info("info depth 5 multipv 2 score cp 20 pv d2d4"),
            None
        );
    }
}
