//! Behaviour tests of the search through the public API.

use gambit_engine::{
    BestMove, CHECK_EVERY, Engine, Event, Level, Limits, ManualClock, Request, Root, Score, Search,
    SearchLimits, parse_fen, serve,
};
use shakmaty::{CastlingMode, Chess, Position, uci::UciMove};
use std::sync::{
    Arc,
    atomic::{AtomicU64, Ordering},
};

/// A level-8 search of the starting position within `limits`.
fn full_strength_from_start<'e, 'c>(
    engine: &'e mut Engine,
    limits: SearchLimits,
    clock: &'c ManualClock,
) -> Search<'e, &'c ManualClock> {
    Search::new(
        engine,
        Root::new(Chess::default()),
        Level::full(),
        limits,
        clock,
    )
}

fn best(fen: &str, limits: SearchLimits) -> (String, Score) {
    best_after(fen, &[], limits)
}

/// The full-strength move and score after `moves` (UCI) from `fen`, with those moves as
/// the game's history.
fn best_after(fen: &str, moves: &[&str], limits: SearchLimits) -> (String, Score) {
    let mut engine = Engine::new();
    let clock = ManualClock::new();
    let root = Root::from_fen_and_moves(fen, moves).expect("legal moves from the FEN");
    let mut search = Search::new(&mut engine, root, Level::full(), limits, &clock);
    let b = search.run(|_| {}).expect("a move");
    (b.uci, b.score)
}

/// Black, a knight and a pawn down, shuffles its queen between h3 and g4 while White
/// shuffles its king (the repetition tests).
const SHUFFLE: &str = "6k1/6pp/8/8/8/2N4q/5PPP/RR4K1 b - - 0 1";

#[test]
fn finds_mate_in_one() {
    let (m, s) = best(
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        SearchLimits::depth(4),
    );
    assert_eq!(m, "d1d8");
    assert_eq!(s, Score::Mate(1));
}

#[test]
fn finds_mate_in_two() {
    // WAC.001: Qg6 and Qh7#.
    let (m, s) = best(
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        SearchLimits::depth(14),
    );
    assert_eq!(m, "g3g6");
    assert_eq!(s, Score::Mate(2));
}

#[test]
fn finds_mate_in_three() {
    // WAC.057: Rf8+ Qxf8 Rxf8+ Rxf8 Qxg6#.
    let (m, s) = best(
        "r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 1",
        SearchLimits::depth(14),
    );
    assert_eq!(m, "f3f8");
    assert_eq!(s, Score::Mate(3));
}

#[test]
fn finds_being_mated() {
    // Black to move is mated next move whatever it does (back rank).
    let (_, s) = best("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", SearchLimits::depth(5));
    assert!(
        matches!(s, Score::Mate(n) if n < 0) || matches!(s, Score::Cp(_)),
        "{s:?}"
    );
}

#[test]
fn takes_a_hanging_piece() {
    // The black queen on d5 is attacked by the knight and defended by nothing.
    let (m, _) = best(
        "rnb1kbnr/ppp1pppp/8/3q4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 3",
        SearchLimits::depth(5),
    );
    assert_eq!(m, "c3d5");
}

#[test]
fn quiescence_sees_a_quiet_mating_check() {
    // Qxa7 wins a pawn but leaves the first rank to Rd1#, a quiet move: a search of
    // one ply sees it only if its quiescence search tries checks.
    let fen = "3r2k1/p4ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1";
    let (m, s) = best(fen, SearchLimits::depth(1));
    assert_ne!(m, "a1a7");
    assert!(matches!(s, Score::Cp(_)), "{s:?}");
}

#[test]
fn avoids_the_stalemate_trap() {
    // White is a queen up; Qb6?? and Qc7?? stalemate the king on a8. Any mate or
    // progress is fine, a stalemating move is not.
    let fen = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1";
    let (m, s) = best(fen, SearchLimits::depth(6));
    let pos = parse_fen(fen).expect("fen");
    let mv = m
        .parse::<UciMove>()
        .expect("uci")
        .to_move(&pos)
        .expect("legal");
    let mut after = pos.clone();
    after.play_unchecked(mv);
    assert!(!after.is_stalemate(), "{m} stalemates");
    assert!(matches!(s, Score::Mate(n) if n > 0), "{s:?}");
}

#[test]
fn sees_a_draw_by_repetition_in_the_game_history() {
    // After two rounds and a rook move back and forth, the position after Qf5-h3 (White
    // king on h1, rook on a1) has occurred twice: playing it now draws by threefold
    // repetition, the best Black can do.
    let moves = [
        "h3g4", "g1h1", "g4h3", "h1g1", "h3g4", "g1h1", "g4h3", "a1a2", "h3f5", "a2a1",
    ];
    let (uci, score) = best_after(SHUFFLE, &moves, SearchLimits::depth(8));
    assert_eq!((uci.as_str(), score), ("f5h3", Score::Cp(0)));
}

