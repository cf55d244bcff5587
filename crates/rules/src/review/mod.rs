//! Game review: evaluations, win chances, move judgements, accuracy and PGN
//! with analysis, as lichess computes and writes them.
//!
//! The engine evaluates every position of a game ([`Eval`], from White's
//! side); this module turns those numbers into what a player reads: the
//! winning chances for the graph ([`winning_chances`]), a mark per move
//! ([`judge_move`], [`Judgement`]), an accuracy per move and per side
//! ([`move_accuracy`], [`game_accuracy`]), a per-side summary
//! ([`GameReview`], [`SideSummary`]), and PGN that carries the analysis
//! ([`Game::to_pgn_annotated`](crate::Game::to_pgn_annotated),
//! [`Game::from_pgn_annotated`](crate::Game::from_pgn_annotated)).
//!
//! The formulas follow lichess's open-source code (lichess-org/lila,
//! `modules/analyse`: `WinPercent`, `Advice`, `AccuracyPercent`); each item
//! says which part and where this module differs.

mod accuracy;
mod annotated_pgn;
mod eval;
mod judgement;
mod summary;
mod win_chance;

pub use accuracy::{game_accuracy, move_accuracy};
pub use annotated_pgn::{AnnotatedGame, MoveAnnotation};
pub use eval::{Eval, ParseEvalError};
pub use judgement::{Judgement, WON_CP, judge_move};
pub use summary::{GameReview, PlyReview, SideSummary};
pub use win_chance::{CP_CEILING, WINNING_CHANCES_MULTIPLIER, win_percent, winning_chances};
