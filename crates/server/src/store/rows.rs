//! A game as every database keeps it, whichever the database: the state and the events
//! as JSON text, versions and milliseconds as signed 64-bit integers, seat tokens as
//! their 32-byte hashes; and the way back from those rows to a [`GameRecord`], which
//! refuses a row that does not add up (events out of order, a version that is not the
//! number of events) with [`StoreError::Damaged`].

use gambit_online_protocol::GameEvent;

use super::{Commit, GameRecord, NewGame, StoreError, status_name};
use crate::token::TokenHash;

/// A game's row and its new events, ready to be written.
#[derive(Debug)]
pub(super) struct GameRow {
    pub id: String,
    pub version: i64,
    pub status: &'static str,
    pub seats: [Option<[u8; 32]>; 2],
    pub state: String,
    pub events: Vec<(i64, String)>,
}

/// A game as read back, before it is decoded.
#[derive(Debug)]
pub(super) struct StoredRow {
    pub version: i64,
    pub seats: [Option<Vec<u8>>; 2],
    pub state: String,
    pub events: Vec<(i64, String)>,
}

/// Milliseconds and versions as the databases keep integers.
pub(super) fn int(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// A value as the JSON text stored.
pub(super) fn json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|error| StoreError::Damaged(error.to_string()))
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

/// The row of a game to create.
pub(super) fn game_row(game: &NewGame) -> Result<GameRow, StoreError> {
    Ok(GameRow {
        id: game.id.clone(),
        version: int(game.events.last().map_or(0, |(version, _)| *version)),
        status: status_name(game.state.status),
        seats: game.seats.map(|seat| seat.map(|hash| hash.0)),
        state: json(&game.state)?,
        events: events(&game.events)?,
    })
}

/// The row of a game after `commit`, with the commit's events.
pub(super) fn committed_row(commit: &Commit) -> Result<GameRow, StoreError> {
    let version = commit
        .events
        .last()
        .map_or(commit.expected_version, |(version, _)| *version);
    Ok(GameRow {
        id: commit.id.clone(),
        version: int(version),
        status: status_name(commit.state.status),
        seats: commit.seats.map(|seat| seat.map(|hash| hash.0)),
        state: json(&commit.state)?,
        events: events(&commit.events)?,
    })
}

/// Numbered events as stored.
pub(super) fn events(events: &[(u64, GameEvent)]) -> Result<Vec<(i64, String)>, StoreError> {
    events
        .iter()
        .map(|(version, event)| Ok((int(*version), json(event)?)))
        .collect()
}

/// The game `id` from its stored row.
pub(super) fn decode(id: &str, row: StoredRow) -> Result<GameRecord, StoreError> {
    let state = serde_json::from_str(&row.state)
        .map_err(|error| StoreError::Damaged(format!("game {id}: {error}")))?;
    let [white, black] = row.seats;
    let seats = [hash_of(white)?, hash_of(black)?];
    let events = row
        .events
        .iter()
        .enumerate()
        .map(|(index, (version, text))| {
            if usize::try_from(*version).ok() != Some(index + 1) {
                return Err(StoreError::Damaged(format!(
                    "game {id}: event {version} out of order"
                )));
            }
            serde_json::from_str(text)
                .map_err(|error| StoreError::Damaged(format!("game {id} event {version}: {error}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let version = u64::try_from(row.version).unwrap_or(0);
    if events.len() as u64 != version {
        return Err(StoreError::Damaged(format!(
            "game {id}: version {version} but {} events",
            events.len()
        )));
    }
    Ok(GameRecord {
        id: id.to_owned(),
        version,
        seats,
        state,
        events,
    })
}
