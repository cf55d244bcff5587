//! The game task ("round actor"): the one owner of a live game.
//!
//! Sockets and HTTP handlers send it [`ActorMessage`]s through its inbox; it takes them
//! one at a time, runs each on a copy of the [`Round`], stores the events, and only
//! then keeps the copy, broadcasts the events and answers (`Ack` after the move's
//! event). A failed write answers `server_trouble` and changes nothing. It also wakes
//! by itself when a flag is due to fall or a first-move time runs out.
//!
//! Each connection has a bounded outbox; a connection whose outbox is full is dropped
//! (its socket closes and the page reconnects and catches up by version), so a slow
//! client never holds the game up.
//!
//! The task tracks which players have a socket open ([`Presence`]) and tells every
//! connection with `Presence` messages: when a player comes or goes (with the time
//! until the opponent may claim), when the claim opens (`claim_in_ms: 0`), and a new
//! connection right after its `Welcome` (so a reconnecting player keeps their claim).
//!
//! It stops when no socket is open, no clock runs and no deadline is pending, after
//! [`crate::config::Timing::game_idle_ms`]: the game is in the database and is loaded
//! again on its next use. It also stops when the database says another writer changed
//! the game (its copy is stale): its sockets close and reconnect to a fresh task.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::extract::ws::Utf8Bytes;
use gambit_online_protocol::{ClientMessage, GameEvent, RefusalCode, Seat, ServerMessage, Side};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::lease::Claim;
use crate::registry::Registry;
use crate::round::{Action, Answer, Context, Presence, Refusal, Round};
use crate::store::{Commit, NewGame, StoreError};
use crate::token::{TokenHash, new_game_id};

/// A connection's number, unique in the process.
pub type ConnId = u64;

/// Messages a connection's outbox holds before the connection counts as too slow.
pub const OUTBOX_CAPACITY: usize = 256;

/// The most events replayed to a reconnecting page; further behind, it gets a snapshot.
pub const MAX_REPLAY: u64 = 100;

/// What the game task is asked to do. (No `Debug`: a `Connect` carries a seat token,
/// which must never reach a log.)
pub enum ActorMessage {
    /// A socket said `Hello`.
    Connect {
        /// The connection.
        conn: ConnId,
        /// The seat token it presented.
        token: Option<String>,
        /// The last version it has.
        since: u64,
        /// Where its messages go.
        outbox: mpsc::Sender<Utf8Bytes>,
        /// Its seat, or why it was not accepted.
        reply: oneshot::Sender<Result<Seat, String>>,
    },
    /// A connected socket's message (not `Hello` or `Ping`, which the socket answers).
    Client {
        /// The connection.
        conn: ConnId,
        /// The message.
        message: ClientMessage,
        /// The connection's measured lag.
        lag_ms: u64,
    },
    /// A socket closed.
    Disconnect {
        /// The connection.
        conn: ConnId,
    },
    /// The HTTP join.
    Join {
        /// The joiner's cleaned name.
        name: Option<String>,
        /// The hash of the token issued to them.
        token: TokenHash,
        /// The side they got, or why not.
        reply: oneshot::Sender<Result<Side, Refusal>>,
    },
    /// Look at the deadlines and expiry (the sweeper's and the loader's nudge).
    Touch,
    /// Another node stored a change of this game: at `version`, or (`None`) perhaps,
    /// after the bus was away (see [`crate::bus`]).
    Behind {
        /// The game's version there.
        version: Option<u64>,
    },
    /// Which seats have a socket on another node (see [`crate::bus`]).
    Seen {
        /// That node.
        node: String,
        /// White's and black's.
        seats: [bool; 2],
        /// It asks for this node's.
        ask: bool,
    },
    /// A node died or stopped: its sockets are gone.
    NodeGone {
        /// That node.
        node: String,
    },
}

struct Conn {
    seat: Seat,
    outbox: mpsc::Sender<Utf8Bytes>,
}

/// What the connections were last told about a side: present, when a claim opens, and
/// whether it is open.
type Told = (bool, Option<u64>, bool);

