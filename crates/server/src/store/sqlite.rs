//! The SQLite store: one file (created on first start), in WAL mode with
//! `synchronous = NORMAL` (a committed transaction survives the process being killed;
//! only a power cut may lose the last ones), foreign keys on, and the migrations of
//! `crates/server/migrations/sqlite/` run at start (their number kept in `PRAGMA user_version`).
//!
//! One thread of its own owns the connection and serves every request in order. Writes
//! are committed in groups: the thread takes every request waiting (up to [`BATCH`]) and
//! writes them in one transaction, each inside a savepoint of its own, so that one
//! write's conflict undoes only that write; each is answered once the transaction is
//! committed. Under load many games' moves share one commit, and the async tasks that
//! ask never wait on SQLite's lock or hand a statement at a time to another thread.
//! The rows are turned into text by the callers (on the runtime's threads), not here.

use std::path::PathBuf;
use std::thread;
use std::time::Duration;

use gambit_online_protocol::GameStatus;
use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior, ffi, params};
use rusqlite_migration::{M, Migrations};
use tokio::sync::{mpsc, oneshot};

use super::rows::{GameRow, StoredRow, committed_row, decode, game_row, int};
use super::{Commit, GameRecord, NewGame, StoreError, status_name};

/// How long a write waits for another process's lock before giving up (this server is
/// the only writer; a backup or a `sqlite3` shell may hold the file for a moment).
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Requests waiting for the database thread at most: a full queue makes the callers
/// wait, so that a database slower than the games holds them back instead of piling up
/// memory.
const QUEUE: usize = 4096;

/// Writes committed in one transaction at most.
const BATCH: usize = 512;

/// The schema, one migration a file, in order; never edit one that has been released.
fn migrations() -> Migrations<'static> {
    Migrations::new(vec![M::up(include_str!(
        "../../migrations/sqlite/0001_games.sql"
    ))])
}

/// A SQLite database of games.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    requests: mpsc::Sender<Request>,
}

/// A commit as the database thread writes it.
#[derive(Debug)]
struct CommitRow {
    game: GameRow,
    expected_version: i64,
    wall_ms: i64,
    new_game: Option<GameRow>,
}

type Reply<T> = oneshot::Sender<Result<T, StoreError>>;

#[derive(Debug)]
enum Request {
    Create {
        game: GameRow,
        wall_ms: i64,
        reply: Reply<()>,
    },
    Commit {
        commit: CommitRow,
        reply: Reply<()>,
    },
    Load {
        id: String,
        reply: Reply<Option<StoredRow>>,
    },
    WithStatus {
        statuses: Vec<&'static str>,
        before_wall_ms: i64,
        limit: u32,
        reply: Reply<Vec<String>>,
    },
    Close {
        reply: oneshot::Sender<()>,
    },
}

fn database(error: rusqlite::Error) -> StoreError {
    StoreError::Database(error.to_string())
}

impl From<rusqlite::Error> for StoreError {
    /// A second row with the same key means another writer got there first; anything
    /// else (a trigger's abort among them) is the database failing.
    fn from(error: rusqlite::Error) -> StoreError {
        match &error {
            rusqlite::Error::SqliteFailure(failure, _)
                if failure.code == ErrorCode::ConstraintViolation
                    && matches!(
                        failure.extended_code,
                        ffi::SQLITE_CONSTRAINT_PRIMARYKEY | ffi::SQLITE_CONSTRAINT_UNIQUE
                    ) =>
            {
                StoreError::Conflict
            }
            _ => database(error),
        }
    }
}

/// The file a `sqlite://path` (or `sqlite:path`) URL names.
fn path_of(url: &str) -> anyhow::Result<PathBuf> {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .ok_or_else(|| anyhow::anyhow!("--database {url:?} is not a sqlite:// URL"))?;
    if path.is_empty() || path.contains('?') {
        anyhow::bail!("--database {url:?}: give a file, as in sqlite://gambit.db (no options)");
    }
    Ok(PathBuf::from(path))
}

impl SqliteStore {
    /// Opens (or creates) the database at `url` and migrates it.
    ///
    /// # Errors
    ///
    /// A malformed URL, a file that cannot be opened, a failed migration.
    pub async fn open(url: &str) -> anyhow::Result<SqliteStore> {
        let path = path_of(url)?;
        let (requests, receiver) = mpsc::channel(QUEUE);
        let (ready, opened) = oneshot::channel();
        thread::Builder::new()
            .name("sqlite-store".into())
            .spawn(move || match open_connection(&path) {
                Ok(connection) => {
                    let _ = ready.send(Ok(()));
                    serve(connection, receiver);
                }
                Err(error) => {
                    let _ = ready.send(Err(error));
                }
            })?;
        opened
            .await
            .map_err(|_| anyhow::anyhow!("the database thread stopped while opening"))??;
        Ok(SqliteStore { requests })
    }

