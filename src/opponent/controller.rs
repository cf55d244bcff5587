//! The computer opponent of the `/computer` page, as reactive state: who plays which
//! side, asking for a move when it is the computer's turn (the built-in engine through
//! [`EngineLink`], or Stockfish over REST), the thinking state, failures, and the
//! built-in engine's view of the person's position (evaluation bar, hint).
//!
//! Everything started here may finish after the page is gone: engine news, REST answers
//! and timers check their request against the current one with the `try_` accessors,
//! which answer `None` once the page's reactive state is disposed, and the page's
//! cleanup terminates the worker and aborts a pending REST call.

use gambit_protocol::{Limits, Score};
use gambit_rules::Game;
use gambit_rules::shakmaty::{CastlingMode, Color};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::engine_link::{BotMoveRequest, EngineLink, SearchNews, SearchRequest};
use super::failure::EngineFailure;
use super::settings::{EngineChoice, Opponent};
use super::stockfish_rest::{self, depth_for_level};
use crate::game::store::{GameStore, wall_clock_ms};

/// Replies never come faster than this, so low levels do not snap back instantly.
const MIN_REPLY_MS: f64 = 300.0;

/// A bot answers at once; it waits this long at least, plus up to [`BOT_PAUSE_SPREAD_MS`]
/// at random, so it seems to think as a person would.
const BOT_PAUSE_MS: f64 = 500.0;

/// The random part of a bot's pause.
const BOT_PAUSE_SPREAD_MS: f64 = 600.0;

/// Thinking time per move without clocks.
const MOVETIME_MS: u32 = 1000;

/// What the engine is doing, for the status line.
#[derive(Debug, Clone, PartialEq)]
pub struct Thinking {
    /// The request's id.
    pub id: u64,
    /// When it was asked (wall clock, ms).
    pub started: f64,
    /// The answer is played no sooner than this after `started` (ms).
    pub min_reply_ms: f64,
    /// The game's length when it was asked: an answer for another position (the game
    /// moved on in another tab) is dropped.
    pub ply: usize,
    /// The deepest completed iteration reported so far.
    pub depth: u8,
    /// Its evaluation, for the side the computer plays.
    pub score: Option<Score>,
}

/// The reactive state of the computer opponent. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Controller {
    /// The game.
    pub store: GameStore,
    /// The opponent, kept in the game's record.
    opponent: Memo<Option<Opponent>>,
    thinking: RwSignal<Option<Thinking>>,
    failure: RwSignal<Option<EngineFailure>>,
    worker_version: RwSignal<Option<String>>,
    pub(super) link: StoredValue<EngineLink, LocalStorage>,
    rest_call: StoredValue<Option<web_sys::AbortController>, LocalStorage>,
}

impl Controller {
    /// A controller for `store`'s game against the opponent kept with it; it starts
    /// answering as soon as it is the computer's turn, and stops everything when its
    /// owner is cleaned up.
    pub fn new(store: GameStore) -> Controller {
        let attachment = store.attachment();
        let opponent = Memo::new(move |_| attachment.get());
        let worker_version = RwSignal::new(None);
        let link = EngineLink::new(move |version| {
            worker_version.try_set(Some(version));
        });
        let controller = Controller {
            store,
            opponent,
            thinking: RwSignal::new(None),
            failure: RwSignal::new(None),
            worker_version,
            link: StoredValue::new_local(link),
            rest_call: StoredValue::new_local(None),
        };
        Effect::new(move |_| {
            if controller.computers_turn() && controller.thinking.with(Option::is_none) {
                controller.request_move();
            }
        });
        on_cleanup(move || {
            controller.link.try_with_value(EngineLink::shut_down);
            controller.abort_rest_call();
        });
        controller
    }

    // ---- Reading -----------------------------------------------------------

    /// The opponent, once a game is set up.
    pub fn opponent(&self) -> Memo<Option<Opponent>> {
        self.opponent
    }

    /// The search in progress.
    pub fn thinking(&self) -> ReadSignal<Option<Thinking>> {
        self.thinking.read_only()
    }

    /// The last failure, until the player acts on it.
    pub fn failure(&self) -> ReadSignal<Option<EngineFailure>> {
        self.failure.read_only()
    }

    /// The version the engine worker reported when it started.
    pub fn worker_version(&self) -> ReadSignal<Option<String>> {
        self.worker_version.read_only()
    }

