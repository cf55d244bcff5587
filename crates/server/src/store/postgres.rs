//! The PostgreSQL store, for several server nodes sharing their games: a pool of
//! connections (sqlx), the migrations of `crates/server/migrations/postgres/` run at
//! start (sqlx keeps them in `_sqlx_migrations`, under an advisory lock, so nodes
//! starting together migrate once), and the same rows as the SQLite store
//! ([`super::rows`]).
//!
//! A commit is one transaction: first the game's row is rewritten only where its
//! version is still the one the writer read (`UPDATE … WHERE id = $1 AND version = $2`),
//! then its events are inserted. Under READ COMMITTED a second writer of the same
//! version waits on the first one's row lock, then finds the version moved on and
//! updates nothing: [`StoreError::Conflict`], and its transaction is rolled back. The
//! events' primary key `(game_id, version)` stands behind that: an event of a version
//! already written can never be written twice.
//!
//! A database that does not answer fails a request within [`ACQUIRE_TIMEOUT`] or
//! [`STATEMENT_TIMEOUT`] with [`StoreError::Database`]: the game refuses the move
//! ("server trouble") instead of waiting with it.

use std::time::Duration;

use gambit_online_protocol::GameStatus;
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::{Postgres, Row, Transaction};

use super::rows::{GameRow, StoredRow, committed_row, decode, game_row, int};
use super::{Commit, GameRecord, NewGame, StoreError, status_name};

/// Connections a node keeps at most.
const CONNECTIONS: u32 = 16;

/// How long a request waits for a free (or new) connection.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// How long one statement may run before the server cancels it.
const STATEMENT_TIMEOUT: Duration = Duration::from_secs(5);

/// A PostgreSQL database of games.
#[derive(Debug, Clone)]
pub struct PostgresStore {
    pool: PgPool,
}

impl From<sqlx::Error> for StoreError {
    /// A second row with the same key means another writer got there first; anything
    /// else is the database failing.
    fn from(error: sqlx::Error) -> StoreError {
        match &error {
            sqlx::Error::Database(failure) if failure.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Database(error.to_string()),
        }
    }
}

/// Whether `url` names a PostgreSQL database.
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

