//! The game tree: side lines, promote and delete, the game at a node, the
//! stored form (and corrupt data refused), PGN with nested variations and
//! analysis out and in, and round trips.

use std::collections::{BTreeMap, HashMap};

use gambit_rules::{
    BoardShape, Color, Eval, Game, GameTree, MoveAnnotation, NodeId, Outcome, PgnError,
    PgnMoveError, PgnTags, PlayError, Reason, RecordError, ShapeColor, Square,
};
use proptest::prelude::*;

/// Plays SAN moves one after the other from `from`; returns the nodes reached.
fn line(tree: &mut GameTree, from: NodeId, sans: &str) -> Vec<NodeId> {
    let mut nodes = Vec::new();
    let mut at = from;
    for san in sans.split_whitespace() {
        at = match tree.play_san(at, san) {
            Ok(node) => node,
            Err(err) => panic!("cannot play {san} at {}: {err}", tree.fen(at)),
        };
        nodes.push(at);
    }
    nodes
}

/// The SAN of the moves along `nodes`, root excluded.
fn sans(tree: &GameTree, nodes: &[NodeId]) -> Vec<String> {
    nodes
        .iter()
        .filter_map(|&node| tree.ply(node).map(|ply| ply.san.clone()))
        .collect()
}

/// Annotations keyed by the UCI moves leading to their node, so that two
/// trees numbering their nodes differently can be compared.
fn by_path(
    tree: &GameTree,
    notes: &HashMap<NodeId, MoveAnnotation>,
) -> BTreeMap<Vec<String>, MoveAnnotation> {
    notes
        .iter()
        .map(|(&node, note)| {
            let path = tree
                .path(node)
                .iter()
                .filter_map(|&n| tree.ply(n).map(|ply| ply.uci.clone()))
                .collect();
            (path, note.clone())
        })
        .collect()
}

fn sample() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/analysed_game.pgn");
    std::fs::read_to_string(path).expect("the sample PGN is in tests/data")
}

// ----- playing ------------------------------------------------------------

