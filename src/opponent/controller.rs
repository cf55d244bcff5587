//! The computer opponent of the `/computer` page: who plays which side, asking the
//! engine (worker or REST) for a move when it is the computer's turn, the thinking
//! state, and failures. Requests carry ids; an answer whose id is no longer current
//! (new game, takeback, page left) is ignored.

use gambit_protocol::{Event, Limits, Request, Score};
use gambit_rules::Game;
use gambit_rules::shakmaty::{Color, Square};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};

use super::engine_client::{EngineClient, WorkerNews};
use super::settings::EngineChoice;
use super::stockfish_rest::{self, depth_for_level};
use crate::game::color_serde;
use crate::game::store::{GameStore, wall_clock_ms};
use crate::storage;

/// Where the opponent of the saved computer game is kept.
pub const OPPONENT_KEY: &str = "gambit.v1.computer.opponent";

/// Replies never come faster than this, so low levels do not snap back instantly.
const MIN_REPLY_MS: f64 = 300.0;

/// Thinking time per move without clocks.
const MOVETIME_MS: u32 = 1000;

/// Extra time the worker gets beyond its budget before it counts as unresponsive.
const WATCHDOG_GRACE_MS: u32 = 10_000;

/// The computer's side of the game, saved with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opponent {
    /// Strength 1–8.
    pub level: u8,
    /// The colour the person plays.
    #[serde(with = "color_serde::color")]
    pub human: Color,
    /// Which engine answers.
    pub engine: EngineChoice,
    /// The REST base address, for Stockfish.
    pub endpoint: String,
}

impl Opponent {
    /// The saved opponent; `Err` with a reason when the data is unreadable.
    pub fn load() -> Result<Option<Opponent>, String> {
        match storage::read(OPPONENT_KEY)? {
            None => Ok(None),
            Some(text) => serde_json::from_str::<Opponent>(&text)
                .map(|opponent| {
                    Some(Opponent {
                        level: opponent.level.clamp(1, 8),
                        ..opponent
                    })
                })
                .map_err(|error| format!("unreadable opponent settings ({error})")),
        }
    }

    /// Saves the opponent next to the game.
    pub fn save(&self) -> Result<(), String> {
        let text = serde_json::to_string(self).map_err(|error| error.to_string())?;
        storage::write(OPPONENT_KEY, &text)
    }
}

/// What the engine is doing, for the status line.
#[derive(Debug, Clone, PartialEq)]
pub struct Thinking {
    /// The request's id.
    pub id: u64,
    /// When it was asked (wall clock, ms).
    pub started: f64,
    /// The deepest completed iteration reported so far.
    pub depth: u8,
    /// Its evaluation, for the side the computer plays.
    pub score: Option<Score>,
}

/// The built-in engine's analysis of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The request's id.
    pub id: u64,
    /// The game length (plies) of the analysed position.
    pub ply: usize,
    /// The evaluation for the side to move, once an iteration finished.
    pub score: Option<Score>,
    /// The best move's squares, once the search finished.
    pub best: Option<(Square, Square)>,
}

/// Thinking time of an analysis (evaluation bar, hint).
const ANALYSIS_MS: u32 = 700;

/// A failure the player must see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineFailure {
    /// What went wrong, in words.
    pub message: String,
    /// The failure came from Stockfish over REST (the built-in engine is offered).
    pub rest: bool,
}

/// The reactive state of the computer opponent. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Controller {
    /// The game.
    pub store: GameStore,
    /// The opponent, once a game is set up.
    pub opponent: RwSignal<Option<Opponent>>,
    /// The search in progress.
    pub thinking: RwSignal<Option<Thinking>>,
    /// The last failure, until the player acts on it.
    pub failure: RwSignal<Option<EngineFailure>>,
    /// The version the engine worker reported when it started.
    pub worker_version: RwSignal<Option<String>>,
    /// The built-in engine's view of the person's position (for the evaluation bar and
    /// hints), at full strength.
    pub analysis: RwSignal<Option<Analysis>>,
    next_id: StoredValue<u64>,
    client: StoredValue<Option<EngineClient>, LocalStorage>,
}

