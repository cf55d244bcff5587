//! tom7's weak players ([`gambit_engine::bots`]): each rule on positions that force its
//! choice, legal moves over many games, the same game under the same seed, and the UCI
//! `Bot` option.

use std::{
    collections::BTreeSet,
    io::Write,
    sync::{Arc, Mutex},
};

use gambit_engine::{
    bots::{self, Bot, generous, king_distance, worstfish},
    parse_fen,
    uci::Uci,
};
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

/// The position of a test FEN.
fn position(fen: &str) -> Chess {
    parse_fen(fen).expect("test FEN is legal")
}

/// `bot`'s move in `fen` under `seed`, in UCI notation.
fn uci_move(bot: Bot, fen: &str, seed: u64) -> String {
    let m = bots::choose(bot, &position(fen), seed).expect("a legal move");
    m.to_uci(CastlingMode::Standard).to_string()
}

/// The moves `bot` plays in `fen` over 32 seeds, in UCI notation.
fn moves_over_seeds(bot: Bot, fen: &str) -> BTreeSet<String> {
    (0..32).map(|seed| uci_move(bot, fen, seed)).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| (*m).to_owned()).collect()
}

fn after(pos: &Chess, m: Move) -> Chess {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

/// White mates at once with Ra8 (the back rank), checks nowhere else.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
/// Every white move captures: Nxa3 (a pawn), Nxc3 or bxc3 (the queen), Nxd2 (a rook),
/// axb3 (a bishop); none checks.
const ALL_CAPTURES: &str = "7k/8/8/8/8/pbq5/PP1r4/KN6 w - - 0 1";
/// White has two legal moves: g7+ (a check) and gxf7 (takes a knight).
const CHECK_OR_CAPTURE: &str = "1r5k/5n2/4b1P1/8/8/8/8/K7 w - - 0 1";
/// A knight far from both kings: Nb6 brings it nearest its own king, Nc7 nearest the
/// enemy's.
const LONE_KNIGHT: &str = "N6k/8/8/8/8/8/8/4K3 w - - 0 1";

#[test]
fn alphabetical_plays_the_first_san() {
    // Capitals sort first, B < K < N < O < Q < R: from the start only knights and pawns.
    assert_eq!(uci_move(Bot::Alphabetical, "startpos", 1), "b1a3");
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(uci_move(Bot::Alphabetical, after_e4, 1), "b8a6");
    // Bishops come before knights, and "Ba6" before "Bb5".
    let open = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    assert_eq!(uci_move(Bot::Alphabetical, open, 1), "f1a6");
    assert_eq!(moves_over_seeds(Bot::Alphabetical, open).len(), 1);
}

#[test]
fn pacifist_declines_the_mate_and_the_check() {
    let pos = position(BACK_RANK);
    for seed in 0..32 {
        let m = bots::choose(Bot::Pacifist, &pos, seed).expect("a move");
        let next = after(&pos, m);
        assert!(!next.is_checkmate() && !next.is_check(), "{m}");
        assert!(m.capture().is_none(), "{m}");
    }
}

#[test]
fn pacifist_takes_the_least_when_every_move_captures() {
    assert_eq!(
        moves_over_seeds(Bot::Pacifist, ALL_CAPTURES),
        set(&["b1a3"])
    );
}

#[test]
fn pacifist_prefers_a_capture_to_a_check() {
    // White's king is boxed in; the pawn either checks (g7+) or takes a knight (gxf7).
    assert_eq!(
        moves_over_seeds(Bot::Pacifist, CHECK_OR_CAPTURE),
        set(&["g6f7"])
    );
}

#[test]
fn generous_leaves_its_queen_en_prise() {
    // White: Ka1, Qd1; black: Kh8, Re8. Only Qe1, Qe2 and Qd8 put the queen (9) where
    // the rook takes it; every other move offers nothing.
    let fen = "4r2k/8/8/8/8/8/8/K2Q4 w - - 0 1";
    let pos = position(fen);
    let chosen = moves_over_seeds(Bot::Generous, fen);
    assert_eq!(
        chosen,
        set(&["d1d8", "d1e1", "d1e2"]),
        "ties broken by the seed"
    );
    for seed in 0..8 {
        let m = bots::choose(Bot::Generous, &pos, seed).expect("a move");
        assert_eq!(generous::material_on_offer(&after(&pos, m)), 9);
    }
}

#[test]
fn generous_counts_every_way_to_capture() {
    // 1.e4 d5: after 2.Qg4 black's bishop can take the queen and the pawn still takes
    // on e4: 9 + 1 on offer, and no move offers more.
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    let pos = position(fen);
    let m = bots::choose(Bot::Generous, &pos, 3).expect("a move");
    let offered = generous::material_on_offer(&after(&pos, m));
    let most = pos
        .legal_moves()
        .into_iter()
        .map(|m| generous::material_on_offer(&after(&pos, m)))
        .max();
    assert_eq!(Some(offered), most);
    assert!(offered >= 10, "offers {offered}");
}

#[test]
fn huddle_brings_a_piece_home_and_swarm_sends_it_out() {
    let pos = position(LONE_KNIGHT);
    assert_eq!(moves_over_seeds(Bot::Huddle, LONE_KNIGHT), set(&["a8b6"]));
    assert_eq!(moves_over_seeds(Bot::Swarm, LONE_KNIGHT), set(&["a8c7"]));
    let home = |p: &Chess| king_distance::distance_to_king(p, Color::White, Color::White);
    let enemy = |p: &Chess| king_distance::distance_to_king(p, Color::White, Color::Black);
    let huddled = after(&pos, bots::choose(Bot::Huddle, &pos, 0).expect("a move"));
    let swarmed = after(&pos, bots::choose(Bot::Swarm, &pos, 0).expect("a move"));
    assert!(home(&huddled) < home(&pos));
    assert!(enemy(&swarmed) < enemy(&pos));
}

#[test]
fn cccp_mates_checks_captures_then_pushes() {
    assert_eq!(moves_over_seeds(Bot::Cccp, BACK_RANK), set(&["a1a8"]));
    assert_eq!(
        moves_over_seeds(Bot::Cccp, CHECK_OR_CAPTURE),
        set(&["g6g7"])
    );
    // The queen is the biggest capture; two pieces can take it, the seed chooses.
    assert_eq!(
        moves_over_seeds(Bot::Cccp, ALL_CAPTURES),
        set(&["b1c3", "b2c3"])
    );
    // A check before the capture of a queen: Qxd4 is declined for a check, and of the
    // checks (Qe2+, Qa4+, Qh5+, Bb5+) the deepest, then the most central, Bb5+.
    assert_eq!(
        moves_over_seeds(Bot::Cccp, "4k3/8/8/8/3q4/8/8/3QKB2 w - - 0 1"),
        set(&["f1b5"])
    );
    // Nothing to mate, check or take: the deepest push, the centre first.
    assert_eq!(
        moves_over_seeds(Bot::Cccp, "startpos"),
        set(&["d2d4", "e2e4"])
    );
}

#[test]
fn min_oppt_moves_leaves_the_fewest_replies() {
    assert_eq!(
        moves_over_seeds(Bot::MinOpptMoves, BACK_RANK),
        set(&["a1a8"])
    );
    for fen in [
        "startpos",
        ALL_CAPTURES,
        LONE_KNIGHT,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    ] {
        let pos = position(fen);
        let m = bots::choose(Bot::MinOpptMoves, &pos, 9).expect("a move");
        let replies = after(&pos, m).legal_moves().len();
        let fewest = pos
            .legal_moves()
            .into_iter()
            .map(|m| after(&pos, m).legal_moves().len())
            .min();
        assert_eq!(Some(replies), fewest, "{fen}");
    }
}

#[test]
fn worstfish_lets_itself_be_mated() {
    // White's rook alone guards the back rank against Re1#: worstfish takes it away
    // (Rd2 … Rd7) or offers it on e1, each move allowing mate in one.
    let fen = "4r1k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    let pos = position(fen);
    for seed in 0..4 {
        let m = bots::choose(Bot::Worstfish, &pos, seed).expect("a move");
        let next = after(&pos, m);
        let mates = next
            .legal_moves()
            .into_iter()
            .any(|reply| after(&next, reply).is_checkmate());
        assert!(mates, "after {m} black has no mate in one");
    }
}

#[test]
fn worstfish_mates_only_when_it_must() {
    // The only legal move mates: it is played.
    let fen = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1";
    let pos = position(fen);
    let m = bots::choose(Bot::Worstfish, &pos, 1).expect("a move");
    assert!(
        !after(&pos, m).is_checkmate(),
        "{m} mates though other moves exist"
    );
}

#[test]
fn same_and_opposite_color_fill_their_squares() {
    assert_eq!(
        moves_over_seeds(Bot::SameColor, "startpos"),
        set(&["b2b3", "d2d3", "f2f3", "h2h3", "g1f3", "g1h3"])
    );
    assert_eq!(
        moves_over_seeds(Bot::OppositeColor, "startpos"),
        set(&["a2a3", "c2c3", "e2e3", "g2g3", "b1a3", "b1c3"])
    );
}

#[test]
fn random_move_spreads_over_the_moves() {
    assert!(moves_over_seeds(Bot::RandomMove, "startpos").len() > 12);
}

#[test]
fn names_round_trip() {
    for bot in Bot::ALL {
        assert_eq!(Bot::from_uci_name(bot.name()), Some(bot));
        assert!(!bot.display_name().is_empty());
        assert!(bot.description().ends_with('.'));
    }
    assert_eq!(Bot::from_uci_name("CCCP"), Some(Bot::Cccp));
    assert_eq!(Bot::from_uci_name("none"), None);
}

#[test]
fn no_move_only_when_the_game_is_over() {
    let mated = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    let stalemated = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    for bot in Bot::ALL {
        assert_eq!(bots::choose(bot, &position(mated), 1), None, "{bot}");
        assert_eq!(bots::choose(bot, &position(stalemated), 1), None, "{bot}");
    }
}

/// A game from the start: `white` against `black`, each through `choose`, until mate,
/// stalemate, insufficient material, the fifty-move rule or `max_plies`. Every move is
/// checked to be legal, and a bot says `None` only when the game is over.
fn play(
    mut choose: impl FnMut(Color, &Chess, u64) -> Option<Move>,
    seed: u64,
    max_plies: usize,
) -> Vec<Move> {
    let mut pos = Chess::default();
    let mut game = Vec::new();
    while game.len() < max_plies && !pos.is_insufficient_material() && pos.halfmoves() < 100 {
        match choose(pos.turn(), &pos, seed) {
            Some(m) => {
                assert!(pos.is_legal(m), "illegal {m} after {game:?}");
                pos.play_unchecked(m);
                game.push(m);
            }
            None => {
                assert!(pos.legal_moves().is_empty(), "no move after {game:?}");
                break;
            }
        }
    }
    game
}

#[test]
fn every_bot_plays_legal_moves_over_a_thousand_games() {
    // Each bot but worstfish (below, on a small budget) plays a thousand games against
    // random_move, taking each colour in turn.
    for bot in Bot::ALL.into_iter().filter(|b| *b != Bot::Worstfish) {
        for game in 0..1000_u64 {
            let bot_side = if game % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            play(
                |side, pos, seed| {
                    let mover = if side == bot_side {
                        bot
                    } else {
                        Bot::RandomMove
                    };
                    bots::choose(mover, pos, seed)
                },
                game,
                200,
            );
        }
    }
}

#[test]
fn worstfish_plays_legal_moves_on_a_small_budget() {
    for game in 0..10_u64 {
        play(
            |side, pos, seed| {
                if side == Color::White {
                    worstfish::choose_within(pos, seed, 2, 200)
                } else {
                    bots::choose(Bot::RandomMove, pos, seed)
                }
            },
            game,
            80,
        );
    }
}

#[test]
fn the_same_seed_replays_the_same_game() {
    for bot in Bot::ALL {
        let plies = if bot == Bot::Worstfish { 6 } else { 120 };
        let game = |seed| play(|_, pos, seed| bots::choose(bot, pos, seed), seed, plies);
        assert_eq!(game(11), game(11), "{bot}");
    }
    let random = |seed| {
        play(
            |_, pos, seed| bots::choose(Bot::RandomMove, pos, seed),
            seed,
            40,
        )
    };
    assert_ne!(random(11), random(12));
}

/// A writer whose lines the test reads afterwards.
#[derive(Debug, Clone, Default)]
struct Transcript(Arc<Mutex<Vec<u8>>>);

impl Write for Transcript {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .expect("not poisoned")
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs `script` through a [`Uci`] and returns every line it wrote.
fn conversation(script: &[&str]) -> Vec<String> {
    let transcript = Transcript::default();
    let mut uci = Uci::new(transcript.clone());
    for command in script {
        uci.handle(command);
    }
    uci.wait_for_search();
    let bytes = transcript.0.lock().expect("not poisoned");
    String::from_utf8_lossy(&bytes)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn uci_lists_the_bot_option() {
    let lines = conversation(&["uci"]);
    let option = lines
        .iter()
        .find(|l| l.starts_with("option name Bot "))
        .expect("a Bot option");
    let mut expected = "option name Bot type combo default none var none".to_owned();
    for bot in Bot::ALL {
        expected.push_str(" var ");
        expected.push_str(bot.name());
    }
    assert_eq!(option, &expected);
}

#[test]
fn uci_bot_answers_go_with_its_move() {
    let lines = conversation(&[
        "setoption name Bot value cccp",
        &format!("position fen {BACK_RANK}"),
        "go wtime 60000 btime 60000",
    ]);
    assert_eq!(lines, ["bestmove a1a8"]);
    // `none` gives the levels back: they search (info lines) before answering.
    let lines = conversation(&[
        "setoption name Bot value alphabetical",
        "go infinite",
        "setoption name Bot value none",
        "go depth 2",
    ]);
    assert_eq!(lines.first().map(String::as_str), Some("bestmove b1a3"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:?}"
    );
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove")));
}

#[test]
fn uci_bot_replays_under_a_fixed_seed() {
    let script = [
        "setoption name Seed value 77",
        "setoption name Bot value random_move",
        "position startpos",
        "go",
        "position startpos moves e2e4 e7e5",
        "go movetime 10",
        "ucinewgame",
        "position startpos",
        "go",
    ];
    let first = conversation(&script);
    assert_eq!(first.len(), 3, "{first:?}");
    assert_eq!(first[0], first[2], "a new game under the same seed replays");
    assert_eq!(conversation(&script), first);
}

#[test]
fn uci_random_moves_dilutes_the_engine_by_its_chance() {
    let lines = conversation(&["uci"]);
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Random Moves type spin default 0 min 0 max 100"),
        "{lines:?}"
    );
    // 100 %: every `go` is answered at once, without a search.
    let lines = conversation(&[
        "setoption name Random Moves value 100",
        "position startpos",
        "go depth 3",
    ]);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("bestmove "), "{lines:?}");
    // 0 %: the engine searches again.
    let lines = conversation(&[
        "setoption name Random Moves value 0",
        "position startpos",
        "go depth 2",
    ]);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 2")),
        "{lines:?}"
    );
    // Out of range: refused, and the engine keeps searching.
    let lines = conversation(&["setoption name Random Moves value 101", "go depth 1"]);
    assert!(
        lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 1")),
        "{lines:?}"
    );
}

#[test]
fn every_bot_reads_its_own_line_of_the_protocols_table() {
    assert_eq!(gambit_engine::protocol::BOTS.len(), Bot::ALL.len());
    for (bot, profile) in Bot::ALL.iter().zip(gambit_engine::protocol::BOTS) {
        assert_eq!(bot.name(), profile.name);
        assert_eq!(Bot::from_uci_name(profile.name), Some(*bot));
        assert_eq!(
            gambit_engine::protocol::bot_profile(&profile.name.to_uppercase()),
            Some(bot.profile())
        );
    }
}
