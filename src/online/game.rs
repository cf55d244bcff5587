//! An online game as this page knows it: the server's game (the confirmed moves, event
//! version, clocks, offers, players, presence) plus the one move of this page that the
//! server has not confirmed yet. Plain data and functions, no browser: the page feeds it
//! every server message ([`OnlineGame::on_message`]) and the player's moves
//! ([`OnlineGame::play`]), and does the [`Step`]s it answers.
//!
//! The server is the authority: a move of this page is shown at once but stays
//! *pending* until the server's event for it arrives. An event that does not follow
//! (a version gap, a move that is not legal here) means this page is out of step: it
//! reconnects asking for what it missed, or for the whole game. A pending move the server
//! refuses, or that the game has moved past, is taken back with a notice saying why.

use gambit_online_protocol::{
    ClientMessage, ClockSnapshot, EndReason, GameEvent, GameResult, GameSnapshot, GameStatus,
    PROTOCOL_VERSION, Player, RefusalCode, Seat, ServerMessage, Side, TimeControlSpec,
};
use gambit_rules::shakmaty::{Color, Position};
use gambit_rules::{Game, TimeControl};

use crate::game::clock::Clocks;

/// What the page must do after a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Send this to the server.
    Send(ClientMessage),
    /// This page is out of step: reconnect; the next `Hello` asks from the version the
    /// game now has (0: the whole game).
    Resync,
    /// Tell the player this.
    Notice(String),
    /// The rematch is the game with this id: go there.
    Rematch(String),
    /// The server will not go on with this page (its words): stop reconnecting.
    Fatal(String),
}

/// How long a move the server could not store (`server_trouble`) waits before it goes
/// again, in milliseconds.
pub const SERVER_TROUBLE_RETRY_MS: f64 = 1_000.0;

/// This page's move that the server has not confirmed yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingMove {
    /// Its id in `Move` (a resend carries the same).
    pub id: u32,
    /// The move, in UCI.
    pub uci: String,
    /// The game's length when it was made.
    pub ply: u32,
    /// Whether it went out on the current connection.
    pub sent: bool,
}

/// Whether a player has a page connected, and when their opponent may claim the game.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Presence {
    /// Connected (as the server last said; until it says, assumed so).
    pub present: bool,
    /// While away: when (wall-clock ms) the opponent may claim the game.
    pub claim_at: Option<f64>,
}

/// The online game.
#[derive(Debug, Clone, PartialEq)]
pub struct OnlineGame {
    /// The game's id.
    pub id: String,
    /// The seat the server granted this connection (`None` before the first `Welcome`).
    pub seat: Option<Seat>,
    /// The version of the last event applied.
    pub version: u64,
    /// Where the game stands.
    pub status: GameStatus,
    /// White's player.
    pub white: Player,
    /// Black's player.
    pub black: Player,
    /// The time control, when the game has clocks.
    pub time_control: Option<TimeControlSpec>,
    /// The moves the server has confirmed, with their clocks and result.
    confirmed: Game,
    /// How the game ended, once it has.
    pub result: Option<GameResult>,
    /// The clocks as last received, and when (wall-clock ms).
    pub clock: Option<(ClockSnapshot, f64)>,
    /// The deadline (wall-clock ms) of the side to move's first move, while it applies.
    pub first_move_deadline: Option<f64>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// The side whose takeback proposal stands.
    pub takeback_offer: Option<Side>,
    /// The side whose rematch offer stands.
    pub rematch_offer: Option<Side>,
    /// The rematch's game id, once agreed.
    pub rematch: Option<String>,
    /// This page's unconfirmed move.
    pub pending: Option<PendingMove>,
    /// White's and Black's presence.
    presence: [Presence; 2],
    /// Pages watching.
    pub spectators: u32,
    /// After a `Welcome`: the version the replayed events reach; the pending move goes
    /// once the game has it.
    replay_to: Option<u64>,
    /// When the pending move the server could not store goes again.
    retry_at: Option<f64>,
    /// The next move id.
    next_id: u32,
}

