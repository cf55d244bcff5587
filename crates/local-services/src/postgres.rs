//! A PostgreSQL server of its own: `initdb` into a temporary directory (trust
//! authentication, superuser `gambit`), `pg_ctl start` listening on 127.0.0.1 at a free
//! port with its socket in that directory, and a database `gambit`.

use std::path::{Path, PathBuf};

use anyhow::Context;
use tempfile::TempDir;

use crate::process::{free_port, hand_over, program, run_as};

/// Where Debian keeps PostgreSQL's programs, one directory a major version.
const DEBIAN_BIN: &str = "/usr/lib/postgresql/*/bin";

/// The user a root process runs PostgreSQL as.
const USER: &str = "postgres";

/// A running PostgreSQL server, stopped (immediately) and removed when dropped.
#[derive(Debug)]
pub struct Postgres {
    dir: TempDir,
    port: u16,
    pg_ctl: PathBuf,
    running: bool,
}

impl Postgres {
    /// Creates a cluster and starts it, with `fsync` off when `durable` is false (for
    /// tests: faster, and nothing to keep after a crash of the machine).
    ///
    /// # Errors
    ///
    /// PostgreSQL not installed, or a step that fails (its output in the error).
    pub fn start(durable: bool) -> anyhow::Result<Postgres> {
        let initdb = program("initdb", &[DEBIAN_BIN])?;
        let pg_ctl = program("pg_ctl", &[DEBIAN_BIN])?;
        let createdb = program("createdb", &[DEBIAN_BIN])?;
        let dir = tempfile::Builder::new()
            .prefix("gambit-postgres-")
            .tempdir()
            .context("a directory for PostgreSQL")?;
        let data = dir.path().join("data");
        std::fs::create_dir(&data)?;
        hand_over(dir.path(), USER)?;
        let data_arg = path_arg(&data)?;
        run_as(
            USER,
            &initdb,
            &[
                "-D",
                data_arg,
                "-A",
                "trust",
                "-U",
                "gambit",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        )?;
        if !durable {
            let conf = data.join("postgresql.conf");
            let mut text = std::fs::read_to_string(&conf)?;
            text.push_str("\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\n");
            std::fs::write(&conf, text)?;
            hand_over(&conf, USER)?;
        }
        let port = free_port()?;
        let mut postgres = Postgres {
            dir,
            port,
            pg_ctl,
            running: false,
        };
        postgres.resume()?;
        let port = port.to_string();
        run_as(
            USER,
            &createdb,
            &["-h", "127.0.0.1", "-p", &port, "-U", "gambit", "gambit"],
        )?;
        Ok(postgres)
    }

    /// `postgres://gambit@127.0.0.1:<port>/gambit`.
    pub fn url(&self) -> String {
        format!("postgres://gambit@127.0.0.1:{}/gambit", self.port)
    }

    /// Its port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Stops the server (fast shutdown: open connections are cut); its data stays.
    ///
    /// # Errors
    ///
    /// `pg_ctl stop` fails.
    pub fn pause(&mut self) -> anyhow::Result<()> {
        let data = self.dir.path().join("data");
        run_as(
            USER,
            &self.pg_ctl,
            &["-D", path_arg(&data)?, "stop", "-m", "fast", "-w"],
        )?;
        self.running = false;
        Ok(())
    }

    /// Starts the server again on the same port, waiting until it accepts connections.
    ///
    /// # Errors
    ///
    /// `pg_ctl start` fails (its log is in the error).
    pub fn resume(&mut self) -> anyhow::Result<()> {
        let data = self.dir.path().join("data");
        let log = self.dir.path().join("server.log");
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1",
            self.port,
            path_arg(self.dir.path())?
        );
        let started = run_as(
            USER,
            &self.pg_ctl,
            &[
                "-D",
                path_arg(&data)?,
                "-l",
                path_arg(&log)?,
                "-o",
                &options,
                "-w",
                "start",
            ],
        );
        if let Err(error) = started {
            let log = std::fs::read_to_string(&log).unwrap_or_default();
            return Err(error.context(format!("PostgreSQL's log:\n{log}")));
        }
        self.running = true;
        Ok(())
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.dir.path().join("data");
        if self.running
            && let Ok(data) = path_arg(&data)
        {
            let _ = run_as(USER, &self.pg_ctl, &["-D", data, "stop", "-m", "immediate"]);
        }
    }
}

fn path_arg(path: &Path) -> anyhow::Result<&str> {
    path.to_str()
        .with_context(|| format!("{} is not UTF-8", path.display()))
}
