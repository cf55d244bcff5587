//! Game review: win chances, move judgements, accuracy and the per-side
//! summary against hand-computed values, and PGN with analysis (lichess and
//! chess.com exports in, `[%eval]` and NAGs out and back).

use crate::common::game_after;
use gambit_rules::{
    Color, Eval, Game, GameReview, Judgement, MoveAnnotation, PgnTags, game_accuracy, judge_move,
    move_accuracy, win_percent, winning_chances,
};

fn close(actual: f64, expected: f64) -> bool {
    (actual - expected).abs() < 1e-4
}

// ----- win chances ------------------------------------------------------

#[test]
fn winning_chances_follow_lichess_curve() {
    // 2 / (1 + exp(-0.00368208 * cp)) - 1, by hand:
    // cp 100: exp(-0.368208) = 0.691945, 2 / 1.691945 - 1 = 0.182052.
    assert!(close(winning_chances(100), 0.182052));
    // cp -300: exp(1.104624) = 3.018167, 2 / 4.018167 - 1 = -0.502251.
    assert!(close(winning_chances(-300), -0.502251));
    assert!(close(winning_chances(30), 0.055175));
    assert_eq!(winning_chances(0), 0.0);
    // Clamped at ±1000: exp(-3.68208) = 0.025170, 2 / 1.025170 - 1 = 0.950895.
    assert!(close(winning_chances(1000), 0.950895));
    assert_eq!(winning_chances(4000), winning_chances(1000));
    assert_eq!(winning_chances(-4000), winning_chances(-1000));
    // Win% = 50 + 50 * winning chances.
    assert!(close(win_percent(300), 75.112550));
    assert!(close(win_percent(-100), 40.897410));
}

#[test]
fn mates_are_pinned_at_the_edge_and_evals_read_from_white() {
    assert_eq!(Eval::mate(3).winning_chances(), 1.0);
    assert_eq!(Eval::mate(-1).winning_chances(), -1.0);
    assert_eq!(
        Eval::Mate {
            winner: Color::Black,
            moves: 0
        }
        .winning_chances(),
        -1.0
    );
    assert!(close(Eval::Cp(100).winning_chances(), 0.182052));
    assert!(close(
        Eval::Cp(100).winning_chances_for(Color::Black),
        -0.182052
    ));
    // Accuracy counts a mate as the ceiling, as lichess does.
    assert_eq!(Eval::mate(-2).capped_cp(), -1000);
    assert_eq!(Eval::Cp(2500).capped_cp(), 1000);
}

// ----- judgements ---------------------------------------------------------

#[test]
fn a_drop_from_plus_point_three_to_minus_three_is_a_blunder() {
    // White's chances: 0.055175 -> -0.502251, a drop of 0.557 >= 0.3.
    assert_eq!(
        judge_move(Color::White, Eval::Cp(30), Eval::Cp(-300), false),
        Some(Judgement::Blunder)
    );
    // The same from Black's side.
    assert_eq!(
        judge_move(Color::Black, Eval::Cp(-30), Eval::Cp(300), false),
        Some(Judgement::Blunder)
    );
    // A move that makes things better for the mover is never marked.
    assert_eq!(
        judge_move(Color::Black, Eval::Cp(30), Eval::Cp(-300), false),
        None
    );
}

#[test]
fn thresholds_are_lichess_tenths_of_winning_chances() {
    let judge = |after| judge_move(Color::White, Eval::Cp(0), Eval::Cp(after), false);
    // Drops: -55 -> 0.1009, -110 -> 0.1998, -120 -> 0.2174, -165 -> 0.2948,
    // -170 -> 0.3031.
    assert_eq!(judge(-50), None);
    assert_eq!(judge(-55), Some(Judgement::Inaccuracy));
    assert_eq!(judge(-110), Some(Judgement::Inaccuracy));
    assert_eq!(judge(-120), Some(Judgement::Mistake));
    assert_eq!(judge(-165), Some(Judgement::Mistake));
    assert_eq!(judge(-170), Some(Judgement::Blunder));
}

