//! The game as the board and move list see it: plies, replay views, takeback,
//! material, clocks.

use crate::common::{game_after, sorted, sq, squares};
use gambit_rules::{
    Color, Game, Outcome, Piece, PlayError, Reason, Role, STARTING_FEN, TimeControl,
};

#[test]
fn a_new_game() {
    let game = Game::new();
    assert_eq!(game.len(), 0);
    assert!(game.is_empty());
    assert_eq!(game.fen(), STARTING_FEN);
    assert_eq!(game.start_fen(), STARTING_FEN);
    assert!(game.is_standard_start());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.result_str(), "*");
    assert_eq!(game.turn(), Color::White);
    assert!(game.can_play_at(0));
    assert_eq!(game.last_move(0), None);
    assert_eq!(Game::default(), game);
}

#[test]
fn plies_record_everything() {
    let game = game_after(None, "e4 d5 exd5");
    let ply = &game.plies()[2];
    assert_eq!(ply.san, "exd5");
    assert_eq!(ply.uci, "e4d5");
    assert_eq!(ply.captured, Some(Role::Pawn));
    assert_eq!(ply.clock_ms, None);
    assert_eq!(
        game.uci_moves().collect::<Vec<_>>(),
        ["e2e4", "d7d5", "e4d5"]
    );
    assert_eq!(game.plies()[0].captured, None);
}

#[test]
fn replay_is_a_view() {
    let game = game_after(None, "e4 e5 Nf3");
    let before = game.clone();
    assert_eq!(game.fen_at(0), STARTING_FEN);
    assert_eq!(game.side_to_move(1), Color::Black);
    assert_eq!(game.side_to_move(3), Color::Black);
    assert_eq!(game.side_to_move(2), Color::White);
    assert_eq!(game.piece_at(0, sq("e4")), None);
    assert_eq!(
        game.piece_at(1, sq("e4")),
        Some(Piece {
            color: Color::White,
            role: Role::Pawn
        })
    );
    assert_eq!(game.last_move(3), Some((sq("g1"), sq("f3"))));
    assert_eq!(game.last_move(1), Some((sq("e2"), sq("e4"))));
    // Dots for the past position: White's knight on g1 at ply 0.
    assert_eq!(
        sorted(game.legal_targets(0, sq("g1"))),
        squares(&["f3", "h3"])
    );
    // Pieces of the side not to move have no dots.
    assert!(game.legal_targets(0, sq("e7")).is_empty());
    assert!(game.legal_targets(0, sq("e4")).is_empty());
    assert!(!game.can_play_at(1));
    assert!(game.can_play_at(3));
    assert_eq!(game, before);
    // Plies past the end are clamped to the current position.
    assert_eq!(game.fen_at(99), game.fen());
    assert_eq!(game.view(99).ply(), 3);
    assert!(game.view(3).is_current());
    assert!(!game.view(2).is_current());
}

#[test]
fn view_offers_board_and_dests() {
    let game = Game::new();
    let view = game.view(0);
    assert_eq!(view.pieces().count(), 32);
    assert_eq!(view.legal_dests().len(), 10);
    let dests: usize = view.legal_dests().iter().map(|(_, to)| to.len()).sum();
    assert_eq!(dests, 20);
    assert_eq!(view.fen(), STARTING_FEN);
    assert_eq!(view.checked_king(), None);
}

#[test]
fn takeback_one_and_two() {
    let mut game = game_after(None, "e4 e5 Nf3 Nc6");
    game.takeback(1).unwrap();
    assert_eq!(game.len(), 3);
    assert_eq!(game.turn(), Color::Black);
    game.takeback(2).unwrap();
    assert_eq!(game.len(), 1);
    assert_eq!(game.fen(), game_after(None, "e4").fen());
    game.play_san("c5").unwrap();
    assert_eq!(game.san_moves().collect::<Vec<_>>(), ["e4", "c5"]);
}

#[test]
fn takeback_refuses_nothing_or_too_much() {
    let mut game = game_after(None, "e4");
    assert_eq!(
        game.takeback(2),
        Err(PlayError::CannotTakeBack {
            requested: 2,
            available: 1
        })
    );
    assert_eq!(
        game.takeback(0),
        Err(PlayError::CannotTakeBack {
            requested: 0,
            available: 1
        })
    );
    assert_eq!(game.len(), 1);
    game.takeback(1).unwrap();
    assert!(game.takeback(1).is_err());
}

