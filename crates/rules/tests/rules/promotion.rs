//! Promotion to each piece, the promotion question for the board, and
//! under-promotion in SAN.

use crate::common::sq;
use gambit_rules::{Color, Game, Piece, PlayError, Role};

const PAWN_ON_E7: &str = "8/4P1k1/8/8/8/8/8/K7 w - - 0 1";

#[test]
fn promotion_to_each_piece() {
    let cases = [
        (Role::Queen, "e8=Q", "e7e8q", 9),
        (Role::Rook, "e8=R", "e7e8r", 5),
        (Role::Bishop, "e8=B", "e7e8b", 3),
        // The knight on e8 checks the king on g7.
        (Role::Knight, "e8=N+", "e7e8n", 3),
    ];
    for (role, san, uci, diff) in cases {
        let mut game = Game::from_fen(PAWN_ON_E7).unwrap();
        assert_eq!(game.material_diff_at(0), 1);
        let mv = game
            .move_for(0, sq("e7"), sq("e8"), Some(role))
            .expect("legal promotion");
        let ply = game.play(&mv).unwrap();
        assert_eq!((ply.san.as_str(), ply.uci.as_str()), (san, uci));
        assert_eq!(
            game.piece_at(1, sq("e8")),
            Some(Piece {
                color: Color::White,
                role
            })
        );
        assert_eq!(game.material_diff_at(1), diff);
    }
}

#[test]
fn the_board_asks_for_a_piece() {
    let game = Game::from_fen(PAWN_ON_E7).unwrap();
    assert!(game.needs_promotion(0, sq("e7"), sq("e8")));
    assert_eq!(game.legal_targets(0, sq("e7")), vec![sq("e8")]);
    assert_eq!(game.move_for(0, sq("e7"), sq("e8"), None), None);
    assert!(!game.needs_promotion(0, sq("a1"), sq("a2")));
    // A promotion piece on a move that does not promote is refused.
    assert_eq!(
        game.move_for(0, sq("a1"), sq("a2"), Some(Role::Queen)),
        None
    );
    // Nor can a pawn become a king.
    assert_eq!(game.move_for(0, sq("e7"), sq("e8"), Some(Role::King)), None);
}

#[test]
fn under_promotion_by_san_and_uci() {
    let mut game = Game::from_fen(PAWN_ON_E7).unwrap();
    assert_eq!(game.play_san("e8=N").unwrap().san, "e8=N+");
    let mut game = Game::from_fen(PAWN_ON_E7).unwrap();
    assert_eq!(game.play_uci("e7e8r").unwrap().san, "e8=R");
    let mut game = Game::from_fen(PAWN_ON_E7).unwrap();
    assert!(matches!(
        game.play_uci("e7e8"),
        Err(PlayError::Illegal { .. })
    ));
    assert!(matches!(
        game.play_san("e8"),
        Err(PlayError::Illegal { .. })
    ));
}

#[test]
fn capture_promotion_for_black() {
    let mut game = Game::from_fen("k7/8/8/8/8/8/6p1/K4R2 b - - 0 1").unwrap();
    let ply = game.play_san("gxf1=Q+").unwrap();
    assert_eq!(
        (ply.san.as_str(), ply.captured),
        ("gxf1=Q+", Some(Role::Rook))
    );
    assert_eq!(game.captured_at(1).black, vec![Role::Rook]);
    assert_eq!(game.material_diff_at(1), -9);
}
