//! The engine worker's messages: bytes decoded as gloo-worker does (bincode) or as JSON
//! into `gambit_engine::Request`, then served: the first few events (a ping's pong, an
//! error, or the first iterations of a search) never panic.

#![no_main]

use std::cell::RefCell;

use gambit_engine::{Engine, ManualClock, Request, serve};
use libfuzzer_sys::fuzz_target;

/// Events taken from each request: enough to validate it and search a few plies.
const EVENTS: usize = 3;

thread_local! {
    /// One engine with a small table, cleared for every input (a fresh one would spend
    /// most of the run allocating its table).
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::with_hash_mb(1));
}

fn answer(request: Request) {
    ENGINE.with_borrow_mut(|engine| {
        engine.new_game();
        serve(engine, request, ManualClock::new())
            .take(EVENTS)
            .for_each(drop);
    });
}

fuzz_target!(|bytes: &[u8]| {
    if let Ok(request) = bincode::deserialize::<Request>(bytes) {
        answer(request);
    }
    if let Ok(request) = serde_json::from_slice::<Request>(bytes) {
        answer(request);
    }
});
