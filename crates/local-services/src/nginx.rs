//! nginx in front of several game-server nodes: `deploy/nginx.conf` itself, with its
//! `listen` line on a free loopback port, its `root` a directory of the caller's and
//! its one `server` line of the game server replaced by the nodes' ports, run in the
//! foreground as the current user with every file it writes in a temporary directory.

use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use tempfile::TempDir;

use crate::process::{free_port, program};

/// The site's configuration, as deployed.
const SITE: &str = include_str!("../../../deploy/nginx.conf");

/// How long a start may take before it counts as failed.
const START_PATIENCE: Duration = Duration::from_secs(10);

/// A running nginx, stopped (with its workers) when dropped.
#[derive(Debug)]
pub struct Nginx {
    dir: TempDir,
    port: u16,
    child: Child,
}

/// `deploy/nginx.conf` listening on `port`, serving `root`, in front of `nodes`.
///
/// # Errors
///
/// The file no longer has the lines this replaces.
pub fn site(port: u16, root: &Path, nodes: &[u16]) -> anyhow::Result<String> {
    let upstream: String = nodes
        .iter()
        .map(|node| format!("    server 127.0.0.1:{node} max_fails=1 fail_timeout=5s;\n"))
        .collect();
    let mut out = String::new();
    let mut replaced = 0;
    for line in SITE.lines() {
        match line {
            "    listen 80;" => out.push_str(&format!("    listen 127.0.0.1:{port};\n")),
            "    root /var/www/gambit;" => out.push_str(&format!("    root {};\n", root.display())),
            "    server 127.0.0.1:8070;" => out.push_str(&upstream),
            _ => {
                out.push_str(line);
                out.push('\n');
                continue;
            }
        }
        replaced += 1;
    }
    if replaced != 3 {
        bail!("deploy/nginx.conf: the listen, root or game server line has changed");
    }
    Ok(out)
}

impl Nginx {
    /// Starts nginx on a free port in front of the game-server `nodes` (their ports on
    /// 127.0.0.1), serving the files of `root`.
    ///
    /// # Errors
    ///
    /// nginx not installed, a configuration it refuses, or no listening in time.
    pub fn start(root: &Path, nodes: &[u16]) -> anyhow::Result<Nginx> {
        Nginx::start_on(free_port()?, root, nodes)
    }

    /// The same on `port` (127.0.0.1).
    ///
    /// # Errors
    ///
    /// As [`Nginx::start`], or the port taken.
    pub fn start_on(port: u16, root: &Path, nodes: &[u16]) -> anyhow::Result<Nginx> {
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_err() {
            bail!("127.0.0.1:{port} is taken");
        }
        let program = program("nginx", &["/usr/sbin"]).context("apt-get install nginx")?;
        let dir = tempfile::Builder::new()
            .prefix("gambit-nginx-")
            .tempdir()
            .context("a directory for nginx")?;
        let prefix = dir.path();
        std::fs::create_dir_all(prefix.join("logs"))?;
        std::fs::create_dir_all(prefix.join("temp"))?;
        std::fs::write(prefix.join("gambit.conf"), site(port, root, nodes)?)?;
        let p = prefix.display();
        std::fs::write(
            prefix.join("nginx.conf"),
            format!(
                "worker_processes 1;\npid {p}/nginx.pid;\nerror_log {p}/logs/error.log warn;\n\
                 events {{ worker_connections 1024; }}\nhttp {{\n    \
                 include /etc/nginx/mime.types;\n    default_type application/octet-stream;\n    \
                 access_log off;\n    client_body_temp_path {p}/temp/body;\n    \
                 proxy_temp_path {p}/temp/proxy;\n    fastcgi_temp_path {p}/temp/fastcgi;\n    \
                 uwsgi_temp_path {p}/temp/uwsgi;\n    scgi_temp_path {p}/temp/scgi;\n    \
                 include {p}/gambit.conf;\n}}\n"
            ),
        )?;
        let child = Command::new(program)
            .arg("-p")
            .arg(prefix)
            .arg("-c")
            .arg(prefix.join("nginx.conf"))
            .args(["-e", "stderr", "-g", "daemon off;"])
            // Its own process group: a Ctrl-C reaches the caller, which stops it in turn.
            .process_group(0)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(prefix.join("logs/stderr.log"))?)
            .spawn()
            .context("starting nginx")?;
        let mut nginx = Nginx { dir, port, child };
        let deadline = Instant::now() + START_PATIENCE;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            if Instant::now() > deadline || nginx.child.try_wait()?.is_some() {
                bail!("nginx did not listen on {port}:\n{}", nginx.log());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(nginx)
    }

    /// Its port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// What it logged (its errors, and the nodes it gave up on).
    pub fn log(&self) -> String {
        let dir = self.dir.path().join("logs");
        ["stderr.log", "error.log"]
            .iter()
            .map(|name| std::fs::read_to_string(dir.join(name)).unwrap_or_default())
            .collect()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: the master stops its workers, then itself (SIGKILL would leave the
        // workers running, and listening).
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + START_PATIENCE;
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
