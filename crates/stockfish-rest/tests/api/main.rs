//! The REST server's integration tests against a server started in the test, one module
//! a topic, in one binary (one build and one link for them all).

mod api;
mod common;
mod engine_lifecycle;
mod fault_control;
mod limits;
