//! The rules of an online game, with no input or output: a game's state, a seat's
//! action and the time in, the numbered events (or a refusal) out.
//!
//! The game task ([`crate::actor`]) runs every command on a copy of the [`Round`],
//! stores the events the copy produced, and only then keeps the copy: a refused action
//! or a failed write leaves the game as it was. Every change of the state comes with an
//! event, so "no events" means "nothing changed".
//!
//! The rules, as a lichess player knows them:
//!
//! - A seat plays only its own colour; spectators cannot act. A move must be legal
//!   (gambit-rules decides), made on the mover's turn, and carry `ply` equal to the
//!   game's length, else [`RefusalCode::PositionMoved`]. A move whose id the seat's last
//!   applied move had is acknowledged again and not replayed.
//! - The clocks start once both sides have moved. Each side has a limited time for its
//!   first move ([`RoundTiming::first_move_ms`]: 15 / 20 / 25 / 30 / 35 s from
//!   ultrabullet to classical, 35 s without clocks), counted from the moment the game
//!   started (white) or white's first move (black); past it the game is called off
//!   ([`EndReason::NoStart`]). Abort is possible only before both sides have moved.
//! - A flag falls when the clock says so; the game task wakes at the flag's time, and
//!   every command first looks at the clocks ([`Action::Tick`] does only that). A
//!   move that comes once the mover's time is used up (after the lag the clock
//!   forgives, [`GameClock::move_in_time`]) is not played: the game ends on time.
//! - Each move's measured lag is forgiven by the mover's lag quota and caps what the
//!   move adds to it ([`GameClock::set_frame_lag`]); the quotas are stored with the
//!   game, so a restart does not refill them.
//! - A draw offer stands until the offerer's opponent moves or declines; offering when
//!   the opponent has offered accepts. A takeback proposal is dropped by any move;
//!   accepting it takes back the proposer's last move: one ply, or two when the
//!   opponent has replied, so that the proposer is to move again.
//! - A rematch (after the end) is a new game with colours swapped, the same time
//!   control and each player's seat token.
//! - A player may claim the win or a draw once the opponent has been away long
//!   enough (see [`presence`]); the game task tells the round whether that is so.
//! - An invitation nobody took within [`RoundTiming::waiting_ttl_ms`] (a day) is
//!   called off ([`EndReason::Aborted`]); a started game without clocks in which
//!   nothing happened for [`RoundTiming::stale_ttl_ms`] (a day) ends in a draw by
//!   abandonment. (A timed game both players left ends by the clock.)

pub mod presence;
pub mod speed;
mod stored;

#[cfg(test)]
mod tests;

use gambit_online_protocol::{
    EndReason, GameEvent, GameResult, GameSnapshot, GameStatus, Player, RefusalCode, Seat, Side,
    TimeControlSpec,
};
use gambit_rules::{Color, Game, Outcome, Reason};

use crate::clock::GameClock;
use crate::token::TokenHash;

pub use presence::Presence;
pub use speed::{RoundTiming, Speed};
pub use stored::StoredRound;

/// What a seat asks for (the socket's messages, the HTTP join, and the timer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Take the free seat (HTTP join), holding it with the token of this hash.
    Join {
        /// The joiner's display name, already cleaned.
        name: Option<String>,
        /// The hash of the seat token issued to the joiner.
        token: TokenHash,
    },
    /// Play a move.
    Move {
        /// The page's move id.
        id: u32,
        /// The move in UCI.
        uci: String,
        /// The game's length when the move was made.
        ply: u32,
        /// The mover's network lag as the server measured it.
        lag_ms: u64,
    },
    /// Resign.
    Resign,
    /// Offer a draw (or accept the opponent's offer).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Propose to take back one's last move.
    ProposeTakeback,
    /// Accept the opponent's takeback proposal.
    AcceptTakeback,
    /// Decline the opponent's takeback proposal.
    DeclineTakeback,
    /// Call the game off.
    Abort,
    /// Offer a rematch (or accept the opponent's offer).
    OfferRematch,
    /// Accept the opponent's rematch offer.
    AcceptRematch,
    /// Decline the opponent's rematch offer.
    DeclineRematch,
    /// Claim the win over an opponent who left.
    ClaimVictory,
    /// Claim a draw against an opponent who left.
    ClaimDraw,
    /// Only look at the clocks and deadlines.
    Tick,
}

