//! The server's chess clock (STUB: being replaced by the lag-compensated clock).
//!
//! Times are milliseconds; "now" is passed in by the caller (the game task's
//! monotonic milliseconds), so the arithmetic is testable.

use gambit_online_protocol::{ClockSnapshot, Side, TimeControlSpec};

/// Both clocks of a game, as the server keeps them.
#[derive(Debug, Clone, PartialEq)]
pub struct GameClock {
    control: TimeControlSpec,
    white_ms: u64,
    black_ms: u64,
    running: Option<Side>,
    since_ms: u64,
}

impl GameClock {
    /// Fresh clocks for `control`; none runs.
    pub fn new(control: TimeControlSpec) -> GameClock {
        GameClock {
            control,
            white_ms: control.initial_ms(),
            black_ms: control.initial_ms(),
            running: None,
            since_ms: 0,
        }
    }

    /// Clocks restored from storage: each side's time left and the side whose clock
    /// runs, which starts running again at `now_ms` (time the server was down is not
    /// charged).
    pub fn restore(
        control: TimeControlSpec,
        white_ms: u64,
        black_ms: u64,
        running: Option<Side>,
        now_ms: u64,
    ) -> GameClock {
        GameClock {
            control,
            white_ms,
            black_ms,
            running,
            since_ms: now_ms,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControlSpec {
        self.control
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running
    }

    /// Time left for `side` at `now_ms`.
    pub fn remaining(&self, side: Side, now_ms: u64) -> u64 {
        let stored = match side {
            Side::White => self.white_ms,
            Side::Black => self.black_ms,
        };
        if self.running == Some(side) {
            stored.saturating_sub(now_ms.saturating_sub(self.since_ms))
        } else {
            stored
        }
    }

    /// `mover` moved at `now_ms`, `lag_ms` being the network lag the server measured
    /// for that player. With `start_clock` (both sides have made their first move),
    /// the mover's clock stops, gaining the increment, and the opponent's runs; before
    /// that no clock runs. Returns the mover's time left, for the move record.
    pub fn press(&mut self, mover: Side, now_ms: u64, lag_ms: u64, start_clock: bool) -> u64 {
        let _ = lag_ms;
        let mut left = self.remaining(mover, now_ms);
        if self.running == Some(mover) {
            left += self.control.increment_ms();
        }
        self.set(mover, left);
        self.running = start_clock.then_some(mover.other());
        self.since_ms = now_ms;
        left
    }

    fn set(&mut self, side: Side, ms: u64) {
        match side {
            Side::White => self.white_ms = ms,
            Side::Black => self.black_ms = ms,
        }
    }

    /// The side whose flag has fallen at `now_ms`, if any.
    pub fn flagged(&self, now_ms: u64) -> Option<Side> {
        self.running
            .filter(|&side| self.remaining(side, now_ms) == 0)
    }

    /// When the running side's flag falls (in the caller's milliseconds), so that the
    /// game task can wake then; `None` while no clock runs.
    pub fn flag_deadline_ms(&self) -> Option<u64> {
        self.running
            .map(|side| self.since_ms + self.remaining(side, self.since_ms))
    }

    /// Stops the clocks at `now_ms` (the game ended).
    pub fn stop(&mut self, now_ms: u64) {
        if let Some(side) = self.running {
            let left = self.remaining(side, now_ms);
            self.set(side, left);
        }
        self.running = None;
    }

    /// After a takeback: `to_move`'s clock runs from `now_ms` (if clocks were running).
    pub fn resume_for(&mut self, to_move: Side, now_ms: u64) {
        if let Some(side) = self.running {
            let left = self.remaining(side, now_ms);
            self.set(side, left);
            self.running = Some(to_move);
            self.since_ms = now_ms;
        }
    }

    /// The clocks as sent to pages.
    pub fn snapshot(&self, now_ms: u64) -> ClockSnapshot {
        ClockSnapshot {
            white_ms: self.remaining(Side::White, now_ms),
            black_ms: self.remaining(Side::Black, now_ms),
            running: self.running,
        }
    }
}
