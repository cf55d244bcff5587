//! The round's rules, one behaviour per test.

use gambit_online_protocol::{
    EndReason, GameEvent, GameStatus, RefusalCode, Seat, Side, TimeControlSpec,
};

use super::*;

const TIMING: RoundTiming = RoundTiming::LICHESS;

fn white_token() -> TokenHash {
    TokenHash::of("white-token")
}

fn black_token() -> TokenHash {
    TokenHash::of("black-token")
}

fn context(now_ms: u64) -> Context<'static> {
    Context {
        now_ms,
        wall_ms: 1_000_000 + now_ms,
        opponent_gone: false,
        rematch_id: Some("Rematch1"),
        timing: &TIMING,
    }
}

/// A game with both seats taken at time 0.
fn playing(control: Option<TimeControlSpec>) -> Round {
    let (mut round, events) = Round::create(
        "Game0001".into(),
        control,
        Side::White,
        Some("Ada".into()),
        white_token(),
        1_000_000,
    );
    assert_eq!(events.len(), 1);
    let step = round.handle(
        Seat::Spectator,
        Action::Join {
            name: None,
            token: black_token(),
        },
        &context(0),
    );
    assert_eq!(step.answer, Ok(Answer::Joined(Side::Black)));
    round
}

fn blitz() -> Option<TimeControlSpec> {
    Some(TimeControlSpec {
        initial_s: 180,
        increment_s: 2,
    })
}

fn mv(id: u32, uci: &str, ply: u32) -> Action {
    Action::Move {
        id,
        uci: uci.into(),
        ply,
        lag_ms: 0,
    }
}

/// Plays `moves` alternately from the side to move, ids from 1, at time `now_ms`.
fn play_all(round: &mut Round, moves: &[&str], now_ms: u64) {
    for uci in moves {
        let seat = if round.game.turn() == Color::White {
            Seat::White
        } else {
            Seat::Black
        };
        let ply = u32::try_from(round.game.len()).expect("short game");
        let step = round.handle(seat, mv(ply + 1, uci, ply), &context(now_ms));
        assert_eq!(step.answer, Ok(Answer::Ack(ply + 1)), "{uci}");
    }
}

fn ended(step: &Step) -> Option<GameResult> {
    step.events.iter().find_map(|(_, event)| match event {
        GameEvent::Ended { result, .. } => Some(*result),
        _ => None,
    })
}

fn code(step: &Step) -> Option<RefusalCode> {
    step.answer.as_ref().err().map(|refusal| refusal.code)
}

#[test]
fn versions_grow_by_one_from_the_creators_join() {
    let mut round = playing(blitz());
    assert_eq!(round.version(), 2);
    assert_eq!(round.status(), GameStatus::Playing);
    let step = round.handle(Seat::White, mv(1, "e2e4", 0), &context(100));
    assert_eq!(step.events.len(), 1);
    assert_eq!(step.events[0].0, 3);
    assert!(matches!(
        &step.events[0].1,
        GameEvent::Moved { san, first_move_ms: Some(25_000), .. } if san == "e4"
    ));
}

#[test]
fn the_second_join_is_refused_and_changes_nothing() {
    let mut round = playing(None);
    let step = round.handle(
        Seat::Spectator,
        Action::Join {
            name: None,
            token: TokenHash::of("third"),
        },
        &context(0),
    );
    assert_eq!(code(&step), Some(RefusalCode::NotNow));
    assert!(step.events.is_empty());
    assert_eq!(round.seat_of(Some(TokenHash::of("third"))), Seat::Spectator);
    assert_eq!(round.seat_of(Some(white_token())), Seat::White);
    assert_eq!(round.seat_of(Some(black_token())), Seat::Black);
    assert_eq!(round.seat_of(None), Seat::Spectator);
}