#[test]
fn a_won_position_kept_won_is_not_marked() {
    // +8 -> +5 drops White's chances by 0.174 (lichess would say
    // inaccuracy), but White is still winning.
    assert_eq!(
        judge_move(Color::White, Eval::Cp(800), Eval::Cp(500), false),
        None
    );
    assert_eq!(
        judge_move(Color::Black, Eval::Cp(-800), Eval::Cp(-400), false),
        None
    );
    // Below +4 it counts: +10 -> +3.5 is a drop of 0.383.
    assert_eq!(
        judge_move(Color::White, Eval::Cp(1000), Eval::Cp(350), false),
        Some(Judgement::Blunder)
    );
}

#[test]
fn a_missed_forced_mate_is_marked() {
    let white_mates = Eval::mate(3);
    assert_eq!(
        judge_move(Color::White, white_mates, Eval::Cp(150), false),
        Some(Judgement::Blunder)
    );
    assert_eq!(
        judge_move(Color::White, white_mates, Eval::Cp(800), false),
        Some(Judgement::Mistake)
    );
    // Even when the position stays won.
    assert_eq!(
        judge_move(Color::White, white_mates, Eval::Cp(1200), false),
        Some(Judgement::Inaccuracy)
    );
    // A slower mate is not a mistake; mating is not either.
    assert_eq!(
        judge_move(Color::White, white_mates, Eval::mate(5), false),
        None
    );
    let mated = Eval::Mate {
        winner: Color::White,
        moves: 0,
    };
    assert_eq!(judge_move(Color::White, Eval::mate(1), mated, false), None);
    // Black threw away a mate of its own and now gets mated.
    assert_eq!(
        judge_move(Color::Black, Eval::mate(-2), Eval::mate(4), false),
        Some(Judgement::Blunder)
    );
}

#[test]
fn walking_into_a_forced_mate_is_marked_unless_already_lost() {
    assert_eq!(
        judge_move(Color::White, Eval::Cp(50), Eval::mate(-2), false),
        Some(Judgement::Blunder)
    );
    assert_eq!(
        judge_move(Color::White, Eval::Cp(-800), Eval::mate(-2), false),
        Some(Judgement::Mistake)
    );
    assert_eq!(
        judge_move(Color::White, Eval::Cp(-1200), Eval::mate(-2), false),
        Some(Judgement::Inaccuracy)
    );
    // Already mated by force: nothing left to spoil.
    assert_eq!(
        judge_move(Color::White, Eval::mate(-5), Eval::mate(-1), false),
        None
    );
}

#[test]
fn an_only_move_is_not_marked() {
    assert_eq!(
        judge_move(Color::White, Eval::Cp(30), Eval::Cp(-300), true),
        None
    );
}

#[test]
fn judgements_name_their_nags_and_symbols() {
    let table: Vec<_> = Judgement::ALL
        .iter()
        .map(|j| (j.name(), j.symbol(), j.nag()))
        .collect();
    assert_eq!(
        table,
        [
            ("inaccuracy", "?!", 6),
            ("mistake", "?", 2),
            ("blunder", "??", 4)
        ]
    );
}

// ----- accuracy -----------------------------------------------------------

#[test]
fn move_accuracy_follows_lichess_formula() {
    // 103.1668 * exp(-0.0435442 * diff) - 3.1669 + 1 (lichess's bonus).
    assert_eq!(move_accuracy(50.0, 50.0), 100.0);
    assert_eq!(move_accuracy(40.0, 60.0), 100.0);
    // diff 10: 103.1668 * 0.647013 = 66.7498; - 3.1669 + 1 = 64.5829.
    assert!(close(move_accuracy(60.0, 50.0), 64.579828));
    assert!(close(move_accuracy(50.0, 40.0), 64.579828));
    // diff 60: 103.1668 * 0.073397 = 7.5721; - 2.1669 = 5.4053.
    assert!(close(move_accuracy(80.0, 20.0), 5.399328));
    // A complete collapse scores 0, not less.
    assert_eq!(move_accuracy(100.0, 0.0), 0.0);
}