/// The rules' colour of a side.
pub fn color_of(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// The protocol's side of a colour.
pub fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The rules' time control of the protocol's.
pub fn control_of(spec: TimeControlSpec) -> TimeControl {
    TimeControl::new(spec.initial_ms(), spec.increment_ms())
}

impl OnlineGame {
    /// A game this page has seen nothing of yet; move ids start at `first_id` (random, so
    /// two tabs of one player do not reuse each other's).
    pub fn new(id: &str, first_id: u32) -> OnlineGame {
        OnlineGame {
            id: id.to_owned(),
            seat: None,
            version: 0,
            status: GameStatus::Waiting,
            white: Player::default(),
            black: Player::default(),
            time_control: None,
            confirmed: Game::new(),
            result: None,
            clock: None,
            first_move_deadline: None,
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            pending: None,
            presence: [Presence {
                present: true,
                claim_at: None,
            }; 2],
            spectators: 0,
            replay_to: None,
            retry_at: None,
            next_id: first_id,
        }
    }

    /// The `Hello` that opens a connection: the token, and the version this page has.
    pub fn hello(&self, token: Option<String>) -> ClientMessage {
        ClientMessage::Hello {
            protocol: PROTOCOL_VERSION.to_owned(),
            token,
            since: self.version,
        }
    }

    /// The side this page plays, if it plays.
    pub fn my_side(&self) -> Option<Side> {
        self.seat.and_then(Seat::side)
    }

    /// A player of the game.
    pub fn player(&self, side: Side) -> &Player {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    fn player_mut(&mut self, side: Side) -> &mut Player {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }

    /// A player's presence.
    pub fn presence(&self, side: Side) -> Presence {
        self.presence[side as usize]
    }

    /// The game as the server has confirmed it.
    pub fn confirmed(&self) -> &Game {
        &self.confirmed
    }

    /// The game to show: the confirmed one with the pending move on top.
    pub fn shown_game(&self) -> Game {
        let mut game = self.confirmed.clone();
        if let Some(pending) = &self.pending
            && pending.ply as usize == game.len()
        {
            // A pending move that does not follow is dropped when the next message
            // arrives; meanwhile it is simply not shown.
            let _ = game.play_uci(&pending.uci);
        }
        game
    }

    /// The clocks to show, counting down from when the snapshot arrived.
    pub fn clocks(&self) -> Option<Clocks> {
        let (clock, at) = self.clock?;
        let control = control_of(self.time_control?);
        let running = if self.status == GameStatus::Playing && self.result.is_none() {
            clock.running.map(color_of)
        } else {
            None
        };
        Some(Clocks {
            control,
            white_ms: clock.white_ms,
            black_ms: clock.black_ms,
            running,
            since: at,
        })
    }

    /// Whether the game is still on (waiting or playing, no result).
    pub fn is_on(&self) -> bool {
        matches!(self.status, GameStatus::Waiting | GameStatus::Playing) && self.result.is_none()
    }

    /// Whether the side to move in the shown game is this page's, in a game being played.
    pub fn is_my_turn(&self) -> bool {
        let Some(side) = self.my_side() else {
            return false;
        };
        self.status == GameStatus::Playing
            && self.result.is_none()
            && self.pending.is_none()
            && self.confirmed.outcome().is_none()
            && self.confirmed.turn() == color_of(side)
    }

    /// Whether the game may still be called off: before both sides have moved.
    pub fn can_abort(&self) -> bool {
        self.my_side().is_some() && self.is_on() && self.confirmed.len() < 2
    }

    /// The player (this page) plays `uci`: kept as pending and, when `connected`, the
    /// `Move` to send. `None` when the move cannot be made now (not this page's turn,
    /// not legal).
    pub fn play(&mut self, uci: &str, connected: bool) -> Option<ClientMessage> {
        if !self.is_my_turn() {
            return None;
        }
        let mut trial = self.confirmed.clone();
        trial.play_uci(uci).ok()?;
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1);
        let ply = u32::try_from(self.confirmed.len()).unwrap_or(u32::MAX);
        self.pending = Some(PendingMove {
            id,
            uci: uci.to_owned(),
            ply,
            sent: connected,
        });
        connected.then(|| ClientMessage::Move {
            id,
            uci: uci.to_owned(),
            ply,
        })
    }

    /// At `now` (wall-clock ms): the pending move that the server could not store, sent
    /// again once [`SERVER_TROUBLE_RETRY_MS`] have passed (if this page is connected and
    /// the move still follows; otherwise the next `Welcome` sends it).
    pub fn retry_due(&mut self, now: f64) -> Vec<Step> {
        let mut steps = Vec::new();
        if self.retry_is_due(now) {
            self.retry_at = None;
            if let Some(pending) = &mut self.pending
                && !pending.sent
            {
                pending.sent = true;
                steps.push(Step::Send(ClientMessage::Move {
                    id: pending.id,
                    uci: pending.uci.clone(),
                    ply: pending.ply,
                }));
            }
        }
        steps
    }

    /// Whether [`OnlineGame::retry_due`] has something to do at `now`.
    pub fn retry_is_due(&self, now: f64) -> bool {
        self.retry_at.is_some_and(|at| now >= at) && self.replay_to.is_none()
    }

    /// The connection is gone: the pending move goes again after the next `Welcome`.
    pub fn disconnected(&mut self) {
        if let Some(pending) = &mut self.pending {
            pending.sent = false;
        }
        self.replay_to = None;
    }

    /// Applies a message from the server received at `now` (wall-clock ms); what the
    /// page must do next.
    pub fn on_message(&mut self, message: ServerMessage, now: f64) -> Vec<Step> {
        let mut steps = Vec::new();
        match message {
            ServerMessage::Welcome {
                seat,
                version,
                snapshot,
                clock,
            } => {
                self.seat = Some(seat);
                match snapshot {
                    Some(snapshot) => {
                        if let Err(reason) = self.adopt(snapshot, now) {
                            steps.push(Step::Fatal(format!(
                                "The server's game could not be read here: {reason}."
                            )));
                            return steps;
                        }
                    }
                    None if version < self.version => {
                        // The server has less than this page: start again from nothing.
                        self.version = 0;
                        steps.push(Step::Resync);
                        return steps;
                    }
                    None => {}
                }
                if let Some(clock) = clock {
                    self.clock = Some((clock, now));
                }
                self.replay_to = Some(version);
                self.flush_pending(&mut steps);
            }
            ServerMessage::Event { v, event } => {
                if v <= self.version {
                    return steps;
                }
                if v != self.version + 1 {
                    steps.push(Step::Resync);
                    return steps;
                }
                if let Err(reason) = self.apply(event, now, &mut steps) {
                    // A move that does not follow: ask for the whole game.
                    self.version = 0;
                    steps.push(Step::Notice(format!(
                        "This page was out of step with the game ({reason}); it is \
                         reloading it."
                    )));
                    steps.push(Step::Resync);
                    return steps;
                }
                self.version = v;
                self.flush_pending(&mut steps);
            }
            ServerMessage::Ack { id } => {
                if let Some(pending) = &self.pending
                    && pending.id == id
                    && self.confirmed.len() > pending.ply as usize
                {
                    self.pending = None;
                }
            }
            ServerMessage::Refused { id, code, reason } => {
                let ours = self
                    .pending
                    .as_ref()
                    .is_some_and(|pending| Some(pending.id) == id);
                if ours && code == RefusalCode::ServerTrouble {
                    // Not stored, not lost: the same move (same id) goes again.
                    if let Some(pending) = &mut self.pending {
                        pending.sent = false;
                    }
                    self.retry_at = Some(now + SERVER_TROUBLE_RETRY_MS);
                    steps.push(Step::Notice(
                        "The server is in trouble: your move is kept and sent again.".to_owned(),
                    ));
                } else if ours {
                    self.take_back_pending(&reason, &mut steps);
                } else if code != RefusalCode::PositionMoved {
                    steps.push(Step::Notice(reason));
                }
                if code == RefusalCode::PositionMoved {
                    steps.push(Step::Resync);
                }
            }
            ServerMessage::Presence {
                side,
                present,
                claim_in_ms,
            } => {
                self.presence[side as usize] = Presence {
                    present,
                    claim_at: if present {
                        None
                    } else {
                        claim_in_ms.map(|ms| now + ms as f64)
                    },
                };
            }
            ServerMessage::Spectators { count } => self.spectators = count,
            ServerMessage::Pong { .. } => {}
            ServerMessage::Error { reason } => steps.push(Step::Fatal(reason)),
        }
        steps
    }

    /// Sends the pending move once the replay after a `Welcome` is complete, or takes
    /// it back when the game has moved past it.
    fn flush_pending(&mut self, steps: &mut Vec<Step>) {
        let Some(replay_to) = self.replay_to else {
            return;
        };
        if self.version < replay_to {
            return;
        }
        self.replay_to = None;
        let Some(pending) = self.pending.clone() else {
            return;
        };
        if pending.sent {
            return;
        }
        let mut trial = self.confirmed.clone();
        let follows = pending.ply as usize == self.confirmed.len()
            && self.is_my_turn_ignoring_pending()
            && trial.play_uci(&pending.uci).is_ok();
        if follows {
            if let Some(pending) = &mut self.pending {
                pending.sent = true;
            }
            steps.push(Step::Send(ClientMessage::Move {
                id: pending.id,
                uci: pending.uci,
                ply: pending.ply,
            }));
        } else {
            self.take_back_pending("the game moved on while this page was not connected", steps);
        }
    }

    fn is_my_turn_ignoring_pending(&self) -> bool {
        match self.my_side() {
            Some(side) => {
                self.status == GameStatus::Playing
                    && self.result.is_none()
                    && self.confirmed.outcome().is_none()
                    && self.confirmed.turn() == color_of(side)
            }
            None => false,
        }
    }

    /// Removes the pending move with a notice saying why.
    fn take_back_pending(&mut self, why: &str, steps: &mut Vec<Step>) {
        if let Some(pending) = self.pending.take() {
            steps.push(Step::Notice(format!(
                "Your move {} was taken back: {why}.",
                pending.uci
            )));
        }
    }

    /// Applies one event that follows; why not, when its move does not follow.
    fn apply(&mut self, event: GameEvent, now: f64, steps: &mut Vec<Step>) -> Result<(), String> {
        match event {
            GameEvent::Joined { side, name } => {
                *self.player_mut(side) = Player { joined: true, name };
                if self.white.joined && self.black.joined && self.status == GameStatus::Waiting {
                    self.status = GameStatus::Playing;
                }
            }
            GameEvent::Moved {
                uci,
                clock,
                move_clock,
                first_move_ms,
                ..
            } => {
                let ply = self.confirmed.len();
                self.confirmed
                    .play_uci(&uci)
                    .map_err(|error| format!("move {uci}: {error}"))?;
                self.confirmed.set_last_clock(move_clock);
                if let Some(clock) = clock {
                    self.clock = Some((clock, now));
                }
                self.first_move_deadline = first_move_ms.map(|ms| now + ms as f64);
                if let Some(pending) = &self.pending
                    && pending.ply as usize == ply
                {
                    if pending.uci == uci {
                        self.pending = None;
                    } else {
                        self.take_back_pending("another move was played first", steps);
                    }
                }
            }
            GameEvent::DrawOffered { by } => self.draw_offer = Some(by),
            GameEvent::DrawDeclined => self.draw_offer = None,
            GameEvent::TakebackProposed { by } => self.takeback_offer = Some(by),
            GameEvent::TakebackDeclined => self.takeback_offer = None,
            GameEvent::TakenBack { plies, clock } => {
                self.confirmed
                    .takeback(plies as usize)
                    .map_err(|error| format!("takeback: {error}"))?;
                self.takeback_offer = None;
                if let Some(clock) = clock {
                    self.clock = Some((clock, now));
                }
                if self.pending.is_some() {
                    self.take_back_pending("moves were taken back", steps);
                }
            }
            GameEvent::Ended { result, clock } => {
                self.end(result, clock.or(self.clock.map(|(clock, _)| clock)));
                if let Some(clock) = clock {
                    self.clock = Some((clock, now));
                }
                if self.pending.is_some() {
                    self.take_back_pending("the game is over", steps);
                }
            }
            GameEvent::RematchOffered { by } => self.rematch_offer = Some(by),
            GameEvent::RematchDeclined => self.rematch_offer = None,
            GameEvent::RematchCreated { game_id } => {
                self.rematch = Some(game_id.clone());
                self.rematch_offer = None;
                steps.push(Step::Rematch(game_id));
            }
        }
        Ok(())
    }

    /// The game ended with `result`.
    fn end(&mut self, result: GameResult, clock: Option<ClockSnapshot>) {
        self.result = Some(result);
        self.status = match result.reason {
            EndReason::Aborted | EndReason::NoStart => GameStatus::Aborted,
            _ => GameStatus::Finished,
        };
        self.draw_offer = None;
        self.takeback_offer = None;
        self.first_move_deadline = None;
        end_game(&mut self.confirmed, result, clock);
    }

    /// Takes the whole game from a snapshot.
    fn adopt(&mut self, snapshot: GameSnapshot, now: f64) -> Result<(), String> {
        let mut game = Game::new();
        game.set_time_control(snapshot.time_control.map(control_of));
        for (index, uci) in snapshot.moves.iter().enumerate() {
            game.play_uci(uci)
                .map_err(|error| format!("move {}: {error}", index + 1))?;
            game.set_last_clock(snapshot.move_clocks.get(index).copied());
        }
        let old_len = self.confirmed.len();
        self.confirmed = game;
        self.version = snapshot.version;
        self.status = snapshot.status;
        self.white = snapshot.white;
        self.black = snapshot.black;
        self.time_control = snapshot.time_control;
        self.clock = snapshot.clock.map(|clock| (clock, now));
        self.draw_offer = snapshot.draw_offer;
        self.takeback_offer = snapshot.takeback_offer;
        self.rematch_offer = snapshot.rematch_offer;
        self.rematch = snapshot.rematch;
        self.first_move_deadline = snapshot.first_move_ms.map(|ms| now + ms as f64);
        self.result = None;
        if let Some(result) = snapshot.result {
            self.end(result, snapshot.clock);
        }
        // A pending move already confirmed (its event was missed) is done.
        if let Some(pending) = &self.pending
            && (pending.ply as usize) < self.confirmed.len()
            && old_len <= pending.ply as usize
            && self
                .confirmed
                .plies()
                .get(pending.ply as usize)
                .map(|p| p.uci.as_str())
                == Some(pending.uci.as_str())
        {
            self.pending = None;
        }
        Ok(())
    }
}

/// Records `result` in the rules' game, so its status, PGN and review read it. Endings
/// the rules find by themselves (mate, stalemate…) are already there; a game called
/// off has no result.
fn end_game(game: &mut Game, result: GameResult, clock: Option<ClockSnapshot>) {
    if game.outcome().is_some() {
        return;
    }
    let winner = result.winner.map(color_of);
    let _ = match result.reason {
        EndReason::Resignation => match winner {
            Some(winner) => game.resign(winner.other()),
            None => return,
        },
        EndReason::Agreement => game.agree_draw(),
        EndReason::Timeout | EndReason::TimeoutVsInsufficientMaterial => {
            let flagged = match winner {
                Some(winner) => winner.other(),
                None => clock
                    .and_then(|clock| {
                        [Side::White, Side::Black]
                            .into_iter()
                            .find(|&side| clock.of(side) == 0)
                    })
                    .map_or_else(|| game.position().turn(), color_of),
            };
            game.flag(flagged)
        }
        EndReason::Abandonment => game.claim_abandoned(winner),
        EndReason::Checkmate
        | EndReason::Stalemate
        | EndReason::InsufficientMaterial
        | EndReason::ThreefoldRepetition
        | EndReason::FiftyMoveRule
        | EndReason::Aborted
        | EndReason::NoStart => return,
    };
}

/// The result in words ("White wins by resignation", "Game aborted").
pub fn describe_result(result: GameResult) -> String {
    let reason = match result.reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::InsufficientMaterial => "insufficient material",
        EndReason::ThreefoldRepetition => "threefold repetition",
        EndReason::FiftyMoveRule => "the fifty-move rule",
        EndReason::Resignation => "resignation",
        EndReason::Agreement => "agreement",
        EndReason::Timeout => "time",
        EndReason::TimeoutVsInsufficientMaterial => "time against insufficient material",
        EndReason::Abandonment => "abandonment",
        EndReason::Aborted => return "Game aborted".to_owned(),
        EndReason::NoStart => return "Game aborted: no first move in time".to_owned(),
    };
    match result.winner {
        Some(Side::White) => format!("White wins by {reason}"),
        Some(Side::Black) => format!("Black wins by {reason}"),
        None => format!("Draw by {reason}"),
    }
}