#[test]
fn a_move_from_an_earlier_position_starts_a_side_line() {
    let mut tree = GameTree::new();
    let root = tree.root();
    let main = line(&mut tree, root, "e4 e5 Nf3 Nc6");
    let [e4, e5, nf3, nc6] = main[..] else {
        panic!("four moves")
    };
    let c5 = tree.play_san(e4, "c5").unwrap();

    assert_eq!(tree.children(e4), &[e5, c5]);
    assert_eq!(tree.main_line(), vec![root, e4, e5, nf3, nc6]);
    assert_eq!(
        tree.main_game().san_moves().collect::<Vec<_>>(),
        ["e4", "e5", "Nf3", "Nc6"]
    );
    assert!(tree.is_main_line(nc6));
    assert!(!tree.is_main_line(c5));
    assert_eq!(tree.parent(c5), Some(e4));
    assert_eq!(tree.depth(c5), 2);
    assert_eq!(tree.depth(root), 0);
    assert_eq!(tree.ply(c5).map(|ply| ply.uci.as_str()), Some("c7c5"));
    assert_eq!(tree.ply(root), None);
    assert_eq!(tree.path(c5), vec![root, e4, c5]);
    assert_eq!(
        tree.fen(c5),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(tree.node_count(), 6);

    // The side line goes on; the main line does not move.
    let nf3_in_side_line = tree.play_uci(c5, "g1f3").unwrap();
    assert_ne!(nf3_in_side_line, nf3);
    assert_eq!(tree.line_from(c5), vec![c5, nf3_in_side_line]);
    assert_eq!(tree.main_line(), vec![root, e4, e5, nf3, nc6]);
    assert_eq!(
        sans(&tree, &tree.path(nf3_in_side_line)),
        ["e4", "c5", "Nf3"]
    );
}

#[test]
fn the_same_move_twice_reuses_its_node() {
    let mut tree = GameTree::new();
    let root = tree.root();
    let e4 = tree.play_san(root, "e4").unwrap();
    let e5 = tree.play_san(e4, "e5").unwrap();
    assert_eq!(tree.play_uci(root, "e2e4"), Ok(e4));
    assert_eq!(tree.play_san(e4, "e5"), Ok(e5));
    let mv = tree.ply(e5).unwrap().mv;
    assert_eq!(tree.play(e4, &mv), Ok(e5));
    assert_eq!(tree.children(root), &[e4]);
    assert_eq!(tree.node_count(), 3);
}

#[test]
fn refused_moves_leave_the_tree_unchanged() {
    let mut tree = GameTree::new();
    let root = tree.root();
    let e4 = tree.play_san(root, "e4").unwrap();
    let before = tree.clone();
    assert_eq!(
        tree.play_san(e4, "e4"),
        Err(PlayError::Illegal {
            notation: "e4".to_owned()
        })
    );
    assert!(matches!(
        tree.play_uci(e4, "zz"),
        Err(PlayError::Parse { .. })
    ));
    assert!(matches!(
        tree.play_uci(e4, "e2e4"),
        Err(PlayError::Illegal { .. })
    ));
    let mut ambiguous = GameTree::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    let start = ambiguous.root();
    assert!(matches!(
        ambiguous.play_san(start, "Nd2"),
        Err(PlayError::Ambiguous { .. })
    ));
    assert_eq!(tree, before);
    assert_eq!(tree.node_count(), 2);
}

// ----- promote and delete --------------------------------------------------

#[test]
fn promote_makes_a_side_line_the_main_line_up_to_the_root() {
    let mut tree = GameTree::new();
    let root = tree.root();
    let main = line(&mut tree, root, "e4 e5 Nf3");
    let d4 = tree.play_san(root, "d4").unwrap();
    let c5_line = line(&mut tree, main[0], "c5 Nf3 d6");
    let nc3 = tree.play_san(c5_line[0], "Nc3").unwrap();

    tree.promote(nc3);
    assert_eq!(tree.main_line(), vec![root, main[0], c5_line[0], nc3]);
    assert!(tree.is_main_line(nc3));
    // At each fork the promoted child comes first; the others keep their order.
    assert_eq!(tree.children(root), &[main[0], d4]);
    assert_eq!(tree.children(main[0]), &[c5_line[0], main[1]]);
    assert_eq!(tree.children(c5_line[0]), &[nc3, c5_line[1]]);
    assert_eq!(
        tree.main_game().san_moves().collect::<Vec<_>>(),
        ["e4", "c5", "Nc3"]
    );

    tree.promote(d4);
    assert_eq!(tree.main_line(), vec![root, d4]);
    assert_eq!(tree.children(root), &[d4, main[0]]);
    // Promoting the root or a main-line node changes nothing.
    let before = tree.clone();
    tree.promote(root);
    tree.promote(d4);
    assert_eq!(tree.children(root), before.children(root));
}

#[test]
fn delete_removes_a_subtree_and_keeps_the_other_ids() {
    let mut tree = GameTree::new();
    let root = tree.root();
    let main = line(&mut tree, root, "e4 e5 Nf3 Nc6");
    let side = line(&mut tree, main[0], "c5 Nf3 d6");
    let after_side = tree.play_san(side[0], "c3").unwrap();
    assert_eq!(tree.node_count(), 9);

    tree.delete(side[0]);
    assert_eq!(tree.node_count(), 5);
    assert_eq!(tree.children(main[0]), &[main[1]]);
    for gone in [side[0], side[1], side[2], after_side] {
        assert!(!tree.contains(gone));
        // A removed id reads as the root, and cannot be played from.
        assert_eq!(tree.position(gone), tree.position(root));
        assert_eq!(tree.parent(gone), None);
        assert_eq!(tree.play_san(gone, "e4"), Err(PlayError::UnknownNode));
    }
    // The remaining nodes keep their ids and contents.
    assert_eq!(tree.main_line(), [vec![root], main.clone()].concat());
    assert_eq!(tree.ply(main[3]).map(|ply| ply.san.as_str()), Some("Nc6"));
    // A new node never reuses a removed id.
    let again = tree.play_san(main[0], "c5").unwrap();
    assert!(![side[0], side[1], side[2], after_side].contains(&again));

    // Deleting the main continuation makes the next child the main line.
    let d4 = tree.play_san(root, "d4").unwrap();
    tree.delete(main[0]);
    assert_eq!(tree.main_line(), vec![root, d4]);
    assert_eq!(tree.node_count(), 2);
    // The root cannot be deleted; deleting twice does nothing more.
    tree.delete(root);
    tree.delete(main[0]);
    assert_eq!(tree.node_count(), 2);
    assert_eq!(tree.nodes(), vec![root, d4]);
}

// ----- games from the tree ------------------------------------------------

#[test]
fn the_game_at_a_node_is_the_path_to_it_with_clocks() {
    let mut tree = GameTree::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 0 40").unwrap();
    let root = tree.root();
    let main = line(&mut tree, root, "Rb1 Kg8 Rb7 Kh8");
    assert!(tree.set_clock(main[0], Some(61_000)));
    assert!(!tree.set_clock(root, Some(1)));
    let mate = tree.play_san(main[1], "Rb8#").unwrap();

    let game = tree.game_at(mate);
    assert_eq!(game.san_moves().collect::<Vec<_>>(), ["Rb1", "Kg8", "Rb8#"]);
    assert_eq!(game.start_fen(), "7k/8/6K1/8/8/8/8/R7 w - - 0 40");
    assert_eq!(game.plies()[0].clock_ms, Some(61_000));
    assert_eq!(game.outcome(), Some(Outcome::checkmate(Color::White)));
    assert_eq!(tree.game_at(root), Game::from_fen(&tree.fen(root)).unwrap());
    assert_eq!(tree.main_game().san_moves().count(), 4);
    assert_eq!(tree.main_game().outcome(), None);
    // No move from a mate.
    assert!(matches!(
        tree.play_san(mate, "Kh7"),
        Err(PlayError::Illegal { .. })
    ));
}

#[test]
fn a_game_becomes_the_main_line_with_its_ending() {
    let mut game = Game::new();
    for san in ["d4", "d5", "c4"] {
        game.play_san(san).unwrap();
    }
    game.set_last_clock(Some(290_000));
    game.resign(Color::Black).unwrap();

    let mut tree = GameTree::from_game(&game);
    assert_eq!(tree.main_game(), game);
    let end = *tree.main_line().last().unwrap();
    assert_eq!(tree.ending(end), Some(Outcome::resignation(Color::Black)));
    // Play goes on from the resigned position in a side line... of its own.
    let e6 = tree.play_san(end, "e6").unwrap();
    assert_eq!(tree.game_at(e6).outcome(), None);
    assert_eq!(tree.main_game().len(), 4);
    // An automatic outcome is never stored as an ending.
    tree.set_ending(e6, Some(Outcome::checkmate(Color::White)));
    assert_eq!(tree.ending(e6), None);
}

// ----- the stored form ----------------------------------------------------

/// 1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3, with a clock and a resignation.
fn small_tree() -> GameTree {
    let mut tree = GameTree::new();
    let root = tree.root();
    let main = line(&mut tree, root, "e4 e5 Nf3");
    let side = line(&mut tree, main[0], "c5 Nf3");
    line(&mut tree, side[0], "c3");
    tree.set_clock(main[0], Some(299_500));
    tree.set_ending(main[2], Some(Outcome::resignation(Color::Black)));
    tree
}

#[test]
fn the_stored_form_is_flat_uci_and_round_trips() {
    let tree = small_tree();
    let json = serde_json::to_string(&tree).unwrap();
    assert_eq!(
        json,
        r#"{"version":1,"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":[{"uci":"e2e4","clock":299500},{"uci":"e7e5"},{"uci":"g1f3","end":{"by":"resignation","side":"black"}},{"uci":"c7c5","from":1},{"uci":"g1f3"},{"uci":"c2c3","from":4}]}"#
    );
    assert_eq!(tree.encode(), json);
    let again: GameTree = serde_json::from_str(&json).unwrap();
    assert_eq!(again, tree);
    assert_eq!(GameTree::decode(&json).unwrap(), tree);
    assert_eq!(again.main_game(), tree.main_game());

    let from_fen = GameTree::from_fen("4k3/8/8/8/8/8/8/4K2R b K - 3 31").unwrap();
    assert_eq!(
        from_fen.encode(),
        r#"{"version":1,"start_fen":"4k3/8/8/8/8/8/8/4K2R b K - 3 31"}"#
    );
    assert_eq!(GameTree::decode(&from_fen.encode()).unwrap(), from_fen);
}

#[test]
fn the_stored_form_keeps_the_order_of_side_lines() {
    let mut tree = small_tree();
    let root = tree.root();
    tree.play_san(root, "d4").unwrap();
    let c4 = tree.play_san(root, "c4").unwrap();
    tree.promote(c4);
    tree.delete(tree.children(root)[1]);
    let again = GameTree::decode(&tree.encode()).unwrap();
    assert_eq!(again, tree);
    // The order of `nodes()` carries a node across save and restore.
    let (before, after) = (tree.nodes(), again.nodes());
    assert_eq!(before.len(), after.len());
    for (&old, &new) in before.iter().zip(&after) {
        assert_eq!(again.ply(new), tree.ply(old));
        assert_eq!(again.depth(new), tree.depth(old));
    }
    let firsts: Vec<_> = again
        .children(again.root())
        .iter()
        .map(|&n| again.ply(n).unwrap().san.clone())
        .collect();
    assert_eq!(firsts, ["c4", "d4"]);
}

#[test]
fn corrupt_stored_trees_are_refused() {
    let start = r#""start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1""#;
    let cases = [
        format!(r#"{{"version":1,{start},"moves":[{{"uci":"e2e5"}}]}}"#),
        format!(r#"{{"version":1,{start},"moves":[{{"uci":"e2e4"}},{{"uci":"e7e5","from":2}}]}}"#),
        format!(r#"{{"version":1,{start},"moves":[{{"uci":"e2e4"}},{{"uci":"d7d5","from":9}}]}}"#),
        format!(r#"{{"version":1,{start},"moves":[{{"uci":"e2e4"}},{{"uci":"e2e4","from":0}}]}}"#),
        format!(r#"{{"version":1,{start},"moves":[{{"uci":"xyz"}}]}}"#),
        format!(r#"{{"version":1,{start},"moves":[{{"uci":"e2e4","colour":"red"}}]}}"#),
        format!(r#"{{"version":1,{start},"moves":[{{"uci":"e2e4","clock":-1}}]}}"#),
        format!(r#"{{"version":2,{start}}}"#),
        r#"{"version":1,"start_fen":"8/8/8/8/8/8/8/8 w - - 0 1"}"#.to_owned(),
        r#"{"version":1}"#.to_owned(),
        "[1, 2, 3]".to_owned(),
        "not json".to_owned(),
    ];
    for json in &cases {
        assert!(GameTree::decode(json).is_err(), "{json}");
        assert!(serde_json::from_str::<GameTree>(json).is_err(), "{json}");
    }
    assert!(matches!(
        GameTree::decode(&cases[0]),
        Err(RecordError::Move { index: 1, .. })
    ));
    assert!(matches!(
        GameTree::decode(&cases[2]),
        Err(RecordError::Move { index: 2, .. })
    ));
    assert!(matches!(
        GameTree::decode(&cases[7]),
        Err(RecordError::UnsupportedVersion { found: 2, .. })
    ));
    assert!(matches!(
        GameTree::decode(&cases[8]),
        Err(RecordError::Fen(_))
    ));
}

#[test]
fn every_truncated_stored_tree_is_refused() {
    let json = small_tree().encode();
    for cut in 0..json.len() {
        let Some(truncated) = json.get(..cut) else {
            continue;
        };
        assert!(GameTree::decode(truncated).is_err(), "{truncated}");
    }
}

// ----- PGN out --------------------------------------------------------------

#[test]
fn export_writes_nested_variations_with_move_numbers_and_analysis() {
    let tree = small_tree();
    let root = tree.root();
    let main = tree.main_line();
    let notes: HashMap<NodeId, MoveAnnotation> = HashMap::from([
        (
            root,
            MoveAnnotation {
                comment: Some("An open game.".to_owned()),
                ..MoveAnnotation::default()
            },
        ),
        (
            main[1],
            MoveAnnotation {
                eval: Some(Eval::Cp(31)),
                ..MoveAnnotation::default()
            },
        ),
        (
            main[3],
            MoveAnnotation {
                eval: Some(Eval::mate(-3)),
                nags: vec![2, 4, 6],
                comment: Some("A {bad} idea".to_owned()),
                shapes: vec![
                    BoardShape {
                        from: Square::F3,
                        to: Square::E5,
                        color: ShapeColor::Red,
                    },
                    BoardShape {
                        from: Square::E5,
                        to: Square::E5,
                        color: ShapeColor::Green,
                    },
                ],
            },
        ),
    ]);
    let tags = PgnTags {
        white: "Ann".to_owned(),
        black: "Bob".to_owned(),
        ..PgnTags::default()
    };
    let pgn = tree.to_pgn(&tags, &|node| notes.get(&node).cloned().unwrap_or_default());
    assert_eq!(
        pgn,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ann\"]\n\
         [Black \"Bob\"]\n[Result \"1-0\"]\n[Termination \"Normal\"]\n\n\
         { An open game. } 1. e4 { [%eval 0.31] [%clk 0:04:59.5] } 1... e5 (1... c5 2.\n\
         Nf3 (2. c3)) 2. Nf3 $2 $4 $6 { A (bad) idea }\n\
         { [%eval #-3] [%csl Ge5] [%cal Rf3e5] } 1-0\n"
    );
}

#[test]
fn export_from_a_position_numbers_black_first_and_after_variations() {
    let mut tree =
        GameTree::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
            .unwrap();
    let root = tree.root();
    let nc6 = tree.play_san(root, "Nc6").unwrap();
    let d6 = tree.play_san(root, "d6").unwrap();
    line(&mut tree, d6, "d4 exd4");
    let bb5 = tree.play_san(nc6, "Bb5").unwrap();
    line(&mut tree, bb5, "a6");
    tree.play_san(nc6, "Bc4").unwrap();
    let pgn = tree.to_pgn(&PgnTags::default(), &|_| MoveAnnotation::default());
    let movetext = pgn.split("\n\n").nth(1).unwrap();
    assert_eq!(
        movetext,
        "2... Nc6 (2... d6 3. d4 exd4) 3. Bb5 (3. Bc4) 3... a6 *\n"
    );
    assert!(pgn.contains(
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"]\n"
    ));
    assert!(!pgn.contains("Termination"));
}

#[test]
fn export_of_an_empty_tree_is_the_result_alone() {
    let pgn = GameTree::new().to_pgn(&PgnTags::default(), &|_| MoveAnnotation::default());
    assert_eq!(pgn, Game::new().to_pgn(&PgnTags::default()));
}

// ----- PGN in ---------------------------------------------------------------

#[test]
fn a_lichess_style_analysis_imports_with_its_variations() {
    let (tree, tags, notes) = GameTree::from_pgn(&sample()).unwrap();
    assert_eq!(tags.white, "carla");
    assert_eq!(tags.round, "3");
    assert!(tags.extra.contains(&("ECO".to_owned(), "C54".to_owned())));

    let main = tree.main_line();
    assert_eq!(main.len(), 36);
    assert_eq!(tree.node_count(), 58);
    let game = tree.main_game();
    assert_eq!(
        game.san_moves().skip(25).collect::<Vec<_>>(),
        [
            "O-O", "Nxh7", "Kxh7", "Qh5+", "Kg8", "Rh4", "f5", "Qh7+", "Kf7", "Rh6"
        ]
    );
    assert_eq!(game.outcome(), Some(Outcome::resignation(Color::Black)));
    assert_eq!(game.plies()[25].clock_ms, Some(210_000)); // 13... O-O
    assert_eq!(game.plies()[34].clock_ms, Some(269_000)); // 18. Rh6

    // 3... Nf6, with 4. d3 nested in it.
    let bc4 = main[5];
    let &[bc5, nf6] = tree.children(bc4) else {
        panic!("3... Bc5 and 3... Nf6")
    };
    assert_eq!(bc5, main[6]);
    assert_eq!(
        sans(&tree, &tree.line_from(nf6)),
        ["Nf6", "Ng5", "d5", "exd5", "Na5"]
    );
    let nested: Vec<_> = tree
        .children(nf6)
        .iter()
        .map(|&n| sans(&tree, &tree.line_from(n)))
        .collect();
    assert_eq!(
        nested,
        [vec!["Ng5", "d5", "exd5", "Na5"], vec!["d3", "Be7"]]
    );
    // 13... h6 with 14. Qh5 nested in it.
    let h6 = tree.children(main[25])[1];
    assert_eq!(
        sans(&tree, &tree.line_from(h6)),
        ["h6", "Qe2", "hxg5", "Re1", "Be6", "dxe6", "f6"]
    );
    let qh5 = tree.children(tree.children(h6)[0])[0];
    assert_eq!(tree.ply(tree.children(h6)[1]).unwrap().san, "Qh5");
    assert_eq!(tree.ply(qh5).unwrap().san, "hxg5");

    // The analysis, by node.
    assert_eq!(
        notes[&tree.root()].comment.as_deref(),
        Some("The Moller Attack: Black takes the centre pawn and walks into a trap.")
    );
    assert_eq!(notes[&main[1]].eval, Some(Eval::Cp(18)));
    let bf6 = &notes[&main[18]];
    assert_eq!(bf6.nags, [6]);
    assert_eq!(bf6.eval, Some(Eval::Cp(110)));
    assert_eq!(
        bf6.comment.as_deref(),
        Some("(0.30 → 1.10) Inaccuracy. Ne5 was best.")
    );
    assert_eq!(notes[&main[13]].nags, [5]); // 7. Nc3 $5
    assert_eq!(notes[&main[26]].nags, [4]); // 13... O-O??
    assert_eq!(notes[&main[27]].nags, [1]); // 14. Nxh7!
    assert_eq!(notes[&main[32]].eval, Some(Eval::mate(4)));
    assert_eq!(notes[&main[35]].comment.as_deref(), Some("Black resigns."));
    assert_eq!(notes[&nf6].comment.as_deref(), Some("The Two Knights."));
    // Moves of the variations carry no analysis here: no entry.
    assert!(!notes.contains_key(&tree.children(nf6)[1]));
}

#[test]
fn bad_variations_are_errors_and_odd_brackets_are_tolerated() {
    assert_eq!(
        GameTree::from_pgn("1. e4 e5 (1... Nf3) *").unwrap_err(),
        PgnError::Move {
            number: 1,
            color: Color::Black,
            san: "Nf3".to_owned(),
            kind: PgnMoveError::Illegal,
        }
    );
    assert!(matches!(
        GameTree::from_pgn("1. e4 (1. --) *"),
        Err(PgnError::Move {
            kind: PgnMoveError::Null,
            ..
        })
    ));
    // An unmatched `)` is ignored, an unclosed `(` ends with the game.
    let (tree, _, _) = GameTree::from_pgn("1. e4 ) e5 2. Nf3 (2. Nc3 Nf6 *").unwrap();
    assert_eq!(
        tree.main_game().san_moves().collect::<Vec<_>>(),
        ["e4", "e5", "Nf3"]
    );
    assert_eq!(tree.node_count(), 6);
    // A variation before any move is another first move.
    let (tree, _, _) = GameTree::from_pgn("(1. d4) 1. e4 *").unwrap();
    assert_eq!(sans(&tree, tree.children(tree.root())), ["d4", "e4"]);
    assert_eq!(GameTree::from_pgn(""), Err(PgnError::NoGame));
}

#[test]
fn deeply_nested_side_lines_export_and_import() {
    // 1. a3 (1. Nf3 a6 (1... Nf6 2. a3 (2. Ng1 a6 (2... Ng8 ...: every side
    // line has a side line of its own, 3000 deep.
    let mut tree = GameTree::new();
    let mut at = tree.root();
    let knights = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for level in 0..3000 {
        let pawn = if level % 2 == 0 { "a3" } else { "a6" };
        tree.play_san(at, pawn).unwrap();
        at = tree.play_san(at, knights[level % 4]).unwrap();
    }
    assert_eq!(tree.node_count(), 6001);
    let pgn = tree.to_pgn(&PgnTags::default(), &|_| MoveAnnotation::default());
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("1. a3 (1. Nf3 a6 (1... Nf6 2. a3 (2. Ng1 a6 (2... Ng8 3. a3"));
    assert!(flat.ends_with(&format!("{} *", ")".repeat(3000))));
    let (again, _, _) = GameTree::from_pgn(&pgn).unwrap();
    assert_eq!(again, tree);
    assert_eq!(GameTree::decode(&tree.encode()).unwrap(), tree);
}

// ----- round trips ----------------------------------------------------------

#[test]
fn the_sample_round_trips_with_its_analysis() {
    let (tree, tags, notes) = GameTree::from_pgn(&sample()).unwrap();
    let pgn = tree.to_pgn(&tags, &|node| notes.get(&node).cloned().unwrap_or_default());
    for line in pgn.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    let (again, tags_again, notes_again) = GameTree::from_pgn(&pgn).unwrap();
    assert_eq!(again, tree);
    assert_eq!(tags_again, tags);
    assert_eq!(by_path(&again, &notes_again), by_path(&tree, &notes));
    assert_eq!(
        again.to_pgn(&tags, &|node| notes_again
            .get(&node)
            .cloned()
            .unwrap_or_default()),
        pgn
    );
}

#[test]
fn an_annotated_tree_built_by_play_round_trips() {
    let mut tree = GameTree::new();
    let root = tree.root();
    let main = line(&mut tree, root, "e4 e5 Nf3 Nc6 Bb5");
    let sicilian = line(&mut tree, main[0], "c5 Nf3 d6");
    let french = line(&mut tree, main[0], "e6 d4");
    let petroff = line(&mut tree, main[2], "Nf6");
    line(&mut tree, sicilian[0], "Nc3");
    tree.set_clock(main[0], Some(180_000));
    tree.set_clock(french[1], Some(42_100));
    tree.delete(main[4]);
    tree.promote(petroff[0]);
    let notes: HashMap<NodeId, MoveAnnotation> = HashMap::from([
        (
            root,
            MoveAnnotation {
                eval: Some(Eval::Cp(15)),
                nags: vec![],
                comment: Some("From the start.".to_owned()),
                shapes: vec![BoardShape {
                    from: Square::D4,
                    to: Square::D4,
                    color: ShapeColor::Yellow,
                }],
            },
        ),
        (main[1], MoveAnnotation::judged(Some(Eval::Cp(-20)), None)),
        (
            sicilian[2],
            MoveAnnotation {
                eval: Some(Eval::mate(5)),
                nags: vec![3, 14],
                comment: Some("Najdorf next.".to_owned()),
                shapes: vec![BoardShape {
                    from: Square::B1,
                    to: Square::C3,
                    color: ShapeColor::Blue,
                }],
            },
        ),
        (
            petroff[0],
            MoveAnnotation::judged(Some(Eval::Cp(35)), Some(gambit_rules::Judgement::Mistake)),
        ),
    ]);
    let tags = PgnTags::default();
    let pgn = tree.to_pgn(&tags, &|node| notes.get(&node).cloned().unwrap_or_default());
    let (again, _, notes_again) = GameTree::from_pgn(&pgn).unwrap();
    assert_eq!(again, tree, "{pgn}");
    assert_eq!(
        by_path(&again, &notes_again),
        by_path(&tree, &notes),
        "{pgn}"
    );
    assert_eq!(
        again.main_game().san_moves().collect::<Vec<_>>(),
        ["e4", "e5", "Nf3", "Nf6"]
    );
    assert_eq!(
        again.game_at(again.main_line()[1]).plies()[0].clock_ms,
        Some(180_000)
    );
}

#[test]
fn a_declared_draw_survives_pgn() {
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    game.agree_draw().unwrap();
    let tree = GameTree::from_game(&game);
    let pgn = tree.to_pgn(&PgnTags::default(), &|_| MoveAnnotation::default());
    assert!(pgn.ends_with("1. e4 1/2-1/2\n"), "{pgn}");
    let (again, _, _) = GameTree::from_pgn(&pgn).unwrap();
    assert_eq!(again, tree);
    assert_eq!(
        again.main_game().outcome(),
        Some(Outcome::draw(Reason::Agreement))
    );
}

/// A random tree: each pair picks a node (among those so far) and one of its
/// legal moves; some moves get a clock (whole tenths, as PGN keeps them).
fn random_tree(steps: &[(u16, u16, Option<u32>)]) -> GameTree {
    use gambit_rules::Position;
    let mut tree = GameTree::new();
    for &(pick_node, pick_move, clock) in steps {
        let nodes = tree.nodes();
        let node = nodes[usize::from(pick_node) % nodes.len()];
        let moves = tree.position(node).legal_moves();
        if moves.is_empty() {
            continue;
        }
        let mv = moves[usize::from(pick_move) % moves.len()];
        let reached = tree.play(node, &mv).expect("a legal move");
        if let Some(tenths) = clock {
            tree.set_clock(reached, Some(u64::from(tenths) * 100));
        }
    }
    tree
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_trees_survive_pgn_and_the_stored_form(
        steps in prop::collection::vec((any::<u16>(), any::<u16>(), prop::option::of(0u32..100_000)), 0..120)
    ) {
        let tree = random_tree(&steps);
        let pgn = tree.to_pgn(&PgnTags::default(), &|_| MoveAnnotation::default());
        prop_assert!(pgn.lines().all(|line| line.chars().count() <= 80));
        let (again, _, _) = GameTree::from_pgn(&pgn)
            .map_err(|err| TestCaseError::fail(format!("{err}\n{pgn}")))?;
        prop_assert_eq!(&again, &tree);
        let restored = GameTree::decode(&tree.encode());
        prop_assert_eq!(restored, Ok(tree.clone()));
        prop_assert_eq!(tree.nodes().len(), tree.node_count());
    }

    #[test]
    fn pgn_like_text_never_panics_the_tree(text in "[-0-9a-hKQRBNOox=+#. {}()\\[\\]\"$!?*/%;\n]{0,300}") {
        if let Ok((tree, tags, notes)) = GameTree::from_pgn(&text) {
            let pgn = tree.to_pgn(&tags, &|node| notes.get(&node).cloned().unwrap_or_default());
            let again = GameTree::from_pgn(&pgn);
            let again = again.map(|(t, _, _)| t);
            prop_assert_eq!(again, Ok(tree), "{}", pgn);
        }
    }
}
