//! `cargo xtask cluster`: online play as it runs on several machines, all on this one's
//! loopback: PostgreSQL and Redis (each with a temporary data directory: the games
//! go when the cluster stops), three `gambit-server` nodes on free ports, and nginx at
//! http://127.0.0.1:8080 in front of them (`deploy/nginx.conf`), serving the release
//! build. Ctrl-C stops everything. `cargo xtask cluster -- FLAGS` passes FLAGS to every
//! node (`tools/cluster-load.sh` lifts the per-client limits so).

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use gambit_local_services::{Nginx, Postgres, Redis, free_port};

use crate::release::{self, SERVE_DIST};
use crate::run::{root, run};
use crate::setup;

/// The nodes started.
const NODES: usize = 3;

/// Where the cluster answers.
const PORT: u16 = 8080;

/// A node, stopped (SIGTERM, then SIGKILL) when dropped.
struct Node(Child);

impl Drop for Node {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .status();
        let started = Instant::now();
        while matches!(self.0.try_wait(), Ok(None)) && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn answers(port: u16) -> bool {
    std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
}

/// Builds what is missing, starts the cluster and waits for Ctrl-C. `node_flags` are
/// passed to every node (e.g. a load run's `--create-per-minute 0`).
pub fn cluster(node_flags: &[String]) -> Result<(), String> {
    setup::for_serve()?;
    setup::cluster_servers()?;
    release::build_into(SERVE_DIST)?;
    run("cargo", &["build", "--release", "-p", "gambit-server"])?;
    let (stop, stopped) = mpsc::channel();
    ctrlc::set_handler(move || {
        let _ = stop.send(());
    })
    .map_err(|error| format!("cannot catch Ctrl-C: {error}"))?;
    let postgres = Postgres::start(true).map_err(|error| format!("PostgreSQL: {error:#}"))?;
    let redis = Redis::start().map_err(|error| format!("Redis: {error:#}"))?;
    let server = root().join("target/release/gambit-server");
    let dist = root().join(SERVE_DIST);
    let mut nodes = Vec::new();
    let mut ports = Vec::new();
    for number in 1..=NODES {
        let port = free_port().map_err(|error| error.to_string())?;
        let node = start_node(&server, &dist, port, number, &postgres, &redis, node_flags)?;
        nodes.push(Node(node));
        ports.push(port);
    }
    let started = Instant::now();
    while !ports.iter().all(|&port| answers(port)) {
        if started.elapsed() > Duration::from_secs(30) {
            return Err("the nodes did not start (their logs are above)".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let nginx =
        Nginx::start_on(PORT, &dist, &ports).map_err(|error| format!("nginx: {error:#}"))?;
    println!(
        "\nGambit on {NODES} nodes (127.0.0.1:{}) behind nginx at http://127.0.0.1:{PORT}, \
         over PostgreSQL ({}) and Redis ({}). Ctrl-C stops it all.\n",
        ports
            .iter()
            .map(u16::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        postgres.url(),
        redis.url(),
    );
    let _ = stopped.recv();
    println!("\nstopping the cluster");
    drop(nginx);
    drop(nodes);
    drop(redis);
    drop(postgres);
    Ok(())
}

fn start_node(
    server: &Path,
    dist: &Path,
    port: u16,
    number: usize,
    postgres: &Postgres,
    redis: &Redis,
    flags: &[String],
) -> Result<Child, String> {
    Command::new(server)
        .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
        .args(["--origin", &format!("http://127.0.0.1:{PORT}")])
        .args(["--origin", &format!("http://localhost:{PORT}")])
        .args(["--client-ip-header", "X-Real-IP"])
        .arg("--dist")
        .arg(dist)
        .args(flags)
        .env("GAMBIT_DATABASE", postgres.url())
        .env("GAMBIT_BUS", redis.url())
        .env("GAMBIT_NODE", format!("node-{number}"))
        // Its own process group: Ctrl-C reaches this command, which drains the node.
        .process_group(0)
        .stdin(Stdio::null())
        .spawn()
        .map_err(|error| format!("starting {}: {error}", server.display()))
}