#[cfg(test)]
mod tests {
    use gambit_online_protocol::GameSnapshot;

    use super::*;

    fn tc() -> TimeControlSpec {
        TimeControlSpec {
            initial_s: 300,
            increment_s: 3,
        }
    }

    fn clock(white_ms: u64, black_ms: u64, running: Option<Side>) -> ClockSnapshot {
        ClockSnapshot {
            white_ms,
            black_ms,
            running,
        }
    }

    fn snapshot(version: u64, moves: &[&str]) -> GameSnapshot {
        GameSnapshot {
            id: "abcd1234".to_owned(),
            version,
            status: GameStatus::Playing,
            white: Player {
                joined: true,
                name: Some("Ada".to_owned()),
            },
            black: Player {
                joined: true,
                name: None,
            },
            time_control: Some(tc()),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            move_clocks: moves.iter().map(|_| 299_000).collect(),
            clock: Some(clock(299_000, 298_000, Some(Side::White))),
            result: None,
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            first_move_ms: None,
        }
    }

    /// A game seen from `seat` after a full snapshot with `moves`.
    fn welcomed(seat: Seat, moves: &[&str]) -> OnlineGame {
        let mut game = OnlineGame::new("abcd1234", 10);
        let version = 2 + moves.len() as u64;
        let steps = game.on_message(
            ServerMessage::Welcome {
                seat,
                version,
                snapshot: Some(snapshot(version, moves)),
                clock: None,
            },
            1000.0,
        );
        assert_eq!(steps, []);
        game
    }

