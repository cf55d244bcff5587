//! Perft against the repository's `data/perft.epd`, through the crate's API: positions
//! come from `Game::from_fen`; the board-query path (legal destinations and
//! `move_for`) and `Game::play`/`takeback` are checked against the same counts.
//!
//! EPD lines: `<FEN> ;D1 20 ;D2 400 ...`. Depth ≤ 4 runs normally; deeper
//! depths with `cargo test -p gambit-rules -- --ignored`.

use std::collections::HashSet;

use gambit_rules::{
    Game, Role,
    shakmaty::{Position, perft},
};

/// The reference counts: the repository's `data/perft.epd`.
fn epd() -> Vec<(String, Vec<(u32, u64)>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/perft.epd");
    let text = std::fs::read_to_string(path).expect("perft.epd readable");
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut fields = line.split(';');
            let fen = fields.next().expect("FEN field").trim().to_owned();
            let depths = fields
                .map(|field| {
                    let (depth, nodes) = field.trim().split_once(' ').expect("Dn count");
                    let depth = depth.trim_start_matches('D').parse().expect("depth");
                    (depth, nodes.trim().parse().expect("node count"))
                })
                .collect();
            (fen, depths)
        })
        .collect()
}

fn check_depths(filter: impl Fn(u32) -> bool) {
    let positions = epd();
    assert!(positions.len() >= 7, "perft.epd has its positions");
    for (fen, depths) in positions {
        let game = Game::from_fen(&fen).expect("perft FEN is legal");
        for &(depth, expected) in depths.iter().filter(|(depth, _)| filter(*depth)) {
            assert_eq!(
                perft(game.position(), depth),
                expected,
                "perft({depth}) of {fen}"
            );
        }
    }
}

#[test]
fn perft_epd_to_depth_4() {
    check_depths(|depth| depth <= 4);
}

#[test]
#[ignore = "deep perft: minutes in a debug build; run with --ignored"]
fn perft_epd_deep() {
    check_depths(|depth| depth > 4);
}

/// Counts leaf nodes by asking the board for its dots and mapping each
/// (from, to, promotion) back to a move, as the UI does, then playing it
/// through `Game::play` and taking it back.
fn ui_perft(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if game.is_over() {
        // Automatic ends (e.g. insufficient material) refuse further moves.
        return perft(game.position(), depth);
    }
    let ply = game.len();
    let view = game.view(ply);
    let mut moves = HashSet::new();
    for (from, targets) in view.legal_dests() {
        for to in targets {
            if view.needs_promotion(from, to) {
                assert_eq!(view.move_for(from, to, None), None);
                for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    moves.insert(view.move_for(from, to, Some(role)).expect("promotion"));
                }
            } else {
                moves.insert(view.move_for(from, to, None).expect("every dot is a move"));
            }
        }
    }
    assert_eq!(
        moves.len(),
        game.position().legal_moves().len(),
        "{}",
        game.fen()
    );
    let mut nodes = 0;
    for mv in moves {
        game.play(&mv).expect("legal move plays");
        nodes += ui_perft(game, depth - 1);
        game.takeback(1).expect("takeback");
    }
    nodes
}

#[test]
fn board_queries_and_play_agree_with_perft() {
    for (fen, depths) in epd() {
        let mut game = Game::from_fen(&fen).expect("perft FEN is legal");
        for &(depth, expected) in depths.iter().filter(|(depth, _)| *depth <= 3) {
            assert_eq!(
                ui_perft(&mut game, depth),
                expected,
                "ui perft({depth}) of {fen}"
            );
            assert_eq!(game.len(), 0);
        }
    }
}
