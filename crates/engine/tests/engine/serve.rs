//! The worker's request loop, [`serve`]: MultiPV searches, whole-game analysis and
//! stopping a request midway, as the worker drives them.

use gambit_engine::{Engine, Event, Limits, ManualClock, Request, Score, serve};

/// Every event `request` gets from a fresh engine.
fn answers(request: Request) -> Vec<Event> {
    let mut engine = Engine::new();
    serve(&mut engine, request, ManualClock::new()).collect()
}

fn depth(depth: u8) -> Limits {
    Limits {
        movetime_ms: None,
        depth: Some(depth),
        nodes: None,
    }
}

fn search(moves: &[&str], multipv: u8, limits: Limits) -> Request {
    Request::Search {
        id: 7,
        fen: "startpos".to_owned(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        level: 8,
        limits,
        multipv,
    }
}

fn analyse(fen: &str, moves: &[&str], plies: &[u16], limits: Limits) -> Request {
    Request::Analyse {
        id: 9,
        fen: fen.to_owned(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        plies: plies.to_vec(),
        limits,
    }
}

/// The ply of every `Analysed` event, in order, checking its id.
fn analysed_plies(events: &[Event]) -> Vec<u16> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Analysed { id: 9, ply, .. } => Some(*ply),
            _ => None,
        })
        .collect()
}

/// Fool's mate: White is checkmated after the fourth move.
const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

#[test]
fn a_multipv_search_reports_each_line_per_iteration_then_line_ones_move() {
    let events = answers(search(&["e2e4", "e7e5"], 3, depth(4)));
    let (last, progress) = events.split_last().expect("events");
    assert_eq!(progress.len(), 4 * 3, "{events:?}");
    for (i, chunk) in progress.chunks(3).enumerate() {
        let mut firsts = Vec::new();
        for (k, event) in chunk.iter().enumerate() {
            let Event::Progress {
                id,
                depth,
                multipv,
                pv,
                ..
            } = event
            else {
                panic!("not progress: {event:?}");
            };
            assert_eq!(
                (*id, usize::from(*depth), usize::from(*multipv)),
                (7, i + 1, k + 1)
            );
            firsts.push(pv[0].clone());
        }
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "distinct first moves: {chunk:?}");
    }
    let Event::Progress { pv, score, .. } = &progress[progress.len() - 3] else {
        panic!("line 1 of the last iteration");
    };
    assert_eq!(
        last,
        &Event::BestMove {
            id: 7,
            uci: pv[0].clone(),
            score: *score
        }
    );
}

#[test]
fn multipv_zero_counts_as_one_and_large_counts_are_capped() {
    let one = answers(search(&[], 0, depth(3)));
    assert_eq!(one.len(), 3 + 1, "{one:?}");
    assert!(
        one.iter()
            .all(|e| !matches!(e, Event::Progress { multipv, .. } if *multipv != 1))
    );
    let many = answers(search(&[], 200, depth(2)));
    assert_eq!(many.len(), 2 * 5 + 1, "{many:?}");
}

#[test]
fn an_analysis_reports_every_position_once_in_the_order_asked_then_is_done() {
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"];
    let nodes = Limits {
        movetime_ms: None,
        depth: None,
        nodes: Some(3_000),
    };
    let events = answers(analyse("startpos", &moves, &[0, 1, 2, 3, 4, 5], nodes));
    assert_eq!(analysed_plies(&events), [0, 1, 2, 3, 4, 5]);
    assert_eq!(events.len(), 7, "{events:?}");
    assert_eq!(events.last(), Some(&Event::AnalysisDone { id: 9 }));
    for event in &events[..6] {
        let Event::Analysed {
            depth, pv, score, ..
        } = event
        else {
            panic!("{event:?}");
        };
        assert!(*depth >= 1 && !pv.is_empty(), "{event:?}");
        assert!(
            matches!(score, Score::Cp(cp) if cp.abs() < 200),
            "{event:?}"
        );
    }
    // Any order, repeats included.
    let shuffled = answers(analyse("startpos", &moves, &[5, 0, 5, 2], nodes));
    assert_eq!(analysed_plies(&shuffled), [5, 0, 5, 2]);
    assert_eq!(shuffled.last(), Some(&Event::AnalysisDone { id: 9 }));
    // Nothing asked, nothing searched.
    assert_eq!(
        answers(analyse("startpos", &moves, &[], nodes)),
        [Event::AnalysisDone { id: 9 }]
    );
}

#[test]
fn an_analysis_scores_for_the_side_to_move_and_ends_games_without_a_search() {
    let events = answers(analyse("startpos", &FOOLS_MATE, &[3, 4], depth(4)));
    // Black mates in one; the search stops once the mate is certain.
    let Event::Analysed {
        id: 9,
        ply: 3,
        depth: reached,
        score: Score::Mate(1),
        pv,
    } = &events[0]
    else {
        panic!("{events:?}");
    };
    assert!(*reached >= 1 && pv == &["d8h4"], "{events:?}");
    assert_eq!(
        events[1],
        Event::Analysed {
            id: 9,
            ply: 4,
            depth: 0,
            score: Score::Mate(0),
            pv: Vec::new(),
        }
    );
    let stalemate = answers(analyse(
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        &[] as &[&str],
        &[0],
        depth(4),
    ));
    assert_eq!(
        stalemate,
        [
            Event::Analysed {
                id: 9,
                ply: 0,
                depth: 0,
                score: Score::Cp(0),
                pv: Vec::new(),
            },
            Event::AnalysisDone { id: 9 }
        ]
    );
}

