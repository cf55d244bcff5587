//! gambit-rules: what a chess *game* is, on top of the [`shakmaty`] rules library.
//!
//! `shakmaty` generates moves and knows FEN, SAN and UCI; this crate adds the
//! *game*: the start position, every ply played (with its SAN, UCI,
//! captured piece and clock), the outcome and its reason, takebacks, board
//! queries at any ply for the user interface, material counts, PGN import and
//! export, and a versioned JSON record for storage and worker messages; and
//! the *game tree* of the analysis board, a game with side lines, with PGN
//! variations.
//!
//! ```
//! use gambit_rules::{Game, Reason};
//!
//! let mut game = Game::new();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san)?;
//! }
//! let outcome = game.outcome().expect("the game is over");
//! assert_eq!(outcome.reason, Reason::Checkmate);
//! assert_eq!(outcome.describe(), "Checkmate — Black wins");
//! assert_eq!(game.result_str(), "0-1");
//! # Ok::<_, gambit_rules::PlayError>(())
//! ```
//!
//! Plies are numbered `0..=len`: ply 0 is the start position and ply `k` the
//! position after `k` half-moves. Every query taking a ply is a *view*: it never
//! changes the game.
//!
//! # Map
//!
//! - [`Game`]: [`Game::new`], [`Game::from_fen`]; [`Game::play`],
//!   [`Game::play_uci`], [`Game::play_san`], [`Game::play_with_clock`];
//!   [`Game::resign`], [`Game::agree_draw`], [`Game::flag`];
//!   [`Game::takeback`]; [`Game::plies`] ([`Ply`]), [`Game::outcome`]
//!   ([`Outcome`], [`Reason`]).
//! - The board at a ply: [`Game::view`] ([`BoardView`]) or the shortcuts
//!   [`Game::legal_targets`], [`Game::move_for`], [`Game::needs_promotion`],
//!   [`Game::side_to_move`], [`Game::checked_king`], [`Game::last_move`],
//!   [`Game::piece_at`].
//! - Material: [`Game::captured_at`], [`Game::material_diff_at`].
//! - Text: [`Game::fen`], [`Game::fen_at`], [`Game::to_pgn`] ([`PgnTags`]),
//!   [`Game::from_pgn`]; storage: [`Game::encode`], [`Game::decode`]
//!   ([`GameRecord`]).
//! - Game review: [`Eval`] (an engine's evaluation, from White's side),
//!   [`winning_chances`], [`judge_move`] ([`Judgement`]), [`move_accuracy`],
//!   [`game_accuracy`], [`GameReview`] ([`PlyReview`], [`SideSummary`]);
//!   PGN with analysis: [`Game::to_pgn_annotated`],
//!   [`Game::from_pgn_annotated`] ([`AnnotatedGame`], [`MoveAnnotation`]);
//!   circles and arrows in comments: [`BoardShape`], [`shapes_in_comment`],
//!   [`shape_commands`].
//! - A game with side lines: [`GameTree`] ([`NodeId`]): [`GameTree::play`],
//!   [`GameTree::play_uci`], [`GameTree::play_san`] from any node (a new move
//!   from an earlier position starts a side line), [`GameTree::children`]
//!   (first = main continuation), [`GameTree::main_line`],
//!   [`GameTree::promote`], [`GameTree::delete`], [`GameTree::game_at`] (the
//!   path to a node as a [`Game`]); PGN with nested variations and analysis:
//!   [`GameTree::to_pgn`], [`GameTree::from_pgn`]; storage: serde, or
//!   [`GameTree::encode`], [`GameTree::decode`] ([`TreeRecord`]).
//! - Errors, one per domain: [`FenError`], [`PlayError`], [`PgnError`],
//!   [`RecordError`].
#![warn(missing_docs)]

mod error;
mod fen;
mod game;
mod material;
mod outcome;
mod pgn_export;
mod pgn_import;
mod pgn_reading;
mod ply;
mod query;
mod record;
mod review;
mod shapes;
mod time_control;
mod tree;

pub use shakmaty;

pub use error::{FenError, PgnError, PgnMoveError, PlayError, RecordError};
pub use fen::{STARTING_FEN, fen_of, parse_fen};
pub use game::Game;
pub use material::role_value;
pub use outcome::{Outcome, Reason};
pub use pgn_export::PgnTags;
pub use pgn_reading::{PgnReading, PgnToken};
pub use ply::Ply;
pub use query::BoardView;
pub use record::{GameRecord, RecordEnd, RecordSide};
pub use review::{
    AnnotatedGame, CP_CEILING, Eval, GameReview, Judgement, MoveAnnotation, ParseEvalError,
    PlyReview, SideSummary, WINNING_CHANCES_MULTIPLIER, WON_CP, game_accuracy, judge_move,
    move_accuracy, win_percent, winning_chances,
};
pub use shapes::{BoardShape, ShapeColor, shape_commands, shapes_in_comment};
pub use time_control::{ParseTimeControlError, TimeControl, format_clock, parse_clock};
pub use tree::{GameTree, NodeId, TreeImport, TreeMoveRecord, TreeRecord};

// The types every caller needs, so `use gambit_rules::{Color, Square, ...}` works
// without naming `shakmaty` (it is the same type either way).
pub use shakmaty::{ByColor, Chess, Color, Move, Piece, Position, Role, Square};