impl Controller {
    /// A controller for `store`'s game against `opponent`; it starts answering as soon
    /// as it is the computer's turn.
    pub fn new(store: GameStore, opponent: Option<Opponent>) -> Controller {
        let controller = Controller {
            store,
            opponent: RwSignal::new(opponent),
            thinking: RwSignal::new(None),
            failure: RwSignal::new(None),
            worker_version: RwSignal::new(None),
            analysis: RwSignal::new(None),
            next_id: StoredValue::new(0),
            client: StoredValue::new_local(None),
        };
        Effect::new(move |_| {
            if controller.computers_turn() && controller.thinking.get().is_none() {
                controller.request_move();
            }
        });
        on_cleanup(move || controller.cancel());
        controller
    }

    /// Whether the computer should move now: a live game, not over, its side to move,
    /// and no failure waiting for the player.
    pub fn computers_turn(&self) -> bool {
        let Some(opponent) = self.opponent.get() else {
            return false;
        };
        self.failure.with(Option::is_none)
            && self
                .store
                .game
                .with(|game| !game.is_over() && game.turn() != opponent.human)
    }

    /// The colour the person may move: theirs, when it is their turn and no search runs.
    pub fn movable(&self) -> Option<Color> {
        let human = self.opponent.get()?.human;
        let idle = self.thinking.with(Option::is_none);
        self.store.movable().filter(|&side| side == human && idle)
    }

    /// Forgets the search in progress: its answer will be ignored.
    pub fn cancel(&self) {
        self.next_id.update_value(|id| *id += 1);
        self.thinking.set(None);
    }

    fn is_current(&self, id: u64) -> bool {
        self.thinking
            .with_untracked(|t| t.as_ref().is_some_and(|t| t.id == id))
    }

    /// Takes back the person's last move (and the computer's reply to it).
    pub fn takeback(&self) {
        let Some(opponent) = self.opponent.get_untracked() else {
            return;
        };
        self.cancel();
        self.failure.set(None);
        let (len, turn) = self.store.game.with_untracked(|g| (g.len(), g.turn()));
        // The person to move: undo the reply and their move; the computer to move
        // (thinking): undo the person's move only.
        let plies = if turn == opponent.human { 2 } else { 1 };
        // Never leave the computer to move at the start (it would answer at once).
        let plies = plies.min(len);
        self.store.takeback(plies);
    }

    /// Continue after a REST failure with the built-in engine at the same level.
    pub fn use_builtin(&self) {
        self.opponent.update(|opponent| {
            if let Some(opponent) = opponent {
                opponent.engine = EngineChoice::Builtin;
                let _ = opponent.save();
            }
        });
        self.failure.set(None);
    }

    /// Starts a fresh worker after it stopped or stopped answering.
    pub fn restart_engine(&self) {
        self.client.set_value(None);
        self.failure.set(None);
    }

    fn request_move(&self) {
        let Some(opponent) = self.opponent.get_untracked() else {
            return;
        };
        self.next_id.update_value(|id| *id += 1);
        let id = self.next_id.get_value();
        self.thinking.set(Some(Thinking {
            id,
            started: wall_clock_ms(),
            depth: 0,
            score: None,
        }));
        match opponent.engine {
            EngineChoice::Builtin => self.ask_worker(id, opponent.level),
            EngineChoice::Stockfish => self.ask_rest(id, opponent),
        }
    }

    /// The thinking time for this move: a second, or less on a short clock.
    fn movetime_ms(&self) -> u32 {
        let Some(opponent) = self.opponent.get_untracked() else {
            return MOVETIME_MS;
        };
        let computer = opponent.human.other();
        let now = wall_clock_ms();
        self.store.clocks.with_untracked(|clocks| match clocks {
            Some(clocks) => {
                let left = clocks.remaining(computer, now);
                let budget = left / 30 + clocks.control.increment_ms / 2;
                u32::try_from(budget.clamp(50, u64::from(MOVETIME_MS))).unwrap_or(MOVETIME_MS)
            }
            None => MOVETIME_MS,
        })
    }

