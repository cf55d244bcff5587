//! The engine's integration tests, one module a topic, in one binary (one build and one
//! link for them all).

mod bots;
mod module_graph;
mod multipv;
mod perft;
mod search;
mod serve;
mod uci;
