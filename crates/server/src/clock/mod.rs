//! The server's chess clock, with lichess's lag compensation.
//!
//! Times are milliseconds; "now" is passed in by the caller (the game task's
//! monotonic milliseconds), so the arithmetic is testable.
//!
//! The rules, as on lichess (scalachess's `Clock`):
//!
//! - No clock runs until both sides have made their first move; until then nothing
//!   is charged.
//! - When a player moves, their clock is charged the time since it started running
//!   minus the lag forgiven by their [`LagTracker`] (see [`lag`]); if that is less
//!   than the time they had, they gain the increment, otherwise their flag has
//!   fallen and the move does not count ([`GameClock::move_in_time`]).
//! - A running clock shows its time counting down to zero, but its flag falls only
//!   once it is past zero by the player's flag grace, `min(quota, 2 s)`.
//! - A takeback gives no time back: the clocks keep what they have.

pub mod lag;

pub use lag::LagTracker;

use gambit_online_protocol::{ClockSnapshot, Side, TimeControlSpec};

/// Both clocks of a game, as the server keeps them.
#[derive(Debug, Clone, PartialEq)]
pub struct GameClock {
    control: TimeControlSpec,
    white_ms: u64,
    black_ms: u64,
    running: Option<Side>,
    since_ms: u64,
    white_lag: LagTracker,
    black_lag: LagTracker,
    /// A side that moved when its time was already used up (see `press`).
    fallen: Option<Side>,
}

impl GameClock {
    /// Fresh clocks for `control`; none runs.
    pub fn new(control: TimeControlSpec) -> GameClock {
        GameClock::restore(control, control.initial_ms(), control.initial_ms(), None, 0)
    }

