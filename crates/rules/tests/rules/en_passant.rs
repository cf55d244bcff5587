//! En passant: only right after the double step, never exposing the own king
//! along the rank, and in FENs and repetitions only when a capture is legal.

use crate::common::{game_after, sq};
use gambit_rules::{Game, PlayError, Position, Reason, Role};

#[test]
fn capture_right_after_the_double_step() {
    let mut game = game_after(None, "e4 Nf6 e5 d5");
    assert!(game.legal_targets(4, sq("e5")).contains(&sq("d6")));
    assert_eq!(
        game.fen(),
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    let ply = game.play_san("exd6").unwrap();
    assert_eq!(ply.captured, Some(Role::Pawn));
    assert_eq!(ply.uci, "e5d6");
    assert_eq!(game.piece_at(5, sq("d5")), None);
    assert_eq!(game.material_diff_at(5), 1);
    assert_eq!(game.captured_at(5).white, vec![Role::Pawn]);
}

#[test]
fn not_one_move_later() {
    let mut game = game_after(None, "e4 Nf6 e5 d5 Nc3 Nc6");
    assert!(!game.legal_targets(6, sq("e5")).contains(&sq("d6")));
    assert!(matches!(
        game.play_san("exd6"),
        Err(PlayError::Illegal { .. })
    ));
    assert!(matches!(
        game.play_uci("e5d6"),
        Err(PlayError::Illegal { .. })
    ));
}

#[test]
fn refused_when_it_exposes_the_king_along_the_rank() {
    // After ...d5 both pawns stand between the white king and the rook on h5.
    let mut game = game_after(Some("8/3p4/8/K3P2r/8/8/8/7k b - - 0 1"), "d5");
    assert_eq!(game.legal_targets(1, sq("e5")), vec![sq("e6")]);
    assert!(matches!(
        game.play_san("exd6"),
        Err(PlayError::Illegal { .. })
    ));
    // No legal capture, so no en passant square in the FEN.
    assert_eq!(game.fen(), "8/8/8/K2pP2r/8/8/8/7k w - - 0 2");
}

#[test]
fn fen_has_no_square_after_a_double_step_nobody_can_capture() {
    let game = game_after(None, "e4");
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn en_passant_discovered_check_is_marked() {
    // Taking en passant opens the e-file from the rook to the black king.
    let mut game = Game::from_fen("4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 1").unwrap();
    assert!(game.fen().contains(" d6 "));
    let ply = game.play_san("exd6").unwrap();
    assert_eq!(ply.san, "exd6+");
    assert_eq!(game.checked_king(1), Some(sq("e8")));
}

#[test]
fn a_double_step_without_legal_capture_repeats_the_later_position() {
    // After 1. e4 the en passant square e3 cannot be used, so the position
    // equals the one after 1...Nf6 2.Nf3 Ng8 3.Ng1: that is a repetition.
    let game = game_after(None, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    assert_eq!(game.repetitions_at(1), 1);
    assert_eq!(game.repetitions_at(5), 2);
    assert_eq!(game.repetitions_at(9), 3);
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(Reason::ThreefoldRepetition)
    );
}

#[test]
fn a_legal_en_passant_square_makes_a_different_position() {
    // After 2...d5 White may take en passant. The same placement later, when
    // the right is gone, is a different position: at ply 12 it has occurred
    // twice, not three times, and the game goes on.
    let game = game_after(None, "e4 Nf6 e5 d5 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6");
    assert_eq!(game.position_at(12).board(), game.position_at(4).board());
    assert_eq!(game.repetitions_at(4), 1);
    assert_eq!(game.repetitions_at(8), 1);
    assert_eq!(game.repetitions_at(12), 2);
    assert!(!game.is_over());
}

#[test]
fn from_fen_with_unusable_square_is_accepted_and_normalised() {
    let game =
        Game::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(
        game.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}