/// What the round needs to know besides the action: the time, and what only the game
/// task knows.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The game task's monotonic milliseconds (the clocks' time).
    pub now_ms: u64,
    /// Wall-clock milliseconds since the Unix epoch (for expiry, which must survive
    /// restarts).
    pub wall_ms: u64,
    /// Whether the acting seat's opponent has been away long enough to be claimed.
    pub opponent_gone: bool,
    /// An id for the rematch, should this action create one.
    pub rematch_id: Option<&'a str>,
    /// The waits of the rules.
    pub timing: &'a RoundTiming,
}

/// A successful action's answer to the seat that asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Done (its events say what happened).
    Done,
    /// The move with this id is played (or was already).
    Ack(u32),
    /// The joiner got this side.
    Joined(Side),
}

/// Why an action was not done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The reason's code.
    pub code: RefusalCode,
    /// The reason in words for the player.
    pub reason: String,
}

impl Refusal {
    fn new(code: RefusalCode, reason: &str) -> Refusal {
        Refusal {
            code,
            reason: reason.to_owned(),
        }
    }
}

/// Refuses an answer to an offer (`offer`: the side that made it) unless the opponent
/// of `side` made one; `missing` says what is not there.
fn opponents_offer(offer: Option<Side>, side: Side, missing: &'static str) -> Result<(), Refusal> {
    if offer == Some(side.other()) {
        Ok(())
    } else {
        Err(Refusal::new(RefusalCode::NotNow, missing))
    }
}

/// A new game made by an accepted rematch, with its first events.
#[derive(Debug, Clone)]
pub struct NewRound {
    /// The new game.
    pub round: Round,
    /// Its events (both players joined).
    pub events: Vec<(u64, GameEvent)>,
}

/// The result of one action: events to store (in order, with their versions), the
/// answer, and a rematch to create with them.
#[derive(Debug, Clone)]
pub struct Step {
    /// What happened, numbered from the game's version + 1. Clock and deadline events
    /// (a flag fall) may be here even when the action itself was refused.
    pub events: Vec<(u64, GameEvent)>,
    /// The answer to the seat.
    pub answer: Result<Answer, Refusal>,
    /// The rematch this action created.
    pub rematch: Option<NewRound>,
}

/// One online game as the server holds it.
#[derive(Debug, Clone)]
pub struct Round {
    id: String,
    version: u64,
    status: GameStatus,
    game: Game,
    time_control: Option<TimeControlSpec>,
    clock: Option<GameClock>,
    players: [Player; 2],
    seats: [Option<TokenHash>; 2],
    move_clocks: Vec<u64>,
    result: Option<GameResult>,
    draw_offer: Option<Side>,
    takeback_offer: Option<Side>,
    rematch_offer: Option<Side>,
    rematch: Option<String>,
    /// When the side to move must have made its first move (game task milliseconds).
    first_move_deadline_ms: Option<u64>,
    last_move_id: [Option<u32>; 2],
    created_wall_ms: u64,
    last_event_wall_ms: u64,
}

