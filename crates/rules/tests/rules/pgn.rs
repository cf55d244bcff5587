//! PGN export and import: a real game round trip, tags, clocks, results, and
//! errors that name the move.

use crate::common::game_after;
use gambit_rules::{
    Color, Eval, Game, Outcome, PgnError, PgnMoveError, PgnTags, Reason, TimeControl,
};

/// Morphy v the Duke of Brunswick and Count Isouard, Paris 1858 (the Opera Game).
const OPERA_GAME: &str = r#"[Event "Paris Opera"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[ECO "C41"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move already.} 4. dxe5 Bxf3 5. Qxf3
dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12.
O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ $1 Nxb8 17. Rd8# 1-0
"#;

const OPERA_SANS: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 \
    Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

#[test]
fn opera_game_imports() {
    let (game, tags) = Game::from_pgn_with_tags(OPERA_GAME).unwrap();
    assert_eq!(
        game.san_moves().collect::<Vec<_>>().join(" "),
        OPERA_SANS.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    assert_eq!(game.len(), 33);
    assert_eq!(game.outcome(), Some(Outcome::checkmate(Color::White)));
    assert_eq!(
        game.fen(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
    assert_eq!(tags.white, "Paul Morphy");
    assert_eq!(tags.black, "Duke Karl / Count Isouard");
    assert_eq!(tags.date, "1858.??.??");
    assert_eq!(tags.extra, vec![("ECO".to_owned(), "C41".to_owned())]);
}

#[test]
fn opera_game_round_trips() {
    let (game, tags) = Game::from_pgn_with_tags(OPERA_GAME).unwrap();
    let pgn = game.to_pgn(&tags);
    assert!(
        pgn.starts_with(
            "[Event \"Paris Opera\"]\n[Site \"Paris FRA\"]\n[Date \"1858.??.??\"]\n[Round \"?\"]\n\
         [White \"Paul Morphy\"]\n[Black \"Duke Karl / Count Isouard\"]\n[Result \"1-0\"]\n\
         [ECO \"C41\"]\n[Termination \"Normal\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4"
        ),
        "{pgn}"
    );
    assert!(pgn.ends_with("17. Rd8# 1-0\n"), "{pgn}");
    assert!(!pgn.contains("SetUp") && !pgn.contains("TimeControl"));
    for line in pgn.lines() {
        assert!(line.len() <= 80, "{line:?}");
    }
    let (again, tags_again) = Game::from_pgn_with_tags(&pgn).unwrap();
    assert_eq!(again, game);
    assert_eq!(tags_again, tags);
}

#[test]
fn empty_game_exports_the_seven_tag_roster() {
    let pgn = Game::new().to_pgn(&PgnTags::default());
    assert_eq!(
        pgn,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\n*\n"
    );
    let again = Game::from_pgn(&pgn).unwrap();
    assert_eq!(again, Game::new());
}

#[test]
fn tag_values_are_escaped_and_derived_tags_not_duplicated() {
    let tags = PgnTags {
        white: "Anna \"the Rook\" \\ Smith".to_owned(),
        extra: vec![
            ("Result".to_owned(), "1-0".to_owned()),
            ("Annotator".to_owned(), "Gambit".to_owned()),
            ("Bad Name".to_owned(), "x".to_owned()),
        ],
        ..PgnTags::default()
    };
    let pgn = game_after(None, "e4").to_pgn(&tags);
    assert!(
        pgn.contains("[White \"Anna \\\"the Rook\\\" \\\\ Smith\"]\n"),
        "{pgn}"
    );
    assert_eq!(pgn.matches("[Result ").count(), 1);
    assert!(pgn.contains("[Result \"*\"]"));
    assert!(pgn.contains("[Annotator \"Gambit\"]"));
    assert!(!pgn.contains("Bad Name"));
    let (_, back) = Game::from_pgn_with_tags(&pgn).unwrap();
    assert_eq!(back.white, tags.white);
}

#[test]
fn fen_start_with_black_to_move() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let game = game_after(Some(fen), "c5 Nf3");
    let pgn = game.to_pgn(&PgnTags::default());
    assert!(pgn.contains(
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n"
    ));
    assert!(pgn.ends_with("\n1... c5 2. Nf3 *\n"), "{pgn}");
    let again = Game::from_pgn(&pgn).unwrap();
    assert_eq!(again, game);
    assert_eq!(again.start_fen(), fen);
}

#[test]
fn clocks_and_time_control_round_trip() {
    let mut game = Game::new();
    game.set_time_control(Some(TimeControl::minutes(5, 3)));
    for (san, clock) in [
        ("e4", 302_000),
        ("e5", 301_000),
        ("Nf3", 9_500),
        ("Nc6", 3_723_000),
    ] {
        game.play_san(san).unwrap();
        game.set_last_clock(Some(clock));
    }
    let pgn = game.to_pgn(&PgnTags::default());
    assert!(pgn.contains("[TimeControl \"300+3\"]"));
    assert!(
        pgn.ends_with(
            "\n\n1. e4 { [%clk 0:05:02] } 1... e5 { [%clk 0:05:01] } 2. Nf3 { [%clk 0:00:09.5] }\n\
             2... Nc6 { [%clk 1:02:03] } *\n"
        ),
        "{pgn}"
    );
    for line in pgn.lines() {
        assert!(line.len() <= 80, "{line:?}");
    }
    let again = Game::from_pgn(&pgn).unwrap();
    assert_eq!(again, game);
    assert_eq!(again.time_control(), Some(TimeControl::minutes(5, 3)));
}

#[test]
fn lichess_style_clock_comments_are_read() {
    let pgn = "[TimeControl \"180+0\"]\n\n1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... c5 { [%clk 0:02:58] } *";
    let game = Game::from_pgn(pgn).unwrap();
    let clocks: Vec<_> = game.plies().iter().map(|ply| ply.clock_ms).collect();
    assert_eq!(clocks, [Some(180_000), Some(178_000)]);
    assert_eq!(game.time_control(), Some(TimeControl::minutes(3, 0)));
}

#[test]
fn comments_nags_and_variations_are_skipped() {
    let pgn = "1. e4 {best by test} e5?! (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 $1 Nc6!! 3. Bb5 ; Spanish\n a6 *";
    let game = Game::from_pgn(pgn).unwrap();
    assert_eq!(
        game.san_moves().collect::<Vec<_>>(),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    );
    assert_eq!(game.outcome(), None);
}

#[test]
fn comments_and_nags_are_kept_per_ply() {
    let pgn = "{game comment} 1. e4 {best by test} e5?! (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 $1 Nc6!! \
               { [%eval 0.4] [%clk 0:01:00] } *";
    let annotated = Game::from_pgn_annotated(pgn).unwrap();
    let read: Vec<_> = annotated
        .moves
        .iter()
        .map(|m| (m.nags.clone(), m.comment.as_deref(), m.eval))
        .collect();
    assert_eq!(
        read,
        [
            (vec![], Some("best by test"), None),
            (vec![6], None, None),
            (vec![1], None, None),
            (vec![3], None, Some(Eval::Cp(40))),
        ]
    );
    assert_eq!(annotated.game.plies()[3].clock_ms, Some(60_000));
}

#[test]
fn a_long_comment_is_read_whole() {
    let words = "a long annotation ".repeat(2500);
    let pgn = format!("1. e4 {{ {words}[%eval 0.25] [%clk 0:01:00] }} e5 *");
    let annotated = Game::from_pgn_annotated(&pgn).unwrap();
    // Longer than the reader's 16 KiB buffer: it arrives in pieces.
    assert!(words.len() > 2 * 16 * 1024);
    assert_eq!(
        annotated.moves[0].comment.as_deref(),
        Some(words.trim_end())
    );
    assert_eq!(annotated.moves[0].eval, Some(Eval::Cp(25)));
    assert_eq!(annotated.game.plies()[0].clock_ms, Some(60_000));
}

#[test]
fn only_the_first_game_is_read() {
    let pgn = "[Event \"one\"]\n\n1. e4 *\n\n[Event \"two\"]\n\n1. d4 *\n";
    let game = Game::from_pgn(pgn).unwrap();
    assert_eq!(game.san_moves().collect::<Vec<_>>(), ["e4"]);
}

#[test]
fn movetext_without_tags() {
    let game = Game::from_pgn("1.e4 e5 2.Nf3").unwrap();
    assert_eq!(game.len(), 3);
    let game = Game::from_pgn("1. 0-0").err();
    assert!(game.is_some());
}

#[test]
fn errors_name_the_move_and_token() {
    let err =
        Game::from_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Nxe5 *").unwrap_err();
    assert_eq!(err.to_string(), "move 5 (Black): illegal move 'Nxe5'");
    assert_eq!(
        err,
        PgnError::Move {
            number: 5,
            color: Color::Black,
            san: "Nxe5".to_owned(),
            kind: PgnMoveError::Illegal
        }
    );
    let err = Game::from_pgn("1. d4 d5 2. Nf3 Nf6 3. Nd2 *").unwrap_err();
    assert_eq!(err.to_string(), "move 3 (White): ambiguous move 'Nd2'");
    let err = Game::from_pgn("1. e4 -- *").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 1 (Black): null move not allowed '--'"
    );
}

#[test]
fn bad_input_is_an_error() {
    assert_eq!(Game::from_pgn(""), Err(PgnError::NoGame));
    assert_eq!(Game::from_pgn("  \n\n "), Err(PgnError::NoGame));
    assert_eq!(Game::from_pgn("hello world"), Err(PgnError::NoGame));
    assert!(matches!(
        Game::from_pgn("1. e4 { never closed"),
        Err(PgnError::Syntax(_))
    ));
    assert!(matches!(
        Game::from_pgn("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*"),
        Err(PgnError::Fen(_))
    ));
    assert!(matches!(
        Game::from_pgn("[Variant \"Chess960\"]\n\n1. e4 *"),
        Err(PgnError::UnsupportedVariant(_))
    ));
    assert!(Game::from_pgn("[Variant \"Standard\"]\n\n1. e4 *").is_ok());
}

#[test]
fn results_without_a_board_ending() {
    let game = Game::from_pgn("1. e4 e5 0-1").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::resignation(Color::White)));
    let game = Game::from_pgn("[Result \"1-0\"]\n\n1. e4 e5").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::resignation(Color::Black)));
    let game = Game::from_pgn("1. e4 e5 1/2-1/2").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::Agreement)));
    let game = Game::from_pgn("[Termination \"Time forfeit\"]\n\n1. e4 e5 1-0").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::timeout(Color::Black)));
    let game = Game::from_pgn("1. e4 e5 *").unwrap();
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_board_wins_over_the_result() {
    // A wrong result on a checkmate: the checkmate counts.
    let game = Game::from_pgn("1. f3 e5 2. g4 Qh4# 1-0").unwrap();
    assert_eq!(game.outcome(), Some(Outcome::checkmate(Color::Black)));
}