/// The game task's state.
pub struct Actor {
    round: Round,
    /// The game's events; `events[k]` has version `k + 1`.
    events: Vec<GameEvent>,
    registry: Arc<Registry>,
    generation: u64,
    conns: HashMap<ConnId, Conn>,
    presence: Presence,
    told: [Option<Told>; 2],
    told_spectators: Option<u32>,
    idle_since: Instant,
    /// After a timer found nothing to do or could not store, wait before the next try.
    hold_until: Option<Instant>,
    stale: bool,
    /// Whether this node runs the game's clock, as last found (`None`: not known).
    clock_lease: Option<bool>,
    /// Of several nodes: which seats have a socket on each other node.
    elsewhere: HashMap<String, [bool; 2]>,
    /// What the other nodes were last told of this node's seats.
    announced: Option<[bool; 2]>,
}

/// Wall-clock milliseconds since the Unix epoch.
pub fn wall_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}

fn encode(message: &ServerMessage) -> Utf8Bytes {
    match serde_json::to_string(message) {
        Ok(text) => Utf8Bytes::from(text),
        // Our own messages always serialise; an empty frame is harmless if not.
        Err(_) => Utf8Bytes::from_static(""),
    }
}

fn refusal_message(id: Option<u32>, refusal: Refusal) -> ServerMessage {
    ServerMessage::Refused {
        id,
        code: refusal.code,
        reason: refusal.reason,
    }
}

impl Actor {
    /// A task for `round` and its `events`, registered as `generation` in `registry`.
    pub fn new(
        round: Round,
        events: Vec<GameEvent>,
        registry: Arc<Registry>,
        generation: u64,
    ) -> Actor {
        let now_ms = registry.now_ms();
        Actor {
            round,
            events,
            registry,
            generation,
            conns: HashMap::new(),
            presence: Presence::new(now_ms),
            told: [None, None],
            told_spectators: None,
            idle_since: Instant::now(),
            hold_until: None,
            stale: false,
            clock_lease: None,
            elsewhere: HashMap::new(),
            announced: None,
        }
    }

    /// Runs until idle, stale, or the server stops.
    pub async fn run(mut self, mut inbox: mpsc::Receiver<ActorMessage>) {
        let shutdown = self.registry.shutdown().clone();
        self.announce_presence(true);
        self.on_timer().await;
        loop {
            let wake = self.next_wake();
            tokio::select! {
                message = inbox.recv() => match message {
                    Some(message) => self.on_message(message).await,
                    None => break,
                },
                () = tokio::time::sleep_until(wake) => self.on_timer().await,
                () = shutdown.cancelled() => break,
            }
            if self.stale || self.idle_done() {
                self.registry.remove(self.round.id(), self.generation);
                // Anything that arrived meanwhile is dropped: its sender sees the
                // channel closed and asks the registry again.
                inbox.close();
                if self.stale && self.clock_lease == Some(true) {
                    // This node runs the game's clock: a fresh task takes it on.
                    self.registry.reload_soon(self.round.id());
                }
                break;
            }
        }
        if self.announced.is_some_and(|seats| seats.contains(&true)) {
            // Its sockets go with it.
            self.registry
                .bus()
                .announce_presence(self.round.id(), [false, false], false);
        }
        tracing::debug!(game = self.round.id(), "game task stopped");
    }

    fn now_ms(&self) -> u64 {
        self.registry.now_ms()
    }

    fn timing(&self) -> &crate::config::Timing {
        &self.registry.settings().timing
    }

    fn idle_done(&self) -> bool {
        self.conns.is_empty()
            && self.round.next_deadline_ms().is_none()
            && self.idle_since.elapsed() >= Duration::from_millis(self.timing().game_idle_ms)
    }