#[test]
fn only_the_side_to_move_plays_legal_moves_at_the_current_ply() {
    let mut round = playing(None);
    let cases = [
        (Seat::Spectator, mv(1, "e2e4", 0), RefusalCode::NotYourSeat),
        (Seat::Black, mv(1, "e7e5", 0), RefusalCode::NotYourTurn),
        (Seat::White, mv(1, "e2e5", 0), RefusalCode::IllegalMove),
        (Seat::White, mv(1, "e2e4", 3), RefusalCode::PositionMoved),
    ];
    for (seat, action, expected) in cases {
        let step = round.handle(seat, action.clone(), &context(10));
        assert_eq!(code(&step), Some(expected), "{action:?}");
        assert!(step.events.is_empty());
    }
    assert_eq!(round.game.len(), 0);
}

#[test]
fn a_resent_move_is_acknowledged_and_not_replayed() {
    let mut round = playing(None);
    play_all(&mut round, &["e2e4"], 10);
    let version = round.version();
    let step = round.handle(Seat::White, mv(1, "e2e4", 0), &context(20));
    assert_eq!(step.answer, Ok(Answer::Ack(1)));
    assert!(step.events.is_empty());
    assert_eq!(round.version(), version);
    assert_eq!(round.game.len(), 1);
}

#[test]
fn fools_mate_ends_the_game_after_the_move() {
    let mut round = playing(blitz());
    play_all(&mut round, &["f2f3", "e7e5", "g2g4"], 10);
    let step = round.handle(Seat::Black, mv(9, "d8h4", 3), &context(20));
    assert_eq!(step.answer, Ok(Answer::Ack(9)));
    assert!(matches!(step.events[0].1, GameEvent::Moved { .. }));
    assert_eq!(
        ended(&step),
        Some(GameResult {
            winner: Some(Side::Black),
            reason: EndReason::Checkmate
        })
    );
    assert_eq!(round.status(), GameStatus::Finished);
    let after = round.handle(Seat::White, mv(10, "e1f2", 4), &context(30));
    assert_eq!(code(&after), Some(RefusalCode::GameOver));
}

#[test]
fn the_clock_starts_after_both_first_moves_and_a_flag_falls() {
    let control = Some(TimeControlSpec {
        initial_s: 1,
        increment_s: 0,
    });
    let mut round = playing(control);
    play_all(&mut round, &["e2e4"], 5_000);
    assert_eq!(
        round.clock_now(6_000).map(|clock| clock.running),
        Some(None)
    );
    play_all(&mut round, &["e7e5"], 6_000);
    assert_eq!(
        round.clock_now(6_000).and_then(|clock| clock.running),
        Some(Side::White)
    );
    let deadline = round.next_deadline_ms().expect("white's flag");
    assert!(deadline >= 7_000);
    let early = round.handle(Seat::Spectator, Action::Tick, &context(6_500));
    assert!(early.events.is_empty());
    let late = round.handle(Seat::Spectator, Action::Tick, &context(deadline));
    assert_eq!(
        ended(&late),
        Some(GameResult {
            winner: Some(Side::Black),
            reason: EndReason::Timeout
        })
    );
    assert_eq!(round.next_deadline_ms(), None);
}

#[test]
fn a_move_after_the_flag_ends_the_game_on_time() {
    let control = Some(TimeControlSpec {
        initial_s: 1,
        increment_s: 0,
    });
    let mut round = playing(control);
    play_all(&mut round, &["e2e4", "e7e5"], 0);
    let step = round.handle(Seat::White, mv(3, "g1f3", 2), &context(60_000));
    assert_eq!(code(&step), Some(RefusalCode::GameOver));
    assert_eq!(
        ended(&step).map(|result| result.reason),
        Some(EndReason::Timeout)
    );
    assert_eq!(round.game.len(), 2, "the late move is not played");
}

fn lagged(id: u32, uci: &str, ply: u32, lag_ms: u64) -> Action {
    Action::Move {
        id,
        uci: uci.into(),
        ply,
        lag_ms,
    }
}