    fn ask_worker(&self, id: u64, level: u8) {
        let controller = *self;
        self.ensure_worker();
        let (fen, moves) = self.history();
        let movetime = self.movetime_ms();
        let request = Request::Search {
            id,
            fen,
            moves,
            level,
            limits: Limits {
                movetime_ms: Some(movetime),
                depth: None,
                nodes: None,
            },
        };
        let sent = self
            .client
            .with_value(|client| client.as_ref().is_some_and(|c| c.send(request)));
        if !sent {
            self.fail(id, "the engine could not be started".to_owned(), false);
            return;
        }
        // A worker that neither answers nor closes is stuck (or crashed inside).
        set_timeout(
            move || {
                if controller.is_current(id) {
                    controller.fail(id, "the engine stopped responding".to_owned(), false);
                    controller.client.set_value(None);
                }
            },
            std::time::Duration::from_millis(u64::from(movetime + WATCHDOG_GRACE_MS)),
        );
    }

    /// Asks the built-in engine (full strength, short time) about the current position
    /// for the evaluation bar and hints, unless that analysis is already there or
    /// under way. Only on the person's turn, so it never delays the computer's move.
    pub fn analyse(&self) {
        let len = self.store.game.with_untracked(gambit_rules::Game::len);
        let known = self
            .analysis
            .with_untracked(|a| a.as_ref().is_some_and(|a| a.ply == len));
        let human_to_move = self.opponent.with_untracked(|o| {
            o.as_ref().is_some_and(|o| {
                self.store
                    .game
                    .with_untracked(|g| g.turn() == o.human && !g.is_over())
            })
        });
        if known || !human_to_move || self.thinking.with_untracked(Option::is_some) {
            return;
        }
        self.next_id.update_value(|id| *id += 1);
        let id = self.next_id.get_value();
        self.analysis.set(Some(Analysis {
            id,
            ply: len,
            score: None,
            best: None,
        }));
        self.ensure_worker();
        let (fen, moves) = self.history();
        let request = Request::Search {
            id,
            fen,
            moves,
            level: 8,
            limits: Limits {
                movetime_ms: Some(ANALYSIS_MS),
                depth: None,
                nodes: None,
            },
        };
        self.client.with_value(|client| {
            if let Some(client) = client {
                client.send(request);
            }
        });
    }

    fn is_analysis(&self, id: u64) -> bool {
        self.analysis
            .with_untracked(|a| a.as_ref().is_some_and(|a| a.id == id))
    }

    fn on_analysis(&self, event: &Event) {
        self.analysis.update(|analysis| {
            let Some(analysis) = analysis else { return };
            match event {
                Event::Progress { score, .. } => analysis.score = Some(*score),
                Event::BestMove { uci, score, .. } => {
                    analysis.score = Some(*score);
                    analysis.best =
                        gambit_rules::shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
                            .ok()
                            .and_then(|m| match m {
                                gambit_rules::shakmaty::uci::UciMove::Normal {
                                    from, to, ..
                                } => Some((from, to)),
                                _ => None,
                            });
                }
                _ => {}
            }
        });
    }

    /// The game as the worker wants it: start FEN and UCI moves.
    fn history(&self) -> (String, Vec<String>) {
        self.store.game.with_untracked(|game| {
            (
                game.start_fen(),
                game.uci_moves().map(str::to_owned).collect::<Vec<_>>(),
            )
        })
    }

    /// Starts the worker if none runs.
    fn ensure_worker(&self) {
        if self.client.with_value(Option::is_none) {
            let controller = *self;
            let client = EngineClient::start(move |news| controller.on_worker_news(news));
            // The first answer proves the worker started.
            client.send(Request::Ping);
            self.worker_version.set(None);
            self.client.set_value(Some(client));
        }
    }

