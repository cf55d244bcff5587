//! The gloo-worker reactor: one engine for the worker's life, each request served by
//! `gambit_engine::serve`, and a turn of the event loop after each step of a search.

use futures::{SinkExt, StreamExt};
use gambit_engine::{Engine, Event, Request, serve};
use gloo_worker::reactor::{ReactorScope, reactor};

use crate::clock::PerformanceClock;

/// The engine reactor: one [`Engine`] (hash table, history) for the worker's life;
/// requests are served in order. The weaker levels' random choices are seeded afresh
/// for each worker, so the same moves of the player do not always meet the same replies.
#[reactor]
pub async fn EngineReactor(mut scope: ReactorScope<Request, Event>) {
    let mut engine = Engine::new();
    engine.set_seed(random_seed());
    while let Some(request) = scope.next().await {
        let clock = PerformanceClock::new();
        for event in serve(&mut engine, request, &clock) {
            let more_to_come = matches!(event, Event::Progress { .. });
            // Posting to the page cannot fail: the error type is `Infallible`.
            let Ok(()) = scope.send(event).await;
            if more_to_come {
                // Let the event reach the page before the next, longer iteration.
                gloo_timers::future::TimeoutFuture::new(0).await;
            }
        }
    }
}

/// A random 64-bit seed from the browser's `Math.random` (two draws of 32 bits).
fn random_seed() -> u64 {
    let draw = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (draw() << 32) | draw()
}