#[test]
fn exported_endings_import_the_same() {
    let mut resigned = game_after(None, "e4 e5");
    resigned.resign(Color::White).unwrap();
    let mut flagged = game_after(None, "e4 e5");
    flagged.flag(Color::White).unwrap();
    let mut agreed = game_after(None, "e4 e5");
    agreed.agree_draw().unwrap();
    for game in [resigned, flagged, agreed] {
        let again = Game::from_pgn(&game.to_pgn(&PgnTags::default())).unwrap();
        assert_eq!(again.outcome(), game.outcome());
    }
}

#[test]
fn play_continues_past_an_unclaimed_repetition() {
    let game = Game::from_pgn("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *").unwrap();
    assert_eq!(game.len(), 9);
    assert!(!game.is_over());
}

#[test]
fn long_movetext_wraps_at_eighty_columns() {
    let pgn = Game::from_pgn(OPERA_GAME)
        .unwrap()
        .to_pgn(&PgnTags::default());
    let movetext: Vec<&str> = pgn
        .lines()
        .skip_while(|line| !line.is_empty())
        .skip(1)
        .collect();
    assert!(movetext.len() >= 3, "{pgn}");
    for line in movetext {
        assert!(
            line.len() <= 80 && !line.ends_with(' ') && !line.is_empty(),
            "{line:?}"
        );
    }
}