#[test]
fn side_accuracy_is_lichess_weighted_and_harmonic_mean() {
    // Win% (White's side): 50, 40.897410, 40.897410, 24.887450, 24.887450.
    // White moves 1 and 3 lose 9.102590 and 16.009960: accuracies
    // 67.239721 and 49.210919. Windows of 2 positions; weights are half the
    // Win% change, at least 0.5: 4.551295 and 8.004980.
    // Weighted mean: (67.239721 * 4.551295 + 49.210919 * 8.004980) /
    // 12.556275 = 55.746; harmonic: 2 / (1/67.239721 + 1/49.210919) =
    // 56.829; their mean 56.288.
    let evals = [0, -100, -100, -300, -300].map(Eval::Cp);
    let accuracy = game_accuracy(Color::White, &evals);
    let white = accuracy.white.expect("White moved");
    assert!(close(white, 56.287783), "{white}");
    assert_eq!(accuracy.black, Some(100.0));
    // Black starting: the same moves are Black's, mirrored.
    let mirrored = [0, 100, 100, 300, 300].map(Eval::Cp);
    let accuracy = game_accuracy(Color::Black, &mirrored);
    assert!(close(accuracy.black.expect("Black moved"), 56.287783));
    assert_eq!(accuracy.white, Some(100.0));
    // No move, no accuracy.
    let none = game_accuracy(Color::White, &[Eval::Cp(0)]);
    assert_eq!((none.white, none.black), (None, None));
}

// ----- the summary --------------------------------------------------------

/// The Blackburne Shilling trap: White takes the bait and is mated.
const TRAP: &str = "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Qxe4+ Be2 Nf3#";

/// Plausible evaluations of the trap's positions (White's side).
fn trap_evals() -> Vec<Eval> {
    let mut evals: Vec<Eval> = [15, 30, 25, 30, 20, 20, 90, 180, 190, -350, -340, -400, -500]
        .into_iter()
        .map(Eval::Cp)
        .collect();
    evals.push(Eval::mate(-1));
    evals.push(Eval::Mate {
        winner: Color::Black,
        moves: 0,
    });
    evals
}

#[test]
fn review_counts_marks_per_side() {
    let evals = trap_evals();
    let review = GameReview::new(Color::White, &evals, &[]);
    assert_eq!(review.plies.len(), 14);
    let marks: Vec<_> = review
        .plies
        .iter()
        .filter_map(|p| p.judgement.map(|j| (p.ply, p.mover, j)))
        .collect();
    assert_eq!(
        marks,
        [
            // 3... Nd4: +0.20 -> +0.90, Black's chances drop by
            // 0.164194 - 0.036804 = 0.127.
            (6, Color::Black, Judgement::Inaccuracy),
            // 5. Nxf7: +1.90 -> -3.50.
            (9, Color::White, Judgement::Blunder),
            // 7. Be2: -5.00 -> mated in one; not yet -7.00 down.
            (13, Color::White, Judgement::Blunder),
        ]
    );
    let white = review.side(Color::White);
    assert_eq!(
        (white.inaccuracies, white.mistakes, white.blunders),
        (0, 0, 2)
    );
    let black = review.side(Color::Black);
    assert_eq!(
        (black.inaccuracies, black.mistakes, black.blunders),
        (1, 0, 0)
    );
    assert_eq!(black.count(Judgement::Inaccuracy), 1);
    assert_eq!(
        review.plies_marked(Color::White, Judgement::Blunder),
        [9, 13]
    );
    let (white_accuracy, black_accuracy) = (
        white.accuracy.expect("White moved"),
        black.accuracy.expect("Black moved"),
    );
    assert!(
        black_accuracy > white_accuracy,
        "{black_accuracy} {white_accuracy}"
    );
    assert!((0.0..=100.0).contains(&white_accuracy));
    // The blunder's own accuracy is low, a quiet move's is perfect.
    assert!(review.plies[8].accuracy < 30.0, "{:?}", review.plies[8]);
    assert_eq!(review.plies[1].accuracy, 100.0);
    // An only move is left unmarked and not counted.
    let review = GameReview::new(Color::White, &evals, &[9]);
    assert_eq!(review.side(Color::White).blunders, 1);
    // A partial analysis covers the moves it reached.
    let partial = GameReview::new(Color::White, &evals[..7], &[]);
    assert_eq!(partial.plies.len(), 6);
    assert_eq!(partial.side(Color::Black).inaccuracies, 1);
}

