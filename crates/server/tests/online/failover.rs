//! A cluster losing parts mid-game, with the real servers: three `gambit-server`
//! processes over one PostgreSQL and one Redis, nginx in front (`deploy/nginx.conf`),
//! players that reconnect through nginx as the page does. Each test checks that every
//! player and a spectator are told every event once and in order (no move lost or
//! doubled), and prints its timings (takeover, reconnections) for the figures.

use std::time::{Duration, Instant};

use gambit_local_services::{Postgres, Redis};
use gambit_online_protocol::{
    ClientMessage, EndReason, GameEvent, GameResult, RefusalCode, ServerMessage, Side,
    TimeControlSpec,
};

use crate::common::cluster::{Cluster, Player};
use crate::common::{PATIENCE, started_game};

fn ms(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// The moves every player and the spectator saw, by version, must be `expected`.
async fn all_saw(players: &mut [&mut Player], upto: u64) {
    for player in players.iter_mut() {
        while player.version < upto {
            player.event().await;
        }
        assert_eq!(player.version, upto);
    }
}

/// White, black and a spectator of a new game with `time_control`, through `front`.
async fn seated(
    front: std::net::SocketAddr,
    time_control: Option<TimeControlSpec>,
) -> (Player, Player, Player) {
    let (id, white_token, black_token) = started_game(front, time_control).await;
    let white = Player::new(front, &id, Some(&white_token)).await;
    let black = Player::new(front, &id, Some(&black_token)).await;
    let spectator = Player::new(front, &id, None).await;
    (white, black, spectator)
}

/// Five minutes, no increment.
const FIVE_MINUTES: Option<TimeControlSpec> = Some(TimeControlSpec {
    initial_s: 300,
    increment_s: 0,
});

#[tokio::test]
async fn killing_the_node_that_runs_the_clock_loses_no_move_and_the_flag_still_falls() {
    let postgres = Postgres::start(false).expect("a PostgreSQL server");
    let redis = Redis::start().expect("a Redis server");
    let mut cluster = Cluster::start(&postgres, &redis, 3).await;
    let front = cluster.address();
    let ten_seconds = Some(TimeControlSpec {
        initial_s: 10,
        increment_s: 0,
    });
    let (mut white, mut black, mut spectator) = seated(front, ten_seconds).await;
    let id = white.game().to_owned();
    assert_eq!(white.play(1, "e2e4", 0).await.0, 3);
    assert_eq!(black.next_move().await.0, 3);
    assert_eq!(black.play(1, "e7e5", 1).await.0, 4);
    assert_eq!(white.next_move().await.0, 4);
    let before_white_move = Instant::now();
    assert_eq!(white.play(2, "g1f3", 2).await.0, 5);
    let black_clock_started = Instant::now();
    // Black's clock runs. The node that runs it dies.
    let holder = cluster
        .clock_holder(&id)
        .await
        .expect("a node runs the clock");
    let killed = Instant::now();
    cluster.node(&holder).kill();
    let taker = cluster.clock_holder_other_than(&id, &holder).await;
    let takeover = killed.elapsed();
    // Black moves: through nginx to a live node, again after a reconnection if its
    // socket was on the dead one.
    let before_black_move = Instant::now();
    let (version, clock) = black.play(2, "b8c6", 3).await;
    let after_black_move = Instant::now();
    assert_eq!(version, 6);
    let clock = clock.expect("a clock");
    // Black was charged the real time its clock ran, the node's loss included (give or
    // take the lag compensation, at most a second).
    let charged = 10_000 - clock.black_ms;
    assert!(
        charged <= ms(after_black_move - before_white_move),
        "charged {charged} ms"
    );
    assert!(
        charged + 1_000 >= ms(before_black_move - black_clock_started),
        "charged {charged} ms, the clock ran at least {} ms",
        ms(before_black_move - black_clock_started)
    );
    assert_eq!(clock.running, Some(Side::White));
    // Nobody moves: white's flag falls, run by the node that took the clock over.
    all_saw(&mut [&mut white, &mut spectator], 6).await;
    let (version, ended) = tokio::time::timeout(
        Duration::from_millis(clock.white_ms) + PATIENCE,
        spectator.event(),
    )
    .await
    .expect("the flag falls");
    let fell = Instant::now();
    assert_eq!(version, 7);
    let GameEvent::Ended { result, .. } = ended else {
        panic!("not the end: {ended:?}")
    };
    assert_eq!(
        result,
        GameResult {
            winner: Some(Side::Black),
            reason: EndReason::Timeout
        }
    );
    // On time: not before white's time was up, and at most 1.5 s after.
    let due_earliest = before_black_move + Duration::from_millis(clock.white_ms);
    let due_latest = after_black_move + Duration::from_millis(clock.white_ms);
    assert!(fell >= due_earliest, "the flag fell early");
    let late = fell.saturating_duration_since(due_latest);
    assert!(
        late <= Duration::from_millis(1_500),
        "the flag fell {late:?} late"
    );
    all_saw(&mut [&mut white, &mut black], 7).await;
    let reconnections: Vec<u64> = [&white, &black, &spectator]
        .iter()
        .flat_map(|player| player.reconnections.iter().map(|&d| ms(d)))
        .collect();
    eprintln!(
        "kill -9 of {holder}: {taker} ran the clock after {} ms; reconnections (ms): {reconnections:?}; the flag fell {} ms after it was due",
        ms(takeover),
        ms(fell.saturating_duration_since(due_earliest))
    );
}

#[tokio::test]
async fn draining_nodes_moves_their_players_to_the_others_without_losing_a_move() {
    let postgres = Postgres::start(false).expect("a PostgreSQL server");
    let redis = Redis::start().expect("a Redis server");
    let mut cluster = Cluster::start(&postgres, &redis, 3).await;
    let front = cluster.address();
    let (mut white, mut black, mut spectator) = seated(front, FIVE_MINUTES).await;
    let id = white.game().to_owned();
    let moves = [("e2e4", "e7e5"), ("g1f3", "b8c6"), ("f1c4", "g8f6")];
    let mut takeovers = Vec::new();
    for (round, (white_move, black_move)) in moves.iter().enumerate() {
        let number = u32::try_from(round).expect("small");
        let ply = number * 2;
        let version = u64::from(ply) + 3;
        assert_eq!(white.play(number + 1, white_move, ply).await.0, version);
        assert_eq!(
            black.play(number + 1, black_move, ply + 1).await.0,
            version + 1
        );
        all_saw(&mut [&mut white, &mut spectator], version + 1).await;
        // Drain node-1, then node-2: every socket there moves to another node.
        if round < 2 {
            let name = format!("node-{}", round + 1);
            let holder = cluster
                .clock_holder(&id)
                .await
                .expect("a node runs the clock");
            let drained = Instant::now();
            cluster.node(&name).drain();
            if holder == name {
                cluster.clock_holder_other_than(&id, &name).await;
                takeovers.push(ms(drained.elapsed()));
            }
        }
    }
    let reconnections: Vec<u64> = [&white, &black, &spectator]
        .iter()
        .flat_map(|player| player.reconnections.iter().map(|&d| ms(d)))
        .collect();
    // nginx spread the five requests over the three nodes: the players on the two
    // drained ones came back through it.
    assert!(!reconnections.is_empty(), "nobody was on a drained node");
    eprintln!(
        "SIGTERM of node-1 and node-2: reconnections (ms): {reconnections:?}; clock takeovers (ms): {takeovers:?}"
    );
}

#[tokio::test]
async fn with_postgres_stopped_for_ten_seconds_moves_are_refused_then_go_through() {
    let mut postgres = Postgres::start(false).expect("a PostgreSQL server");
    let redis = Redis::start().expect("a Redis server");
    let cluster = Cluster::start(&postgres, &redis, 3).await;
    let front = cluster.address();
    let (id, white_token, black_token) = started_game(front, None).await;
    let mut white = Player::new(front, &id, Some(&white_token)).await;
    let mut black = Player::new(front, &id, Some(&black_token)).await;
    assert_eq!(white.play(1, "e2e4", 0).await.0, 3);
    assert_eq!(black.play(1, "e7e5", 1).await.0, 4);
    assert_eq!(white.next_move().await.0, 4);
    postgres.pause().expect("PostgreSQL stops");
    let stopped = Instant::now();
    let mut refusals = 0;
    // For ten seconds, white's move is refused, never acknowledged.
    while stopped.elapsed() < Duration::from_secs(10) {
        let answer = white
            .request(&ClientMessage::Move {
                id: 2,
                uci: "d2d4".into(),
                ply: 2,
            })
            .await;
        match answer {
            ServerMessage::Refused { code, .. } => assert_eq!(code, RefusalCode::ServerTrouble),
            other => panic!("a move stored with the database stopped: {other:?}"),
        }
        refusals += 1;
    }
    postgres.resume().expect("PostgreSQL starts again");
    let back = Instant::now();
    // The page sends it again: it goes through, once.
    let version = loop {
        match white
            .request(&ClientMessage::Move {
                id: 2,
                uci: "d2d4".into(),
                ply: 2,
            })
            .await
        {
            ServerMessage::Ack { .. } => break white.version,
            ServerMessage::Refused { code, .. } => {
                assert_eq!(code, RefusalCode::ServerTrouble);
                assert!(back.elapsed() < PATIENCE, "the database did not come back");
            }
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(version, 5);
    assert_eq!(black.next_move().await, (5, "d2d4".into(), None));
    assert_eq!(black.play(2, "e5d4", 3).await.0, 6);
    all_saw(&mut [&mut white], 6).await;
    eprintln!(
        "PostgreSQL stopped 10 s: {refusals} refusals; the move went through {} ms after it was back",
        ms(back.elapsed())
    );
}

#[tokio::test]
async fn a_redis_restart_mid_game_behind_nginx_loses_nothing() {
    let postgres = Postgres::start(false).expect("a PostgreSQL server");
    let mut redis = Redis::start().expect("a Redis server");
    let cluster = Cluster::start(&postgres, &redis, 3).await;
    let front = cluster.address();
    let (mut white, mut black, mut spectator) = seated(front, FIVE_MINUTES).await;
    assert_eq!(white.play(1, "e2e4", 0).await.0, 3);
    assert_eq!(black.play(1, "e7e5", 1).await.0, 4);
    all_saw(&mut [&mut white, &mut spectator], 4).await;
    redis.pause();
    // Played while Redis is away: stored, and the other nodes read it once they have
    // subscribed again.
    assert_eq!(white.play(2, "g1f3", 2).await.0, 5);
    let stopped = Instant::now();
    redis.resume().expect("Redis starts again");
    assert_eq!(black.next_move().await.1, "g1f3");
    let caught_up = stopped.elapsed();
    assert_eq!(black.play(2, "b8c6", 3).await.0, 6);
    all_saw(&mut [&mut white, &mut spectator], 6).await;
    eprintln!(
        "Redis restarted: the move made meanwhile reached black {} ms after it was stored",
        ms(caught_up)
    );
}
