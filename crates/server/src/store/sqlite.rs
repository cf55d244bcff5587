//! The SQLite store: one file (created on first start), in WAL mode with
//! `synchronous = NORMAL` (a committed transaction survives the process being killed;
//! only a power cut may lose the last ones), foreign keys on, and the migrations of
//! `crates/server/migrations/` run at start.

use std::str::FromStr;
use std::time::Duration;

use gambit_online_protocol::{GameEvent, GameStatus};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteRow,
    SqliteSynchronous,
};
use sqlx::{Row, Sqlite, Transaction};

use super::{Commit, GameRecord, NewGame, StoreError, status_name};
use crate::token::TokenHash;

/// How long a writer waits for another one's lock before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections in the pool (SQLite has one writer at a time anyway).
const POOL_SIZE: u32 = 4;

/// A SQLite database of games.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
}

/// Milliseconds as SQLite keeps integers.
fn int(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

fn hash_bytes(hash: Option<TokenHash>) -> Option<Vec<u8>> {
    hash.map(|hash| hash.0.to_vec())
}

fn hash_of(bytes: Option<Vec<u8>>) -> Result<Option<TokenHash>, StoreError> {
    bytes
        .map(|bytes| {
            <[u8; 32]>::try_from(bytes.as_slice())
                .map(TokenHash)
                .map_err(|_| StoreError::Damaged("a token hash is not 32 bytes".into()))
        })
        .transpose()
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|error| StoreError::Damaged(error.to_string()))
}

/// A unique-key failure means another writer got there first.
fn conflict_or(error: sqlx::Error) -> StoreError {
    match &error {
        sqlx::Error::Database(database) if database.is_unique_violation() => StoreError::Conflict,
        _ => StoreError::Database(error),
    }
}

impl SqliteStore {
    /// Opens (or creates) the database at `url` and migrates it.
    ///
    /// # Errors
    ///
    /// A malformed URL, a file that cannot be opened, a failed migration.
    pub async fn open(url: &str) -> anyhow::Result<SqliteStore> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let pool = SqlitePoolOptions::new()
            .max_connections(POOL_SIZE)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(SqliteStore { pool })
    }

    /// Creates a game.
    pub async fn create(&self, game: &NewGame, wall_ms: u64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_game(&mut tx, game, wall_ms).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Loads a game and its events.
    pub async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        let row = sqlx::query(
            "SELECT version, white_token_sha256, black_token_sha256, state FROM games WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let version: i64 = row.try_get("version")?;
        let state: String = row.try_get("state")?;
        let state = serde_json::from_str(&state)
            .map_err(|error| StoreError::Damaged(format!("game {id}: {error}")))?;
        let seats = [
            hash_of(row.try_get("white_token_sha256")?)?,
            hash_of(row.try_get("black_token_sha256")?)?,
        ];
        let rows = sqlx::query(
            "SELECT version, event FROM game_events WHERE game_id = ? ORDER BY version",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let events = rows
            .iter()
            .enumerate()
            .map(|(index, row)| read_event(id, index, row))
            .collect::<Result<Vec<_>, _>>()?;
        let version = u64::try_from(version).unwrap_or(0);
        if events.len() as u64 != version {
            return Err(StoreError::Damaged(format!(
                "game {id}: version {version} but {} events",
                events.len()
            )));
        }
        Ok(Some(GameRecord {
            id: id.to_owned(),
            version,
            seats,
            state,
            events,
        }))
    }

    /// Writes a commit in one transaction.
    pub async fn commit(&self, commit: &Commit) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        for (version, event) in &commit.events {
            insert_event(&mut tx, &commit.id, *version, event, commit.wall_ms).await?;
        }
        let new_version = commit
            .events
            .last()
            .map_or(commit.expected_version, |(version, _)| *version);
        let updated = sqlx::query(
            "UPDATE games SET version = ?, status = ?, white_token_sha256 = ?, \
             black_token_sha256 = ?, state = ?, updated_at_ms = ? WHERE id = ? AND version = ?",
        )
        .bind(int(new_version))
        .bind(status_name(commit.state.status))
        .bind(hash_bytes(commit.seats[0]))
        .bind(hash_bytes(commit.seats[1]))
        .bind(json(&commit.state)?)
        .bind(int(commit.wall_ms))
        .bind(&commit.id)
        .bind(int(commit.expected_version))
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        if let Some(game) = &commit.new_game {
            insert_game(&mut tx, game, commit.wall_ms).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Games with one of `statuses`, last changed before `before_wall_ms`.
    pub async fn games_with_status(
        &self,
        statuses: &[GameStatus],
        before_wall_ms: u64,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        let mut ids = Vec::new();
        for status in statuses {
            let rows =
                sqlx::query("SELECT id FROM games WHERE status = ? AND updated_at_ms < ? LIMIT ?")
                    .bind(status_name(*status))
                    .bind(int(before_wall_ms))
                    .bind(i64::from(limit))
                    .fetch_all(&self.pool)
                    .await?;
            for row in rows {
                ids.push(row.try_get::<String, _>("id")?);
            }
        }
        Ok(ids)
    }

    /// Closes the pool (the WAL is checkpointed by SQLite as the last connection closes).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn read_event(id: &str, index: usize, row: &SqliteRow) -> Result<GameEvent, StoreError> {
    let version: i64 = row.try_get("version")?;
    if usize::try_from(version).ok() != Some(index + 1) {
        return Err(StoreError::Damaged(format!(
            "game {id}: event {version} out of order"
        )));
    }
    let text: String = row.try_get("event")?;
    serde_json::from_str(&text)
        .map_err(|error| StoreError::Damaged(format!("game {id} event {version}: {error}")))
}

async fn insert_event(
    tx: &mut Transaction<'_, Sqlite>,
    id: &str,
    version: u64,
    event: &GameEvent,
    wall_ms: u64,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO game_events (game_id, version, event, at_ms) VALUES (?, ?, ?, ?)")
        .bind(id)
        .bind(int(version))
        .bind(json(event)?)
        .bind(int(wall_ms))
        .execute(&mut **tx)
        .await
        .map_err(conflict_or)?;
    Ok(())
}

async fn insert_game(
    tx: &mut Transaction<'_, Sqlite>,
    game: &NewGame,
    wall_ms: u64,
) -> Result<(), StoreError> {
    let version = game.events.last().map_or(0, |(version, _)| *version);
    sqlx::query(
        "INSERT INTO games (id, version, status, white_token_sha256, black_token_sha256, state, \
         created_at_ms, updated_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(&game.id)
    .bind(int(version))
    .bind(status_name(game.state.status))
    .bind(hash_bytes(game.seats[0]))
    .bind(hash_bytes(game.seats[1]))
    .bind(json(&game.state)?)
    .bind(int(wall_ms))
    .bind(int(wall_ms))
    .execute(&mut **tx)
    .await
    .map_err(conflict_or)?;
    for (version, event) in &game.events {
        insert_event(tx, &game.id, *version, event, wall_ms).await?;
    }
    Ok(())
}
