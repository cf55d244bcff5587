//! The `gambit-server` binary: reads the flags and runs the server.

fn main() {}
