//! The rules every store keeps, checked against each of them: SQLite in a temporary
//! file, and a real PostgreSQL server started for the test (`gambit-local-services`).
//! A write extends the version its writer read or is refused whole; a taken id is
//! refused; two writers racing on one version: one wins, the other gets
//! [`StoreError::Conflict`], and the game reads back with exactly the winner's events.

use gambit_local_services::Postgres;
use gambit_online_protocol::{GameEvent, GameStatus, Side};

use super::{Commit, NewGame, Store, StoreError};
use crate::round::Round;
use crate::token::TokenHash;

/// A new game `id`, as the creator's page makes it (also used by the SQLite store's own
/// tests).
pub(super) fn new_game(id: &str) -> NewGame {
    let (round, events) = Round::create(id.into(), None, Side::White, None, TokenHash([7; 32]), 1);
    NewGame {
        id: id.into(),
        events,
        state: round.stored(0),
        seats: round.seats(),
    }
}

/// A commit of one more event (a draw offer by `by`) to `game`, from a writer that read
/// `expected_version`.
fn offer(game: &NewGame, expected_version: u64, by: Side) -> Commit {
    Commit {
        id: game.id.clone(),
        expected_version,
        events: vec![(expected_version + 1, GameEvent::DrawOffered { by })],
        state: game.state.clone(),
        seats: game.seats,
        wall_ms: 5,
        new_game: None,
    }
}

async fn keeps_the_contract(store: Store) {
    let a = new_game("aaaaaaaa");
    let first = a.events.len() as u64;
    store.create(&a, 1).await.expect("creates a game");
    assert!(
        matches!(store.create(&a, 2).await, Err(StoreError::Conflict)),
        "a taken id is refused"
    );
    let loaded = store
        .load("aaaaaaaa")
        .await
        .expect("reads")
        .expect("is there");
    assert_eq!((loaded.version, loaded.events.len() as u64), (first, first));
    assert_eq!(loaded.seats, a.seats);
    assert!(store.load("zzzzzzzz").await.expect("reads").is_none());

    // A write from the version read extends the game; one from an older version is
    // refused and writes nothing.
    store
        .commit(&offer(&a, first, Side::White))
        .await
        .expect("extends the game");
    assert!(matches!(
        store.commit(&offer(&a, first, Side::Black)).await,
        Err(StoreError::Conflict)
    ));
    let loaded = store
        .load("aaaaaaaa")
        .await
        .expect("reads")
        .expect("is there");
    assert_eq!(loaded.version, first + 1);
    assert_eq!(
        loaded.events.last(),
        Some(&GameEvent::DrawOffered { by: Side::White })
    );

    // A rematch whose id is taken undoes the whole commit, the game's event with it.
    let mut with_rematch = offer(&a, first + 1, Side::Black);
    with_rematch.new_game = Some(new_game("aaaaaaaa"));
    assert!(matches!(
        store.commit(&with_rematch).await,
        Err(StoreError::Conflict)
    ));
    let loaded = store
        .load("aaaaaaaa")
        .await
        .expect("reads")
        .expect("is there");
    assert_eq!(loaded.version, first + 1, "nothing of the refused commit");

    // Two writers race on one version, many times: exactly one of each pair wins.
    for round in 0..20u64 {
        let version = first + 1 + round;
        let (by_white, by_black) = (
            offer(&a, version, Side::White),
            offer(&a, version, Side::Black),
        );
        let (white, black) = tokio::join!(store.commit(&by_white), store.commit(&by_black));
        let won = [&white, &black].iter().filter(|r| r.is_ok()).count();
        let lost = [&white, &black]
            .iter()
            .filter(|r| matches!(r, Err(StoreError::Conflict)))
            .count();
        assert_eq!((won, lost), (1, 1), "race {round}: {white:?} {black:?}");
        let winner = if white.is_ok() {
            Side::White
        } else {
            Side::Black
        };
        let loaded = store
            .load("aaaaaaaa")
            .await
            .expect("reads")
            .expect("is there");
        assert_eq!(loaded.version, version + 1);
        assert_eq!(loaded.events.len() as u64, version + 1);
        assert_eq!(
            loaded.events.last(),
            Some(&GameEvent::DrawOffered { by: winner })
        );
    }

    // Games by status and age.
    store
        .create(&new_game("bbbbbbbb"), 100)
        .await
        .expect("creates b");
    let mut waiting = store
        .games_with_status(&[GameStatus::Waiting], 50, 10)
        .await
        .expect("reads");
    waiting.sort();
    assert_eq!(waiting, ["aaaaaaaa"], "b changed at 100, after 50");
    let mut all = store
        .games_with_status(&[GameStatus::Waiting, GameStatus::Playing], u64::MAX, 10)
        .await
        .expect("reads");
    all.sort();
    assert_eq!(all, ["aaaaaaaa", "bbbbbbbb"]);
    assert!(
        store
            .games_with_status(&[GameStatus::Finished], u64::MAX, 10)
            .await
            .expect("reads")
            .is_empty()
    );
    store.close().await;
}

#[tokio::test]
async fn sqlite_keeps_the_store_contract() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    keeps_the_contract(Store::open(&url).await.expect("opens")).await;
}

#[tokio::test]
async fn postgres_keeps_the_store_contract() {
    let postgres = Postgres::start(false).expect("a PostgreSQL server");
    keeps_the_contract(Store::open(&postgres.url()).await.expect("connects")).await;
    // A second node starting on a migrated database migrates nothing and reads the
    // games there.
    let again = Store::open(&postgres.url()).await.expect("connects again");
    assert!(again.load("aaaaaaaa").await.expect("reads").is_some());
    again.close().await;
}

#[tokio::test]
async fn a_database_that_is_not_there_is_a_clear_error() {
    let port = gambit_local_services::free_port().expect("a port");
    let url = format!("postgres://gambit:secret-password@127.0.0.1:{port}/gambit");
    let error = Store::open(&url).await.expect_err("nothing listens");
    let message = format!("{error:#}");
    assert!(message.contains("cannot connect"), "{message}");
    assert!(!message.contains("secret-password"), "{message}");
    let error = Store::open("mysql://somewhere/db")
        .await
        .expect_err("unknown");
    assert!(format!("{error:#}").contains("sqlite:// or a postgres://"));
}

#[test]
fn a_logged_url_hides_its_password() {
    use super::shown_url;
    assert_eq!(
        shown_url("postgres://gambit:s3cret@db.example.org:5432/gambit"),
        "postgres://gambit:***@db.example.org:5432/gambit"
    );
    assert_eq!(
        shown_url("postgres://gambit@127.0.0.1:5432/gambit"),
        "postgres://gambit@127.0.0.1:5432/gambit"
    );
    assert_eq!(shown_url("sqlite://gambit.db"), "sqlite://gambit.db");
}
