//! The analysis board (`/analysis`): a tree of moves with side lines that the
//! player explores freely ([`store::TreeStore`]), kept in local storage
//! ([`persistence`], in the stored form of [`saved`]), opened with a game of another
//! page, a pasted PGN or FEN, or the start position ([`opening`]), its PGN with
//! variations and annotations ([`pgn`]), the engine's best lines of the viewed position
//! ([`live_engine::LiveEngine`]), the review of its main line ([`line_review`]), and its
//! keys ([`shortcuts`]); in [`view`](mod@view), its move
//! tree and the engine's lines.

pub mod line_review;
pub mod live_engine;
pub mod notation;
pub mod opening;
pub mod persistence;
pub mod pgn;
pub mod saved;
pub mod shortcuts;
pub mod store;
pub mod view;