#[test]
fn an_analysed_position_sees_the_repetitions_of_the_game_before_it() {
    // Black, a knight and a pawn down, can repeat the position a third time with Qf5-h3
    // after these ten moves (a draw), but not yet after the first six.
    let shuffle = "6k1/6pp/8/8/8/2N4q/5PPP/RR4K1 b - - 0 1";
    let moves = [
        "h3g4", "g1h1", "g4h3", "h1g1", "h3g4", "g1h1", "g4h3", "a1a2", "h3f5", "a2a1",
    ];
    let events = answers(analyse(shuffle, &moves, &[10, 6], depth(8)));
    let Event::Analysed { score, pv, .. } = &events[0] else {
        panic!("{events:?}");
    };
    assert_eq!((pv[0].as_str(), *score), ("f5h3", Score::Cp(0)));
    let Event::Analysed { score, .. } = &events[1] else {
        panic!("{events:?}");
    };
    assert!(matches!(score, Score::Cp(cp) if *cp < -150), "{score:?}");
}

#[test]
fn bad_analyses_get_one_error_and_nothing_else() {
    let cases = [
        analyse("startpos", &FOOLS_MATE, &[0, 5], depth(2)),
        analyse("startpos", &FOOLS_MATE, &[u16::MAX], depth(2)),
        analyse("not a fen", &[], &[0], depth(2)),
        analyse("startpos", &["e2e4", "e2e4"], &[0], depth(2)),
    ];
    let expected_messages = [
        "position 5 is beyond the game, which has 4 moves",
        "position 65535 is beyond the game, which has 4 moves",
        "bad FEN",
        "move 2 of the history",
    ];
    for (request, expected) in cases.into_iter().zip(expected_messages) {
        let events = answers(request);
        assert_eq!(events.len(), 1, "{events:?}");
        let Event::Error { id: 9, message } = &events[0] else {
            panic!("{events:?}");
        };
        assert!(message.starts_with(expected), "{message}");
    }
}

#[test]
fn an_analysis_within_a_node_budget_is_the_same_on_every_fresh_engine() {
    let moves = ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6", "c1g5"];
    let nodes = Limits {
        movetime_ms: None,
        depth: None,
        nodes: Some(20_000),
    };
    let request = analyse("startpos", &moves, &[0, 1, 2, 3, 4, 5, 6, 7], nodes);
    assert_eq!(answers(request.clone()), answers(request));
}

#[test]
fn a_cancelled_request_says_nothing_more() {
    let mut engine = Engine::new();
    let clock = ManualClock::new();
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"];
    let mut replies = serve(
        &mut engine,
        analyse("startpos", &moves, &[0, 1, 2, 3, 4, 5], depth(3)),
        &clock,
    );
    assert_eq!(replies.id(), Some(9));
    assert_eq!(
        analysed_plies(&[replies.next(), replies.next()].map(Option::unwrap)),
        [0, 1]
    );
    replies.cancel();
    assert_eq!(replies.next(), None);

    // A search stopped between two lines of an iteration loses the rest of its lines too.
    let mut replies = serve(&mut engine, search(&[], 3, depth(6)), &clock);
    assert!(matches!(
        replies.next(),
        Some(Event::Progress { multipv: 1, .. })
    ));
    replies.cancel();
    assert_eq!(replies.next(), None);
    assert_eq!(replies.id(), Some(7));
}

#[test]
fn a_ping_and_a_cancel_have_no_id_and_a_cancel_no_answer() {
    let mut engine = Engine::new();
    let ping = serve(&mut engine, Request::Ping, ManualClock::new());
    assert_eq!(ping.id(), None);
    assert_eq!(answers(Request::Cancel { id: 9 }), []);
}

fn bot_move(moves: &[&str], bot: &str, seed: u64) -> Request {
    Request::BotMove {
        id: 11,
        fen: "startpos".to_owned(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        bot: bot.to_owned(),
        seed,
    }
}

#[test]
fn a_bot_answers_with_one_legal_move_the_same_for_the_same_seed() {
    let events = answers(bot_move(&["e2e4"], "random_move", 5));
    let [Event::BestMove { id: 11, uci, score }] = events.as_slice() else {
        panic!("one best move: {events:?}");
    };
    assert_eq!(*score, Score::Cp(0));
    let position = gambit_engine::Root::from_fen_and_moves("startpos", &["e2e4"])
        .expect("position")
        .position;
    shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
        .expect("uci")
        .to_move(&position)
        .expect("a legal move");
    assert_eq!(answers(bot_move(&["e2e4"], "random_move", 5)), events);
    // Alphabetical's first move from the start: Na3 sorts first.
    assert!(matches!(
        answers(bot_move(&[], "alphabetical", 0)).as_slice(),
        [Event::BestMove { uci, .. }] if uci == "b1a3"
    ));
}

#[test]
fn a_bot_that_does_not_exist_or_cannot_move_gets_one_error() {
    for request in [
        bot_move(&[], "stockfish", 1),
        bot_move(&FOOLS_MATE, "random_move", 1),
        bot_move(&["e2e5"], "random_move", 1),
    ] {
        let events = answers(request);
        assert!(
            matches!(events.as_slice(), [Event::Error { id: 11, .. }]),
            "{events:?}"
        );
    }
}