    fn moved(v: u64, uci: &str) -> ServerMessage {
        ServerMessage::Event {
            v,
            event: GameEvent::Moved {
                uci: uci.to_owned(),
                san: String::new(),
                clock: Some(clock(290_000, 300_000, Some(Side::Black))),
                move_clock: Some(290_000),
                first_move_ms: None,
            },
        }
    }

    fn is_notice(step: &Step) -> bool {
        matches!(step, Step::Notice(_))
    }

    #[test]
    fn a_snapshot_gives_the_whole_game() {
        let game = welcomed(Seat::Black, &["e2e4", "e7e5", "g1f3"]);
        assert_eq!(game.version, 5);
        assert_eq!(game.confirmed().len(), 3);
        assert_eq!(game.confirmed().plies()[0].clock_ms, Some(299_000));
        assert_eq!(game.confirmed().time_control(), Some(control_of(tc())));
        assert_eq!(game.my_side(), Some(Side::Black));
        assert!(game.is_my_turn());
        let clocks = game.clocks().expect("a timed game");
        assert_eq!(clocks.remaining(Color::White, 3000.0), 297_000);
        assert_eq!(clocks.remaining(Color::Black, 3000.0), 298_000);
    }

    #[test]
    fn a_move_is_pending_until_its_event_and_ack() {
        let mut game = welcomed(Seat::White, &[]);
        let sent = game.play("e2e4", true);
        assert_eq!(
            sent,
            Some(ClientMessage::Move {
                id: 10,
                uci: "e2e4".to_owned(),
                ply: 0
            })
        );
        assert_eq!(game.shown_game().len(), 1, "shown at once");
        assert_eq!(game.confirmed().len(), 0);
        assert!(!game.is_my_turn());
        assert_eq!(game.play("d2d4", true), None, "one move at a time");
        assert_eq!(game.on_message(moved(3, "e2e4"), 2000.0), []);
        assert_eq!(game.pending, None);
        assert_eq!(game.confirmed().len(), 1);
        assert_eq!(game.confirmed().plies()[0].clock_ms, Some(290_000));
        assert_eq!(game.on_message(ServerMessage::Ack { id: 10 }, 2000.0), []);
        assert_eq!(game.shown_game().len(), 1);
    }

