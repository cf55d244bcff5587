//! Every ending: the automatic ones (as lichess) and those of the players and
//! the clock, with their result strings and words.

use crate::common::{game_after, sq};
use gambit_rules::{Color, Game, Outcome, PlayError, Position, Reason};

fn reason(game: &Game) -> Option<Reason> {
    game.outcome().map(|outcome| outcome.reason)
}

#[test]
fn checkmate() {
    let mut game = game_after(None, "f3 e5 g4 Qh4#");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::checkmate(Color::Black));
    assert_eq!(outcome.describe(), "Checkmate — Black wins");
    assert_eq!(game.result_str(), "0-1");
    assert_eq!(game.checked_king(4), Some(sq("e1")));
    assert!(game.position().legal_moves().is_empty());
    assert_eq!(game.play_san("a3"), Err(PlayError::GameOver(outcome)));
    assert_eq!(game.len(), 4);
}

#[test]
fn stalemate() {
    let game = game_after(Some("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), "Qf7");
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::Stalemate)));
    assert_eq!(game.outcome().unwrap().describe(), "Stalemate — draw");
    assert_eq!(game.result_str(), "1/2-1/2");
    assert_eq!(game.checked_king(1), None);
}

#[test]
fn insufficient_material_after_the_last_capture() {
    let game = game_after(Some("4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1"), "Kxd2");
    assert_eq!(reason(&game), Some(Reason::InsufficientMaterial));
    assert_eq!(
        game.outcome().unwrap().describe(),
        "Draw by insufficient material"
    );
}

