//! The game server's integration tests with real sockets against a server started in the
//! test, one module a topic, in one binary (one build and one link for them all).

mod common;
mod failover;
mod game_flow;
mod hardening;
mod limits;
mod nodes;
mod postgres;
