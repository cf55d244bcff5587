//! Several nodes over one PostgreSQL database with Redis between them (real servers,
//! started for each test): the two players and a spectator of one game, each on a node
//! of their own, see every move in order, once; with Redis restarted mid-game, play
//! goes on and nothing is lost.

use std::net::SocketAddr;

use gambit_local_services::{Postgres, Redis};
use gambit_online_protocol::{ColorChoice, GameEvent, Seat, ServerMessage, Side};
use gambit_server::RunningServer;

use crate::common::{Page, config_on, create, fast_timing, join, serve};

async fn node(dir: &std::path::Path, postgres: &Postgres, redis: &Redis) -> RunningServer {
    let mut config = config_on(dir, &postgres.url(), fast_timing());
    config.bus = Some(redis.url());
    serve(config).await
}

/// The next move `page` is told of: (version, UCI).
async fn next_move(page: &mut Page) -> (u64, String) {
    match page
        .event_like(|event| matches!(event, GameEvent::Moved { .. }))
        .await
    {
        (v, GameEvent::Moved { uci, .. }) => (v, uci),
        _ => unreachable!("event_like returned a move"),
    }
}

/// White on `a`, black on `b`, a spectator on `c`, all at version 2.
async fn seated(a: SocketAddr, b: SocketAddr, c: SocketAddr) -> (Page, Page, Page) {
    let created = create(a, None, ColorChoice::White).await;
    let joined = join(b, &created.game_id).await;
    let id = created.game_id;
    let white = Page::seated(a, &id, Some(&created.token), Seat::White).await;
    let black = Page::seated(b, &id, Some(&joined.token), Seat::Black).await;
    let spectator = Page::seated(c, &id, None, Seat::Spectator).await;
    (white, black, spectator)
}

#[tokio::test]
async fn players_and_a_spectator_on_three_nodes_see_every_move_in_order_once() {
    let postgres = Postgres::start(false).expect("a PostgreSQL server");
    let redis = Redis::start().expect("a Redis server");
    let dir = tempfile::tempdir().expect("a temp dir");
    let nodes = [
        node(dir.path(), &postgres, &redis).await,
        node(dir.path(), &postgres, &redis).await,
        node(dir.path(), &postgres, &redis).await,
    ];
    let (mut white, mut black, mut spectator) =
        seated(nodes[0].address(), nodes[1].address(), nodes[2].address()).await;
    let moves = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6",
    ];
    for (ply, uci) in moves.iter().enumerate() {
        let id = u32::try_from(ply / 2 + 1).expect("small");
        let ply = u32::try_from(ply).expect("small");
        let (mover, other) = if ply % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        let version = mover.play(id, uci, ply).await;
        assert_eq!(version, u64::from(ply) + 3);
        // The next move each other page hears of is this one: none lost, none twice,
        // none out of order.
        assert_eq!(next_move(other).await, (version, (*uci).to_owned()));
        assert_eq!(
            next_move(&mut spectator).await,
            (version, (*uci).to_owned())
        );
    }
    for node in nodes {
        node.stop().await.expect("stops");
    }
}

#[tokio::test]
async fn a_redis_restart_mid_game_loses_nothing() {
    let postgres = Postgres::start(false).expect("a PostgreSQL server");
    let mut redis = Redis::start().expect("a Redis server");
    let dir = tempfile::tempdir().expect("a temp dir");
    let one = node(dir.path(), &postgres, &redis).await;
    let two = node(dir.path(), &postgres, &redis).await;
    let (mut white, mut black, mut spectator) =
        seated(one.address(), two.address(), two.address()).await;
    assert_eq!(white.play(1, "e2e4", 0).await, 3);
    assert_eq!(next_move(&mut black).await, (3, "e2e4".into()));
    assert_eq!(black.play(1, "e7e5", 1).await, 4);
    assert_eq!(next_move(&mut white).await, (4, "e7e5".into()));
    redis.pause();
    // Announced while Redis is away: the other node hears of it only once it has
    // subscribed again, and then reads it from the database.
    assert_eq!(white.play(2, "d2d4", 2).await, 5);
    redis.resume().expect("Redis starts again");
    assert_eq!(next_move(&mut black).await, (5, "d2d4".into()));
    for (version, uci) in [(3, "e2e4"), (4, "e7e5"), (5, "d2d4")] {
        assert_eq!(next_move(&mut spectator).await, (version, uci.into()));
    }
    assert_eq!(black.play(2, "e5d4", 3).await, 6);
    assert_eq!(next_move(&mut white).await, (6, "e5d4".into()));
    one.stop().await.expect("stops");
    two.stop().await.expect("stops");
}

/// The next presence `page` is told of for `side`: whether it is connected anywhere.
async fn presence_of(page: &mut Page, side: Side) -> bool {
    match page
        .until(|message| matches!(message, ServerMessage::Presence { side: told, .. } if *told == side))
        .await
    {
        ServerMessage::Presence {
            present,
            claim_in_ms,
            ..
        } => {
            // Of several nodes nobody is taken for gone.
            assert_eq!(claim_in_ms, None);
            present
        }
        _ => unreachable!("until returned a presence"),
    }
}

#[tokio::test]
async fn a_player_on_another_node_shows_as_connected_and_then_as_gone() {
    let postgres = Postgres::start(false).expect("a PostgreSQL server");
    let redis = Redis::start().expect("a Redis server");
    let dir = tempfile::tempdir().expect("a temp dir");
    let one = node(dir.path(), &postgres, &redis).await;
    let two = node(dir.path(), &postgres, &redis).await;
    let created = create(one.address(), None, ColorChoice::White).await;
    let joined = join(two.address(), &created.game_id).await;
    let id = created.game_id;
    // Black is on node two before white comes to node one: white's node asks.
    let mut black = Page::seated(two.address(), &id, Some(&joined.token), Seat::Black).await;
    let mut white = Page::seated(one.address(), &id, Some(&created.token), Seat::White).await;
    let mut seen = presence_of(&mut white, Side::Black).await;
    while !seen {
        seen = presence_of(&mut white, Side::Black).await;
    }
    // White, on node one, reaches black's node too.
    let mut seen = presence_of(&mut black, Side::White).await;
    while !seen {
        seen = presence_of(&mut black, Side::White).await;
    }
    black.close().await;
    assert!(!presence_of(&mut white, Side::Black).await);
    one.stop().await.expect("stops");
    two.stop().await.expect("stops");
}