#[test]
fn a_single_earlier_occurrence_in_the_game_is_no_draw() {
    // One round shorter: Qg4-h3 would repeat a position of the game only for the second
    // time, so White plays on and Black stays a knight down.
    let moves = ["h3g4", "g1h1", "g4h3", "h1g1", "h3g4", "g1h1"];
    let (uci, score) = best_after(SHUFFLE, &moves, SearchLimits::depth(8));
    assert!(
        matches!(score, Score::Cp(cp) if cp < -150),
        "{uci} {score:?}"
    );
}

#[test]
fn stops_within_a_time_budget_on_a_ticking_clock() {
    // Every clock reading advances 1 ms: the search must notice the budget.
    let mut engine = Engine::new();
    let clock = ManualClock::ticking(1);
    let mut search = full_strength_from_start(&mut engine, SearchLimits::movetime(50), &clock);
    let b = search.run(|_| {});
    assert!(b.is_some());
    let spent = search.elapsed_ms();
    assert!(spent <= 60, "{spent} ms");
}

/// The real clock is read and obeyed: a search with nothing but a time budget ends by
/// it (without the clock it would go on to the maximum depth). How soon after the
/// budget it ends depends on the machine's load; the ticking-clock test above pins that
/// down without timing.
#[test]
fn ends_by_a_real_time_budget() {
    for ms in [20u64, 100, 300] {
        let mut engine = Engine::new();
        let clock = gambit_engine::InstantClock::new();
        let root = Root::new(
            parse_fen("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 1 8")
                .expect("fen"),
        );
        let mut search = Search::new(
            &mut engine,
            root,
            Level::full(),
            SearchLimits::movetime(ms),
            &clock,
        );
        let b = search.run(|_| {});
        assert!(b.is_some());
        assert!(search.is_finished());
    }
}

#[test]
fn node_limit_is_respected() {
    let mut engine = Engine::new();
    let clock = ManualClock::new();
    let mut search = full_strength_from_start(&mut engine, SearchLimits::nodes(5_000), &clock);
    search.run(|_| {}).expect("move");
    assert!(search.nodes() <= 5_000, "{}", search.nodes());
}

#[test]
fn shares_its_node_count_in_whole_checks() {
    let mut engine = Engine::new();
    let clock = ManualClock::new();
    let mut search = full_strength_from_start(&mut engine, SearchLimits::depth(7), &clock);
    let counter = Arc::new(AtomicU64::new(0));
    search.share_node_count(Arc::clone(&counter));
    search.run(|_| {}).expect("move");
    let shared = counter.load(Ordering::Relaxed);
    assert!(shared > 0, "nothing shared of {} nodes", search.nodes());
    assert_eq!(shared, search.nodes() / CHECK_EVERY * CHECK_EVERY);
}

#[test]
fn iterations_come_one_depth_at_a_time() {
    let mut engine = Engine::new();
    let clock = ManualClock::new();
    let mut search = full_strength_from_start(&mut engine, SearchLimits::depth(6), &clock);
    let mut depths = Vec::new();
    while let Some(it) = search.next_iteration() {
        assert!(!it.pv.is_empty());
        depths.push(it.depth);
    }
    assert_eq!(depths, vec![1, 2, 3, 4, 5, 6]);
    assert!(search.best_move().is_some());
}

fn search_events(request: Request) -> Vec<Event> {
    let mut engine = Engine::new();
    let clock = ManualClock::new();
    serve(&mut engine, request, &clock).collect()
}

