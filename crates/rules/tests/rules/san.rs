//! SAN: disambiguation by file, by rank and by both, check and mate suffixes,
//! and SAN input.

use crate::common::game_after;
use gambit_rules::{Game, PlayError};

#[test]
fn disambiguation_by_file() {
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    assert!(matches!(
        game.play_san("Nd2"),
        Err(PlayError::Ambiguous { .. })
    ));
    assert_eq!(game.play_uci("b1d2").unwrap().san, "Nbd2");
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    assert_eq!(game.play_san("Nfd2").unwrap().uci, "f1d2");
}

#[test]
fn disambiguation_by_rank() {
    let mut game = Game::from_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(game.play_uci("a1a3").unwrap().san, "R1a3");
    let mut game = Game::from_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(game.play_uci("a5a3").unwrap().san, "R5a3");
}

#[test]
fn disambiguation_by_file_and_rank_with_three_queens() {
    // Queens on h1, h4 and e1 all reach e4.
    const FEN: &str = "8/8/1k6/8/7Q/8/K7/4Q2Q w - - 0 1";
    for (uci, san) in [("h1e4", "Qh1e4"), ("h4e4", "Q4e4"), ("e1e4", "Qee4")] {
        let mut game = Game::from_fen(FEN).unwrap();
        assert_eq!(game.play_uci(uci).unwrap().san, san, "{uci}");
        let mut game = Game::from_fen(FEN).unwrap();
        assert_eq!(game.play_san(san).unwrap().uci, uci, "{san}");
    }
    let mut game = Game::from_fen(FEN).unwrap();
    assert!(matches!(
        game.play_san("Qe4"),
        Err(PlayError::Ambiguous { .. })
    ));
    assert!(matches!(
        game.play_san("Qhe4"),
        Err(PlayError::Ambiguous { .. })
    ));
}

#[test]
fn suffixes() {
    let game = game_after(None, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
    let sans: Vec<&str> = game.san_moves().collect();
    assert_eq!(sans, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    let game = game_after(None, "e4 f5 Qh5+");
    assert_eq!(game.last_ply().unwrap().san, "Qh5+");
}

#[test]
fn san_input_is_forgiving_about_suffixes_and_spaces() {
    let mut game = Game::new();
    game.play_san(" e4 ").unwrap();
    game.play_san("f5").unwrap();
    game.play_san("Qh5").unwrap(); // The + may be left out.
    assert_eq!(game.last_ply().unwrap().san, "Qh5+");
}

#[test]
fn unreadable_and_illegal_input() {
    let mut game = Game::new();
    assert!(matches!(
        game.play_san("hello"),
        Err(PlayError::Parse { .. })
    ));
    assert!(matches!(game.play_san(""), Err(PlayError::Parse { .. })));
    assert!(matches!(
        game.play_san("e5"),
        Err(PlayError::Illegal { .. })
    ));
    assert!(matches!(game.play_uci("e2"), Err(PlayError::Parse { .. })));
    assert!(matches!(
        game.play_uci("e2e5"),
        Err(PlayError::Illegal { .. })
    ));
    assert!(matches!(
        game.play_uci("0000"),
        Err(PlayError::Illegal { .. })
    ));
    assert_eq!(
        game.play_san("Nxe5").unwrap_err().to_string(),
        "illegal move 'Nxe5'"
    );
    assert!(game.is_empty());
}