    #[test]
    fn an_illegal_or_out_of_turn_move_is_not_made() {
        let mut game = welcomed(Seat::Black, &[]);
        assert_eq!(game.play("e7e5", true), None, "White to move");
        let mut game = welcomed(Seat::White, &[]);
        assert_eq!(game.play("e2e5", true), None);
        let mut watcher = welcomed(Seat::Spectator, &[]);
        assert_eq!(watcher.play("e2e4", true), None);
    }

    #[test]
    fn duplicate_events_are_dropped_and_gaps_resync() {
        let mut game = welcomed(Seat::Black, &[]);
        assert_eq!(game.on_message(moved(3, "e2e4"), 0.0), []);
        assert_eq!(game.on_message(moved(3, "e2e4"), 0.0), [], "a duplicate");
        assert_eq!(game.on_message(moved(2, "e2e4"), 0.0), [], "an old one");
        assert_eq!(game.confirmed().len(), 1);
        assert_eq!(game.on_message(moved(5, "g1f3"), 0.0), [Step::Resync]);
        assert_eq!(game.version, 3, "asks from what it has");
        assert_eq!(
            game.hello(Some("t".to_owned())),
            ClientMessage::Hello {
                protocol: PROTOCOL_VERSION.to_owned(),
                token: Some("t".to_owned()),
                since: 3
            }
        );
    }

