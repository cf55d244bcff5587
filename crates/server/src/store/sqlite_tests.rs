//! The SQLite store's group commit: a batch of writes shares one transaction, and one
//! write's conflict undoes that write alone.

use gambit_online_protocol::{GameEvent, Side};
use tokio::sync::oneshot;

use super::{CommitRow, Request, SqliteStore, game_row, open_connection, path_of, serve_batch};
use crate::store::contract_tests::new_game;
use crate::store::{NewGame, StoreError};

/// A commit of one more event (a draw offer, numbered `version`) to a game, from a
/// writer that read `expected_version`.
fn offer(game: &NewGame, version: u64, expected_version: u64) -> CommitRow {
    let mut next = game.clone();
    next.events = vec![(version, GameEvent::DrawOffered { by: Side::White })];
    CommitRow {
        game: game_row(&next).expect("a row"),
        expected_version: i64::try_from(expected_version).expect("small"),
        wall_ms: 2,
        new_game: None,
    }
}

#[tokio::test]
async fn a_conflict_in_a_batch_undoes_only_its_own_write() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let store = SqliteStore::open(&url).await.expect("opens");
    let (a, b) = (new_game("aaaaaaaa"), new_game("bbbbbbbb"));
    store.create(&a, 1).await.expect("creates a");
    store.create(&b, 1).await.expect("creates b");
    store.close().await;
    let version = a.events.len() as u64;

    let mut connection = open_connection(&path_of(&url).expect("a path")).expect("reopens");
    let (a_reply, a_answer) = oneshot::channel();
    let (b_reply, b_answer) = oneshot::channel();
    let (c_reply, c_answer) = oneshot::channel();
    let mut batch = vec![
        Request::Commit {
            commit: offer(&a, version + 1, version),
            reply: a_reply,
        },
        // b's writer read a version that has moved on: its event is written, the update
        // of its row finds no such version, and the event is undone.
        Request::Commit {
            commit: offer(&b, version + 1, version - 1),
            reply: b_reply,
        },
        Request::Create {
            game: game_row(&new_game("cccccccc")).expect("a row"),
            wall_ms: 3,
            reply: c_reply,
        },
    ];
    assert!(!serve_batch(&mut connection, &mut batch));
    drop(connection);
    assert!(matches!(a_answer.await, Ok(Ok(()))));
    assert!(matches!(b_answer.await, Ok(Err(StoreError::Conflict))));
    assert!(matches!(c_answer.await, Ok(Ok(()))));

    let store = SqliteStore::open(&url).await.expect("opens again");
    let a = store
        .load("aaaaaaaa")
        .await
        .expect("reads a")
        .expect("a is there");
    assert_eq!(
        (a.version, a.events.len() as u64),
        (version + 1, version + 1)
    );
    // b is as it was: a leftover event would make it unreadable (`Damaged`).
    let b = store
        .load("bbbbbbbb")
        .await
        .expect("reads b")
        .expect("b is there");
    assert_eq!((b.version, b.events.len() as u64), (version, version));
    assert!(store.load("cccccccc").await.expect("reads c").is_some());
    store.close().await;
}

#[tokio::test]
async fn a_closed_store_refuses_with_an_error() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let store = SqliteStore::open(&url).await.expect("opens");
    store.close().await;
    assert!(matches!(
        store.load("aaaaaaaa").await,
        Err(StoreError::Database(_))
    ));
}

#[test]
fn a_database_url_names_a_file() {
    assert_eq!(path_of("sqlite://gambit.db").ok(), Some("gambit.db".into()));
    assert_eq!(
        path_of("sqlite:///var/lib/gambit/gambit.db").ok(),
        Some("/var/lib/gambit/gambit.db".into())
    );
    assert_eq!(path_of("sqlite:g.db").ok(), Some("g.db".into()));
    assert!(path_of("postgres://host/db").is_err());
    assert!(path_of("sqlite://").is_err());
    assert!(path_of("sqlite://g.db?mode=ro").is_err());
}