/// The index of a side in the two-element arrays.
const fn ix(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// The rules' colour of a side.
const fn color(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// The protocol's side of a colour.
const fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// How the rules' outcome reads in the protocol.
fn result_of(outcome: Outcome) -> GameResult {
    let reason = match outcome.reason {
        Reason::Checkmate => EndReason::Checkmate,
        Reason::Stalemate => EndReason::Stalemate,
        Reason::InsufficientMaterial => EndReason::InsufficientMaterial,
        Reason::ThreefoldRepetition => EndReason::ThreefoldRepetition,
        Reason::FiftyMoveRule => EndReason::FiftyMoveRule,
        Reason::Resignation => EndReason::Resignation,
        Reason::Agreement => EndReason::Agreement,
        Reason::Timeout => EndReason::Timeout,
        Reason::TimeoutVsInsufficientMaterial { .. } => EndReason::TimeoutVsInsufficientMaterial,
        Reason::Abandonment => EndReason::Abandonment,
    };
    GameResult {
        winner: outcome.winner.map(side_of),
        reason,
    }
}

const GAME_OVER: &str = "the game is over";

impl Round {
    /// A new game created by one player holding `side` with the token of `token`
    /// (version 1: their `Joined`). Returns the round and its first event.
    pub fn create(
        id: String,
        time_control: Option<TimeControlSpec>,
        side: Side,
        name: Option<String>,
        token: TokenHash,
        wall_ms: u64,
    ) -> (Round, Vec<(u64, GameEvent)>) {
        let mut round = Round {
            id,
            version: 0,
            status: GameStatus::Waiting,
            game: Game::new(),
            time_control,
            clock: time_control.map(GameClock::new),
            players: [Player::default(), Player::default()],
            seats: [None, None],
            move_clocks: Vec::new(),
            result: None,
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            first_move_deadline_ms: None,
            last_move_id: [None, None],
            created_wall_ms: wall_ms,
            last_event_wall_ms: wall_ms,
        };
        round.players[ix(side)] = Player { joined: true, name };
        round.seats[ix(side)] = Some(token);
        let mut events = Vec::new();
        let name = round.players[ix(side)].name.clone();
        round.emit(GameEvent::Joined { side, name }, wall_ms, &mut events);
        (round, events)
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The version of the last event.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Where the game stands.
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// The game's speed.
    pub fn speed(&self) -> Speed {
        Speed::of(self.time_control)
    }

    /// The token hashes holding the white and black seats.
    pub fn seats(&self) -> [Option<TokenHash>; 2] {
        self.seats
    }

    /// The seat a token of this hash holds (a spectator's if none).
    pub fn seat_of(&self, token: Option<TokenHash>) -> Seat {
        match token {
            Some(hash) if self.seats[0] == Some(hash) => Seat::White,
            Some(hash) if self.seats[1] == Some(hash) => Seat::Black,
            _ => Seat::Spectator,
        }
    }

    /// Whether the game is on and both sides have moved: then an absent player's
    /// opponent may claim it.
    pub fn claimable(&self) -> bool {
        self.status == GameStatus::Playing && self.game.len() >= 2
    }

    /// The next moment (game task milliseconds) at which a clock or a deadline can end
    /// the game by itself.
    pub fn next_deadline_ms(&self) -> Option<u64> {
        if self.status != GameStatus::Playing {
            return None;
        }
        let flag = self.clock.as_ref().and_then(GameClock::flag_deadline_ms);
        match (flag, self.first_move_deadline_ms) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// When, in wall-clock milliseconds, the game expires if nothing happens (see the
    /// module notes).
    pub fn expires_at_wall_ms(&self, timing: &RoundTiming) -> Option<u64> {
        match self.status {
            GameStatus::Waiting => Some(self.created_wall_ms.saturating_add(timing.waiting_ttl_ms)),
            GameStatus::Playing if self.time_control.is_none() && self.game.len() >= 2 => {
                Some(self.last_event_wall_ms.saturating_add(timing.stale_ttl_ms))
            }
            _ => None,
        }
    }

    /// The whole game at `now_ms`, for a page that needs all of it.
    pub fn snapshot(&self, now_ms: u64) -> GameSnapshot {
        GameSnapshot {
            id: self.id.clone(),
            version: self.version,
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
            first_move_ms: self.first_move_ms(now_ms),
        }
    }

    /// The clocks at `now_ms`, when the game has them.
    pub fn clock_now(&self, now_ms: u64) -> Option<gambit_online_protocol::ClockSnapshot> {
        self.clock.as_ref().map(|clock| clock.snapshot(now_ms))
    }

    fn first_move_ms(&self, now_ms: u64) -> Option<u64> {
        self.first_move_deadline_ms
            .filter(|_| self.status == GameStatus::Playing)
            .map(|deadline| deadline.saturating_sub(now_ms))
    }

    /// Does what `seat` asks (after looking at the clocks and deadlines).
    pub fn handle(&mut self, seat: Seat, action: Action, context: &Context<'_>) -> Step {
        let mut events = Vec::new();
        self.expire(context, &mut events);
        let mut rematch = None;
        let answer = self.act(seat, action, context, &mut events, &mut rematch);
        Step {
            events,
            answer,
            rematch,
        }
    }

    fn emit(&mut self, event: GameEvent, wall_ms: u64, events: &mut Vec<(u64, GameEvent)>) {
        self.version += 1;
        self.last_event_wall_ms = wall_ms;
        events.push((self.version, event));
    }

    /// Ends the game by the clock, the first-move deadline or expiry, when due.
    fn expire(&mut self, context: &Context<'_>, events: &mut Vec<(u64, GameEvent)>) {
        let now = context.now_ms;
        match self.status {
            GameStatus::Playing => {
                if let Some(flagged) = self.clock.as_ref().and_then(|clock| clock.flagged(now)) {
                    self.flag(flagged, context, events);
                } else if self
                    .first_move_deadline_ms
                    .is_some_and(|deadline| now >= deadline)
                {
                    self.call_off(EndReason::NoStart, context, events);
                } else if self
                    .expires_at_wall_ms(context.timing)
                    .is_some_and(|at| context.wall_ms >= at)
                {
                    self.finish(Outcome::abandonment(None), context, events);
                }
            }
            GameStatus::Waiting => {
                if self
                    .expires_at_wall_ms(context.timing)
                    .is_some_and(|at| context.wall_ms >= at)
                {
                    self.call_off(EndReason::Aborted, context, events);
                }
            }
            GameStatus::Finished | GameStatus::Aborted => {}
        }
    }

    fn flag(&mut self, flagged: Side, context: &Context<'_>, events: &mut Vec<(u64, GameEvent)>) {
        let outcome = match self.game.flag(color(flagged)) {
            Ok(outcome) => outcome,
            // The position itself had ended the game (cannot happen while playing).
            Err(_) => Outcome::timeout(color(flagged)),
        };
        self.finish(outcome, context, events);
    }

    /// Ends the game with a result.
    fn finish(
        &mut self,
        outcome: Outcome,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
    ) {
        let result = result_of(outcome);
        self.end(GameStatus::Finished, result, context, events);
    }

    /// Calls the game off.
    fn call_off(
        &mut self,
        reason: EndReason,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
    ) {
        let result = GameResult {
            winner: None,
            reason,
        };
        self.end(GameStatus::Aborted, result, context, events);
    }

    fn end(
        &mut self,
        status: GameStatus,
        result: GameResult,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
    ) {
        if let Some(clock) = &mut self.clock {
            clock.stop(context.now_ms);
        }
        self.status = status;
        self.result = Some(result);
        self.draw_offer = None;
        self.takeback_offer = None;
        self.first_move_deadline_ms = None;
        let clock = self.clock_now(context.now_ms);
        self.emit(GameEvent::Ended { result, clock }, context.wall_ms, events);
    }

    /// The acting seat's side, refused for spectators.
    fn player(seat: Seat) -> Result<Side, Refusal> {
        seat.side().ok_or_else(|| {
            Refusal::new(
                RefusalCode::NotYourSeat,
                "spectators cannot play or offer anything",
            )
        })
    }

    /// Refuses unless the game is on.
    fn require_playing(&self) -> Result<(), Refusal> {
        match self.status {
            GameStatus::Playing => Ok(()),
            GameStatus::Waiting => Err(Refusal::new(
                RefusalCode::NotNow,
                "your opponent has not joined yet",
            )),
            GameStatus::Finished | GameStatus::Aborted => {
                Err(Refusal::new(RefusalCode::GameOver, GAME_OVER))
            }
        }
    }

    fn act(
        &mut self,
        seat: Seat,
        action: Action,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
        rematch: &mut Option<NewRound>,
    ) -> Result<Answer, Refusal> {
        match action {
            Action::Tick => Ok(Answer::Done),
            Action::Join { name, token } => self.join(name, token, context, events),
            Action::Move {
                id,
                uci,
                ply,
                lag_ms,
            } => self.play(Self::player(seat)?, id, &uci, ply, lag_ms, context, events),
            Action::Resign => {
                let side = Self::player(seat)?;
                self.require_playing()?;
                self.finish(Outcome::resignation(color(side)), context, events);
                Ok(Answer::Done)
            }
            Action::OfferDraw => self.offer_draw(Self::player(seat)?, context, events),
            Action::AcceptDraw => {
                let side = Self::player(seat)?;
                self.require_playing()?;
                opponents_offer(self.draw_offer, side, "there is no draw offer to accept")?;
                self.finish(Outcome::draw(Reason::Agreement), context, events);
                Ok(Answer::Done)
            }
            Action::DeclineDraw => {
                let side = Self::player(seat)?;
                self.require_playing()?;
                opponents_offer(self.draw_offer, side, "there is no draw offer to decline")?;
                self.draw_offer = None;
                self.emit(GameEvent::DrawDeclined, context.wall_ms, events);
                Ok(Answer::Done)
            }
            Action::ProposeTakeback => self.propose_takeback(Self::player(seat)?, context, events),
            Action::AcceptTakeback => {
                let side = Self::player(seat)?;
                self.require_playing()?;
                opponents_offer(self.takeback_offer, side, "there is no takeback to accept")?;
                self.take_back(side.other(), context, events)
            }
            Action::DeclineTakeback => {
                let side = Self::player(seat)?;
                self.require_playing()?;
                opponents_offer(self.takeback_offer, side, "there is no takeback to decline")?;
                self.takeback_offer = None;
                self.emit(GameEvent::TakebackDeclined, context.wall_ms, events);
                Ok(Answer::Done)
            }
            Action::Abort => {
                Self::player(seat)?;
                match self.status {
                    GameStatus::Waiting => {}
                    GameStatus::Playing if self.game.len() < 2 => {}
                    GameStatus::Playing => {
                        return Err(Refusal::new(
                            RefusalCode::NotNow,
                            "both sides have moved: the game can no longer be aborted",
                        ));
                    }
                    GameStatus::Finished | GameStatus::Aborted => {
                        return Err(Refusal::new(RefusalCode::GameOver, GAME_OVER));
                    }
                }
                self.call_off(EndReason::Aborted, context, events);
                Ok(Answer::Done)
            }
            Action::OfferRematch => {
                self.offer_rematch(Self::player(seat)?, context, events, rematch)
            }
            Action::AcceptRematch => {
                let side = Self::player(seat)?;
                self.require_rematch_possible()?;
                opponents_offer(
                    self.rematch_offer,
                    side,
                    "there is no rematch offer to accept",
                )?;
                self.create_rematch(context, events, rematch)
            }
            Action::DeclineRematch => {
                let side = Self::player(seat)?;
                self.require_rematch_possible()?;
                opponents_offer(
                    self.rematch_offer,
                    side,
                    "there is no rematch offer to decline",
                )?;
                self.rematch_offer = None;
                self.emit(GameEvent::RematchDeclined, context.wall_ms, events);
                Ok(Answer::Done)
            }
            Action::ClaimVictory | Action::ClaimDraw => {
                let side = Self::player(seat)?;
                self.require_playing()?;
                if !self.claimable() || !context.opponent_gone {
                    return Err(Refusal::new(
                        RefusalCode::NotNow,
                        "your opponent has not been away long enough",
                    ));
                }
                let winner = (action == Action::ClaimVictory).then_some(color(side));
                self.finish(Outcome::abandonment(winner), context, events);
                Ok(Answer::Done)
            }
        }
    }

    fn join(
        &mut self,
        name: Option<String>,
        token: TokenHash,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
    ) -> Result<Answer, Refusal> {
        match self.status {
            GameStatus::Waiting => {}
            GameStatus::Playing => {
                return Err(Refusal::new(RefusalCode::NotNow, "both seats are taken"));
            }
            GameStatus::Finished | GameStatus::Aborted => {
                return Err(Refusal::new(RefusalCode::GameOver, GAME_OVER));
            }
        }
        let side = if self.seats[0].is_none() {
            Side::White
        } else {
            Side::Black
        };
        self.players[ix(side)] = Player {
            joined: true,
            name: name.clone(),
        };
        self.seats[ix(side)] = Some(token);
        self.status = GameStatus::Playing;
        self.first_move_deadline_ms =
            Some(context.now_ms + context.timing.first_move_ms(self.speed()));
        self.emit(GameEvent::Joined { side, name }, context.wall_ms, events);
        Ok(Answer::Joined(side))
    }

    #[allow(clippy::too_many_arguments)]
    fn play(
        &mut self,
        side: Side,
        id: u32,
        uci: &str,
        ply: u32,
        lag_ms: u64,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
    ) -> Result<Answer, Refusal> {
        if self.last_move_id[ix(side)] == Some(id) {
            return Ok(Answer::Ack(id));
        }
        self.require_playing()?;
        if usize::try_from(ply).ok() != Some(self.game.len()) {
            return Err(Refusal::new(
                RefusalCode::PositionMoved,
                "the game has moved on since this move was made",
            ));
        }
        if side_of(self.game.turn()) != side {
            return Err(Refusal::new(
                RefusalCode::NotYourTurn,
                "it is not your turn",
            ));
        }
        let now = context.now_ms;
        if self
            .clock
            .as_ref()
            .is_some_and(|clock| !clock.move_in_time(side, now, lag_ms))
        {
            // The mover's time was used up before the move came (its lag forgiven):
            // the move does not count, the game ends on time (as on lichess).
            self.flag(side, context, events);
            return Err(Refusal::new(RefusalCode::GameOver, "your time ran out"));
        }
        let (uci, san) = match self.game.play_uci(uci) {
            Ok(played) => (played.uci.clone(), played.san.clone()),
            Err(_) => {
                return Err(Refusal::new(
                    RefusalCode::IllegalMove,
                    "that move is not legal in this position",
                ));
            }
        };
        let both_moved = self.game.len() >= 2;
        let mut move_clock = None;
        if let Some(clock) = &mut self.clock {
            // The measured lag also caps what this move adds to the mover's lag quota
            // (lichess's frame lag + 0.14 s).
            clock.set_frame_lag(side, lag_ms);
            // In time (checked above), so this press cannot make the flag fall.
            let left = clock.press(side, now, lag_ms, both_moved);
            move_clock = Some(left);
            self.move_clocks.push(left);
            self.game.set_last_clock(Some(left));
        }
        self.last_move_id[ix(side)] = Some(id);
        self.first_move_deadline_ms =
            (self.game.len() == 1).then(|| now + context.timing.first_move_ms(self.speed()));
        let clock = self.clock_now(now);
        let first_move_ms = self.first_move_ms(now);
        self.emit(
            GameEvent::Moved {
                uci,
                san,
                clock,
                move_clock,
                first_move_ms,
            },
            context.wall_ms,
            events,
        );
        if let Some(outcome) = self.game.outcome() {
            self.finish(outcome, context, events);
            return Ok(Answer::Ack(id));
        }
        if self.draw_offer == Some(side.other()) {
            self.draw_offer = None;
            self.emit(GameEvent::DrawDeclined, context.wall_ms, events);
        }
        if self.takeback_offer.take().is_some() {
            self.emit(GameEvent::TakebackDeclined, context.wall_ms, events);
        }
        Ok(Answer::Ack(id))
    }

    fn offer_draw(
        &mut self,
        side: Side,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
    ) -> Result<Answer, Refusal> {
        self.require_playing()?;
        match self.draw_offer {
            Some(by) if by == side.other() => {
                self.finish(Outcome::draw(Reason::Agreement), context, events);
            }
            Some(_) => {
                return Err(Refusal::new(
                    RefusalCode::NotNow,
                    "you have already offered a draw",
                ));
            }
            None => {
                self.draw_offer = Some(side);
                self.emit(GameEvent::DrawOffered { by: side }, context.wall_ms, events);
            }
        }
        Ok(Answer::Done)
    }

    /// How many plies take back `proposer`'s last move (so that they are to move).
    fn takeback_plies(&self, proposer: Side) -> usize {
        if side_of(self.game.turn()) == proposer {
            2
        } else {
            1
        }
    }

    fn propose_takeback(
        &mut self,
        side: Side,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
    ) -> Result<Answer, Refusal> {
        self.require_playing()?;
        match self.takeback_offer {
            Some(by) if by == side.other() => return self.take_back(by, context, events),
            Some(_) => {
                return Err(Refusal::new(
                    RefusalCode::NotNow,
                    "you have already proposed a takeback",
                ));
            }
            None => {}
        }
        if self.takeback_plies(side) > self.game.len() {
            return Err(Refusal::new(
                RefusalCode::NotNow,
                "you have no move to take back",
            ));
        }
        self.takeback_offer = Some(side);
        self.emit(
            GameEvent::TakebackProposed { by: side },
            context.wall_ms,
            events,
        );
        Ok(Answer::Done)
    }

    /// Takes back `proposer`'s last move.
    fn take_back(
        &mut self,
        proposer: Side,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
    ) -> Result<Answer, Refusal> {
        let plies = self.takeback_plies(proposer);
        if self.game.takeback(plies).is_err() {
            return Err(Refusal::new(
                RefusalCode::NotNow,
                "there is no move to take back",
            ));
        }
        self.takeback_offer = None;
        self.move_clocks.truncate(self.game.len());
        let now = context.now_ms;
        let to_move = side_of(self.game.turn());
        if let Some(clock) = &mut self.clock {
            if self.game.len() >= 2 {
                clock.resume_for(to_move, now);
            } else {
                clock.stop(now);
            }
        }
        self.first_move_deadline_ms =
            (self.game.len() < 2).then(|| now + context.timing.first_move_ms(self.speed()));
        let clock = self.clock_now(now);
        self.emit(
            GameEvent::TakenBack {
                plies: u32::try_from(plies).unwrap_or(u32::MAX),
                clock,
            },
            context.wall_ms,
            events,
        );
        Ok(Answer::Done)
    }

    fn require_rematch_possible(&self) -> Result<(), Refusal> {
        if !matches!(self.status, GameStatus::Finished | GameStatus::Aborted) {
            return Err(Refusal::new(
                RefusalCode::NotNow,
                "a rematch comes after the game",
            ));
        }
        if self.seats.iter().any(Option::is_none) {
            return Err(Refusal::new(
                RefusalCode::NotNow,
                "nobody to play a rematch with",
            ));
        }
        if self.rematch.is_some() {
            return Err(Refusal::new(
                RefusalCode::NotNow,
                "the rematch has already started",
            ));
        }
        Ok(())
    }

    fn offer_rematch(
        &mut self,
        side: Side,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
        rematch: &mut Option<NewRound>,
    ) -> Result<Answer, Refusal> {
        self.require_rematch_possible()?;
        match self.rematch_offer {
            Some(by) if by == side.other() => self.create_rematch(context, events, rematch),
            Some(_) => Err(Refusal::new(
                RefusalCode::NotNow,
                "you have already offered a rematch",
            )),
            None => {
                self.rematch_offer = Some(side);
                self.emit(
                    GameEvent::RematchOffered { by: side },
                    context.wall_ms,
                    events,
                );
                Ok(Answer::Done)
            }
        }
    }

    fn create_rematch(
        &mut self,
        context: &Context<'_>,
        events: &mut Vec<(u64, GameEvent)>,
        rematch: &mut Option<NewRound>,
    ) -> Result<Answer, Refusal> {
        let Some(new_id) = context.rematch_id else {
            return Err(Refusal::new(
                RefusalCode::ServerTrouble,
                "no id for the rematch",
            ));
        };
        let mut round = Round {
            id: new_id.to_owned(),
            version: 0,
            status: GameStatus::Playing,
            game: Game::new(),
            time_control: self.time_control,
            clock: self.time_control.map(GameClock::new),
            players: [self.players[1].clone(), self.players[0].clone()],
            seats: [self.seats[1], self.seats[0]],
            move_clocks: Vec::new(),
            result: None,
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            first_move_deadline_ms: None,
            last_move_id: [None, None],
            created_wall_ms: context.wall_ms,
            last_event_wall_ms: context.wall_ms,
        };
        round.first_move_deadline_ms =
            Some(context.now_ms + context.timing.first_move_ms(round.speed()));
        let mut new_events = Vec::new();
        for side in [Side::White, Side::Black] {
            let name = round.players[ix(side)].name.clone();
            round.emit(
                GameEvent::Joined { side, name },
                context.wall_ms,
                &mut new_events,
            );
        }
        self.rematch_offer = None;
        self.rematch = Some(new_id.to_owned());
        self.emit(
            GameEvent::RematchCreated {
                game_id: new_id.to_owned(),
            },
            context.wall_ms,
            events,
        );
        *rematch = Some(NewRound {
            round,
            events: new_events,
        });
        Ok(Answer::Done)
    }
}