    /// Clocks restored from storage: each side's time left and the side whose clock
    /// runs, which starts running again at `now_ms` (time the server was down is not
    /// charged). The lag quotas start afresh; [`GameClock::with_lag_quotas`] restores
    /// stored ones.
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
            white_lag: LagTracker::new(control),
            black_lag: LagTracker::new(control),
            fallen: None,
        }
    }

    /// The same clocks with the lag quotas read back from storage (see
    /// [`GameClock::lag_quota_ms`]).
    pub fn with_lag_quotas(mut self, white_quota_ms: u64, black_quota_ms: u64) -> GameClock {
        self.white_lag = LagTracker::with_quota(self.control, white_quota_ms);
        self.black_lag = LagTracker::with_quota(self.control, black_quota_ms);
        self
    }

    /// The time control.
    pub fn control(&self) -> TimeControlSpec {
        self.control
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Side> {
        self.running
    }

    /// Time left for `side` at `now_ms`, as shown: never below zero, without the
    /// flag grace.
    pub fn remaining(&self, side: Side, now_ms: u64) -> u64 {
        self.stored(side).saturating_sub(self.pending(side, now_ms))
    }

    /// `side`'s lag tracker.
    pub fn lag_tracker(&self, side: Side) -> &LagTracker {
        match side {
            Side::White => &self.white_lag,
            Side::Black => &self.black_lag,
        }
    }

    /// `side`'s lag quota, to store with the clocks.
    pub fn lag_quota_ms(&self, side: Side) -> u64 {
        self.lag_tracker(side).quota_ms()
    }

    /// Caps `side`'s lag quota gain from its next move on at `frame_lag_ms` + 0.14 s
    /// (see [`LagTracker::set_frame_lag`]); optional, lichess does it before each
    /// move when it knows the player's frame lag.
    pub fn set_frame_lag(&mut self, side: Side, frame_lag_ms: u64) {
        self.lag_tracker_mut(side).set_frame_lag(frame_lag_ms);
    }

    /// Whether a move by `mover` at `now_ms`, with `lag_ms` of measured lag, is in
    /// time: the time charged for it (elapsed minus the lag forgiven) is less than
    /// the time the mover had. lichess refuses a move that is not, and the game ends
    /// on time. Always true while the mover's clock does not run.
    pub fn move_in_time(&self, mover: Side, now_ms: u64, lag_ms: u64) -> bool {
        if self.running != Some(mover) {
            return true;
        }
        let forgiven = self.lag_tracker(mover).compensation_for(lag_ms);
        self.pending(mover, now_ms).saturating_sub(forgiven) < self.stored(mover)
    }

    /// `mover` moved at `now_ms`, `lag_ms` being the network lag the server measured
    /// for that player. With `start_clock` (both sides have made their first move),
    /// the mover's clock stops, gaining the increment, and the opponent's runs; before
    /// that no clock runs. Returns the mover's time left, for the move record.
    ///
    /// If the mover's clock was running, it is charged the elapsed time minus the lag
    /// its tracker forgives (which updates the quota), and the increment is added.
    /// If that charge uses up all their time ([`GameClock::move_in_time`] is false),
    /// no increment is added, their time becomes 0, every clock stops and
    /// [`GameClock::flagged`] names them: callers should check `move_in_time` first
    /// and end the game on time instead of playing the move.
    pub fn press(&mut self, mover: Side, now_ms: u64, lag_ms: u64, start_clock: bool) -> u64 {
        let mut left = self.stored(mover);
        if self.running == Some(mover) {
            let elapsed = self.pending(mover, now_ms);
            let forgiven = self.lag_tracker_mut(mover).on_move(lag_ms);
            let charged = elapsed.saturating_sub(forgiven);
            if charged >= left {
                self.set(mover, 0);
                self.running = None;
                self.since_ms = now_ms;
                self.fallen = Some(mover);
                return 0;
            }
            left = (left - charged).saturating_add(self.control.increment_ms());
        }
        self.set(mover, left);
        self.running = start_clock.then_some(mover.other());
        self.since_ms = now_ms;
        left
    }

    /// The side whose flag has fallen at `now_ms`, if any: the running side once its
    /// time is used up by more than its flag grace (at once if it had no time left
    /// when its clock started), or a side whose move came too late
    /// ([`GameClock::press`]).
    pub fn flagged(&self, now_ms: u64) -> Option<Side> {
        self.fallen.or_else(|| {
            self.running.filter(|&side| {
                let grace = self.lag_tracker(side).flag_grace_ms();
                self.pending(side, now_ms).saturating_sub(grace) >= self.stored(side)
            })
        })
    }

    /// When the running side's flag falls (in the caller's milliseconds), so that the
    /// game task can wake then: when its clock has run its time plus its flag grace.
    /// `None` while no clock runs.
    pub fn flag_deadline_ms(&self) -> Option<u64> {
        self.running.map(|side| {
            let stored = self.stored(side);
            if stored == 0 {
                self.since_ms
            } else {
                let grace = self.lag_tracker(side).flag_grace_ms();
                self.since_ms.saturating_add(stored).saturating_add(grace)
            }
        })
    }

    /// Stops the clocks at `now_ms` (the game ended).
    pub fn stop(&mut self, now_ms: u64) {
        if let Some(side) = self.running {
            let left = self.remaining(side, now_ms);
            self.set(side, left);
        }
        self.running = None;
    }

    /// After a takeback: `to_move`'s clock runs from `now_ms` (if clocks were
    /// running). The side whose clock ran is charged its time so far (without lag
    /// compensation: no move arrived); no increment is taken back.
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

    /// `side`'s time as of the last press (not counting the running period).
    fn stored(&self, side: Side) -> u64 {
        match side {
            Side::White => self.white_ms,
            Side::Black => self.black_ms,
        }
    }

    /// How long `side`'s clock has run since the last press, at `now_ms`: 0 unless it
    /// is the running side.
    fn pending(&self, side: Side, now_ms: u64) -> u64 {
        if self.running == Some(side) {
            now_ms.saturating_sub(self.since_ms)
        } else {
            0
        }
    }

    fn set(&mut self, side: Side, ms: u64) {
        match side {
            Side::White => self.white_ms = ms,
            Side::Black => self.black_ms = ms,
        }
    }

    fn lag_tracker_mut(&mut self, side: Side) -> &mut LagTracker {
        match side {
            Side::White => &mut self.white_lag,
            Side::Black => &mut self.black_lag,
        }
    }
}

#[cfg(test)]
mod tests;
