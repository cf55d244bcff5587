//! Time, as the search sees it.
//!
//! `std::time::Instant` panics on `wasm32-unknown-unknown`, so the engine never reads a
//! system clock itself: every search is handed a [`Clock`]. Natively that is
//! [`InstantClock`]; the app's Web Worker implements the trait with
//! `performance.now()`; tests use [`ManualClock`] to make time whatever they need.

use core::cell::Cell;

/// A monotonic source of elapsed time in milliseconds.
///
/// Only differences are used: the search reads the clock once when it starts and measures
/// its budget from there, so the origin can be anything (page load, clock creation …).
pub trait Clock {
    /// Milliseconds elapsed since some fixed origin; must never go backwards.
    fn elapsed_ms(&self) -> u64;
}

impl<T: Clock + ?Sized> Clock for &T {
    fn elapsed_ms(&self) -> u64 {
        (**self).elapsed_ms()
    }
}

/// The native clock: milliseconds since the clock was created.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy)]
pub struct InstantClock {
    start: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl InstantClock {
    /// A clock whose origin is now.
    #[must_use]
    pub fn new() -> Self {
        Self {
            start: std::time::Instant::now(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for InstantClock {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for InstantClock {
    fn elapsed_ms(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// A clock that only moves when told to (tests), or advances by a fixed step on every
/// reading (to simulate a search that takes time without spending it).
#[derive(Debug, Default)]
pub struct ManualClock {
    now: Cell<u64>,
    step: u64,
}

impl ManualClock {
    /// A clock standing at 0 ms that does not move by itself.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A clock standing at 0 ms that advances `step_ms` every time it is read.
    #[must_use]
    pub fn ticking(step_ms: u64) -> Self {
        Self {
            now: Cell::new(0),
            step: step_ms,
        }
    }

    /// Moves the clock forward.
    pub fn advance(&self, ms: u64) {
        self.now.set(self.now.get().saturating_add(ms));
    }
}

impl Clock for ManualClock {
    fn elapsed_ms(&self) -> u64 {
        let now = self.now.get();
        self.now.set(now.saturating_add(self.step));
        now
    }
}