    #[test]
    fn a_move_that_does_not_follow_reloads_the_whole_game() {
        let mut game = welcomed(Seat::Black, &[]);
        let steps = game.on_message(moved(3, "e2e5"), 0.0);
        assert!(steps.iter().any(is_notice));
        assert_eq!(steps.last(), Some(&Step::Resync));
        assert_eq!(game.version, 0, "the next hello asks for a snapshot");
    }

    #[test]
    fn a_move_the_server_could_not_store_is_kept_and_sent_again() {
        let mut game = welcomed(Seat::White, &[]);
        game.play("e2e4", true);
        let steps = game.on_message(
            ServerMessage::Refused {
                id: Some(10),
                code: RefusalCode::ServerTrouble,
                reason: "the server could not store this".to_owned(),
            },
            5_000.0,
        );
        assert!(matches!(&steps[..], [Step::Notice(words)] if words.contains("sent again")));
        // Still on the board, not yet sent again.
        assert_eq!(game.shown_game().len(), 1);
        assert!(game.retry_due(5_999.0).is_empty());
        let again = game.retry_due(6_000.0);
        assert_eq!(
            again,
            [Step::Send(ClientMessage::Move {
                id: 10,
                uci: "e2e4".to_owned(),
                ply: 0,
            })]
        );
        // Once only.
        assert!(game.retry_due(9_000.0).is_empty());
    }

