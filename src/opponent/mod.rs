//! Who answers a move: the engine in a Web Worker, or Stockfish over REST.

pub mod controller;
pub mod engine_client;
pub mod levels;
pub mod settings;
pub mod stockfish_rest;
pub mod worker_bridge;
