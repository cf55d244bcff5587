//! A PGN read in one place and checked in another (the engine worker reads, the page
//! checks): the reading survives JSON, checks to the same game as the one-step import,
//! and a reading that is not well formed is an error, never a panic.

use gambit_rules::{AnnotatedGame, Game, GameTree, PgnError, PgnReading, PgnToken};
use proptest::prelude::*;

const ANNOTATED: &str = r#"[Event "Casual"]
[White "Ann"]
[Black "Ben"]
[TimeControl "180+2"]
[Termination "Normal"]

{ Before the game. } 1. e4 { [%eval 0.3] [%clk 0:03:00] } e5 ?! (1... c5 2. Nf3 (2. c3) d6)
2. Nf3 $1 Nc6 3. Bb5 a6 1-0"#;

/// The reading as the worker sends it: JSON there, read back here.
fn through_json(reading: &PgnReading) -> PgnReading {
    let text = serde_json::to_string(reading).expect("a reading is JSON");
    serde_json::from_str(&text).expect("and reads back")
}

#[test]
fn a_reading_sent_as_json_checks_to_the_same_game_tree_and_annotations() {
    let reading = through_json(&PgnReading::read(ANNOTATED).expect("reads"));
    assert_eq!(
        Game::from_pgn_reading(reading.clone()).expect("checks"),
        Game::from_pgn_with_tags(ANNOTATED).expect("imports")
    );
    assert_eq!(
        GameTree::from_pgn_reading(reading.clone()).expect("checks"),
        GameTree::from_pgn(ANNOTATED).expect("imports")
    );
    assert_eq!(
        AnnotatedGame::from_pgn_reading(reading).expect("checks"),
        Game::from_pgn_annotated(ANNOTATED).expect("imports")
    );
}

#[test]
fn the_main_line_skips_every_variation_and_the_tree_keeps_them() {
    let reading = PgnReading::read(ANNOTATED).expect("reads");
    assert!(reading.movetext.contains(&PgnToken::Move("c5".to_owned())));
    let (game, tags) = Game::from_pgn_reading(reading.clone()).expect("checks");
    assert_eq!(
        game.san_moves().collect::<Vec<_>>(),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    );
    assert_eq!(tags.white, "Ann");
    let (tree, _, _) = GameTree::from_pgn_reading(reading).expect("checks");
    // After 1. e4: e5 and c5; after 1... c5: 2. Nf3 and 2. c3.
    let e4 = tree.main_line()[1];
    assert_eq!(tree.children(e4).len(), 2);
    let c5 = tree.children(e4)[1];
    assert_eq!(tree.children(c5).len(), 2);
    assert_eq!(tree.node_count(), 11);
}

#[test]
fn a_reading_that_is_not_well_formed_is_an_error() {
    let with_move = |san: &str| PgnReading {
        movetext: vec![PgnToken::Move(san.to_owned())],
        ..PgnReading::default()
    };
    assert!(matches!(
        Game::from_pgn_reading(with_move("Qz9")),
        Err(PgnError::Syntax(message)) if message.contains("'Qz9'")
    ));
    assert!(matches!(
        GameTree::from_pgn_reading(with_move("")),
        Err(PgnError::Syntax(_))
    ));
    let with_result = PgnReading {
        result_token: Some("2-0".to_owned()),
        ..with_move("e4")
    };
    assert!(matches!(
        Game::from_pgn_reading(with_result),
        Err(PgnError::Syntax(message)) if message.contains("'2-0'")
    ));
    assert_eq!(
        Game::from_pgn_reading(PgnReading::default()),
        Err(PgnError::NoGame)
    );
}

fn token() -> impl Strategy<Value = PgnToken> {
    prop_oneof![
        4 => prop::sample::select(vec!["e4", "e5", "Nf3", "Nc6", "d4", "exd5", "O-O", "Qh5#", "a8=Q", "--", "Z0", "Kx"])
            .prop_map(|san| PgnToken::Move(san.to_owned())),
        1 => any::<u8>().prop_map(PgnToken::Nag),
        1 => "[ -~]{0,20}".prop_map(PgnToken::Comment),
        1 => Just(PgnToken::Open),
        1 => Just(PgnToken::Close),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_reading_checks_or_fails_without_a_panic(
        movetext in prop::collection::vec(token(), 0..40),
        result in prop::option::of("[-012/*]{0,7}"),
        fen in prop::option::of("[ -~]{0,30}"),
    ) {
        let reading = PgnReading { movetext, result_token: result, fen, ..PgnReading::default() };
        let _ = Game::from_pgn_reading(reading.clone());
        let _ = GameTree::from_pgn_reading(reading);
    }
}
