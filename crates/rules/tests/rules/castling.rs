//! Castling: refused through, out of and into check; rights lost when the king
//! or a rook moves or a rook is captured on its square; the two ways to drop
//! the king (two squares, or onto the rook).

use crate::common::{game_after, sorted, sq, squares};
use gambit_rules::{Game, Move, PlayError};

const OPEN: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn both_sides_offered_with_king_and_rook_squares() {
    let game = Game::from_fen(OPEN).unwrap();
    assert_eq!(
        sorted(game.legal_targets(0, sq("e1"))),
        squares(&["a1", "c1", "d1", "d2", "e2", "f1", "f2", "g1", "h1"])
    );
}

#[test]
fn two_squares_and_onto_rook_are_the_same_move() {
    let game = Game::from_fen(OPEN).unwrap();
    let castle = Move::Castle {
        king: sq("e1"),
        rook: sq("h1"),
    };
    assert_eq!(game.move_for(0, sq("e1"), sq("g1"), None), Some(castle));
    assert_eq!(game.move_for(0, sq("e1"), sq("h1"), None), Some(castle));
    let long = Move::Castle {
        king: sq("e1"),
        rook: sq("a1"),
    };
    assert_eq!(game.move_for(0, sq("e1"), sq("c1"), None), Some(long));
    assert_eq!(game.move_for(0, sq("e1"), sq("a1"), None), Some(long));
}

#[test]
fn castling_notation_and_highlight() {
    let mut game = Game::from_fen(OPEN).unwrap();
    let ply = game.play_uci("e1g1").unwrap();
    assert_eq!((ply.san.as_str(), ply.uci.as_str()), ("O-O", "e1g1"));
    assert_eq!(game.last_move(1), Some((sq("e1"), sq("g1"))));
    assert_eq!(game.piece_at(1, sq("f1")).map(|p| p.char()), Some('R'));
    // UCI king-onto-rook is accepted too.
    let ply = game.play_uci("e8a8").unwrap();
    assert_eq!((ply.san.as_str(), ply.uci.as_str()), ("O-O-O", "e8c8"));
    assert_eq!(game.last_move(2), Some((sq("e8"), sq("c8"))));
    assert_eq!(game.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn refused_through_check() {
    // The rook on f8 covers f1, which the king crosses.
    let mut game = Game::from_fen("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    let targets = game.legal_targets(0, sq("e1"));
    assert!(!targets.contains(&sq("g1")) && !targets.contains(&sq("h1")));
    assert!(targets.contains(&sq("c1")) && targets.contains(&sq("a1")));
    assert_eq!(game.move_for(0, sq("e1"), sq("g1"), None), None);
    assert!(matches!(
        game.play_san("O-O"),
        Err(PlayError::Illegal { .. })
    ));
    assert!(game.is_empty());
    game.play_san("O-O-O").unwrap();
}

#[test]
fn refused_out_of_check() {
    let mut game = Game::from_fen("1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert_eq!(game.checked_king(0), Some(sq("e1")));
    assert!(matches!(
        game.play_san("O-O"),
        Err(PlayError::Illegal { .. })
    ));
    assert!(matches!(
        game.play_san("O-O-O"),
        Err(PlayError::Illegal { .. })
    ));
    assert!(matches!(
        game.play_uci("e1g1"),
        Err(PlayError::Illegal { .. })
    ));
}

#[test]
fn refused_into_check() {
    let mut game = Game::from_fen("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert!(matches!(
        game.play_san("O-O"),
        Err(PlayError::Illegal { .. })
    ));
    game.play_san("O-O-O").unwrap();
}

#[test]
fn queenside_allowed_when_only_the_rook_crosses_an_attacked_square() {
    // b1 is attacked, but only the rook passes it.
    let mut game = Game::from_fen("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    game.play_san("O-O-O").unwrap();
}

#[test]
fn rights_lost_after_king_moves_and_returns() {
    let game = game_after(Some(OPEN), "Ke2 Ke7 Ke1 Ke8");
    assert_eq!(game.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    let targets = game.legal_targets(4, sq("e1"));
    assert!(!targets.contains(&sq("g1")) && !targets.contains(&sq("c1")));
    let mut game = game;
    assert!(matches!(
        game.play_san("O-O"),
        Err(PlayError::Illegal { .. })
    ));
}

#[test]
fn rights_lost_after_rook_moves_and_returns() {
    let mut game = game_after(Some(OPEN), "Rh2 Ra7 Rh1 Ra8");
    assert_eq!(game.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");
    assert!(matches!(
        game.play_san("O-O"),
        Err(PlayError::Illegal { .. })
    ));
    game.play_san("O-O-O").unwrap();
    game.play_san("O-O").unwrap();
}

#[test]
fn rights_lost_when_rook_is_captured_on_its_square() {
    let game = game_after(Some(OPEN), "Rxa8+");
    assert_eq!(game.fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    let game = game_after(Some("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1"), "Bxh1");
    assert_eq!(game.fen(), "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2");
}

#[test]
fn blocked_castling_is_refused() {
    let mut game = Game::new();
    assert!(matches!(
        game.play_san("O-O"),
        Err(PlayError::Illegal { .. })
    ));
    assert_eq!(game.move_for(0, sq("e1"), sq("g1"), None), None);
}
