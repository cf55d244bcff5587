//! The gloo-worker reactor: one engine for the worker's life, the page's messages
//! served by [`request_loop::run`] with `performance.now()`
//! as the clock and a turn of the browser's event loop after each step of a request.

use gambit_engine::{Engine, Event, Request};
use gloo_worker::reactor::{ReactorScope, reactor};

use crate::{clock::PerformanceClock, request_loop};

/// The engine reactor: one [`Engine`] (hash table, history) for the worker's life;
/// requests are served in order, a cancel stops the running one. The weaker levels'
/// random choices are seeded afresh for each worker, so the same moves of the player do
/// not always meet the same replies.
#[reactor]
pub async fn EngineReactor(scope: ReactorScope<Request, Event>) {
    let mut engine = Engine::new();
    engine.set_seed(random_seed());
    request_loop::run(&mut engine, scope, PerformanceClock::new, || {
        // Lets the event reach the page, and the page's newer messages the worker.
        gloo_timers::future::TimeoutFuture::new(0)
    })
    .await;
}

/// A random 64-bit seed from the browser's `Math.random` (two draws of 32 bits).
fn random_seed() -> u64 {
    let draw = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (draw() << 32) | draw()
}