// ----- PGN with analysis --------------------------------------------------

/// A lichess export: evaluations and clocks in one comment, the marks as
/// glyphs, lichess's advice comments and a variation for the better move.
const LICHESS_EXPORT: &str = r#"[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[Date "2024.03.01"]
[White "alice"]
[Black "bob"]
[Result "0-1"]
[TimeControl "180+2"]
[Termination "Normal"]
[Annotator "lichess.org"]

1. e4 { [%eval 0.3] [%clk 0:03:00] } 1... e5 { [%eval 0.25] [%clk 0:03:00] }
2. Nf3 { [%eval 0.3] [%clk 0:02:59] } 2... Nc6 { [%eval 0.2] [%clk 0:02:58] }
3. Bc4 { [%eval 0.2] [%clk 0:02:57] } 3... Nd4?! { (0.20 → 0.90) Inaccuracy.
Nxe4 was best. } { [%eval 0.9] [%clk 0:02:50] } (3... Nf6 4. Ng5 d5) 4. Nxe5
{ [%eval 1.8] [%clk 0:02:45] } 4... Qg5 { [%eval 1.9] [%clk 0:02:40] } 5.
Nxf7?? { (1.90 → -3.50) Blunder. Bxf7+ was best. } { [%eval -3.5] [%clk
0:02:30] } (5. Bxf7+ Ke7 6. O-O) 5... Qxg2 { [%eval -3.4] [%clk 0:02:35] } 6.
Rf1 { [%eval -4.0] [%clk 0:02:20] } 6... Qxe4+ { [%eval -5.0] [%clk 0:02:30] }
7. Be2 $4 { [%eval #-1] [%clk 0:02:10] } 7... Nf3# { [%clk 0:02:29] } { White
is checkmated } 0-1
"#;

#[test]
fn a_lichess_export_imports_with_its_analysis() {
    let annotated = Game::from_pgn_annotated(LICHESS_EXPORT).unwrap();
    let game = &annotated.game;
    assert_eq!(game.san_moves().collect::<Vec<_>>().join(" "), TRAP);
    assert_eq!(
        game.outcome(),
        Some(gambit_rules::Outcome::checkmate(Color::Black))
    );
    assert_eq!(annotated.tags.white, "alice");
    assert_eq!(annotated.moves.len(), 14);
    let evals: Vec<_> = annotated.moves.iter().map(|m| m.eval).collect();
    assert_eq!(evals[0], Some(Eval::Cp(30)));
    assert_eq!(evals[8], Some(Eval::Cp(-350)));
    assert_eq!(evals[12], Some(Eval::mate(-1)));
    assert_eq!(evals[13], None);
    let marks: Vec<_> = annotated
        .moves
        .iter()
        .enumerate()
        .filter_map(|(i, m)| m.judgement().map(|j| (i + 1, j)))
        .collect();
    assert_eq!(
        marks,
        [
            (6, Judgement::Inaccuracy),
            (9, Judgement::Blunder),
            (13, Judgement::Blunder)
        ]
    );
    assert_eq!(
        annotated.moves[5].comment.as_deref(),
        Some("(0.20 → 0.90) Inaccuracy. Nxe4 was best.")
    );
    assert_eq!(
        annotated.moves[13].comment.as_deref(),
        Some("White is checkmated")
    );
    assert_eq!(annotated.moves[0].comment, None);
    // Clocks, as before.
    assert_eq!(game.plies()[8].clock_ms, Some(150_000));
    // Evaluations for a review: all but the last move have one.
    assert_eq!(annotated.evals(Eval::Cp(15)), None);
}

#[test]
fn a_chess_com_export_imports() {
    let pgn = r#"[Event "Live Chess"]
[Site "Chess.com"]
[Result "*"]
[TimeControl "600"]

1. d4 {[%clk 0:09:58.5]} 1... d5 {[%clk 0:09:57.1]} 2. c4 {[%clk 0:09:55]} 2...
e6 {[%clk 0:09:50.2]} *"#;
    let annotated = Game::from_pgn_annotated(pgn).unwrap();
    assert_eq!(
        annotated.game.san_moves().collect::<Vec<_>>(),
        ["d4", "d5", "c4", "e6"]
    );
    assert_eq!(annotated.game.plies()[0].clock_ms, Some(598_500));
    assert!(
        annotated
            .moves
            .iter()
            .all(|m| *m == MoveAnnotation::default())
    );
}

#[test]
fn our_analysis_export_imports_with_the_same_evals_and_marks() {
    let mut game = game_after(None, TRAP);
    game.set_last_clock(Some(149_000));
    let evals = trap_evals();
    let review = GameReview::new(Color::White, &evals, &[]);
    let tags = PgnTags {
        white: "alice".to_owned(),
        ..PgnTags::default()
    };
    let pgn = game.to_pgn_annotated(&tags, &review.annotations());
    // The movetext with its line breaks as spaces.
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("1. e4 { [%eval 0.30] } 1... e5 { [%eval 0.25] } 2. Nf3"),
        "{pgn}"
    );
    assert!(flat.contains("3... Nd4 $6 { [%eval 0.90] }"), "{pgn}");
    assert!(flat.contains("5. Nxf7 $4 { [%eval -3.50] }"), "{pgn}");
    assert!(flat.contains("7. Be2 $4 { [%eval #-1] }"), "{pgn}");
    assert!(
        flat.contains("7... Nf3# { [%eval #-0] [%clk 0:02:29] } 0-1"),
        "{pgn}"
    );
    for line in pgn.lines() {
        assert!(line.len() <= 80, "{line:?}");
    }
    let again = Game::from_pgn_annotated(&pgn).unwrap();
    assert_eq!(again.game, game);
    assert_eq!(again.tags, tags);
    assert_eq!(again.moves, review.annotations());
    assert_eq!(again.evals(evals[0]), Some(evals.clone()));
    let marks: Vec<_> = again.moves.iter().map(MoveAnnotation::judgement).collect();
    let expected: Vec<_> = review.plies.iter().map(|p| p.judgement).collect();
    assert_eq!(marks, expected);
}

