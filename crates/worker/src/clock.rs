//! The worker's [`Clock`]: `performance.now()`, or the wall clock without it.

use gambit_engine::Clock;
use wasm_bindgen::JsCast;

/// `performance.now()` of the worker, in whole milliseconds since the clock was made.
pub struct PerformanceClock {
    performance: Option<web_sys::Performance>,
    origin: f64,
}

impl PerformanceClock {
    /// A clock reading zero now.
    pub fn new() -> PerformanceClock {
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