impl PostgresStore {
    /// Connects to the database at `url` and migrates it.
    ///
    /// # Errors
    ///
    /// A malformed URL, a database that cannot be reached, a failed migration. The
    /// messages never repeat the URL (it may hold a password).
    pub async fn open(url: &str) -> anyhow::Result<PostgresStore> {
        let options: PgConnectOptions = url
            .parse()
            .map_err(|error| anyhow::anyhow!("--database: not a PostgreSQL URL: {error}"))?;
        let statement_timeout = STATEMENT_TIMEOUT.as_millis().to_string();
        let options = options
            .application_name("gambit-server")
            .options([("statement_timeout", statement_timeout.as_str())]);
        let pool = PgPoolOptions::new()
            .max_connections(CONNECTIONS)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options)
            .await
            .map_err(|error| anyhow::anyhow!("--database: cannot connect: {error}"))?;
        sqlx::migrate!("migrations/postgres")
            .run(&pool)
            .await
            .map_err(|error| anyhow::anyhow!("--database: migration failed: {error}"))?;
        Ok(PostgresStore { pool })
    }

    /// Creates a game.
    pub async fn create(&self, game: &NewGame, wall_ms: u64) -> Result<(), StoreError> {
        let row = game_row(game)?;
        let mut transaction = self.pool.begin().await?;
        insert_game(&mut transaction, &row, int(wall_ms)).await?;
        transaction.commit().await?;
        Ok(())
    }

    /// Loads a game and its events (one snapshot: a commit between the two reads
    /// cannot show a row without its events).
    pub async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        let mut transaction = self.pool.begin().await?;
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            .execute(&mut *transaction)
            .await?;
        let game = sqlx::query(
            "SELECT version, white_token_sha256, black_token_sha256, state FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *transaction)
        .await?;
        let Some(game) = game else {
            return Ok(None);
        };
        let events = sqlx::query(
            "SELECT version, event FROM game_events WHERE game_id = $1 ORDER BY version",
        )
        .bind(id)
        .fetch_all(&mut *transaction)
        .await?
        .iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
        .collect::<Result<Vec<(i64, String)>, sqlx::Error>>()?;
        transaction.commit().await?;
        let row = StoredRow {
            version: game.try_get(0)?,
            seats: [game.try_get(1)?, game.try_get(2)?],
            state: game.try_get(3)?,
            events,
        };
        decode(id, row).map(Some)
    }

    /// Writes a commit in one transaction.
    pub async fn commit(&self, commit: &Commit) -> Result<(), StoreError> {
        let game = committed_row(commit)?;
        let new_game = commit.new_game.as_ref().map(game_row).transpose()?;
        let wall_ms = int(commit.wall_ms);
        let mut transaction = self.pool.begin().await?;
        let updated = sqlx::query(
            "UPDATE games SET version = $1, status = $2, white_token_sha256 = $3, \
             black_token_sha256 = $4, state = $5, updated_at_ms = $6 \
             WHERE id = $7 AND version = $8",
        )
        .bind(game.version)
        .bind(game.status)
        .bind(game.seats[0].as_ref().map(<[u8; 32]>::as_slice))
        .bind(game.seats[1].as_ref().map(<[u8; 32]>::as_slice))
        .bind(&game.state)
        .bind(wall_ms)
        .bind(&game.id)
        .bind(int(commit.expected_version))
        .execute(&mut *transaction)
        .await?;
        if updated.rows_affected() != 1 {
            // Dropping the transaction rolls it back.
            return Err(StoreError::Conflict);
        }
        insert_events(&mut transaction, &game.id, &game.events, wall_ms).await?;
        if let Some(new_game) = &new_game {
            insert_game(&mut transaction, new_game, wall_ms).await?;
        }
        transaction.commit().await?;
        Ok(())
    }

    /// Games with one of `statuses`, last changed before `before_wall_ms`.
    pub async fn games_with_status(
        &self,
        statuses: &[GameStatus],
        before_wall_ms: u64,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        let statuses: Vec<&str> = statuses.iter().map(|status| status_name(*status)).collect();
        let ids = sqlx::query_scalar(
            "SELECT id FROM games WHERE status = ANY($1) AND updated_at_ms < $2 LIMIT $3",
        )
        .bind(&statuses)
        .bind(int(before_wall_ms))
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(ids)
    }

    /// Closes the pool, once the requests under way are done.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

async fn insert_game(
    transaction: &mut Transaction<'_, Postgres>,
    game: &GameRow,
    wall_ms: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO games (id, version, status, white_token_sha256, black_token_sha256, \
         state, created_at_ms, updated_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(&game.id)
    .bind(game.version)
    .bind(game.status)
    .bind(game.seats[0].as_ref().map(<[u8; 32]>::as_slice))
    .bind(game.seats[1].as_ref().map(<[u8; 32]>::as_slice))
    .bind(&game.state)
    .bind(wall_ms)
    .execute(&mut **transaction)
    .await?;
    insert_events(transaction, &game.id, &game.events, wall_ms).await
}

async fn insert_events(
    transaction: &mut Transaction<'_, Postgres>,
    id: &str,
    events: &[(i64, String)],
    wall_ms: i64,
) -> Result<(), StoreError> {
    if events.is_empty() {
        return Ok(());
    }
    let versions: Vec<i64> = events.iter().map(|(version, _)| *version).collect();
    let texts: Vec<&str> = events.iter().map(|(_, text)| text.as_str()).collect();
    sqlx::query(
        "INSERT INTO game_events (game_id, version, event, at_ms) \
         SELECT $1, version, event, $4 FROM UNNEST($2::BIGINT[], $3::TEXT[]) AS new (version, event)",
    )
    .bind(id)
    .bind(&versions)
    .bind(&texts)
    .bind(wall_ms)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}
