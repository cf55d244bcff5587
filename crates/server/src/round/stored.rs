//! A round as the database keeps it (one JSON value in the game's row, rewritten with
//! every event) and how it comes back after a restart.
//!
//! The clocks are stored as they stood when the last event was written. A restored
//! game's running clock starts again from that time when the game task loads it: the
//! time between the last event and the restart (the server being down included) is
//! not charged to anyone. The same holds for the first-move deadline, which starts
//! afresh. The lag quotas are stored as they are (a restart does not refill them);
//! a row written before they were stored gets fresh ones.

use gambit_online_protocol::{
    ClockSnapshot, GameResult, GameStatus, Player, Side, TimeControlSpec,
};
use gambit_rules::Game;
use serde::{Deserialize, Serialize};

use super::{Round, RoundTiming};
use crate::clock::GameClock;
use crate::token::TokenHash;

/// The stored state of a round (besides its id, version and seats, which have
/// columns of their own).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredRound {
    /// Where the game stands.
    pub status: GameStatus,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// The time control.
    pub time_control: Option<TimeControlSpec>,
    /// The moves in UCI.
    pub moves: Vec<String>,
    /// The mover's time left after each move.
    pub move_clocks: Vec<u64>,
    /// The clocks when the last event was written.
    pub clock: Option<ClockSnapshot>,
    /// The result.
    pub result: Option<GameResult>,
    /// The standing draw offer.
    pub draw_offer: Option<Side>,
    /// The standing takeback proposal.
    pub takeback_offer: Option<Side>,
    /// The standing rematch offer.
    pub rematch_offer: Option<Side>,
    /// The rematch's id.
    pub rematch: Option<String>,
    /// The id of the last move each seat played (white, black).
    pub last_move_ids: [Option<u32>; 2],
    /// Each side's lag quota (white, black), for a game with clocks.
    #[serde(default)]
    pub lag_quotas_ms: Option<[u64; 2]>,
    /// Wall-clock milliseconds of the creation.
    pub created_wall_ms: u64,
    /// Wall-clock milliseconds of the last event.
    pub last_event_wall_ms: u64,
}

impl Round {
    /// The state to store, with the clocks at `now_ms`.
    pub fn stored(&self, now_ms: u64) -> StoredRound {
        StoredRound {
            status: self.status,
            white: self.players[0].clone(),
            black: self.players[1].clone(),
            time_control: self.time_control,
            moves: self.game.uci_moves().map(str::to_owned).collect(),
            move_clocks: self.move_clocks.clone(),
            clock: self.clock_now(now_ms),
            result: self.result,
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
            rematch_offer: self.rematch_offer,
            rematch: self.rematch.clone(),
            last_move_ids: self.last_move_id,
            lag_quotas_ms: self.clock.as_ref().map(|clock| {
                [
                    clock.lag_quota_ms(Side::White),
                    clock.lag_quota_ms(Side::Black),
                ]
            }),
            created_wall_ms: self.created_wall_ms,
            last_event_wall_ms: self.last_event_wall_ms,
        }
    }

    /// A round read back from storage at `now_ms`, its running clock charged from
    /// `clocks_at_ms` (at most `now_ms`): the moment, on the caller's clock, at which the
    /// stored clocks stood. A single server passes `now_ms` (its own downtime is not
    /// charged); a node of several passes the moment of the last event, since the
    /// clocks kept running on the other nodes (see [`crate::registry`]).
    ///
    /// # Errors
    ///
    /// A stored move that is not legal (a damaged row), in words.
    pub fn restore(
        id: String,
        version: u64,
        seats: [Option<TokenHash>; 2],
        stored: StoredRound,
        now_ms: u64,
        clocks_at_ms: u64,
        timing: &RoundTiming,
    ) -> Result<Round, String> {
        let mut game = Game::new();
        for (index, uci) in stored.moves.iter().enumerate() {
            if game.is_over() {
                return Err(format!("game {id}: a move after the end, at ply {index}"));
            }
            game.play_uci(uci)
                .map_err(|error| format!("game {id}: stored move {uci:?}: {error}"))?;
            game.set_last_clock(stored.move_clocks.get(index).copied());
        }
        let clock = match (stored.time_control, stored.clock) {
            (Some(control), Some(snapshot)) => Some(GameClock::restore(
                control,
                snapshot.white_ms,
                snapshot.black_ms,
                snapshot.running,
                clocks_at_ms.min(now_ms),
            )),
            (Some(control), None) => Some(GameClock::new(control)),
            (None, _) => None,
        }
        .map(|clock| match stored.lag_quotas_ms {
            Some([white, black]) => clock.with_lag_quotas(white, black),
            None => clock,
        });
        let mut round = Round {
            id,
            version,
            status: stored.status,
            game,
            time_control: stored.time_control,
            clock,
            players: [stored.white, stored.black],
            seats,
            move_clocks: stored.move_clocks,
            result: stored.result,
            draw_offer: stored.draw_offer,
            takeback_offer: stored.takeback_offer,
            rematch_offer: stored.rematch_offer,
            rematch: stored.rematch,
            first_move_deadline_ms: None,
            last_move_id: stored.last_move_ids,
            created_wall_ms: stored.created_wall_ms,
            last_event_wall_ms: stored.last_event_wall_ms,
        };
        if round.status == GameStatus::Playing && round.game.len() < 2 {
            round.first_move_deadline_ms = Some(now_ms + timing.first_move_ms(round.speed()));
        }
        Ok(round)
    }
}
