//! The server on PostgreSQL (a real server started for each test): a game survives a
//! restart; two nodes on one database never fork a game, the one that lost the race
//! reloads it; a database that stops refuses moves ("server trouble") and takes them
//! again once it is back.

use gambit_local_services::Postgres;
use gambit_online_protocol::{ClientMessage, RefusalCode, Seat, ServerMessage};

use crate::common::{Page, config_on, fast_timing, serve, started_game};

fn move_message(id: u32, uci: &str, ply: u32) -> ClientMessage {
    ClientMessage::Move {
        id,
        uci: uci.into(),
        ply,
    }
}

/// The version and the moves of a game as a `Welcome` from version 0 gives them.
fn welcome_moves(welcome: &ServerMessage) -> (u64, Vec<String>) {
    match welcome {
        ServerMessage::Welcome {
            version,
            snapshot: Some(snapshot),
            ..
        } => (*version, snapshot.moves.clone()),
        other => panic!("not a welcome with the game: {other:?}"),
    }
}

#[tokio::test]
async fn a_game_on_postgres_survives_a_restart_of_the_server() {
    let postgres = Postgres::start(false).expect("a PostgreSQL server");
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_on(dir.path(), &postgres.url(), fast_timing())).await;
    let address = server.address();
    let (id, white_token, black_token) = started_game(address, None).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let mut black = Page::seated(address, &id, Some(&black_token), Seat::Black).await;
    assert_eq!(white.play(1, "e2e4", 0).await, 3);
    assert_eq!(black.play(1, "e7e5", 1).await, 4);
    server.stop().await.expect("stops");

    let server = serve(config_on(dir.path(), &postgres.url(), fast_timing())).await;
    let address = server.address();
    let (mut white, welcome) = Page::hello(address, &id, Some(&white_token), 0).await;
    assert_eq!(
        welcome_moves(&welcome),
        (4, vec!["e2e4".into(), "e7e5".into()])
    );
    assert_eq!(white.play(2, "g1f3", 2).await, 5);
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn two_nodes_on_one_database_never_fork_a_game() {
    let postgres = Postgres::start(false).expect("a PostgreSQL server");
    let dir = tempfile::tempdir().expect("a temp dir");
    let one = serve(config_on(dir.path(), &postgres.url(), fast_timing())).await;
    let two = serve(config_on(dir.path(), &postgres.url(), fast_timing())).await;
    let (id, white_token, _) = started_game(one.address(), None).await;
    // White's two tabs, one on each node: each node loads the game at version 2.
    let mut first = Page::seated(one.address(), &id, Some(&white_token), Seat::White).await;
    let mut second = Page::seated(two.address(), &id, Some(&white_token), Seat::White).await;
    assert_eq!(first.play(1, "e2e4", 0).await, 3);
    // The second node's copy is behind: its write of version 3 loses, nothing of it is
    // kept, and its sockets close so that they come back to a fresh copy.
    second.send(&move_message(1, "d2d4", 0)).await;
    let answer = second.reply().await;
    assert!(
        matches!(
            answer,
            ServerMessage::Refused {
                id: Some(1),
                code: RefusalCode::ServerTrouble,
                ..
            }
        ),
        "{answer:?}"
    );
    let closed = loop {
        match second.next_or_close().await {
            Ok(_) => continue,
            Err(code) => break code,
        }
    };
    assert!(closed.is_some(), "the stale copy closes its sockets");
    let (_second, welcome) = Page::hello(two.address(), &id, Some(&white_token), 0).await;
    assert_eq!(welcome_moves(&welcome), (3, vec!["e2e4".into()]));
    one.stop().await.expect("stops");
    two.stop().await.expect("stops");
}

#[tokio::test]
async fn a_stopped_database_refuses_moves_and_takes_them_once_it_is_back() {
    let mut postgres = Postgres::start(false).expect("a PostgreSQL server");
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_on(dir.path(), &postgres.url(), fast_timing())).await;
    let address = server.address();
    let (id, white_token, _) = started_game(address, None).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    postgres.pause().expect("PostgreSQL stops");
    white.send(&move_message(1, "e2e4", 0)).await;
    let answer = white.reply().await;
    assert!(
        matches!(
            answer,
            ServerMessage::Refused {
                id: Some(1),
                code: RefusalCode::ServerTrouble,
                ..
            }
        ),
        "{answer:?}"
    );
    postgres.resume().expect("PostgreSQL starts again");
    // The same move again is played, as the game's next version: nothing was kept of
    // the refused one.
    assert_eq!(white.play(1, "e2e4", 0).await, 3);
    server.stop().await.expect("stops");
}
