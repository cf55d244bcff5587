//! What the integration tests share: a server on an ephemeral port (the whole stack, as
//! the binary serves it), requests to it, and a stand-in for Stockfish whose searches can
//! be made to hang and which records what it is told.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use stockfish_rest::{AppState, Config, serve_with};

/// The start position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A running server.
pub struct Server {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// Its state, shared with the server (to watch its Stockfish pool).
    pub state: AppState,
}

/// Starts a server with `adjust`ed defaults (on a free port).
pub async fn start(adjust: impl FnOnce(&mut Config)) -> Server {
    let mut config = Config::defaults();
    config.port = 0;
    adjust(&mut config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let address = listener.local_addr().expect("an address");
    let state = AppState::new(&config);
    let served = state.clone();
    tokio::spawn(async move { serve_with(listener, &config, served).await });
    Server {
        base: format!("http://{address}"),
        state,
    }
}

/// The analysis URL for `fen` and `depth`.
pub fn analyse_url(base: &str, fen: &str, depth: &str) -> reqwest::Url {
    reqwest::Url::parse_with_params(
        &format!("{base}/api/s/v2.php"),
        &[("fen", fen), ("depth", depth)],
    )
    .expect("a URL")
}

/// Asks for an analysis; returns the status and the body.
pub async fn ask(base: &str, fen: &str, depth: &str) -> (u16, String) {
    let response = reqwest::Client::new()
        .get(analyse_url(base, fen, depth))
        .timeout(Duration::from_secs(30))
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    (status, response.text().await.expect("a body"))
}

/// A JSON body.
pub fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|error| panic!("{error}: {body}"))
}

/// Waits (up to 20 s) until `condition` holds, checking every 10 ms.
pub async fn wait_until(what: &str, mut condition: impl FnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !condition() {
        assert!(tokio::time::Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// A stand-in for Stockfish: a shell script in a directory of its own that answers the
/// UCI handshake, records every line it reads (`input`) and every start (`starts`), and
/// answers `go` at once with `bestmove e2e4` — unless the file `hang` exists, when it
/// answers only after `stop`.
pub struct FakeEngine {
    dir: PathBuf,
}

const FAKE_ENGINE: &str = r#"#!/bin/sh
dir=$(dirname "$0")
echo started >> "$dir/starts"
while IFS= read -r line; do
  printf '%s\n' "$line" >> "$dir/input"
  case "$line" in
    uci) echo "id name fake"; echo uciok ;;
    isready) echo readyok ;;
    go*) if [ ! -e "$dir/hang" ]; then
           echo "info depth 1 score cp 12 pv e2e4 e7e5"; echo "bestmove e2e4 ponder e7e5"
         fi ;;
    stop) echo "info depth 1 score cp 12 pv e2e4"; echo "bestmove e2e4" ;;
    quit) exit 0 ;;
  esac
done
"#;

impl FakeEngine {
    /// A new stand-in in a fresh directory under the target directory.
    pub fn new(name: &str) -> FakeEngine {
        use std::os::unix::fs::PermissionsExt;
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("fake-stockfish-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a directory");
        let script = dir.join("stockfish");
        std::fs::write(&script, FAKE_ENGINE).expect("the script");
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))
            .expect("executable");
        FakeEngine { dir }
    }

    /// The executable's path, for `--stockfish`.
    pub fn path(&self) -> String {
        self.dir.join("stockfish").display().to_string()
    }

    /// Makes searches hang until `stop` (or answer at once again).
    pub fn hang(&self, hang: bool) {
        let file = self.dir.join("hang");
        if hang {
            std::fs::write(file, "").expect("the hang file");
        } else {
            let _ = std::fs::remove_file(file);
        }
    }

    /// Every line the stand-ins in this directory have read so far.
    pub fn input(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.join("input"))
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    /// How many lines starting with `prefix` were read.
    pub fn count(&self, prefix: &str) -> usize {
        self.input()
            .iter()
            .filter(|read| read.starts_with(prefix))
            .count()
    }

    /// How many times it was started.
    pub fn starts(&self) -> usize {
        std::fs::read_to_string(self.dir.join("starts"))
            .unwrap_or_default()
            .lines()
            .count()
    }
}