    /// When to wake without a message: a deadline of the round, the moment a claim
    /// opens (to tell the opponent), or the idle stop.
    fn next_wake(&self) -> Instant {
        let far = Instant::now() + Duration::from_secs(3600);
        let mut wake = match self.round.next_deadline_ms() {
            Some(deadline) => self.registry.instant_at(deadline),
            None if self.conns.is_empty() => {
                self.idle_since + Duration::from_millis(self.timing().game_idle_ms)
            }
            None => far,
        };
        for told in self.told.iter().flatten() {
            if let (_, Some(at), false) = *told {
                wake = wake.min(self.registry.instant_at(at));
            }
        }
        if let Some(hold) = self.hold_until {
            wake = wake.max(hold);
        }
        wake
    }

    async fn on_timer(&mut self) {
        let version = self.round.version();
        let due = self
            .round
            .next_deadline_ms()
            .is_some_and(|deadline| deadline <= self.now_ms());
        if due && !self.runs_clock().await {
            // The node that runs the clock acts; the bus brings what it did.
            self.hold_until = Some(Instant::now() + self.registry.leases().retry());
            self.tell_changes();
            return;
        }
        if let Err(refusal) = self.run_action(Seat::Spectator, Action::Tick).await {
            tracing::warn!(game = self.round.id(), reason = %refusal.reason, "deadline not stored");
        }
        let due = self
            .round
            .next_deadline_ms()
            .is_some_and(|deadline| deadline <= self.now_ms());
        self.hold_until = (self.round.version() == version && due)
            .then(|| Instant::now() + Duration::from_millis(250));
        self.tell_changes();
        self.keep_lease().await;
    }

    /// Whether this node may act on the game's due deadline now (see
    /// [`crate::lease`]): it claims the clock's lease.
    async fn runs_clock(&mut self) -> bool {
        match self.registry.leases().claim(self.round.id()).await {
            Claim::Held => {
                self.clock_lease = Some(true);
                true
            }
            Claim::Elsewhere => {
                self.clock_lease = Some(false);
                false
            }
            Claim::Unknown => {
                self.clock_lease = None;
                true
            }
        }
    }

    /// After a change: a game with a deadline has its clock's lease claimed (so a node
    /// runs it even when nobody is connected), a game without gives it up.
    async fn keep_lease(&mut self) {
        let leases = self.registry.leases();
        if !leases.shared() {
            return;
        }
        if self.round.next_deadline_ms().is_some() {
            if self.clock_lease != Some(true) {
                self.runs_clock().await;
            }
        } else if self.clock_lease != Some(false) {
            leases.release(self.round.id()).await;
            self.clock_lease = Some(false);
        }
    }

    async fn on_message(&mut self, message: ActorMessage) {
        match message {
            ActorMessage::Connect {
                conn,
                token,
                since,
                outbox,
                reply,
            } => {
                let result = self.connect(conn, token.as_deref(), since, outbox);
                let _ = reply.send(result);
            }
            ActorMessage::Client {
                conn,
                message,
                lag_ms,
            } => self.on_client(conn, message, lag_ms).await,
            ActorMessage::Disconnect { conn } => self.disconnect(conn),
            ActorMessage::Join { name, token, reply } => {
                let answer = self
                    .run_action(Seat::Spectator, Action::Join { name, token })
                    .await;
                let result = match answer {
                    Ok(Answer::Joined(side)) => Ok(side),
                    Ok(_) => Err(Refusal {
                        code: RefusalCode::ServerTrouble,
                        reason: "unexpected answer".into(),
                    }),
                    Err(refusal) => Err(refusal),
                };
                let _ = reply.send(result);
            }
            ActorMessage::Touch => self.on_timer().await,
            ActorMessage::Behind { version } => {
                if version.is_none() {
                    // After a (re)subscription: what the others missed, and theirs.
                    self.announce_presence(true);
                }
                self.catch_up(version).await;
            }
            ActorMessage::Seen { node, seats, ask } => {
                if self.elsewhere.get(&node) != Some(&seats) {
                    self.elsewhere.insert(node, seats);
                    self.tell_changes();
                }
                if ask {
                    self.announced = None;
                    self.announce_presence(false);
                }
            }
            ActorMessage::NodeGone { node } => {
                if self.elsewhere.remove(&node).is_some() {
                    self.tell_changes();
                }
            }
        }
    }

