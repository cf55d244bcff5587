//! Who answers a move: the engine in a Web Worker (and, later, Stockfish over REST).

pub mod engine_worker;
pub mod worker_bridge;
