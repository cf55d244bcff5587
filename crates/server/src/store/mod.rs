//! Where games are kept: the one seam between the game logic and the database.
//!
//! [`Store`] is an enum with one variant per database (SQLite for one node, PostgreSQL
//! for several); everything above
//! it speaks only of [`GameRecord`]s and [`Commit`]s. The rule every variant keeps:
//! a commit writes the events with the versions the writer expects and rewrites the
//! game's row only where its version is still the one the writer read, in one
//! transaction, so two writers can never fork a game (the second one gets
//! [`StoreError::Conflict`] and nothing is written).

mod postgres;
mod rows;
mod sqlite;

use gambit_online_protocol::{GameEvent, GameStatus};
use thiserror::Error;

use crate::round::StoredRound;
use crate::token::TokenHash;

pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;

/// A game as stored.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The game's id.
    pub id: String,
    /// The version of its last event.
    pub version: u64,
    /// The hashes of the white and black seat tokens.
    pub seats: [Option<TokenHash>; 2],
    /// Its state.
    pub state: StoredRound,
    /// Its events, in order from version 1 (when loaded; empty when not asked for).
    pub events: Vec<GameEvent>,
}

/// One write: a game's new events and state.
#[derive(Debug, Clone)]
pub struct Commit {
    /// The game.
    pub id: String,
    /// The version the writer read (the events are numbered from the next one).
    pub expected_version: u64,
    /// The new events, with their versions.
    pub events: Vec<(u64, GameEvent)>,
    /// The state after them.
    pub state: StoredRound,
    /// The seats after them.
    pub seats: [Option<TokenHash>; 2],
    /// Wall-clock milliseconds of the write.
    pub wall_ms: u64,
    /// A game created in the same transaction (a rematch), with its events.
    pub new_game: Option<NewGame>,
}

/// A game to create.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// Its id.
    pub id: String,
    /// Its first events.
    pub events: Vec<(u64, GameEvent)>,
    /// Its state.
    pub state: StoredRound,
    /// Its seats.
    pub seats: [Option<TokenHash>; 2],
}

/// Why a write or a read failed.
#[derive(Debug, Error)]
pub enum StoreError {
    /// Another writer changed the game first (or the id is taken): nothing was written.
    #[error("the game was changed by another writer, or the id is taken")]
    Conflict,
    /// A stored row could not be read.
    #[error("damaged row: {0}")]
    Damaged(String),
    /// The database failed.
    #[error("database: {0}")]
    Database(String),
}

/// The database, whichever it is.
#[derive(Debug, Clone)]
pub enum Store {
    /// A SQLite file.
    Sqlite(SqliteStore),
    /// A PostgreSQL database.
    Postgres(PostgresStore),
}

impl Store {
    /// Opens the database at `url` (`sqlite://path`, created if missing, or
    /// `postgres://user:password@host:port/database`) and runs the migrations.
    ///
    /// # Errors
    ///
    /// An unknown scheme, or a database that cannot be opened or migrated. (The
    /// messages do not repeat a PostgreSQL URL, which may hold a password.)
    pub async fn open(url: &str) -> anyhow::Result<Store> {
        if url.starts_with("sqlite:") {
            Ok(Store::Sqlite(SqliteStore::open(url).await?))
        } else if postgres::is_postgres_url(url) {
            Ok(Store::Postgres(PostgresStore::open(url).await?))
        } else {
            anyhow::bail!("--database: give a sqlite:// or a postgres:// URL")
        }
    }

    /// Creates a game with its first events.
    ///
    /// # Errors
    ///
    /// [`StoreError::Conflict`] when the id is taken; database errors.
    pub async fn create(&self, game: &NewGame, wall_ms: u64) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(store) => store.create(game, wall_ms).await,
            Store::Postgres(store) => store.create(game, wall_ms).await,
        }
    }

    /// The game `id` with all its events, if it exists.
    ///
    /// # Errors
    ///
    /// Database errors, or a row that cannot be read.
    pub async fn load(&self, id: &str) -> Result<Option<GameRecord>, StoreError> {
        match self {
            Store::Sqlite(store) => store.load(id).await,
            Store::Postgres(store) => store.load(id).await,
        }
    }

    /// Writes a commit, all or nothing.
    ///
    /// # Errors
    ///
    /// [`StoreError::Conflict`] when the game's version is not the expected one (or a
    /// rematch's id is taken); database errors.
    pub async fn commit(&self, commit: &Commit) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(store) => store.commit(commit).await,
            Store::Postgres(store) => store.commit(commit).await,
        }
    }

    /// Ids of up to `limit` games with one of `statuses` whose last change is older
    /// than `before_wall_ms` (all of them with `u64::MAX`).
    ///
    /// # Errors
    ///
    /// Database errors.
    pub async fn games_with_status(
        &self,
        statuses: &[GameStatus],
        before_wall_ms: u64,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(store) => {
                store
                    .games_with_status(statuses, before_wall_ms, limit)
                    .await
            }
            Store::Postgres(store) => {
                store
                    .games_with_status(statuses, before_wall_ms, limit)
                    .await
            }
        }
    }

    /// Closes the database.
    pub async fn close(&self) {
        match self {
            Store::Sqlite(store) => store.close().await,
            Store::Postgres(store) => store.close().await,
        }
    }
}

/// `url` as it may be logged: a PostgreSQL URL's password replaced by `***`.
pub fn shown_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((user_info, host)) if user_info.contains(':') => {
            let user = user_info.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}:***@{host}{path}")
        }
        _ => url.to_owned(),
    }
}

/// The stored name of a status.
pub(crate) const fn status_name(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Waiting => "waiting",
        GameStatus::Playing => "playing",
        GameStatus::Finished => "finished",
        GameStatus::Aborted => "aborted",
    }
}

#[cfg(test)]
mod contract_tests;