#[test]
fn takeback_reopens_any_finished_game() {
    let mut game = game_after(None, "f3 e5 g4 Qh4#");
    game.takeback(1).unwrap();
    assert_eq!(game.outcome(), None);
    game.play_san("Qe7").unwrap();

    let mut game = game_after(None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(
        game.outcome().map(|o| o.reason),
        Some(Reason::ThreefoldRepetition)
    );
    game.takeback(2).unwrap();
    assert!(!game.is_over());

    let mut game = game_after(None, "e4 e5");
    game.resign(Color::White).unwrap();
    game.takeback(1).unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.len(), 1);
}

#[test]
fn material_and_captures() {
    // 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxa2 4. Rxa2
    let game = game_after(None, "e4 d5 exd5 Qxd5 Nc3 Qxa2 Rxa2");
    assert_eq!(game.material_diff_at(0), 0);
    assert_eq!(game.material_diff_at(3), 1);
    assert_eq!(game.material_diff_at(4), 0);
    assert_eq!(game.material_diff_at(6), -1);
    assert_eq!(game.material_diff_at(7), 8);
    let captured = game.captured_at(7);
    assert_eq!(captured.white, vec![Role::Pawn, Role::Queen]);
    assert_eq!(captured.black, vec![Role::Pawn, Role::Pawn]);
    assert_eq!(game.captured_at(3).white, vec![Role::Pawn]);
    assert!(game.captured_at(3).black.is_empty());
    assert_eq!(gambit_rules::role_value(Role::Rook), 5);
}

#[test]
fn material_from_a_fen_counts_the_board() {
    let game = Game::from_fen("4k3/8/8/8/8/8/8/RN2K3 w - - 0 1").unwrap();
    assert_eq!(game.material_diff_at(0), 8);
    assert!(game.captured_at(0).white.is_empty());
}

#[test]
fn clocks_and_time_control() {
    let mut game = Game::new();
    game.set_time_control(Some(TimeControl::minutes(5, 3)));
    let e4 = game.move_for(0, sq("e2"), sq("e4"), None).unwrap();
    assert_eq!(
        game.play_with_clock(&e4, Some(302_000)).unwrap().clock_ms,
        Some(302_000)
    );
    game.play_san("e5").unwrap();
    assert!(game.set_last_clock(Some(299_500)));
    assert_eq!(game.plies()[1].clock_ms, Some(299_500));
    assert!(game.has_clocks());
    assert_eq!(game.time_control(), Some(TimeControl::new(300_000, 3000)));
    assert!(!Game::new().set_last_clock(Some(1)));
}

#[test]
fn an_illegal_move_leaves_the_game_unchanged() {
    let mut game = game_after(None, "e4");
    let before = game.clone();
    let knight_jump = game.move_for(0, sq("g1"), sq("f3"), None).unwrap();
    // A move of the past position is not legal now.
    assert_eq!(
        game.play(&knight_jump),
        Err(PlayError::Illegal {
            notation: "g1f3".to_owned()
        })
    );
    assert_eq!(game, before);
}

#[test]
fn games_from_fen() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let game = Game::from_fen(fen).unwrap();
    assert_eq!(game.fen(), fen);
    assert!(!game.is_standard_start());
    assert!(Game::from_fen("not a fen").is_err());
    assert!(Game::from_fen("").is_err());
    // Illegal positions are refused with a reason.
    let err = Game::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap_err();
    assert!(err.to_string().contains("missing king"), "{err}");
    let err = Game::from_fen("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1").unwrap_err();
    assert!(err.to_string().contains("castling"), "{err}");
    assert!(Game::from_fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
    // The side not to move may not be in check.
    assert!(Game::from_fen("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").is_ok());
    assert!(Game::from_fen("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1").is_err());
}

#[test]
fn outcome_display_is_the_description() {
    let outcome = Outcome::resignation(Color::White);
    assert_eq!(format!("{outcome}"), "White resigns — Black wins");
    assert!(!outcome.reason.is_automatic());
    assert!(Reason::FiftyMoveRule.is_automatic());
}
