//! `gambit-engine`: the UCI front end of the engine.

fn main() {}
