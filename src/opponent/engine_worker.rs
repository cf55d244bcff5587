//! The engine's side of the Web Worker: a gloo-worker reactor that answers
//! [`Request`]s with [`Event`]s. It runs inside the worker binary, never on the page.
//!
//! A search runs one iteration (one ply of depth) at a time; between iterations the
//! reactor posts a `Progress` event and yields to the worker's event loop, so progress
//! reaches the page while the engine thinks.

use futures::{SinkExt, StreamExt};
use gambit_engine::clock::Clock;
use gambit_engine::protocol::{Event, PROTOCOL_VERSION, Request};
use gambit_engine::{Engine, prepare};
use gloo_worker::reactor::{ReactorScope, reactor};
use wasm_bindgen::JsCast;

/// The engine reactor: one [`Engine`] (hash table, history) for the worker's life;
/// requests are served in order. The weaker levels' random choices are seeded afresh
/// for each worker, so the same moves of the player do not always meet the same replies.
#[reactor]
pub async fn EngineReactor(mut scope: ReactorScope<Request, Event>) {
    let mut engine = Engine::new();
    engine.set_seed(random_seed());
    while let Some(request) = scope.next().await {
        // Posting to the page cannot fail: the error type is `Infallible`.
        let Ok(()) = match request {
            Request::Ping => {
                scope
                    .send(Event::Pong {
                        version: PROTOCOL_VERSION.to_owned(),
                    })
                    .await
            }
            Request::Search {
                id,
                fen,
                moves,
                level,
                limits,
            } => {
                search(
                    &mut scope,
                    &mut engine,
                    id,
                    &fen,
                    &moves,
                    level,
                    limits.into(),
                )
                .await
            }
        };
    }
}

/// Serves one search request, posting progress between iterations.
async fn search(
    scope: &mut ReactorScope<Request, Event>,
    engine: &mut Engine,
    id: u64,
    fen: &str,
    moves: &[String],
    level: u8,
    limits: gambit_engine::limits::SearchLimits,
) -> Result<(), std::convert::Infallible> {
    let clock = PerformanceClock::new();
    let mut search = match prepare(engine, fen, moves, level, limits, &clock) {
        Ok(search) => search,
        Err(error) => {
            return scope
                .send(Event::Error {
                    id,
                    message: error.to_string(),
                })
                .await;
        }
    };
    while let Some(iteration) = search.next_iteration() {
        scope
            .send(Event::Progress {
                id,
                depth: iteration.depth,
                score: iteration.score,
                nodes: iteration.nodes,
                pv: iteration.pv_uci,
            })
            .await?;
        // Let the event reach the page before the next, longer iteration.
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
    let answer = match search.best_move() {
        Some(best) => Event::BestMove {
            id,
            uci: best.uci,
            score: best.score,
        },
        None => Event::Error {
            id,
            message: "the engine found no legal move".to_owned(),
        },
    };
    scope.send(answer).await
}

/// `performance.now()` of the worker, in whole milliseconds since the clock was made.
struct PerformanceClock {
    performance: Option<web_sys::Performance>,
    origin: f64,
}

impl PerformanceClock {
    fn new() -> PerformanceClock {
        let performance = js_sys::global()
            .dyn_into::<web_sys::WorkerGlobalScope>()
            .ok()
            .and_then(|scope| scope.performance())
            .or_else(|| web_sys::window().and_then(|window| window.performance()));
        let origin = performance.as_ref().map_or(0.0, |p| p.now());
        PerformanceClock {
            performance,
            origin,
        }
    }
}

impl Clock for PerformanceClock {
    fn elapsed_ms(&self) -> u64 {
        let now = match &self.performance {
            Some(performance) => performance.now(),
            // No high-resolution timer: fall back to the wall clock.
            None => js_sys::Date::now(),
        };
        let elapsed = (now - self.origin).max(0.0);
        // Non-negative; a cast from a huge float saturates, which is harmless here.
        elapsed as u64
    }
}

/// A random 64-bit seed from the browser's `Math.random` (two draws of 32 bits).
fn random_seed() -> u64 {
    let draw = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    (draw() << 32) | draw()
}