#[test]
fn dead_positions_are_drawn_and_others_are_not() {
    let dead = [
        ("K v K", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        ("K+N v K", "4k3/8/8/8/8/8/8/4KN2 w - - 0 1"),
        ("K+B v K", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1"),
        ("K v K+B", "2b1k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        ("K+B v K+B, same colour", "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1"),
        (
            "many bishops, one colour",
            "2b1k3/8/8/8/8/8/8/3BKB2 w - - 0 1",
        ),
        (
            "bishops on light squares",
            "4k3/8/8/3B1B2/8/8/8/4K3 b - - 0 1",
        ),
    ];
    for (name, fen) in dead {
        let game = Game::from_fen(fen).unwrap();
        assert_eq!(reason(&game), Some(Reason::InsufficientMaterial), "{name}");
    }
    let alive = [
        (
            "K+N+N v K (mate is possible)",
            "4k3/8/8/8/8/8/8/4KNN1 w - - 0 1",
        ),
        (
            "K+B v K+B, opposite colours",
            "5b2/4k3/8/8/8/8/8/4KB2 w - - 0 1",
        ),
        ("K+N v K+N", "4kn2/8/8/8/8/8/8/4KN2 w - - 0 1"),
        ("K+B+N v K", "4k3/8/8/8/8/8/8/4KBN1 w - - 0 1"),
        ("K+P v K", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"),
        ("K+B v K+N", "4kn2/8/8/8/8/8/8/4KB2 w - - 0 1"),
    ];
    for (name, fen) in alive {
        let game = Game::from_fen(fen).unwrap();
        assert_eq!(game.outcome(), None, "{name}");
    }
}

#[test]
fn threefold_repetition() {
    let game = game_after(None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert!(!game.is_over());
    let mut game = game_after(None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(game.repetitions_at(8), 3);
    assert_eq!(game.repetitions_at(4), 2);
    assert_eq!(game.repetitions_at(0), 1);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::draw(Reason::ThreefoldRepetition));
    assert_eq!(outcome.describe(), "Draw by threefold repetition");
    assert!(matches!(game.play_san("e4"), Err(PlayError::GameOver(_))));
}

#[test]
fn same_placement_with_different_castling_rights_is_not_a_repetition() {
    // The rooks step out and back, losing the kingside rights: the position
    // after 1. Nf3 Nf6 (ply 2) recurs at plies 6 and 10 by placement, but
    // with other castling rights, so ply 10 is only its second occurrence.
    let moves = "Nf3 Nf6 Rg1 Rg8 Rh1 Rh8 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8";
    let game = game_after(None, moves);
    assert_eq!(game.position_at(10).board(), game.position_at(2).board());
    assert_eq!(game.repetitions_at(2), 1);
    assert_eq!(game.repetitions_at(10), 2);
    assert_eq!(game.repetitions_at(12), 2);
    assert!(!game.is_over());
    // Its third occurrence with equal rights ends the game.
    let game = game_after(None, &format!("{moves} Nf3 Nf6"));
    assert_eq!(game.repetitions_at(14), 3);
    assert_eq!(reason(&game), Some(Reason::ThreefoldRepetition));
}

#[test]
fn fifty_move_rule_exactly_at_the_hundredth_half_move() {
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 98 80").unwrap();
    game.play_san("Ra2").unwrap();
    assert_eq!(game.position().halfmoves(), 99);
    assert!(!game.is_over());
    game.play_san("Kd7").unwrap();
    assert_eq!(game.position().halfmoves(), 100);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome, Outcome::draw(Reason::FiftyMoveRule));
    assert_eq!(outcome.describe(), "Draw by the fifty-move rule");
}

#[test]
fn a_capture_or_pawn_move_resets_the_count() {
    let game = game_after(Some("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"), "e3");
    assert_eq!(game.position().halfmoves(), 0);
    assert!(!game.is_over());
}

#[test]
fn checkmate_on_the_hundredth_half_move_wins() {
    let game = game_after(Some("k7/8/1K6/8/8/8/8/7R w - - 99 80"), "Rh8#");
    assert_eq!(game.outcome(), Some(Outcome::checkmate(Color::White)));
}

#[test]
fn resignation() {
    let mut game = game_after(None, "e4");
    let outcome = game.resign(Color::Black).unwrap();
    assert_eq!(outcome.describe(), "Black resigns — White wins");
    assert_eq!(game.result_str(), "1-0");
    assert_eq!(game.resign(Color::White), Err(PlayError::GameOver(outcome)));
    assert!(matches!(game.play_san("e5"), Err(PlayError::GameOver(_))));
    assert!(matches!(game.agree_draw(), Err(PlayError::GameOver(_))));
}

#[test]
fn agreed_draw() {
    let mut game = game_after(None, "e4 e5");
    let outcome = game.agree_draw().unwrap();
    assert_eq!(outcome, Outcome::draw(Reason::Agreement));
    assert_eq!(outcome.describe(), "Draw by agreement");
    assert_eq!(game.result_str(), "1/2-1/2");
}

#[test]
fn flag_fall_is_a_loss_when_the_opponent_can_mate() {
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R b - - 0 1").unwrap();
    let outcome = game.flag(Color::Black).unwrap();
    assert_eq!(outcome, Outcome::timeout(Color::Black));
    assert_eq!(outcome.describe(), "Black's time is up — White wins");
    assert_eq!(game.result_str(), "1-0");
}

#[test]
fn flag_fall_is_a_draw_when_the_opponent_cannot_mate() {
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
    let outcome = game.flag(Color::White).unwrap();
    assert_eq!(
        outcome,
        Outcome::draw(Reason::TimeoutVsInsufficientMaterial {
            flagged: Color::White
        })
    );
    assert_eq!(
        outcome.describe(),
        "White's time is up, but Black cannot checkmate — draw"
    );
    assert_eq!(game.result_str(), "1/2-1/2");
}

#[test]
fn flag_fall_against_a_lone_knight_that_could_help_mate_is_a_loss() {
    // K+N can mate when the other side has a pawn to block its own king.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/4P3/n3K3 w - - 0 1").unwrap();
    assert_eq!(
        game.flag(Color::White).unwrap(),
        Outcome::timeout(Color::White)
    );
}

#[test]
fn a_finished_fen_is_over_at_ply_zero() {
    let game = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(reason(&game), Some(Reason::Stalemate));
    assert!(!game.can_play_at(0));
}