#[test]
fn a_move_past_zero_within_the_flag_grace_counts_only_if_its_lag_covers_it() {
    // 1+0: white's clock runs from 0 with 60 000 ms; quota and flag grace 1 170 ms.
    let control = Some(TimeControlSpec {
        initial_s: 60,
        increment_s: 0,
    });
    let mut on_time = playing(control);
    play_all(&mut on_time, &["e2e4", "e7e5"], 0);
    let mut late = on_time.clone();
    // At 60 500 the flag has not fallen (60 500 − 1 170 < 60 000), so no Tick ends it.
    let tick = late.handle(Seat::Spectator, Action::Tick, &context(60_500));
    assert!(tick.events.is_empty());
    // 600 ms of lag forgiven: charged 59 900 < 60 000, the move counts, 100 ms left.
    let step = on_time.handle(Seat::White, lagged(3, "g1f3", 2, 600), &context(60_500));
    assert_eq!(step.answer, Ok(Answer::Ack(3)));
    assert_eq!(on_time.move_clocks.last(), Some(&100));
    // No lag: charged 60 500 ≥ 60 000, so the move is not played and the game ends
    // on time, the mover's clock at 0.
    let step = late.handle(Seat::White, lagged(3, "g1f3", 2, 0), &context(60_500));
    assert_eq!(code(&step), Some(RefusalCode::GameOver));
    assert_eq!(
        ended(&step),
        Some(GameResult {
            winner: Some(Side::Black),
            reason: EndReason::Timeout
        })
    );
    assert!(matches!(
        step.events.last(),
        Some((_, GameEvent::Ended { clock: Some(clock), .. })) if clock.white_ms == 0
    ));
    assert_eq!(late.game.len(), 2, "the late move is not played");
    assert_eq!(late.status(), GameStatus::Finished);
    assert_eq!(late.last_move_id[0], Some(1), "its id is not recorded");
}

#[test]
fn the_measured_lag_caps_the_quota_gain_and_the_quotas_survive_a_restart() {
    // 1+0: gain 390 ms, quota 1 170 ms.
    let control = Some(TimeControlSpec {
        initial_s: 60,
        increment_s: 0,
    });
    let mut round = playing(control);
    play_all(&mut round, &["e2e4", "e7e5"], 0);
    // White's move with 100 ms of lag: 100 forgiven, the gain capped at
    // 100 + 140 = 240: quota 1 170 − 100 + 240 = 1 310.
    let step = round.handle(Seat::White, lagged(3, "g1f3", 2, 100), &context(500));
    assert_eq!(step.answer, Ok(Answer::Ack(3)));
    let quota = |round: &Round, side| round.clock.as_ref().map(|clock| clock.lag_quota_ms(side));
    assert_eq!(quota(&round, Side::White), Some(1_310));
    assert_eq!(quota(&round, Side::Black), Some(1_170));
    let json = serde_json::to_string(&round.stored(600)).expect("serialises");
    let read: StoredRound = serde_json::from_str(&json).expect("reads");
    let restored = Round::restore(
        round.id().to_owned(),
        round.version(),
        round.seats(),
        read,
        9_000,
        9_000,
        &TIMING,
    )
    .expect("restores");
    assert_eq!(quota(&restored, Side::White), Some(1_310));
    assert_eq!(quota(&restored, Side::Black), Some(1_170));
    // A row stored before the quotas were: fresh ones.
    let mut old: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    old.as_object_mut().map(|row| row.remove("lag_quotas_ms"));
    let read: StoredRound = serde_json::from_value(old).expect("an old row reads");
    let restored = Round::restore(
        round.id().to_owned(),
        round.version(),
        round.seats(),
        read,
        9_000,
        9_000,
        &TIMING,
    )
    .expect("restores");
    assert_eq!(quota(&restored, Side::White), Some(1_170));
}

