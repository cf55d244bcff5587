//! The engine worker's messages: bytes decoded as the page sends them (postcard,
//! `gambit_protocol::codec::Postcard`) or as JSON
//! into `gambit_engine::Request`, then served: the first few events (a ping's pong, an
//! error, the first lines of a search, or the first positions of an analysis) never
//! panic, and an analysis reports the positions asked for, in their order.

#![no_main]

use std::cell::RefCell;

use gambit_engine::{Engine, Event, ManualClock, Request, serve};
use libfuzzer_sys::fuzz_target;

/// Events taken from each request: enough to validate it and search a few plies.
const EVENTS: usize = 3;
/// The most nodes an analysed position may search here: the clock does not move, so a
/// time budget would never end a search.
const ANALYSIS_NODES: u64 = 2_000;

thread_local! {
    /// One engine with a small table, cleared for every input (a fresh one would spend
    /// most of the run allocating its table).
    static ENGINE: RefCell<Engine> = RefCell::new(Engine::with_hash_mb(1));
}

fn answer(mut request: Request) {
    let mut asked = Vec::new();
    if let Request::Analyse { limits, plies, .. } = &mut request {
        limits.nodes = Some(
            limits
                .nodes
                .map_or(ANALYSIS_NODES, |n| n.min(ANALYSIS_NODES)),
        );
        asked = plies.clone();
    }
    ENGINE.with_borrow_mut(|engine| {
        engine.new_game();
        let events: Vec<Event> = serve(engine, request, ManualClock::new())
            .take(EVENTS)
            .collect();
        let reported: Vec<u16> = events
            .iter()
            .filter_map(|e| match e {
                Event::Analysed { ply, .. } => Some(*ply),
                _ => None,
            })
            .collect();
        assert!(
            reported.is_empty() || asked.starts_with(&reported),
            "asked {asked:?}, reported {reported:?}"
        );
    });
}

fuzz_target!(|bytes: &[u8]| {
    if let Ok(request) = postcard::from_bytes::<Request>(bytes) {
        answer(request);
    }
    if let Ok(request) = serde_json::from_slice::<Request>(bytes) {
        answer(request);
    }
});