    /// Tells the other nodes which seats have a socket here, if that changed since they
    /// were last told (or `ask`ing for theirs).
    fn announce_presence(&mut self, ask: bool) {
        let bus = self.registry.bus();
        if !bus.connects_nodes() {
            return;
        }
        let here = [
            self.presence.is_present(Side::White),
            self.presence.is_present(Side::Black),
        ];
        if ask || self.announced != Some(here) {
            bus.announce_presence(self.round.id(), here, ask);
            self.announced = Some(here);
        }
    }

    /// Reads from the database what another node stored after this task's copy, and
    /// sends those events to this task's sockets, in order, once each.
    async fn catch_up(&mut self, version: Option<u64>) {
        if version.is_some_and(|version| version <= self.round.version()) {
            return;
        }
        let id = self.round.id().to_owned();
        let record = match self.registry.store().load(&id).await {
            Ok(Some(record)) => record,
            Ok(None) => return,
            Err(error) => {
                // The next announcement, or the next write (a conflict), tries again.
                tracing::warn!(game = %id, %error, "could not catch up with another node");
                return;
            }
        };
        if record.version <= self.round.version() {
            return;
        }
        let (round, events) = match self.registry.restore(record) {
            Ok(restored) => restored,
            Err(error) => {
                tracing::warn!(game = %id, %error, "another node's change cannot be read");
                return;
            }
        };
        let everyone: Vec<ConnId> = self.conns.keys().copied().collect();
        let known = self.events.len();
        for (index, event) in events.iter().enumerate().skip(known) {
            self.send_to(
                &everyone,
                &ServerMessage::Event {
                    v: index as u64 + 1,
                    event: event.clone(),
                },
            );
        }
        self.events = events;
        self.round = round;
        self.tell_changes();
        self.keep_lease().await;
    }

    fn connect(
        &mut self,
        conn: ConnId,
        token: Option<&str>,
        since: u64,
        outbox: mpsc::Sender<Utf8Bytes>,
    ) -> Result<Seat, String> {
        let seat = self.round.seat_of(token.map(TokenHash::of));
        let settings = self.registry.settings();
        let same_seat = self
            .conns
            .values()
            .filter(|other| other.seat == seat)
            .count();
        match seat {
            Seat::Spectator if same_seat >= settings.max_spectators => {
                return Err("this game has as many spectators as it can take".into());
            }
            Seat::White | Seat::Black if same_seat >= settings.max_seat_connections => {
                return Err("this seat is open in too many tabs".into());
            }
            _ => {}
        }
        let now = self.now_ms();
        let version = self.round.version();
        let replay = since > 0 && since <= version && version - since <= MAX_REPLAY;
        let welcome = ServerMessage::Welcome {
            seat,
            version,
            snapshot: (!replay).then(|| self.round.snapshot(now)),
            clock: self.round.clock_now(now),
        };
        let mut messages = vec![welcome];
        if replay {
            let from = usize::try_from(since).unwrap_or(usize::MAX);
            messages.extend(
                self.events
                    .iter()
                    .enumerate()
                    .skip(from)
                    .map(|(index, event)| ServerMessage::Event {
                        v: index as u64 + 1,
                        event: event.clone(),
                    }),
            );
        }
        if let Some(side) = seat.side() {
            self.presence.connect(side);
        }
        self.conns.insert(conn, Conn { seat, outbox });
        self.announce_presence(false);
        let others: Vec<ConnId> = self
            .conns
            .keys()
            .copied()
            .filter(|&id| id != conn)
            .collect();
        let mut changed = Vec::new();
        for side in [Side::White, Side::Black] {
            let (told, message) = self.presence_of(side, now);
            if self.told[index(side)] != Some(told) {
                self.told[index(side)] = Some(told);
                changed.push(message.clone());
            }
            messages.push(message);
        }
        let spectators = self.spectators();
        let count = ServerMessage::Spectators { count: spectators };
        if self.told_spectators != Some(spectators) {
            self.told_spectators = Some(spectators);
            changed.push(count.clone());
        }
        messages.push(count);
        for message in &messages {
            self.send(conn, message);
        }
        // The others hear only what changed.
        for message in &changed {
            self.send_to(&others, message);
        }
        tracing::debug!(game = self.round.id(), conn, ?seat, since, "connected");
        Ok(seat)
    }