#[test]
fn a_side_that_does_not_make_its_first_move_calls_the_game_off() {
    let mut round = playing(blitz());
    let step = round.handle(Seat::Spectator, Action::Tick, &context(24_999));
    assert!(step.events.is_empty());
    let step = round.handle(Seat::Spectator, Action::Tick, &context(25_000));
    assert_eq!(
        ended(&step),
        Some(GameResult {
            winner: None,
            reason: EndReason::NoStart
        })
    );
    assert_eq!(round.status(), GameStatus::Aborted);

    let mut round = playing(blitz());
    play_all(&mut round, &["e2e4"], 20_000);
    assert_eq!(
        round.next_deadline_ms(),
        Some(45_000),
        "black's time starts at white's move"
    );
    play_all(&mut round, &["e7e5"], 44_000);
    assert_ne!(
        round.next_deadline_ms(),
        Some(45_000),
        "only the clock remains"
    );
}

#[test]
fn abort_only_before_both_sides_moved() {
    let mut round = playing(None);
    play_all(&mut round, &["e2e4"], 0);
    let step = round.handle(Seat::Spectator, Action::Abort, &context(1));
    assert_eq!(code(&step), Some(RefusalCode::NotYourSeat));
    let mut later = round.clone();
    let step = round.handle(Seat::Black, Action::Abort, &context(1));
    assert_eq!(
        ended(&step).map(|result| result.reason),
        Some(EndReason::Aborted)
    );
    assert_eq!(round.status(), GameStatus::Aborted);
    play_all(&mut later, &["e7e5"], 2);
    let step = later.handle(Seat::White, Action::Abort, &context(3));
    assert_eq!(code(&step), Some(RefusalCode::NotNow));
}

#[test]
fn a_draw_offer_stands_until_the_opponent_moves_or_answers() {
    let mut round = playing(None);
    play_all(&mut round, &["e2e4"], 0);
    let step = round.handle(Seat::White, Action::OfferDraw, &context(1));
    assert_eq!(step.events[0].1, GameEvent::DrawOffered { by: Side::White });
    let again = round.handle(Seat::White, Action::OfferDraw, &context(1));
    assert_eq!(code(&again), Some(RefusalCode::NotNow));
    let own_accept = round.handle(Seat::White, Action::AcceptDraw, &context(1));
    assert_eq!(code(&own_accept), Some(RefusalCode::NotNow));

    let mut declined_by_move = round.clone();
    let step = declined_by_move.handle(Seat::Black, mv(1, "e7e5", 1), &context(2));
    assert_eq!(step.events[1].1, GameEvent::DrawDeclined);
    assert_eq!(declined_by_move.draw_offer, None);

    let mut declined = round.clone();
    let step = declined.handle(Seat::Black, Action::DeclineDraw, &context(2));
    assert_eq!(step.events[0].1, GameEvent::DrawDeclined);

    let step = round.handle(Seat::Black, Action::AcceptDraw, &context(2));
    assert_eq!(
        ended(&step),
        Some(GameResult {
            winner: None,
            reason: EndReason::Agreement
        })
    );
}

#[test]
fn offering_a_draw_against_a_standing_offer_accepts_it() {
    let mut round = playing(None);
    round.handle(Seat::White, Action::OfferDraw, &context(1));
    let step = round.handle(Seat::Black, Action::OfferDraw, &context(2));
    assert_eq!(
        ended(&step).map(|result| result.reason),
        Some(EndReason::Agreement)
    );
}

#[test]
fn an_offer_made_before_ones_own_move_survives_it() {
    let mut round = playing(None);
    round.handle(Seat::White, Action::OfferDraw, &context(1));
    let step = round.handle(Seat::White, mv(1, "e2e4", 0), &context(2));
    assert_eq!(step.events.len(), 1, "{:?}", step.events);
    assert_eq!(round.draw_offer, Some(Side::White));
}

