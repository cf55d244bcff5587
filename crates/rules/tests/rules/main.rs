//! The rules' integration tests, one module a topic, in one binary (one build and one link
//! for them all).

mod castling;
mod common;
mod en_passant;
mod game;
mod outcomes;
mod perft;
mod pgn;
mod pgn_reading;
mod promotion;
mod properties;
mod record;
mod review;
mod san;
mod tree;