    #[test]
    fn a_refused_move_is_taken_back_with_a_notice() {
        let mut game = welcomed(Seat::White, &[]);
        game.play("e2e4", true);
        let steps = game.on_message(
            ServerMessage::Refused {
                id: Some(10),
                code: RefusalCode::PositionMoved,
                reason: "the position moved".to_owned(),
            },
            0.0,
        );
        assert!(matches!(&steps[0], Step::Notice(words) if words.contains("e2e4")));
        assert_eq!(steps[1], Step::Resync);
        assert_eq!(game.pending, None);
        assert_eq!(game.shown_game().len(), 0);
    }

    #[test]
    fn a_move_made_offline_goes_after_the_replay() {
        let mut game = welcomed(Seat::Black, &["e2e4"]);
        game.disconnected();
        assert_eq!(game.play("e7e5", false), None, "kept, not sent");
        assert!(game.pending.is_some());
        assert_eq!(game.shown_game().len(), 1 + 1);
        // Reconnected: nothing happened meanwhile.
        let steps = game.on_message(
            ServerMessage::Welcome {
                seat: Seat::Black,
                version: 3,
                snapshot: None,
                clock: None,
            },
            0.0,
        );
        assert_eq!(
            steps,
            [Step::Send(ClientMessage::Move {
                id: 10,
                uci: "e7e5".to_owned(),
                ply: 1
            })]
        );
    }

    #[test]
    fn a_move_made_offline_waits_for_the_replayed_events() {
        let mut game = welcomed(Seat::White, &[]);
        game.disconnected();
        game.play("e2e4", false);
        let welcome = ServerMessage::Welcome {
            seat: Seat::White,
            version: 4,
            snapshot: None,
            clock: None,
        };
        assert_eq!(game.on_message(welcome, 0.0), [], "events to come first");
        // Another tab of this player moved meanwhile: the move no longer follows.
        let steps = game.on_message(moved(3, "d2d4"), 0.0);
        assert!(matches!(&steps[..], [Step::Notice(words)] if words.contains("e2e4")));
        assert_eq!(game.pending, None);
        assert_eq!(game.on_message(moved(4, "d7d5"), 0.0), []);
        assert_eq!(game.confirmed().len(), 2);
    }

