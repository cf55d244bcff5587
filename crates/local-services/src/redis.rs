//! A Redis server of its own: `redis-server` on 127.0.0.1 at a free port, nothing
//! saved to disk, its working directory a temporary one.

use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use tempfile::TempDir;

use crate::process::{free_port, program};

/// How long a start may take before it counts as failed.
const START_PATIENCE: Duration = Duration::from_secs(10);

/// A running Redis, killed when dropped.
#[derive(Debug)]
pub struct Redis {
    dir: TempDir,
    port: u16,
    program: PathBuf,
    child: Option<Child>,
}

impl Redis {
    /// Starts a Redis.
    ///
    /// # Errors
    ///
    /// `redis-server` not installed, or not accepting connections in time.
    pub fn start() -> anyhow::Result<Redis> {
        let program = program("redis-server", &[]).context("apt-get install redis-server")?;
        let dir = tempfile::Builder::new()
            .prefix("gambit-redis-")
            .tempdir()
            .context("a directory for Redis")?;
        let mut redis = Redis {
            dir,
            port: free_port()?,
            program,
            child: None,
        };
        redis.resume()?;
        Ok(redis)
    }

    /// `redis://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Kills the server (its subscribers lose their connections).
    pub fn pause(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the server again on the same port and waits until it accepts connections.
    ///
    /// # Errors
    ///
    /// It could not be started, or did not listen in time.
    pub fn resume(&mut self) -> anyhow::Result<()> {
        let log = std::fs::File::create(self.dir.path().join("redis.log"))?;
        let child = Command::new(&self.program)
            .args(["--bind", "127.0.0.1", "--port", &self.port.to_string()])
            .args([
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "yes",
            ])
            .arg("--dir")
            .arg(self.dir.path())
            // Its own process group: a Ctrl-C reaches the caller, which stops it in turn.
            .process_group(0)
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log)
            .spawn()
            .context("starting redis-server")?;
        self.child = Some(child);
        let deadline = Instant::now() + START_PATIENCE;
        while TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            if Instant::now() > deadline {
                let log =
                    std::fs::read_to_string(self.dir.path().join("redis.log")).unwrap_or_default();
                bail!("redis-server did not listen on {}:\n{log}", self.port);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(())
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        self.pause();
    }
}
