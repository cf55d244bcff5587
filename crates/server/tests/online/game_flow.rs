//! Whole games over real sockets, with a real SQLite file: moves, refusals, resends,
//! reconnects, clocks, offers, rematches and a restart.

use crate::common::{Page, config_in, create, fast_timing, join, join_raw, serve, started_game};
use gambit_online_protocol::{
    ClientMessage, ColorChoice, EndReason, GameEvent, GameResult, GameStatus, RefusalCode, Seat,
    ServerMessage, Side, TimeControlSpec,
};

fn blitz() -> Option<TimeControlSpec> {
    Some(TimeControlSpec {
        initial_s: 180,
        increment_s: 2,
    })
}

fn refused_code(message: &ServerMessage) -> Option<RefusalCode> {
    match message {
        ServerMessage::Refused { code, .. } => Some(*code),
        _ => None,
    }
}

#[tokio::test]
async fn fools_mate_with_a_spectator_who_sees_every_event() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let (id, white_token, black_token) = started_game(address, blitz()).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let mut black = Page::seated(address, &id, Some(&black_token), Seat::Black).await;
    let (mut spectator, welcome) = Page::hello(address, &id, None, 0).await;
    let ServerMessage::Welcome {
        seat,
        version,
        snapshot: Some(snapshot),
        ..
    } = welcome
    else {
        panic!("a spectator from 0 gets the snapshot: {welcome:?}");
    };
    assert_eq!(seat, Seat::Spectator);
    assert_eq!(version, 2, "both joined");
    assert_eq!(snapshot.status, GameStatus::Playing);
    assert_eq!(snapshot.white.name.as_deref(), Some("Ada"));
    assert_eq!(snapshot.black.name.as_deref(), Some("Bob"));

    assert_eq!(white.play(1, "f2f3", 0).await, 3);
    black.event().await;
    assert_eq!(black.play(1, "e7e5", 1).await, 4);
    white.event().await;
    assert_eq!(white.play(2, "g2g4", 2).await, 5);
    black.event().await;
    black
        .send(&ClientMessage::Move {
            id: 2,
            uci: "d8h4".into(),
            ply: 3,
        })
        .await;
    let mated = black.event().await;
    assert!(
        matches!(&mated.1, GameEvent::Moved { san, .. } if san == "Qh4#"),
        "{mated:?}"
    );
    let end = black.event().await;
    let mate = GameResult {
        winner: Some(Side::Black),
        reason: EndReason::Checkmate,
    };
    assert!(
        matches!(end, (7, GameEvent::Ended { result, .. }) if result == mate),
        "{end:?}"
    );
    assert_eq!(black.reply().await, ServerMessage::Ack { id: 2 });

    let mut seen = Vec::new();
    while seen.len() < 5 {
        seen.push(spectator.event().await);
    }
    let versions: Vec<u64> = seen.iter().map(|(v, _)| *v).collect();
    assert_eq!(versions, [3, 4, 5, 6, 7]);
    let moves: Vec<&str> = seen
        .iter()
        .filter_map(|(_, event)| match event {
            GameEvent::Moved { uci, .. } => Some(uci.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(moves, ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(matches!(seen[4].1, GameEvent::Ended { result, .. } if result == mate));
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn wrong_moves_wrong_seats_and_bad_frames_are_refused_with_reasons() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let (id, white_token, black_token) = started_game(address, None).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let mut black = Page::seated(address, &id, Some(&black_token), Seat::Black).await;
    let mut spectator = Page::seated(address, &id, None, Seat::Spectator).await;

    let cases = [
        (Seat::White, 1, "e2e5", 0, RefusalCode::IllegalMove),
        (Seat::Black, 1, "e7e5", 0, RefusalCode::NotYourTurn),
        (Seat::Spectator, 1, "e2e4", 0, RefusalCode::NotYourSeat),
        (Seat::White, 2, "e2e4", 5, RefusalCode::PositionMoved),
    ];
    for (seat, id, uci, ply, code) in cases {
        let page = match seat {
            Seat::White => &mut white,
            Seat::Black => &mut black,
            Seat::Spectator => &mut spectator,
        };
        page.send(&ClientMessage::Move {
            id,
            uci: uci.into(),
            ply,
        })
        .await;
        let answer = page.reply().await;
        assert!(
            matches!(&answer, ServerMessage::Refused { id: Some(got), code: c, reason } if *got == id && *c == code && !reason.is_empty()),
            "{uci}: {answer:?}"
        );
    }
    spectator.send(&ClientMessage::Resign).await;
    assert_eq!(
        refused_code(&spectator.reply().await),
        Some(RefusalCode::NotYourSeat)
    );

    for bad in [
        "not json".to_owned(),
        r#"{"t":"fly"}"#.to_owned(),
        format!(r#"{{"t":"ping","n":1,"pad":"{}"}}"#, "x".repeat(1500)),
    ] {
        white.send_text(&bad).await;
        let answer = white.reply().await;
        assert!(
            matches!(&answer, ServerMessage::Refused { id: None, code: RefusalCode::BadMessage, reason } if !reason.is_empty()),
            "{answer:?}"
        );
    }
    white
        .send_frame(tokio_tungstenite::tungstenite::Message::Binary(
            vec![1, 2, 3].into(),
        ))
        .await;
    assert_eq!(
        refused_code(&white.reply().await),
        Some(RefusalCode::BadMessage)
    );
    white
        .send(&ClientMessage::Hello {
            protocol: gambit_online_protocol::PROTOCOL_VERSION.into(),
            token: None,
            since: 0,
        })
        .await;
    assert_eq!(
        refused_code(&white.reply().await),
        Some(RefusalCode::BadMessage)
    );
    white.send(&ClientMessage::Ping { n: 41 }).await;
    assert_eq!(
        white
            .until(|message| matches!(message, ServerMessage::Pong { .. }))
            .await,
        ServerMessage::Pong { n: 41 }
    );
    // Nothing of this changed the game: the first move is still white's.
    assert_eq!(white.play(3, "e2e4", 0).await, 3);

    // A frame far over the limit ends the connection.
    white.send_text(&"x".repeat(64 * 1024)).await;
    while white.next_or_close().await.is_ok() {}
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_resent_move_is_acknowledged_and_applied_once() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let (id, white_token, _) = started_game(address, None).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    assert_eq!(white.play(7, "e2e4", 0).await, 3);
    white
        .send(&ClientMessage::Move {
            id: 7,
            uci: "e2e4".into(),
            ply: 0,
        })
        .await;
    assert_eq!(white.reply().await, ServerMessage::Ack { id: 7 });
    white.send(&ClientMessage::Ping { n: 1 }).await;
    white
        .until(|message| matches!(message, ServerMessage::Pong { .. }))
        .await;
    let (_, welcome) = Page::hello(address, &id, None, 0).await;
    let ServerMessage::Welcome {
        version,
        snapshot: Some(snapshot),
        ..
    } = welcome
    else {
        panic!("a snapshot");
    };
    assert_eq!(version, 3, "one move event, not two");
    assert_eq!(snapshot.moves, ["e2e4"]);
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_reconnecting_page_gets_exactly_the_events_it_missed() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let (id, white_token, black_token) = started_game(address, None).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let mut black = Page::seated(address, &id, Some(&black_token), Seat::Black).await;
    white.play(1, "e2e4", 0).await;
    black.play(1, "e7e5", 1).await;
    white.play(2, "g1f3", 2).await;
    black.play(2, "b8c6", 3).await;
    // Black left after version 4 (its first move) and comes back.
    let (mut again, welcome) = Page::hello(address, &id, Some(&black_token), 4).await;
    assert!(
        matches!(
            welcome,
            ServerMessage::Welcome {
                seat: Seat::Black,
                version: 6,
                snapshot: None,
                ..
            }
        ),
        "{welcome:?}"
    );
    assert!(matches!(
        again.next().await,
        ServerMessage::Event {
            v: 5,
            event: GameEvent::Moved { .. }
        }
    ));
    assert!(matches!(
        again.next().await,
        ServerMessage::Event {
            v: 6,
            event: GameEvent::Moved { .. }
        }
    ));
    assert!(matches!(again.next().await, ServerMessage::Presence { .. }));
    // Up to date: no events; ahead of the server: a snapshot.
    let (_, welcome) = Page::hello(address, &id, None, 6).await;
    assert!(matches!(
        welcome,
        ServerMessage::Welcome { snapshot: None, .. }
    ));
    let (_, welcome) = Page::hello(address, &id, None, 99).await;
    assert!(matches!(
        welcome,
        ServerMessage::Welcome {
            snapshot: Some(_),
            ..
        }
    ));
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn the_server_makes_a_flag_fall() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let one_second = Some(TimeControlSpec {
        initial_s: 1,
        increment_s: 0,
    });
    let (id, white_token, black_token) = started_game(address, one_second).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let mut black = Page::seated(address, &id, Some(&black_token), Seat::Black).await;
    white.play(1, "e2e4", 0).await;
    black.play(1, "e7e5", 1).await;
    // White's clock runs; nobody moves.
    let (_, ended) = white
        .until(|message| {
            matches!(
                message,
                ServerMessage::Event {
                    event: GameEvent::Ended { .. },
                    ..
                }
            )
        })
        .await
        .into_event();
    let GameEvent::Ended { result, clock } = ended else {
        unreachable!()
    };
    assert_eq!(
        result,
        GameResult {
            winner: Some(Side::Black),
            reason: EndReason::Timeout
        }
    );
    let clock = clock.expect("a clock");
    assert_eq!((clock.white_ms, clock.running), (0, None));
    server.stop().await.expect("stops");
}

trait IntoEvent {
    fn into_event(self) -> (u64, GameEvent);
}

impl IntoEvent for ServerMessage {
    fn into_event(self) -> (u64, GameEvent) {
        match self {
            ServerMessage::Event { v, event } => (v, event),
            other => panic!("not an event: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_game_without_a_first_move_is_called_off() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut timing = fast_timing();
    timing.round.first_move_ms = [300; 5];
    let server = serve(config_in(dir.path(), timing)).await;
    let address = server.address();
    let (id, white_token, _) = started_game(address, blitz()).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let (v, event) = white.event().await;
    assert_eq!(v, 3);
    assert!(
        matches!(
            event,
            GameEvent::Ended {
                result: GameResult {
                    winner: None,
                    reason: EndReason::NoStart
                },
                ..
            }
        ),
        "{event:?}"
    );
    white
        .send(&ClientMessage::Move {
            id: 1,
            uci: "e2e4".into(),
            ply: 0,
        })
        .await;
    assert_eq!(
        refused_code(&white.reply().await),
        Some(RefusalCode::GameOver)
    );
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn draws_takebacks_and_a_rematch() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let (id, white_token, black_token) = started_game(address, blitz()).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let mut black = Page::seated(address, &id, Some(&black_token), Seat::Black).await;
    white.play(1, "e2e4", 0).await;
    black.play(1, "e7e5", 1).await;
    white.play(2, "g1f3", 2).await;

    // A takeback of white's last move.
    white.send(&ClientMessage::ProposeTakeback).await;
    assert_eq!(
        black
            .event_like(|e| matches!(e, GameEvent::TakebackProposed { .. }))
            .await
            .1,
        GameEvent::TakebackProposed { by: Side::White }
    );
    black.send(&ClientMessage::AcceptTakeback).await;
    let taken = white
        .until(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: GameEvent::TakenBack { .. },
                    ..
                }
            )
        })
        .await;
    assert!(
        matches!(
            taken,
            ServerMessage::Event {
                event: GameEvent::TakenBack { plies: 1, .. },
                ..
            }
        ),
        "{taken:?}"
    );
    white.play(3, "d2d4", 2).await;

    // A declined draw offer, then an accepted one.
    black.send(&ClientMessage::OfferDraw).await;
    assert_eq!(
        white
            .until(|m| matches!(
                m,
                ServerMessage::Event {
                    event: GameEvent::DrawOffered { .. },
                    ..
                }
            ))
            .await
            .into_event()
            .1,
        GameEvent::DrawOffered { by: Side::Black }
    );
    white.send(&ClientMessage::DeclineDraw).await;
    white.event_like(|e| *e == GameEvent::DrawDeclined).await;
    white.send(&ClientMessage::OfferDraw).await;
    black
        .until(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: GameEvent::DrawOffered { .. },
                    ..
                }
            )
        })
        .await;
    black.send(&ClientMessage::AcceptDraw).await;
    let ended = black
        .event_like(|e| matches!(e, GameEvent::Ended { .. }))
        .await
        .1;
    assert!(
        matches!(
            ended,
            GameEvent::Ended {
                result: GameResult {
                    winner: None,
                    reason: EndReason::Agreement
                },
                ..
            }
        ),
        "{ended:?}"
    );

    // A rematch: colours swapped, each token holds its seat there.
    white.send(&ClientMessage::OfferRematch).await;
    black
        .until(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: GameEvent::RematchOffered { .. },
                    ..
                }
            )
        })
        .await;
    black.send(&ClientMessage::AcceptRematch).await;
    let GameEvent::RematchCreated { game_id } = white
        .until(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: GameEvent::RematchCreated { .. },
                    ..
                }
            )
        })
        .await
        .into_event()
        .1
    else {
        unreachable!()
    };
    assert_ne!(game_id, id);
    let mut new_white = Page::seated(address, &game_id, Some(&black_token), Seat::White).await;
    let _new_black = Page::seated(address, &game_id, Some(&white_token), Seat::Black).await;
    assert_eq!(new_white.play(1, "d2d4", 0).await, 3);
    let (status, _) = join_raw(address, &game_id).await;
    assert_eq!(status, 409, "both seats of the rematch are taken");
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn the_free_seat_is_given_once() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let created = create(address, None, ColorChoice::Black).await;
    assert_eq!(created.side, Side::Black);
    assert_eq!(created.game_id.len(), 8);
    assert_eq!(created.token.len(), 22);
    let joined = join(address, &created.game_id).await;
    assert_eq!(joined.side, Side::White);
    assert_ne!(joined.token, created.token);
    let (status, body) = join_raw(address, &created.game_id).await;
    assert_eq!(status, 409);
    assert!(body["error"].is_string(), "{body}");
    let (status, _) = join_raw(address, "Unknown1").await;
    assert_eq!(status, 404);
    let (status, _) = join_raw(address, "bad").await;
    assert_eq!(status, 404);
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_player_gone_long_enough_can_be_claimed() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut timing = fast_timing();
    timing.round.claim_ms = 300;
    timing.round.bye_claim_ms = 100;
    let server = serve(config_in(dir.path(), timing)).await;
    let address = server.address();
    let (id, white_token, black_token) = started_game(address, None).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let mut black = Page::seated(address, &id, Some(&black_token), Seat::Black).await;
    white.play(1, "e2e4", 0).await;
    black.play(1, "e7e5", 1).await;
    white.send(&ClientMessage::ClaimVictory).await;
    assert_eq!(white.refusal().await, RefusalCode::NotNow);
    black.send(&ClientMessage::Bye).await;
    black.close().await;
    let away = white
        .until(|m| {
            matches!(
                m,
                ServerMessage::Presence {
                    side: Side::Black,
                    present: false,
                    ..
                }
            )
        })
        .await;
    let ServerMessage::Presence {
        claim_in_ms: Some(wait),
        ..
    } = away
    else {
        panic!("a claim time: {away:?}");
    };
    assert!(wait <= 100, "after a bye the shorter wait: {wait}");
    // A page that reconnects keeps its claim (Welcome is followed by presence).
    let (mut white_again, _) = Page::hello(address, &id, Some(&white_token), 6).await;
    let presence = white_again
        .until(|m| {
            matches!(
                m,
                ServerMessage::Presence {
                    side: Side::Black,
                    ..
                }
            )
        })
        .await;
    assert!(matches!(
        presence,
        ServerMessage::Presence {
            present: false,
            claim_in_ms: Some(_),
            ..
        }
    ));
    // The server says when the claim opens.
    white_again
        .until(|m| {
            matches!(
                m,
                ServerMessage::Presence {
                    side: Side::Black,
                    claim_in_ms: Some(0),
                    ..
                }
            )
        })
        .await;
    white_again.send(&ClientMessage::ClaimVictory).await;
    let (_, ended) = white_again.event().await;
    assert!(
        matches!(
            ended,
            GameEvent::Ended {
                result: GameResult {
                    winner: Some(Side::White),
                    reason: EndReason::Abandonment
                },
                ..
            }
        ),
        "{ended:?}"
    );
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_restart_keeps_every_game_and_play_goes_on() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let (id, white_token, black_token) = started_game(address, blitz()).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    let mut black = Page::seated(address, &id, Some(&black_token), Seat::Black).await;
    white.play(1, "e2e4", 0).await;
    black.play(1, "e7e5", 1).await;
    server.stop().await.expect("stops");
    // The pages are told the server is going away.
    let code = loop {
        match white.next_or_close().await {
            Ok(_) => continue,
            Err(code) => break code,
        }
    };
    assert_eq!(code, Some(1001));

    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let (mut white, welcome) = Page::hello(address, &id, Some(&white_token), 4).await;
    let ServerMessage::Welcome {
        seat,
        version,
        snapshot,
        clock,
    } = welcome
    else {
        unreachable!()
    };
    assert_eq!((seat, version, snapshot), (Seat::White, 4, None));
    let clock = clock.expect("clocks");
    assert_eq!(clock.running, Some(Side::White), "white's clock runs again");
    let (mut black, _) = Page::hello(address, &id, Some(&black_token), 4).await;
    // The move ids survive too: white's resent first move is acknowledged, not replayed.
    white
        .send(&ClientMessage::Move {
            id: 1,
            uci: "e2e4".into(),
            ply: 0,
        })
        .await;
    assert_eq!(white.reply().await, ServerMessage::Ack { id: 1 });
    assert_eq!(white.play(2, "g1f3", 2).await, 5);
    assert_eq!(
        black
            .event_like(|e| matches!(e, GameEvent::Moved { .. }))
            .await
            .0,
        5
    );
    server.stop().await.expect("stops");
}

#[tokio::test]
async fn a_move_the_database_refuses_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let server = serve(config_in(dir.path(), fast_timing())).await;
    let address = server.address();
    let (id, white_token, _) = started_game(address, None).await;
    let mut white = Page::seated(address, &id, Some(&white_token), Seat::White).await;
    // Another connection to the same file makes every event insert fail.
    let database = rusqlite::Connection::open(dir.path().join("games.db")).expect("opens the file");
    database
        .execute_batch(
            "CREATE TRIGGER broken BEFORE INSERT ON game_events BEGIN SELECT RAISE(ABORT, 'disk on fire'); END",
        )
        .expect("a trigger");
    white
        .send(&ClientMessage::Move {
            id: 1,
            uci: "e2e4".into(),
            ply: 0,
        })
        .await;
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
    database
        .execute_batch("DROP TRIGGER broken")
        .expect("repaired");
    // The same move again is played now, as the game's next version: nothing was kept.
    assert_eq!(white.play(1, "e2e4", 0).await, 3);
    server.stop().await.expect("stops");
}