    /// Whether the computer should move now: a live game, not over, its side to move,
    /// and no failure waiting for the player.
    pub fn computers_turn(&self) -> bool {
        let Some(human) = self.human() else {
            return false;
        };
        self.failure.with(Option::is_none)
            && self
                .store
                .game()
                .with(|game| !game.is_over() && game.turn() != human)
    }

    /// The colour the person may move: theirs, when it is their turn and no search runs.
    pub fn movable(&self) -> Option<Color> {
        let human = self.human()?;
        let idle = self.thinking.with(Option::is_none);
        self.store.movable().filter(|&side| side == human && idle)
    }

    /// The colour the person plays, once a game is set up.
    fn human(&self) -> Option<Color> {
        self.opponent.with(|o| o.as_ref().map(|o| o.human))
    }

    /// [`Controller::human`] without tracking.
    pub(super) fn human_untracked(&self) -> Option<Color> {
        self.opponent
            .with_untracked(|o| o.as_ref().map(|o| o.human))
    }

    /// Whether `id` is the move request under way; `false` once the page is gone.
    fn is_current(&self, id: u64) -> bool {
        self.thinking
            .try_with_untracked(|t| t.as_ref().is_some_and(|t| t.id == id))
            .unwrap_or(false)
    }

    // ---- Acting ------------------------------------------------------------

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
        self.store.turn_to(opponent.human);
        self.store.attach(Some(opponent));
    }

    /// Forgets the search in progress: its answer will be ignored.
    pub fn cancel(&self) {
        if let Some(id) = self.thinking.with_untracked(|t| t.as_ref().map(|t| t.id)) {
            self.link.with_value(|link| link.cancel(id));
        }
        self.abort_rest_call();
        self.thinking.set(None);
    }

    /// Takes back the person's last move (and the computer's reply to it).
    pub fn takeback(&self) {
        let Some(human) = self.human_untracked() else {
            return;
        };
        self.cancel();
        self.failure.set(None);
        let (len, turn) = self.store.game().with_untracked(|g| (g.len(), g.turn()));
        // The person to move: undo the reply and their move; the computer to move
        // (thinking): undo the person's move only.
        let plies = if turn == human { 2 } else { 1 };
        // Never leave the computer to move at the start (it would answer at once).
        self.store.takeback(plies.min(len));
    }

    /// Continue after a REST failure with the built-in engine at the same level.
    pub fn use_builtin(&self) {
        if let Some(mut opponent) = self.opponent.get_untracked() {
            opponent.engine = EngineChoice::Builtin;
            self.store.attach(Some(opponent));
        }
        self.failure.set(None);
    }

    /// Starts a fresh worker after it stopped or stopped answering.
    pub fn restart_engine(&self) {
        self.link.with_value(EngineLink::restart);
        self.worker_version.set(None);
        self.failure.set(None);
    }

    // ---- The computer's move -----------------------------------------------

    fn request_move(&self) {
        let Some(opponent) = self.opponent.get_untracked() else {
            return;
        };
        let id = self.link.with_value(EngineLink::next_id);
        let min_reply_ms = if opponent.bot.is_some() {
            BOT_PAUSE_MS + js_sys::Math::random() * BOT_PAUSE_SPREAD_MS
        } else {
            MIN_REPLY_MS
        };
        self.thinking.set(Some(Thinking {
            id,
            ply: self.store.game().with_untracked(Game::len),
            started: wall_clock_ms(),
            min_reply_ms,
            depth: 0,
            score: None,
        }));
        match (&opponent.bot, opponent.engine) {
            (Some(bot), _) => self.ask_bot(id, bot.clone(), opponent.seed),
            (None, EngineChoice::Builtin) => self.ask_worker(id, opponent.level),
            (None, EngineChoice::Stockfish) => self.ask_rest(id, opponent),
        }
    }

    /// Asks the worker for the bot's move (bots are only played by the built-in engine).
    fn ask_bot(&self, id: u64, bot: String, seed: u64) {
        let controller = *self;
        let (fen, moves) = self.game_for_worker();
        let request = BotMoveRequest {
            fen,
            moves,
            bot,
            seed,
        };
        self.link.with_value(|link| {
            link.bot_move(id, request, move |news| controller.on_move_news(id, news));
        });
    }

    /// The thinking time for this move: a second, or less on a short clock.
    fn movetime_ms(&self) -> u32 {
        let Some(human) = self.human_untracked() else {
            return MOVETIME_MS;
        };
        let now = wall_clock_ms();
        self.store.clocks().with_untracked(|clocks| match clocks {
            Some(clocks) => {
                let left = clocks.remaining(human.other(), now);
                let budget = left / 30 + clocks.control.increment_ms / 2;
                u32::try_from(budget.clamp(50, u64::from(MOVETIME_MS))).unwrap_or(MOVETIME_MS)
            }
            None => MOVETIME_MS,
        })
    }

    fn ask_worker(&self, id: u64, level: u8) {
        let controller = *self;
        let request = self.search_request(level, self.movetime_ms());
        self.link.with_value(|link| {
            link.search(id, request, move |news| controller.on_move_news(id, news));
        });
    }

    /// What the worker says about move request `id` (a search or a bot's move).
    fn on_move_news(&self, id: u64, news: SearchNews) {
        if !self.is_current(id) {
            return;
        }
        match news {
            SearchNews::Progress { depth, score, .. } => {
                self.thinking.update(|thinking| {
                    if let Some(thinking) = thinking {
                        thinking.depth = depth;
                        thinking.score = Some(score);
                    }
                });
            }
            SearchNews::Done { uci, .. } => self.answer(id, uci),
            SearchNews::Failed(failure) => self.fail(id, failure),
        }
    }

    fn ask_rest(&self, id: u64, opponent: Opponent) {
        let controller = *self;
        self.abort_rest_call();
        let abort = web_sys::AbortController::new().ok();
        self.rest_call.set_value(abort.clone());
        let (position, fen) = self
            .store
            .game()
            .with_untracked(|game| (game.position().clone(), game.fen()));
        spawn_local(async move {
            let depth = depth_for_level(opponent.level);
            let answer = stockfish_rest::ask(opponent.endpoint, position, fen, depth, abort).await;
            if !controller.is_current(id) {
                return;
            }
            controller.rest_call.set_value(None);
            match answer {
                Ok(answer) => {
                    let uci = answer.mv.to_uci(CastlingMode::Standard).to_string();
                    controller.answer(id, uci);
                }
                Err(error) => controller.fail(id, EngineFailure::Rest(error)),
            }
        });
    }

    fn abort_rest_call(&self) {
        if let Some(Some(abort)) = self.rest_call.try_with_value(Option::clone) {
            abort.abort();
        }
        self.rest_call.try_set_value(None);
    }

    /// Plays the engine's move `uci` for request `id`, no sooner than its
    /// `min_reply_ms` after the request.
    fn answer(&self, id: u64, uci: String) {
        let controller = *self;
        let (started, ply, min_reply_ms) = self.thinking.with_untracked(|t| {
            t.as_ref()
                .map_or((0.0, 0, 0.0), |t| (t.started, t.ply, t.min_reply_ms))
        });
        // `max` and `min` rather than `clamp`, whose check of its bounds formats floats
        // (that formatting would be downloaded with the page for this line alone).
        let wait = (min_reply_ms - (wall_clock_ms() - started))
            .min(min_reply_ms)
            .max(0.0);
        let play = move || {
            if !controller.is_current(id) {
                return;
            }
            if controller.store.game().with_untracked(Game::len) != ply {
                // The game moved on meanwhile: the answer is for another position, and
                // the computer is asked again if it is its turn.
                controller.thinking.set(None);
                return;
            }
            match controller.store.play_uci(&uci) {
                Ok(()) => controller.thinking.set(None),
                Err(_) => controller.fail(id, EngineFailure::IllegalMove(uci.clone())),
            }
        };
        // `wait` is within 0..=min_reply_ms (under two seconds), so the cast is exact
        // enough.
        set_timeout(play, std::time::Duration::from_millis(wait as u64));
    }

    fn fail(&self, id: u64, failure: EngineFailure) {
        if self.is_current(id) {
            self.thinking.set(None);
            self.failure.set(Some(failure));
        }
    }

    // ---- Shared by the move and the analysis ------------------------------

    /// The game's start (FEN) and its moves in UCI notation, as the worker reads them.
    fn game_for_worker(&self) -> (String, Vec<String>) {
        self.store.game().with_untracked(|game| {
            (
                game.start_fen(),
                game.uci_moves().map(str::to_owned).collect::<Vec<_>>(),
            )
        })
    }

    /// The game as the worker wants it, at `level` with `movetime_ms`.
    pub(super) fn search_request(&self, level: u8, movetime_ms: u32) -> SearchRequest {
        let (fen, moves) = self.game_for_worker();
        SearchRequest {
            fen,
            moves,
            level,
            limits: Limits {
                movetime_ms: Some(movetime_ms),
                depth: None,
                nodes: None,
            },
            multipv: 1,
        }
    }
}