    fn on_worker_news(&self, news: WorkerNews) {
        if let WorkerNews::Event(
            event @ (Event::Progress { id, .. }
            | Event::BestMove { id, .. }
            | Event::Error { id, .. }),
        ) = &news
            && self.is_analysis(*id)
        {
            self.on_analysis(event);
            return;
        }
        match news {
            WorkerNews::Event(Event::Progress {
                id, depth, score, ..
            }) if self.is_current(id) => {
                self.thinking.update(|thinking| {
                    if let Some(thinking) = thinking {
                        thinking.depth = depth;
                        thinking.score = Some(score);
                    }
                });
            }
            WorkerNews::Event(Event::Pong { version }) => self.worker_version.set(Some(version)),
            WorkerNews::Event(Event::BestMove { id, uci, .. }) if self.is_current(id) => {
                self.answer(id, uci);
            }
            WorkerNews::Event(Event::Error { id, message }) if self.is_current(id) => {
                self.fail(id, format!("the engine failed: {message}"), false);
            }
            WorkerNews::Stopped => {
                self.client.set_value(None);
                if let Some(thinking) = self.thinking.get_untracked() {
                    self.fail(thinking.id, "the engine stopped".to_owned(), false);
                }
            }
            // Events of searches no longer wanted.
            WorkerNews::Event(_) => {}
        }
    }

    fn ask_rest(&self, id: u64, opponent: Opponent) {
        let controller = *self;
        let (position, fen) = self
            .store
            .game
            .with_untracked(|game| (game.position().clone(), game.fen()));
        spawn_local(async move {
            let depth = depth_for_level(opponent.level);
            let answer = stockfish_rest::ask(&opponent.endpoint, &position, &fen, depth).await;
            if !controller.is_current(id) {
                return;
            }
            match answer {
                Ok(answer) => {
                    let uci = answer
                        .mv
                        .to_uci(gambit_rules::shakmaty::CastlingMode::Standard);
                    controller.answer(id, uci.to_string());
                }
                Err(error) => controller.fail(id, error.to_string(), true),
            }
        });
    }

    /// Plays the engine's move `uci` for request `id`, no sooner than
    /// [`MIN_REPLY_MS`] after the request.
    fn answer(&self, id: u64, uci: String) {
        let controller = *self;
        let started = self
            .thinking
            .with_untracked(|t| t.as_ref().map_or(0.0, |t| t.started));
        let wait = (MIN_REPLY_MS - (wall_clock_ms() - started)).clamp(0.0, MIN_REPLY_MS);
        let play = move || {
            if !controller.is_current(id) {
                return;
            }
            let mv = controller.store.game.with_untracked(|game| {
                gambit_rules::shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
                    .ok()
                    .and_then(|m| m.to_move(game.position()).ok())
            });
            match mv {
                Some(mv) => match controller.store.play(&mv) {
                    Ok(()) => controller.thinking.set(None),
                    Err(reason) => controller.fail(id, reason, false),
                },
                None => controller.fail(
                    id,
                    format!("the engine answered an illegal move ({uci})"),
                    false,
                ),
            }
        };
        // `wait` is within 0..=MIN_REPLY_MS, so the cast is exact enough.
        set_timeout(play, std::time::Duration::from_millis(wait as u64));
    }

    fn fail(&self, id: u64, message: String, rest: bool) {
        if self.is_current(id) {
            self.thinking.set(None);
            self.failure.set(Some(EngineFailure { message, rest }));
        }
    }

    /// Sets up a new game against `opponent` with the board turned to the person.
    pub fn start(
        &self,
        opponent: Opponent,
        game: Game,
        control: Option<gambit_rules::TimeControl>,
    ) {
        self.cancel();
        self.failure.set(None);
        self.store.start(game, control);
        self.store.orientation.set(opponent.human);
        if let Err(reason) = opponent.save() {
            self.store
                .notice
                .set(Some(format!("The game could not be saved: {reason}.")));
        }
        self.opponent.set(Some(opponent));
    }
}
