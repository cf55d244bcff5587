//! Test-only fault injection: the ways a REST service can go wrong, on demand, so the
//! app's error handling is tested against a real server.

use std::sync::atomic::{AtomicU8, Ordering};

use clap::ValueEnum;

/// What the server does instead of (or before) answering honestly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FaultMode {
    /// Answer honestly.
    None,
    /// Wait `--fault-delay-ms` before answering (past a client's timeout).
    Slow,
    /// Answer HTTP 500.
    Http500,
    /// Answer 200 with a body that is not JSON.
    BadJson,
    /// Answer `{"success": false, "data": "injected failure"}`.
    Failure,
    /// Answer success with a `bestmove` that is not legal in the position.
    IllegalMove,
}

const MODES: [FaultMode; 6] = [
    FaultMode::None,
    FaultMode::Slow,
    FaultMode::Http500,
    FaultMode::BadJson,
    FaultMode::Failure,
    FaultMode::IllegalMove,
];

impl FaultMode {
    /// The mode named as on the command line (`none`, `slow`, `http500`, `bad-json`,
    /// `failure`, `illegal-move`).
    pub fn from_name(name: &str) -> Option<FaultMode> {
        FaultMode::from_str(name, true).ok()
    }

    fn index(self) -> u8 {
        // MODES lists every variant, so the position exists; six fits in u8.
        MODES.iter().position(|&m| m == self).unwrap_or(0) as u8
    }
}

/// The current fault mode, shared by the handlers.
#[derive(Debug)]
pub struct FaultSwitch(AtomicU8);

impl FaultSwitch {
    /// A switch set to `mode`.
    pub fn new(mode: FaultMode) -> FaultSwitch {
        FaultSwitch(AtomicU8::new(mode.index()))
    }

    /// The current mode.
    pub fn get(&self) -> FaultMode {
        MODES
            .get(usize::from(self.0.load(Ordering::Relaxed)))
            .copied()
            .unwrap_or(FaultMode::None)
    }

    /// Switches to `mode`.
    pub fn set(&self, mode: FaultMode) {
        self.0.store(mode.index(), Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_the_switch_keeps_the_mode() {
        let switch = FaultSwitch::new(FaultMode::None);
        for mode in MODES {
            let name = mode.to_possible_value().map(|v| v.get_name().to_owned());
            assert_eq!(name.as_deref().and_then(FaultMode::from_name), Some(mode));
            switch.set(mode);
            assert_eq!(switch.get(), mode);
        }
        assert_eq!(FaultMode::from_name("bad-json"), Some(FaultMode::BadJson));
        assert_eq!(FaultMode::from_name("nonsense"), None);
    }
}