#[test]
fn a_takeback_returns_the_turn_to_the_proposer() {
    let mut round = playing(blitz());
    play_all(&mut round, &["e2e4", "e7e5", "g1f3"], 0);
    // White just moved: one ply.
    let mut one = round.clone();
    one.handle(Seat::White, Action::ProposeTakeback, &context(1));
    let step = one.handle(Seat::Black, Action::AcceptTakeback, &context(2));
    assert!(matches!(
        step.events[0].1,
        GameEvent::TakenBack { plies: 1, .. }
    ));
    assert_eq!(one.game.len(), 2);
    assert_eq!(one.move_clocks.len(), 2);
    assert_eq!(
        one.clock_now(2).and_then(|clock| clock.running),
        Some(Side::White)
    );

    // Black, whose move White has answered: two plies.
    let mut two = round.clone();
    two.handle(Seat::Black, Action::ProposeTakeback, &context(1));
    let step = two.handle(Seat::White, Action::AcceptTakeback, &context(2));
    assert!(matches!(
        step.events[0].1,
        GameEvent::TakenBack { plies: 2, .. }
    ));
    assert_eq!(two.game.len(), 1);
    assert_eq!(
        two.clock_now(2).and_then(|clock| clock.running),
        None,
        "back before the start"
    );
    assert!(
        two.next_deadline_ms().is_some(),
        "black's first-move time again"
    );

    // Declined, or dropped by a move.
    let mut declined = round.clone();
    declined.handle(Seat::White, Action::ProposeTakeback, &context(1));
    let step = declined.handle(Seat::Black, Action::DeclineTakeback, &context(2));
    assert_eq!(step.events[0].1, GameEvent::TakebackDeclined);
    let mut dropped = round;
    dropped.handle(Seat::White, Action::ProposeTakeback, &context(1));
    let step = dropped.handle(Seat::Black, mv(4, "b8c6", 3), &context(2));
    assert_eq!(step.events[1].1, GameEvent::TakebackDeclined);
}

#[test]
fn a_takeback_needs_a_move_to_take_back() {
    let mut round = playing(None);
    play_all(&mut round, &["e2e4"], 0);
    let step = round.handle(Seat::Black, Action::ProposeTakeback, &context(1));
    assert_eq!(code(&step), Some(RefusalCode::NotNow));
}

#[test]
fn claims_need_a_started_game_and_an_opponent_long_gone() {
    let mut round = playing(None);
    play_all(&mut round, &["e2e4", "e7e5"], 0);
    let step = round.handle(Seat::White, Action::ClaimVictory, &context(1));
    assert_eq!(code(&step), Some(RefusalCode::NotNow));
    let gone = Context {
        opponent_gone: true,
        ..context(1)
    };
    let mut draw = round.clone();
    let step = draw.handle(Seat::White, Action::ClaimDraw, &gone);
    assert_eq!(
        ended(&step),
        Some(GameResult {
            winner: None,
            reason: EndReason::Abandonment
        })
    );
    let step = round.handle(Seat::White, Action::ClaimVictory, &gone);
    assert_eq!(
        ended(&step),
        Some(GameResult {
            winner: Some(Side::White),
            reason: EndReason::Abandonment
        })
    );
    let spectator = round.handle(Seat::Spectator, Action::ClaimVictory, &gone);
    assert_eq!(code(&spectator), Some(RefusalCode::NotYourSeat));
}

#[test]
fn a_rematch_swaps_colours_and_keeps_the_tokens() {
    let mut round = playing(blitz());
    let step = round.handle(Seat::White, Action::OfferRematch, &context(1));
    assert_eq!(
        code(&step),
        Some(RefusalCode::NotNow),
        "not during the game"
    );
    round.handle(Seat::White, Action::Resign, &context(1));
    let step = round.handle(Seat::Black, Action::OfferRematch, &context(2));
    assert_eq!(
        step.events[0].1,
        GameEvent::RematchOffered { by: Side::Black }
    );
    let step = round.handle(Seat::White, Action::AcceptRematch, &context(3));
    assert_eq!(
        step.events[0].1,
        GameEvent::RematchCreated {
            game_id: "Rematch1".into()
        }
    );
    let new = step.rematch.expect("a new game");
    assert_eq!(new.round.id(), "Rematch1");
    assert_eq!(new.round.status(), GameStatus::Playing);
    assert_eq!(new.round.seat_of(Some(white_token())), Seat::Black);
    assert_eq!(new.round.seat_of(Some(black_token())), Seat::White);
    assert_eq!(new.events.len(), 2);
    assert_eq!(
        new.events[1],
        (
            2,
            GameEvent::Joined {
                side: Side::Black,
                name: Some("Ada".into())
            }
        )
    );
    let again = round.handle(Seat::White, Action::OfferRematch, &context(4));
    assert_eq!(code(&again), Some(RefusalCode::NotNow));
}