    /// Sends a request and waits for its answer.
    async fn ask<T>(&self, request: impl FnOnce(Reply<T>) -> Request) -> Result<T, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.requests
            .send(request(reply))
            .await
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// Creates a game.
    pub async fn create(&self, game: &NewGame, wall_ms: u64) -> Result<(), StoreError> {
        let game = game_row(game)?;
        self.ask(|reply| Request::Create {
            game,
            wall_ms: int(wall_ms),
            reply,
        })
        .await
    }

    /// Loads a game and its events.
    pub async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        let row = self
            .ask(|reply| Request::Load {
                id: id.to_owned(),
                reply,
            })
            .await?;
        row.map(|row| decode(id, row)).transpose()
    }

    /// Writes a commit in one transaction (shared with the other writes waiting).
    pub async fn commit(&self, commit: &Commit) -> Result<(), StoreError> {
        let row = CommitRow {
            game: committed_row(commit)?,
            expected_version: int(commit.expected_version),
            wall_ms: int(commit.wall_ms),
            new_game: commit.new_game.as_ref().map(game_row).transpose()?,
        };
        self.ask(|reply| Request::Commit { commit: row, reply })
            .await
    }

    /// Games with one of `statuses`, last changed before `before_wall_ms`.
    pub async fn games_with_status(
        &self,
        statuses: &[GameStatus],
        before_wall_ms: u64,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        let statuses = statuses.iter().map(|status| status_name(*status)).collect();
        self.ask(|reply| Request::WithStatus {
            statuses,
            before_wall_ms: int(before_wall_ms),
            limit,
            reply,
        })
        .await
    }

    /// Answers what is waiting, then closes the database (SQLite checkpoints the WAL as
    /// its last connection closes); later requests fail.
    pub async fn close(&self) {
        let (reply, closed) = oneshot::channel();
        if self.requests.send(Request::Close { reply }).await.is_ok() {
            let _ = closed.await;
        }
    }
}

fn stopped() -> StoreError {
    StoreError::Database("the database is closed".into())
}

/// Opens the file with the settings of this module and brings its schema up to date.
fn open_connection(path: &PathBuf) -> anyhow::Result<Connection> {
    let mut connection = Connection::open(path)?;
    connection.busy_timeout(BUSY_TIMEOUT)?;
    let journal: String =
        connection.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    if !journal.eq_ignore_ascii_case("wal") {
        anyhow::bail!(
            "{}: could not switch to WAL (journal mode {journal})",
            path.display()
        );
    }
    connection.pragma_update(None, "synchronous", "NORMAL")?;
    connection.pragma_update(None, "foreign_keys", true)?;
    adopt_earlier_migrations(&connection)?;
    migrations().to_latest(&mut connection)?;
    Ok(connection)
}

/// Databases made by earlier builds of the server recorded their one migration, the
/// same `0001_games.sql`, in a table `_sqlx_migrations` and not in `user_version`: such
/// a file is at version 1.
fn adopt_earlier_migrations(connection: &Connection) -> rusqlite::Result<()> {
    let version: i64 = connection.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    let earlier: bool = connection.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations')",
        [],
        |row| row.get(0),
    )?;
    if version == 0 && earlier {
        connection.pragma_update(None, "user_version", 1)?;
    }
    Ok(())
}

/// The database thread: serves requests until [`Request::Close`] or until every sender
/// is gone.
fn serve(mut connection: Connection, mut requests: mpsc::Receiver<Request>) {
    let mut batch = Vec::with_capacity(BATCH);
    while let Some(first) = requests.blocking_recv() {
        batch.push(first);
        while batch.len() < BATCH {
            match requests.try_recv() {
                Ok(request) => batch.push(request),
                Err(_) => break,
            }
        }
        if serve_batch(&mut connection, &mut batch) {
            break;
        }
    }
    requests.close();
}

/// Serves a batch: its writes in one transaction, then its reads; says whether it held
/// a [`Request::Close`].
fn serve_batch(connection: &mut Connection, batch: &mut Vec<Request>) -> bool {
    let mut writes = Vec::new();
    let mut reads = Vec::new();
    let mut closing = Vec::new();
    for request in batch.drain(..) {
        match request {
            Request::Create { .. } | Request::Commit { .. } => writes.push(request),
            Request::Load { .. } | Request::WithStatus { .. } => reads.push(request),
            Request::Close { reply } => closing.push(reply),
        }
    }
    if !writes.is_empty() {
        write_all(connection, writes);
    }
    for request in reads {
        match request {
            Request::Load { id, reply } => {
                let _ = reply.send(load(connection, &id).map_err(database));
            }
            Request::WithStatus {
                statuses,
                before_wall_ms,
                limit,
                reply,
            } => {
                let _ = reply.send(
                    with_status(connection, &statuses, before_wall_ms, limit).map_err(database),
                );
            }
            _ => {}
        }
    }
    let close = !closing.is_empty();
    for reply in closing {
        let _ = reply.send(());
    }
    close
}