fn request(fen: &str, moves: &[&str], level: u8) -> Request {
    Request::Search {
        id: 7,
        fen: fen.to_owned(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        level,
        limits: Limits {
            movetime_ms: None,
            depth: Some(3),
            nodes: None,
        },
        multipv: 1,
    }
}

#[test]
fn serve_answers_ping_and_search() {
    assert!(matches!(
        search_events(Request::Ping).as_slice(),
        [Event::Pong { .. }]
    ));
    let events = search_events(request("startpos", &["e2e4", "e7e5", "g1f3"], 8));
    assert!(events.len() >= 2);
    assert!(matches!(
        events[0],
        Event::Progress {
            id: 7,
            depth: 1,
            ..
        }
    ));
    let Some(Event::BestMove { id, uci, .. }) = events.last() else {
        panic!("no best move: {events:?}");
    };
    assert_eq!(*id, 7);
    let root = Root::from_fen_and_moves("startpos", &["e2e4", "e7e5", "g1f3"]).expect("ok");
    let m: UciMove = uci.parse().expect("uci");
    assert!(m.to_move(&root.position).is_ok());
}

#[test]
fn bad_requests_give_errors_not_panics() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let cases = [
        request("not a fen", &[], 5),
        request("8/8/8/8/8/8/8/8 w - - 0 1", &[], 5),
        request(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            &["e2e5"],
            5,
        ),
        request(start, &["e2e4", "e2e4"], 5),
        request(start, &["zz"], 5),
        request(start, &[], 0),
        request(start, &[], 9),
        // Checkmated (fool's mate) and stalemated positions.
        request(start, &["f2f3", "e7e5", "g2g4", "d8h4"], 5),
        request("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[], 5),
    ];
    for r in cases {
        let events = search_events(r.clone());
        assert!(
            matches!(events.as_slice(), [Event::Error { id: 7, .. }]),
            "{r:?} → {events:?}"
        );
    }
}

#[test]
fn every_level_answers_within_its_caps() {
    for level in 1..=8 {
        let events = search_events(request(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            &[],
            level,
        ));
        assert!(
            matches!(events.last(), Some(Event::BestMove { .. })),
            "level {level}: {events:?}"
        );
    }
}

/// Positions from random play, reproducible.
fn random_positions(count: usize, seed: u64) -> Vec<(Chess, Vec<String>)> {
    let mut rng = gambit_engine::Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Chess::default();
        let mut moves = Vec::new();
        let plies = 4 + rng.below(80);
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[usize::try_from(rng.below(legal.len() as u64)).unwrap_or(0)];
            moves.push(m.to_uci(CastlingMode::Standard).to_string());
            pos.play_unchecked(m);
        }
        if !pos.legal_moves().is_empty() {
            out.push((pos, moves));
        }
    }
    out
}

#[test]
fn every_returned_move_is_legal() {
    let mut engine = Engine::with_hash_mb(4);
    for (i, (pos, moves)) in random_positions(120, 99).into_iter().enumerate() {
        let level = u8::try_from(1 + i % 8).unwrap_or(8);
        let clock = ManualClock::new();
        let limits = SearchLimits {
            nodes: Some(3_000),
            ..SearchLimits::default()
        };
        let mut search =
            gambit_engine::prepare(&mut engine, "startpos", &moves, level, limits, &clock)
                .expect("valid request");
        let b = search.run(|it| assert!(!it.pv.is_empty())).expect("move");
        assert!(pos.is_legal(b.mv), "{b:?} in {moves:?}");
        let uci: UciMove = b.uci.parse().expect("uci");
        assert_eq!(uci.to_move(&pos).ok(), Some(b.mv));
    }
}

/// The move `level` plays in `fen` searched to `depth`, with a fresh engine seeded `seed`.
fn level_move(fen: &str, level: u8, seed: u64, depth: u8) -> BestMove {
    let mut engine = Engine::new();
    engine.set_seed(seed);
    let clock = ManualClock::new();
    let mut search = gambit_engine::prepare(
        &mut engine,
        fen,
        &[] as &[&str],
        level,
        SearchLimits::depth(depth),
        &clock,
    )
    .expect("ok");
    search.run(|_| {}).expect("move")
}

#[test]
fn levels_from_four_never_miss_mate_in_one() {
    // Mate in one on the board, plus plenty of decent alternatives.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    for level in 4..=8 {
        for seed in 0..12u64 {
            let b = level_move(fen, level, seed, 3);
            assert_eq!(b.uci, "h5f7", "level {level} seed {seed}");
        }
    }
}

#[test]
fn levels_from_four_never_hang_the_queen() {
    // Quiet position, white queen in the middle; many moves lose her to a pawn or minor.
    let fen = "r1b1kb1r/ppp2ppp/2n2n2/3qp3/8/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 1 5";
    let pos = parse_fen(fen).expect("fen");
    for level in 4..=7 {
        for seed in 0..10u64 {
            let b = level_move(fen, level, seed * 7919 + u64::from(level), 4);
            assert!(
                gambit_engine::is_safe(&pos, b.mv),
                "level {level} seed {seed}: {}",
                b.uci
            );
        }
    }
}

#[test]
fn low_levels_choose_among_their_few_best_moves_only() {
    // The start position: about twenty moves lie within the low levels' wide margins.
    for (level, most) in [(1u8, 7usize), (2, 7), (3, 5)] {
        let mut chosen = std::collections::HashSet::new();
        for seed in 0..60u64 {
            chosen.insert(level_move("startpos", level, seed * 104_729 + u64::from(level), 3).uci);
        }
        assert!(
            (2..=most).contains(&chosen.len()),
            "level {level} chose {} different moves: {chosen:?}",
            chosen.len()
        );
    }
}
