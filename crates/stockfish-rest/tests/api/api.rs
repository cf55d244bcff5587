//! The API against a real Stockfish (Debian's `/usr/games/stockfish`), over HTTP on an
//! ephemeral port: the answers' format, scores from White's side, bad input.

use crate::common::{START, ask, json, start};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess};

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("a FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("a legal position")
}

fn legal(fen: &str, bestmove: &str) -> bool {
    let mut words = bestmove.split_whitespace();
    assert_eq!(words.next(), Some("bestmove"));
    let uci: UciMove = words.next().expect("a move").parse().expect("UCI");
    uci.to_move(&position(fen)).is_ok()
}

#[tokio::test]
async fn answers_in_the_v2_format_with_a_legal_move() {
    let server = start(|_| {}).await;
    let (status, body) = ask(&server.base, START, "10").await;
    assert_eq!(status, 200, "{body}");
    let answer = json(&body);
    assert_eq!(answer["success"], true);
    assert!(answer["evaluation"].is_number(), "{body}");
    assert!(answer["mate"].is_null());
    assert!(legal(START, answer["bestmove"].as_str().expect("bestmove")));
    assert!(
        !answer["continuation"]
            .as_str()
            .expect("continuation")
            .is_empty()
    );
}

#[tokio::test]
async fn finds_mate_in_one_and_reports_it_from_whites_side() {
    let server = start(|_| {}).await;
    let white_mates = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let answer = json(&ask(&server.base, white_mates, "8").await.1);
    assert_eq!(answer["mate"], 1);
    assert_eq!(
        answer["bestmove"]
            .as_str()
            .map(|b| b.starts_with("bestmove a1a8")),
        Some(true)
    );
    let black_mates = "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1";
    let answer = json(&ask(&server.base, black_mates, "8").await.1);
    assert_eq!(answer["mate"], -1, "Black mating is negative for White");
}

#[tokio::test]
async fn bad_input_is_a_clear_failure_never_a_crash() {
    let server = start(|_| {}).await;
    for (fen, depth, reason) in [
        ("not a fen", "5", "invalid FEN"),
        ("K6K/8/8/8/8/8/8/k7 w - - 0 1", "5", "invalid position"),
        (
            "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1",
            "5",
            "game over: checkmate",
        ),
        (START, "0", "depth must be at least 1"),
        (START, "abc", "invalid depth"),
        ("", "5", "missing fen"),
    ] {
        let (status, body) = ask(&server.base, fen, depth).await;
        assert_eq!(status, 400, "{fen} {depth}: {body}");
        let answer = json(&body);
        assert_eq!(answer["success"], false);
        let data = answer["data"].as_str().expect("a reason");
        assert!(data.contains(reason), "{data:?} should contain {reason:?}");
    }
    // Still serving afterwards, and no Stockfish was started for the bad requests.
    assert_eq!(server.state.pool().started(), 0);
    assert_eq!(ask(&server.base, START, "3").await.0, 200);
    assert_eq!(server.state.pool().started(), 1);
}

#[tokio::test]
async fn an_unknown_route_is_a_json_404() {
    let server = start(|_| {}).await;
    let response = reqwest::get(format!("{}/nowhere", server.base))
        .await
        .expect("answered");
    assert_eq!(response.status().as_u16(), 404);
    let answer = json(&response.text().await.expect("a body"));
    assert_eq!(answer["success"], false);
}
