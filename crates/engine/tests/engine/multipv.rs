//! MultiPV: the search's best lines, through the public API.

use gambit_engine::{
    Engine, Iteration, Level, ManualClock, Root, Score, Search, SearchLimits, parse_fen,
};
use shakmaty::Position;

/// Every completed iteration of a fresh level-8 search of `fen` to `depth` with `lines`
/// lines.
fn iterations(fen: &str, depth: u8, lines: usize) -> Vec<Iteration> {
    let mut engine = Engine::new();
    let clock = ManualClock::new();
    let root = Root::new(parse_fen(fen).expect("legal FEN"));
    let mut search = Search::new(
        &mut engine,
        root,
        Level::full(),
        SearchLimits::depth(depth),
        &clock,
    );
    search.set_multipv(lines);
    std::iter::from_fn(|| search.next_iteration()).collect()
}

/// A score as one number for comparisons: mates beyond any centipawns, sooner better.
fn rank(score: Score) -> i64 {
    match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
        Score::Mate(n) => -1_000_000 - i64::from(n),
    }
}

const MIDDLEGAME: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

#[test]
fn every_iteration_has_the_lines_asked_for_with_distinct_first_moves_best_first() {
    let found = iterations(MIDDLEGAME, 6, 3);
    assert_eq!(found.len(), 6);
    for it in &found {
        assert_eq!(it.lines.len(), 3, "depth {}", it.depth);
        let firsts: Vec<&String> = it.lines.iter().map(|l| &l.pv_uci[0]).collect();
        assert!(
            firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
            "depth {}: {firsts:?}",
            it.depth
        );
        for pair in it.lines.windows(2) {
            assert!(rank(pair[0].score) >= rank(pair[1].score), "{:?}", it.lines);
        }
        assert_eq!(it.lines[0].score, it.score);
        assert_eq!(it.lines[0].pv, it.pv);
        assert_eq!(it.lines[0].pv_uci, it.pv_uci);
        for line in &it.lines {
            assert_eq!(line.pv.len(), line.pv_uci.len());
        }
    }
}

#[test]
fn one_line_is_the_default_and_fewer_moves_give_fewer_lines() {
    let single = iterations(MIDDLEGAME, 3, 1);
    assert!(single.iter().all(|it| it.lines.len() == 1));
    // The rook on f2 leaves the king on h1 one move, Kg1.
    let one_move = "k7/8/8/8/8/8/5r2/7K w - - 0 1";
    let legal = parse_fen(one_move).expect("legal FEN").legal_moves().len();
    assert_eq!(legal, 1);
    let found = iterations(one_move, 3, 3);
    assert!(!found.is_empty());
    assert!(found.iter().all(|it| it.lines.len() == 1));
}

#[test]
fn the_first_line_is_the_single_line_searchs_move_at_every_depth() {
    // A queen to take with check on, and a mate in one: clear best moves.
    for (fen, best) in [
        (
            "rnb1kbnr/pppp1ppp/8/4p3/4q3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 1",
            "c3e4",
        ),
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"),
    ] {
        let single = iterations(fen, 7, 1);
        let multi = iterations(fen, 7, 3);
        assert_eq!(single.len(), multi.len(), "{fen}");
        for (one, three) in single.iter().zip(&multi) {
            assert_eq!(one.depth, three.depth);
            assert_eq!(one.pv_uci[0], best, "{fen} at depth {}", one.depth);
            assert_eq!(three.pv_uci[0], best, "{fen} at depth {}", one.depth);
        }
    }
}

#[test]
fn the_first_iteration_of_a_multipv_search_begins_as_the_single_line_search() {
    // Depth 1 is the first search of both: line 1 is the single line, score and all.
    let one = iterations(MIDDLEGAME, 1, 1);
    let three = iterations(MIDDLEGAME, 1, 3);
    assert_eq!(three[0].lines[0], one[0].lines[0]);
}

#[test]
fn a_mate_in_one_leads_and_the_other_lines_score_below_it() {
    let found = iterations("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 4, 3);
    let last = found.last().expect("an iteration");
    assert_eq!(last.lines[0].pv_uci[0], "d1d8");
    assert_eq!(last.lines[0].score, Score::Mate(1));
    assert!(
        last.lines[1..]
            .iter()
            .all(|l| rank(l.score) < rank(Score::Mate(1)))
    );
}

#[test]
fn a_weaker_level_reports_its_exactly_scored_moves_as_lines() {
    let mut engine = Engine::new();
    let clock = ManualClock::new();
    let root = Root::new(parse_fen(MIDDLEGAME).expect("legal FEN"));
    let level = Level::new(4).expect("level 4");
    let mut search = Search::new(&mut engine, root, level, SearchLimits::depth(3), &clock);
    search.set_multipv(4);
    let mut last = None;
    while let Some(it) = search.next_iteration() {
        last = Some(it);
    }
    let last = last.expect("an iteration");
    assert_eq!(last.lines.len(), 4);
    for pair in last.lines.windows(2) {
        assert!(rank(pair[0].score) >= rank(pair[1].score));
        assert_ne!(pair[0].pv_uci[0], pair[1].pv_uci[0]);
    }
}

#[test]
fn the_weakest_levels_choose_a_legal_move_among_their_best_first_moves() {
    // Levels 1–3 keep their few best candidates from the scored root moves, which are
    // best first already (the search checks it in debug builds, as these tests are).
    for number in 1..=3 {
        for fen in [
            MIDDLEGAME,
            "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        ] {
            let mut engine = Engine::new();
            let clock = ManualClock::new();
            let position = parse_fen(fen).expect("legal FEN");
            let root = Root::new(position.clone());
            let level = Level::new(number).expect("a level");
            let mut search = Search::new(&mut engine, root, level, SearchLimits::depth(3), &clock);
            let best = search.run(|_| {}).expect("a move");
            assert!(
                position.is_legal(best.mv),
                "level {number}, {fen}: {}",
                best.uci
            );
        }
    }
}