    fn disconnect(&mut self, conn: ConnId) {
        if let Some(gone) = self.conns.remove(&conn) {
            if let Some(side) = gone.seat.side() {
                self.presence.disconnect(side, self.now_ms());
            }
            if self.conns.is_empty() {
                self.idle_since = Instant::now();
            }
            self.tell_changes();
        }
    }

    fn spectators(&self) -> u32 {
        let count = self
            .conns
            .values()
            .filter(|conn| conn.seat == Seat::Spectator)
            .count();
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    fn presence_of(&self, side: Side, now: u64) -> (Told, ServerMessage) {
        let timing = &self.timing().round;
        let present = self.presence.is_present(side)
            || self.elsewhere.values().any(|seats| seats[index(side)]);
        // Of several nodes nobody is taken for gone (see `run_action`), so no claim.
        let claim_at = if self.registry.bus().connects_nodes() {
            None
        } else {
            self.presence
                .claim_at_ms(side, self.round.claimable(), self.round.speed(), timing)
        };
        let message = ServerMessage::Presence {
            side,
            present,
            claim_in_ms: claim_at.map(|at| at.saturating_sub(now)),
        };
        let open = claim_at.is_some_and(|at| now >= at);
        ((present, claim_at, open), message)
    }

    /// Tells every connection what changed in the presence and the spectators' count
    /// since they were last told.
    fn tell_changes(&mut self) {
        self.announce_presence(false);
        let now = self.now_ms();
        let everyone: Vec<ConnId> = self.conns.keys().copied().collect();
        for side in [Side::White, Side::Black] {
            let (told, message) = self.presence_of(side, now);
            if self.told[index(side)] != Some(told) {
                self.told[index(side)] = Some(told);
                self.send_to(&everyone, &message);
            }
        }
        let spectators = self.spectators();
        if self.told_spectators != Some(spectators) {
            self.told_spectators = Some(spectators);
            self.send_to(&everyone, &ServerMessage::Spectators { count: spectators });
        }
    }

    async fn on_client(&mut self, conn: ConnId, message: ClientMessage, lag_ms: u64) {
        let Some(seat) = self.conns.get(&conn).map(|conn| conn.seat) else {
            return;
        };
        let (action, move_id) = match message {
            ClientMessage::Move { id, uci, ply } => (
                Action::Move {
                    id,
                    uci,
                    ply,
                    lag_ms,
                },
                Some(id),
            ),
            ClientMessage::Resign => (Action::Resign, None),
            ClientMessage::OfferDraw => (Action::OfferDraw, None),
            ClientMessage::AcceptDraw => (Action::AcceptDraw, None),
            ClientMessage::DeclineDraw => (Action::DeclineDraw, None),
            ClientMessage::ProposeTakeback => (Action::ProposeTakeback, None),
            ClientMessage::AcceptTakeback => (Action::AcceptTakeback, None),
            ClientMessage::DeclineTakeback => (Action::DeclineTakeback, None),
            ClientMessage::Abort => (Action::Abort, None),
            ClientMessage::OfferRematch => (Action::OfferRematch, None),
            ClientMessage::AcceptRematch => (Action::AcceptRematch, None),
            ClientMessage::DeclineRematch => (Action::DeclineRematch, None),
            ClientMessage::ClaimVictory => (Action::ClaimVictory, None),
            ClientMessage::ClaimDraw => (Action::ClaimDraw, None),
            ClientMessage::Bye => {
                if let Some(side) = seat.side() {
                    self.presence.bye(side);
                }
                return;
            }
            // The socket answers these itself.
            ClientMessage::Hello { .. } | ClientMessage::Ping { .. } => return,
        };
        match self.run_action(seat, action).await {
            Ok(Answer::Ack(id)) => self.send(conn, &ServerMessage::Ack { id }),
            Ok(_) => {}
            Err(refusal) => self.send(conn, &refusal_message(move_id, refusal)),
        }
    }

    /// Runs an action on a copy of the round, stores its events, then keeps the copy
    /// and broadcasts them.
    async fn run_action(&mut self, seat: Seat, action: Action) -> Result<Answer, Refusal> {
        let now = self.now_ms();
        let wall = wall_ms();
        let timing = self.timing().round;
        // Presence is known per node: with several nodes the opponent may be on
        // another one, so nobody is taken for gone (a timed game still ends by the
        // clock, an untimed one by its expiry).
        let alone = !self.registry.bus().connects_nodes();
        let opponent_gone = alone
            && seat.side().is_some_and(|side| {
                self.presence.gone(
                    side.other(),
                    self.round.claimable(),
                    self.round.speed(),
                    &timing,
                    now,
                )
            });
        let rematch_id = match action {
            Action::OfferRematch | Action::AcceptRematch => new_game_id().ok(),
            _ => None,
        };
        let context = Context {
            now_ms: now,
            wall_ms: wall,
            opponent_gone,
            rematch_id: rematch_id.as_deref(),
            timing: &timing,
        };
        let mut next = self.round.clone();
        let step = next.handle(seat, action, &context);
        if step.events.is_empty() {
            return step.answer;
        }
        let commit = Commit {
            id: self.round.id().to_owned(),
            expected_version: self.round.version(),
            events: step.events.clone(),
            state: next.stored(now),
            seats: next.seats(),
            wall_ms: wall,
            new_game: step.rematch.as_ref().map(|new| NewGame {
                id: new.round.id().to_owned(),
                events: new.events.clone(),
                state: new.round.stored(now),
                seats: new.round.seats(),
            }),
        };
        let store = self.registry.store().clone();
        if let Err(error) = store.commit(&commit).await {
            tracing::warn!(game = self.round.id(), %error, "could not store the game's change");
            if matches!(error, StoreError::Conflict) && step.rematch.is_none() {
                self.stale = true;
            }
            return Err(Refusal {
                code: RefusalCode::ServerTrouble,
                reason: "the server could not store this; nothing was done, try again".into(),
            });
        }
        self.round = next;
        let version = self.round.version();
        let everyone: Vec<ConnId> = self.conns.keys().copied().collect();
        for (v, event) in step.events {
            self.send_to(
                &everyone,
                &ServerMessage::Event {
                    v,
                    event: event.clone(),
                },
            );
            self.events.push(event);
        }
        self.tell_changes();
        self.registry.bus().announce(self.round.id(), version).await;
        self.keep_lease().await;
        step.answer
    }

    fn send(&mut self, conn: ConnId, message: &ServerMessage) {
        self.send_to(&[conn], message);
    }

    /// Sends `message` to `conns`, dropping those whose outbox is full or closed.
    fn send_to(&mut self, conns: &[ConnId], message: &ServerMessage) {
        if conns.is_empty() {
            return;
        }
        let text = encode(message);
        let mut dropped = Vec::new();
        for id in conns {
            let Some(conn) = self.conns.get(id) else {
                continue;
            };
            match conn.outbox.try_send(text.clone()) {
                Ok(()) => {}
                Err(mpsc::error::TrySendError::Full(_)) => {
                    tracing::info!(
                        game = self.round.id(),
                        conn = id,
                        "connection too slow: dropped"
                    );
                    dropped.push(*id);
                }
                // The socket closed; its Disconnect is on its way.
                Err(mpsc::error::TrySendError::Closed(_)) => dropped.push(*id),
            }
        }
        for id in dropped {
            self.disconnect(id);
        }
    }
}

const fn index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}