#[test]
fn plain_export_is_unchanged_by_empty_annotations() {
    let game = game_after(None, "e4 e5 Nf3");
    let tags = PgnTags::default();
    assert_eq!(game.to_pgn_annotated(&tags, &[]), game.to_pgn(&tags));
    let blank = vec![MoveAnnotation::default(); 3];
    assert_eq!(game.to_pgn_annotated(&tags, &blank), game.to_pgn(&tags));
}

#[test]
fn comments_survive_the_annotated_export() {
    let annotated = Game::from_pgn_annotated(LICHESS_EXPORT).unwrap();
    let pgn = annotated
        .game
        .to_pgn_annotated(&annotated.tags, &annotated.moves);
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "3... Nd4 $6 { (0.20 → 0.90) Inaccuracy. Nxe4 was best. } \
             { [%eval 0.90] [%clk 0:02:50] } 4. Nxe5"
        ),
        "{pgn}"
    );
    let again = Game::from_pgn_annotated(&pgn).unwrap();
    assert_eq!(again, annotated);
}

#[test]
fn comment_text_cannot_break_the_pgn() {
    let game = game_after(None, "e4 e5");
    let moves = [MoveAnnotation {
        eval: None,
        nags: vec![],
        comment: Some("a } b { c [%eval 9.9] d".to_owned()),
        shapes: vec![],
    }];
    let pgn = game.to_pgn_annotated(&PgnTags::default(), &moves);
    assert!(
        pgn.contains("1. e4 { a ) b ( c [ %eval 9.9] d } 1... e5 *"),
        "{pgn}"
    );
    let again = Game::from_pgn_annotated(&pgn).unwrap();
    assert_eq!(again.game, game);
    assert_eq!(again.moves[0].eval, None);
    assert_eq!(
        again.moves[0].comment.as_deref(),
        Some("a ) b ( c [ %eval 9.9] d")
    );
}
