//! Property tests: random legal games survive PGN, FEN and the stored form;
//! the board queries describe exactly the legal moves; and arbitrary text
//! never makes FEN, PGN or record decoding (of games and game trees) panic.

use gambit_rules::{Game, GameRecord, GameTree, PgnTags, Role};
use proptest::prelude::*;

/// Plays a random legal game: each number picks among the legal moves, and
/// some plies get a clock reading (in tenths of a second, as PGN keeps them).
fn random_game(choices: &[(u16, Option<u32>)]) -> Game {
    let mut game = Game::new();
    for &(choice, clock) in choices {
        if game.is_over() {
            break;
        }
        let moves = game.position().legal_moves();
        let mv = moves[usize::from(choice) % moves.len()];
        game.play_with_clock(&mv, clock.map(|tenths| u64::from(tenths) * 100))
            .expect("legal move");
    }
    game
}

use gambit_rules::shakmaty::Position;

fn choices() -> impl Strategy<Value = Vec<(u16, Option<u32>)>> {
    prop::collection::vec((any::<u16>(), prop::option::of(0u32..100_000)), 0..160)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn pgn_round_trip_keeps_moves_and_final_position(choices in choices()) {
        let game = random_game(&choices);
        let pgn = game.to_pgn(&PgnTags::default());
        prop_assert!(pgn.lines().all(|line| line.chars().count() <= 80));
        let again = Game::from_pgn(&pgn).map_err(|err| TestCaseError::fail(format!("{err}\n{pgn}")))?;
        prop_assert_eq!(again.fen(), game.fen());
        prop_assert_eq!(again.san_moves().collect::<Vec<_>>(), game.san_moves().collect::<Vec<_>>());
        prop_assert_eq!(again.outcome(), game.outcome());
        prop_assert_eq!(again, game);
    }

    #[test]
    fn fen_export_then_import_is_the_identity(choices in choices()) {
        let game = random_game(&choices);
        for ply in 0..=game.len() {
            let fen = game.fen_at(ply);
            let again = Game::from_fen(&fen).expect("exported FEN imports");
            prop_assert_eq!(again.fen(), fen.clone());
            prop_assert_eq!(again.position(), game.position_at(ply));
        }
    }

    #[test]
    fn stored_form_round_trips(choices in choices()) {
        let mut game = random_game(&choices);
        if !game.is_over() && choices.len() % 3 == 0 {
            game.resign(game.turn()).expect("game in progress");
        }
        let json = game.encode();
        prop_assert_eq!(Game::decode(&json).expect("own record decodes"), game);
    }

    #[test]
    fn board_queries_are_exactly_the_legal_moves(choices in choices()) {
        let game = random_game(&choices);
        for ply in 0..=game.len() {
            let view = game.view(ply);
            let mut from_queries = Vec::new();
            for (from, targets) in view.legal_dests() {
                for to in targets {
                    if view.needs_promotion(from, to) {
                        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                            from_queries.extend(view.move_for(from, to, Some(role)));
                        }
                    } else {
                        from_queries.extend(view.move_for(from, to, None));
                    }
                }
            }
            from_queries.sort_by_key(|mv| format!("{mv:?}"));
            from_queries.dedup();
            let mut legal: Vec<_> = view.position().legal_moves().into_iter().collect();
            legal.sort_by_key(|mv| format!("{mv:?}"));
            prop_assert_eq!(from_queries, legal);
        }
    }

    #[test]
    fn takeback_restores_the_earlier_game(choices in choices(), back in 1usize..4) {
        let game = random_game(&choices);
        prop_assume!(game.len() >= back);
        let mut shorter = game.clone();
        shorter.takeback(back).expect("enough plies");
        let replayed = random_game(&choices[..game.len() - back]);
        prop_assert_eq!(shorter, replayed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = Game::from_fen(&text);
        let _ = Game::from_pgn(&text);
        let _ = Game::decode(&text);
        let _ = GameRecord::decode(&text);
        let _ = GameTree::from_pgn(&text);
        let _ = GameTree::decode(&text);
    }

    #[test]
    fn pgn_like_text_never_panics(text in "[-0-9a-hKQRBNOox=+#. {}()\\[\\]\"$!?*/%;\n]{0,300}") {
        let _ = Game::from_pgn(&text);
    }

    #[test]
    fn fen_like_text_never_panics(text in "[1-8pnbrqkPNBRQK/ wb\\-KQkqa-h0-9]{0,90}") {
        let _ = Game::from_fen(&text);
    }

    #[test]
    fn damaged_records_never_panic(cut in 0usize..400, insert in "[-0-9a-z\",:{}\\[\\] ]{0,8}") {
        let json = random_game(&[(1, Some(10)), (7, None), (3, Some(3))]).encode();
        let cut = cut.min(json.len());
        let damaged = format!("{}{insert}{}", &json[..cut], &json[cut..]);
        let _ = Game::decode(&damaged);
        let truncated = &json[..cut];
        let _ = Game::decode(truncated);
    }
}