/// Writes in one transaction, each in a savepoint; answers each once it is committed
/// (or with the transaction's error when the commit itself fails).
fn write_all(connection: &mut Connection, writes: Vec<Request>) {
    let mut outcomes = Vec::with_capacity(writes.len());
    let committed = (|| -> rusqlite::Result<()> {
        let mut transaction =
            connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
        for request in &writes {
            let savepoint = transaction.savepoint()?;
            let outcome = match request {
                Request::Create { game, wall_ms, .. } => insert_game(&savepoint, game, *wall_ms),
                Request::Commit { commit, .. } => write_commit(&savepoint, commit),
                _ => Ok(()),
            };
            if outcome.is_ok() {
                savepoint.commit()?;
            } else {
                savepoint.finish()?;
            }
            outcomes.push(outcome);
        }
        transaction.commit()
    })();
    let outcomes = match committed {
        Ok(()) => outcomes,
        Err(error) => writes
            .iter()
            .map(|_| Err(StoreError::Database(error.to_string())))
            .collect(),
    };
    for (request, outcome) in writes.into_iter().zip(outcomes) {
        if let Request::Create { reply, .. } | Request::Commit { reply, .. } = request {
            let _ = reply.send(outcome);
        }
    }
}

fn write_commit(connection: &Connection, commit: &CommitRow) -> Result<(), StoreError> {
    let game = &commit.game;
    insert_events(connection, &game.id, &game.events, commit.wall_ms)?;
    let updated = connection
        .prepare_cached(
            "UPDATE games SET version = ?1, status = ?2, white_token_sha256 = ?3, \
             black_token_sha256 = ?4, state = ?5, updated_at_ms = ?6 WHERE id = ?7 AND version = ?8",
        )?
        .execute(params![
            game.version,
            game.status,
            game.seats[0].as_ref().map(<[u8; 32]>::as_slice),
            game.seats[1].as_ref().map(<[u8; 32]>::as_slice),
            game.state,
            commit.wall_ms,
            game.id,
            commit.expected_version,
        ])?;
    if updated != 1 {
        return Err(StoreError::Conflict);
    }
    if let Some(new_game) = &commit.new_game {
        insert_game(connection, new_game, commit.wall_ms)?;
    }
    Ok(())
}

fn insert_game(connection: &Connection, game: &GameRow, wall_ms: i64) -> Result<(), StoreError> {
    connection
        .prepare_cached(
            "INSERT INTO games (id, version, status, white_token_sha256, black_token_sha256, \
             state, created_at_ms, updated_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
        )?
        .execute(params![
            game.id,
            game.version,
            game.status,
            game.seats[0].as_ref().map(<[u8; 32]>::as_slice),
            game.seats[1].as_ref().map(<[u8; 32]>::as_slice),
            game.state,
            wall_ms,
        ])?;
    insert_events(connection, &game.id, &game.events, wall_ms)
}

fn insert_events(
    connection: &Connection,
    id: &str,
    events: &[(i64, String)],
    wall_ms: i64,
) -> Result<(), StoreError> {
    let mut insert = connection.prepare_cached(
        "INSERT INTO game_events (game_id, version, event, at_ms) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (version, event) in events {
        insert.execute(params![id, version, event, wall_ms])?;
    }
    Ok(())
}

fn load(connection: &Connection, id: &str) -> rusqlite::Result<Option<StoredRow>> {
    let row = connection
        .prepare_cached(
            "SELECT version, white_token_sha256, black_token_sha256, state FROM games WHERE id = ?1",
        )?
        .query_row([id], |row| {
            Ok((row.get(0)?, [row.get(1)?, row.get(2)?], row.get(3)?))
        })
        .optional()?;
    let Some((version, seats, state)) = row else {
        return Ok(None);
    };
    let events = connection
        .prepare_cached(
            "SELECT version, event FROM game_events WHERE game_id = ?1 ORDER BY version",
        )?
        .query_map([id], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(Some(StoredRow {
        version,
        seats,
        state,
        events,
    }))
}

fn with_status(
    connection: &Connection,
    statuses: &[&str],
    before_wall_ms: i64,
    limit: u32,
) -> rusqlite::Result<Vec<String>> {
    let mut query = connection
        .prepare_cached("SELECT id FROM games WHERE status = ?1 AND updated_at_ms < ?2 LIMIT ?3")?;
    let mut ids = Vec::new();
    for status in statuses {
        for id in query.query_map(params![status, before_wall_ms, limit], |row| row.get(0))? {
            ids.push(id?);
        }
    }
    Ok(ids)
}

#[cfg(test)]
#[path = "sqlite_tests.rs"]
mod tests;