#[test]
fn unjoined_invitations_and_stale_untimed_games_expire() {
    let (mut waiting, _) =
        Round::create("Game0002".into(), None, Side::Black, None, black_token(), 0);
    let day = TIMING.waiting_ttl_ms;
    let before = Context {
        wall_ms: day - 1,
        ..context(0)
    };
    assert!(
        waiting
            .handle(Seat::Spectator, Action::Tick, &before)
            .events
            .is_empty()
    );
    let after = Context {
        wall_ms: day,
        ..context(0)
    };
    let step = waiting.handle(Seat::Spectator, Action::Tick, &after);
    assert_eq!(
        ended(&step).map(|result| result.reason),
        Some(EndReason::Aborted)
    );

    let mut untimed = playing(None);
    play_all(&mut untimed, &["e2e4", "e7e5"], 0);
    let at = untimed
        .expires_at_wall_ms(&TIMING)
        .expect("untimed and started");
    let step = untimed.handle(
        Seat::Spectator,
        Action::Tick,
        &Context {
            wall_ms: at,
            ..context(0)
        },
    );
    assert_eq!(
        ended(&step).map(|result| result.reason),
        Some(EndReason::Abandonment)
    );
}

#[test]
fn a_stored_round_comes_back_the_same() {
    let mut round = playing(blitz());
    play_all(&mut round, &["e2e4", "e7e5", "g1f3"], 1_000);
    round.handle(Seat::White, Action::OfferDraw, &context(2_000));
    let stored = round.stored(3_000);
    let json = serde_json::to_string(&stored).expect("serialises");
    let read: StoredRound = serde_json::from_str(&json).expect("reads");
    let restored = Round::restore(
        round.id().to_owned(),
        round.version(),
        round.seats(),
        read,
        50_000,
        50_000,
        &TIMING,
    )
    .expect("restores");
    assert_eq!(restored.snapshot(50_000).moves, round.snapshot(3_000).moves);
    assert_eq!(restored.draw_offer, Some(Side::White));
    assert_eq!(restored.last_move_id, round.last_move_id);
    // Black's clock ran from 1 000 to 3 000 when stored, and runs again from 50 000.
    assert_eq!(
        restored.clock_now(50_000),
        round.clock_now(3_000),
        "the time the server was down is not charged"
    );
}

#[test]
fn a_restored_clock_is_charged_from_the_moment_its_clocks_stood() {
    let mut round = playing(blitz());
    play_all(&mut round, &["e2e4", "e7e5"], 0);
    // White's clock runs from 0; the row is written at 1 000.
    let stored = round.stored(1_000);
    let white_then = stored.clock.map(|clock| clock.white_ms).expect("a clock");
    let restore = |clocks_at_ms| {
        Round::restore(
            round.id().to_owned(),
            round.version(),
            round.seats(),
            stored.clone(),
            5_000,
            clocks_at_ms,
            &TIMING,
        )
        .expect("restores")
    };
    let white_now = |restored: &Round| restored.clock_now(5_000).map(|clock| clock.white_ms);
    // A single server restarted: the time it was down is nobody's.
    assert_eq!(white_now(&restore(5_000)), Some(white_then));
    // Another node taking over: the 4 s since the row was written are white's.
    assert_eq!(white_now(&restore(1_000)), Some(white_then - 4_000));
    // A moment after now counts as now.
    assert_eq!(white_now(&restore(9_000)), Some(white_then));
}