    #[test]
    fn an_offline_move_already_stored_is_not_sent_twice() {
        let mut game = welcomed(Seat::White, &[]);
        assert!(game.play("e2e4", true).is_some());
        game.disconnected();
        let welcome = ServerMessage::Welcome {
            seat: Seat::White,
            version: 3,
            snapshot: None,
            clock: None,
        };
        assert_eq!(game.on_message(welcome, 0.0), [], "waits for event 3");
        assert_eq!(game.on_message(moved(3, "e2e4"), 0.0), []);
        assert_eq!(game.pending, None);
    }

    #[test]
    fn the_end_comes_from_the_server() {
        let mut game = welcomed(Seat::White, &["e2e4"]);
        let ended = ServerMessage::Event {
            v: 4,
            event: GameEvent::Ended {
                result: GameResult {
                    winner: Some(Side::White),
                    reason: EndReason::Resignation,
                },
                clock: Some(clock(100, 200, None)),
            },
        };
        assert_eq!(game.on_message(ended, 0.0), []);
        assert_eq!(game.status, GameStatus::Finished);
        assert_eq!(game.confirmed().result_str(), "1-0");
        assert!(!game.is_on());
        assert_eq!(game.clocks().and_then(|c| c.running), None);

        let mut game = welcomed(Seat::White, &[]);
        let aborted = ServerMessage::Event {
            v: 3,
            event: GameEvent::Ended {
                result: GameResult {
                    winner: None,
                    reason: EndReason::Aborted,
                },
                clock: None,
            },
        };
        game.on_message(aborted, 0.0);
        assert_eq!(game.status, GameStatus::Aborted);
        assert_eq!(game.confirmed().outcome(), None);
    }

    #[test]
    fn offers_presence_and_the_rematch() {
        let mut game = welcomed(Seat::White, &["e2e4"]);
        game.on_message(
            ServerMessage::Event {
                v: 4,
                event: GameEvent::DrawOffered { by: Side::Black },
            },
            0.0,
        );
        assert_eq!(game.draw_offer, Some(Side::Black));
        game.on_message(
            ServerMessage::Presence {
                side: Side::Black,
                present: false,
                claim_in_ms: Some(5000),
            },
            1000.0,
        );
        assert_eq!(game.presence(Side::Black).claim_at, Some(6000.0));
        assert!(game.presence(Side::White).present);
        let steps = game.on_message(
            ServerMessage::Event {
                v: 5,
                event: GameEvent::RematchCreated {
                    game_id: "newgame1".to_owned(),
                },
            },
            0.0,
        );
        assert_eq!(steps, [Step::Rematch("newgame1".to_owned())]);
    }

    #[test]
    fn a_takeback_removes_moves() {
        let mut game = welcomed(Seat::White, &["e2e4", "e7e5"]);
        game.on_message(
            ServerMessage::Event {
                v: 5,
                event: GameEvent::TakenBack {
                    plies: 1,
                    clock: None,
                },
            },
            0.0,
        );
        assert_eq!(game.confirmed().len(), 1);
        assert!(!game.is_my_turn());
    }

    #[test]
    fn joining_starts_the_game() {
        let mut game = OnlineGame::new("abcd1234", 1);
        let mut waiting = snapshot(1, &[]);
        waiting.status = GameStatus::Waiting;
        waiting.black = Player::default();
        game.on_message(
            ServerMessage::Welcome {
                seat: Seat::White,
                version: 1,
                snapshot: Some(waiting),
                clock: None,
            },
            0.0,
        );
        assert_eq!(game.status, GameStatus::Waiting);
        assert!(game.can_abort());
        game.on_message(
            ServerMessage::Event {
                v: 2,
                event: GameEvent::Joined {
                    side: Side::Black,
                    name: Some("<b>Bo</b>".to_owned()),
                },
            },
            0.0,
        );
        assert_eq!(game.status, GameStatus::Playing);
        assert_eq!(game.black.name.as_deref(), Some("<b>Bo</b>"));
    }

    #[test]
    fn words_for_results() {
        let result = |winner, reason| describe_result(GameResult { winner, reason });
        assert_eq!(
            result(Some(Side::Black), EndReason::Timeout),
            "Black wins by time"
        );
        assert_eq!(result(None, EndReason::Agreement), "Draw by agreement");
        assert_eq!(result(None, EndReason::Aborted), "Game aborted");
    }
}
