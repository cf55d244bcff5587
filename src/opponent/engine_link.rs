//! The page's link to the built-in engine. It owns the worker (started on first use),
//! numbers the requests, gives every search and every game analysis a watchdog, and
//! hands each one's events to its own callback, so nothing else sorts events by id. A
//! worker that stops answering is terminated; one from another build is refused.
//!
//! Nothing reactive lives here: after [`EngineLink::shut_down`] (the page is left) the
//! worker is terminated, every watchdog is cancelled and no callback runs again.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gambit_protocol::{Event, Limits, PROTOCOL_VERSION, Request, Score};
use gloo_timers::callback::Timeout;

use super::failure::EngineFailure;
use crate::engine_worker::client::{EngineClient, WorkerNews};

/// Time a search may take beyond its own budget before the worker counts as stuck.
pub const WATCHDOG_GRACE_MS: u32 = 10_000;

/// The budget assumed for a search without a time limit, for its watchdog.
const UNTIMED_BUDGET_MS: u32 = 30_000;

/// What one search reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchNews {
    /// An iteration finished (one such news per line when more than one is asked for).
    Progress {
        /// Completed depth.
        depth: u8,
        /// Evaluation for the side to move.
        score: Score,
        /// The line in UCI notation.
        pv: Vec<String>,
        /// Which line: 1 (the best) to the request's `multipv`.
        multipv: u8,
    },
    /// The search is over: the move in UCI notation and its evaluation.
    Done {
        /// The move.
        uci: String,
        /// Evaluation for the side to move.
        score: Score,
    },
    /// The search ended without a move.
    Failed(EngineFailure),
}

/// What a game analysis reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisNews {
    /// One position is evaluated.
    Analysed {
        /// The position: moves played from the start.
        ply: u16,
        /// Completed depth.
        depth: u8,
        /// Evaluation for the side to move in that position.
        score: Score,
        /// The best line from it in UCI notation (empty when it has no legal move).
        pv: Vec<String>,
    },
    /// Every position asked for is evaluated.
    Done,
    /// The analysis ended before its last position.
    Failed(EngineFailure),
}

/// What a game analysis wants: the positions `plies` of the game from `fen` through
/// `moves`, each searched within `limits`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysisRequest {
    /// The game's start position.
    pub fen: String,
    /// The game's moves in UCI notation.
    pub moves: Vec<String>,
    /// The positions to evaluate (moves played from `fen`), in the order wanted.
    pub plies: Vec<u16>,
    /// The budget of each position.
    pub limits: Limits,
}

/// What the search wants: the game from `fen` through `moves`, at `level`, in `limits`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchRequest {
    /// The game's start position.
    pub fen: String,
    /// The moves played since, in UCI notation.
    pub moves: Vec<String>,
    /// Strength 1–8.
    pub level: u8,
    /// The budget.
    pub limits: Limits,
    /// How many best lines to report: 1 to play a move.
    pub multipv: u8,
}

/// What a bot's move wants: the game from `fen` through `moves`, and the bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotMoveRequest {
    /// The game's start position.
    pub fen: String,
    /// The moves played since, in UCI notation.
    pub moves: Vec<String>,
    /// The bot's UCI name.
    pub bot: String,
    /// The game's seed for the bot's ties.
    pub seed: u64,
}

/// The time a bot's answer may take before the worker counts as stuck (worstfish, the
/// slowest, searches each reply for a few milliseconds).
const BOT_BUDGET_MS: u32 = 5_000;

/// A shared handle on the engine worker. Cheap to clone.
#[derive(Clone)]
pub struct EngineLink {
    state: Rc<RefCell<LinkState>>,
}

struct LinkState {
    client: Option<EngineClient>,
    next_id: u64,
    searches: Vec<ActiveSearch>,
    /// Told the worker's version when it reports it.
    on_version: Rc<dyn Fn(String)>,
}

struct ActiveSearch {
    id: u64,
    listener: Listener,
    _watchdog: Timeout,
}

/// Who hears a search's or an analysis's news.
#[derive(Clone)]
enum Listener {
    Search(Rc<dyn Fn(SearchNews)>),
    /// An analysis, with the time one position may take before its watchdog fires.
    Analysis(Rc<dyn Fn(AnalysisNews)>, u32),
}

impl Listener {
    fn fail(&self, failure: EngineFailure) {
        match self {
            Listener::Search(on_news) => on_news(SearchNews::Failed(failure)),
            Listener::Analysis(on_news, _) => on_news(AnalysisNews::Failed(failure)),
        }
    }
}

impl EngineLink {
    /// A link with no worker yet; `on_version` hears the version of each worker started.
    pub fn new(on_version: impl Fn(String) + 'static) -> EngineLink {
        EngineLink {
            state: Rc::new(RefCell::new(LinkState {
                client: None,
                next_id: 0,
                searches: Vec::new(),
                on_version: Rc::new(on_version),
            })),
        }
    }

    /// A fresh request id (ids only grow, so an old one never matches a new request).
    pub fn next_id(&self) -> u64 {
        let mut state = self.state.borrow_mut();
        state.next_id += 1;
        state.next_id
    }

    /// Starts search `id` (from [`EngineLink::next_id`]); its news go to `on_news`, the
    /// last one being `Done` or `Failed`. A search that outlives its budget by
    /// [`WATCHDOG_GRACE_MS`] fails as unresponsive and the worker is terminated.
    pub fn search(&self, id: u64, request: SearchRequest, on_news: impl Fn(SearchNews) + 'static) {
        self.ensure_worker();
        let budget = request.limits.movetime_ms.unwrap_or(UNTIMED_BUDGET_MS);
        self.start(
            id,
            Listener::Search(Rc::new(on_news)),
            budget.saturating_add(WATCHDOG_GRACE_MS),
            Request::Search {
                id,
                fen: request.fen,
                moves: request.moves,
                level: request.level,
                limits: request.limits,
                multipv: request.multipv,
            },
        );
    }

    /// Asks the worker for bot move `id` (from [`EngineLink::next_id`]); the answer goes
    /// to `on_news` as `Done` (or `Failed`), with the same watchdog as a search.
    pub fn bot_move(
        &self,
        id: u64,
        request: BotMoveRequest,
        on_news: impl Fn(SearchNews) + 'static,
    ) {
        self.ensure_worker();
        self.start(
            id,
            Listener::Search(Rc::new(on_news)),
            BOT_BUDGET_MS.saturating_add(WATCHDOG_GRACE_MS),
            Request::BotMove {
                id,
                fen: request.fen,
                moves: request.moves,
                bot: request.bot,
                seed: request.seed,
            },
        );
    }

    /// Starts game analysis `id` (from [`EngineLink::next_id`]); its news go to
    /// `on_news`, one `Analysed` per position, the last news being `Done` or `Failed`.
    /// Each position has its own watchdog, restarted by every evaluation: a position
    /// that takes longer than the time of an untimed search and [`WATCHDOG_GRACE_MS`]
    /// fails the analysis as unresponsive and the worker is terminated.
    pub fn analyse(
        &self,
        id: u64,
        request: AnalysisRequest,
        on_news: impl Fn(AnalysisNews) + 'static,
    ) {
        self.ensure_worker();
        let per_position = request
            .limits
            .movetime_ms
            .unwrap_or(UNTIMED_BUDGET_MS)
            .saturating_add(WATCHDOG_GRACE_MS);
        self.start(
            id,
            Listener::Analysis(Rc::new(on_news), per_position),
            per_position,
            Request::Analyse {
                id,
                fen: request.fen,
                moves: request.moves,
                plies: request.plies,
                limits: request.limits,
            },
        );
    }

    /// Registers request `id` with its listener and a watchdog of `watchdog_ms`, then
    /// sends it; a worker that cannot take it fails the request at once.
    fn start(&self, id: u64, listener: Listener, watchdog_ms: u32, request: Request) {
        let watchdog = self.watchdog(watchdog_ms);
        let sent = {
            let mut state = self.state.borrow_mut();
            state.searches.push(ActiveSearch {
                id,
                listener,
                _watchdog: watchdog,
            });
            state
                .client
                .as_ref()
                .is_some_and(|client| client.send(request))
        };
        if !sent {
            self.fail(id, EngineFailure::NotStarted);
        }
    }

    /// Stops search or analysis `id`: the worker is asked to stop it, and whatever it
    /// still says about it is dropped.
    pub fn cancel(&self, id: u64) {
        let mut state = self.state.borrow_mut();
        let before = state.searches.len();
        state.searches.retain(|search| search.id != id);
        if state.searches.len() != before
            && let Some(client) = state.client.as_ref()
        {
            client.send(Request::Cancel { id });
        }
    }

    /// Terminates the worker; the next search starts a fresh one. Searches under way
    /// are forgotten.
    pub fn restart(&self) {
        drop(self.stop_worker());
    }

    /// The page is going: terminates the worker and cancels everything, silently.
    pub fn shut_down(&self) {
        self.restart();
    }

    /// A timer that declares the worker unresponsive after `ms` milliseconds.
    fn watchdog(&self, ms: u32) -> Timeout {
        let weak = Rc::downgrade(&self.state);
        Timeout::new(ms, move || {
            if let Some(link) = upgrade(&weak) {
                link.unresponsive();
            }
        })
    }

    fn ensure_worker(&self) {
        if self.state.borrow().client.is_some() {
            return;
        }
        let weak = Rc::downgrade(&self.state);
        let client = EngineClient::start(move |news| {
            if let Some(link) = upgrade(&weak) {
                link.on_worker_news(news);
            }
        });
        // The first answer proves the worker started and tells its version.
        client.send(Request::Ping);
        self.state.borrow_mut().client = Some(client);
    }

    fn on_worker_news(&self, news: WorkerNews) {
        match news {
            WorkerNews::Event(Event::Pong { version }) => self.on_version(version),
            WorkerNews::Event(Event::Progress {
                id,
                depth,
                score,
                pv,
                multipv,
                ..
            }) => {
                if let Some(Listener::Search(on_news)) = self.listener(id) {
                    on_news(SearchNews::Progress {
                        depth,
                        score,
                        pv,
                        multipv,
                    });
                }
            }
            WorkerNews::Event(Event::BestMove { id, uci, score }) => {
                if let Some(Listener::Search(on_news)) = self.take(id) {
                    on_news(SearchNews::Done { uci, score });
                }
            }
            WorkerNews::Event(Event::Analysed {
                id,
                ply,
                depth,
                score,
                pv,
            }) => self.on_analysed(
                id,
                AnalysisNews::Analysed {
                    ply,
                    depth,
                    score,
                    pv,
                },
            ),
            WorkerNews::Event(Event::AnalysisDone { id }) => {
                if let Some(Listener::Analysis(on_news, _)) = self.take(id) {
                    on_news(AnalysisNews::Done);
                }
            }
            WorkerNews::Event(Event::Error { id, message }) => {
                self.fail(id, EngineFailure::Refused(message));
            }
            // This link never asks for a reading (`engine_worker::read_pgn` does, with a
            // worker of its own).
            WorkerNews::Event(Event::PgnRead { .. }) => {}
            WorkerNews::Stopped(reason) => self.fail_all(EngineFailure::Stopped(reason)),
        }
    }

    fn on_version(&self, version: String) {
        if version == PROTOCOL_VERSION {
            let on_version = Rc::clone(&self.state.borrow().on_version);
            on_version(version);
        } else {
            self.fail_all(EngineFailure::VersionMismatch {
                page: PROTOCOL_VERSION.to_owned(),
                worker: version,
            });
        }
    }

    /// The worker did not answer in time: it is terminated, its searches fail.
    fn unresponsive(&self) {
        self.fail_all(EngineFailure::Unresponsive);
    }

    /// Terminates the worker and fails every search under way with `failure`.
    fn fail_all(&self, failure: EngineFailure) {
        for search in self.stop_worker() {
            search.listener.fail(failure.clone());
        }
    }

    /// Terminates the worker (dropping its client) and hands back the searches that
    /// were under way; no borrow is held when the caller tells them.
    fn stop_worker(&self) -> Vec<ActiveSearch> {
        let (client, searches) = {
            let mut state = self.state.borrow_mut();
            (state.client.take(), std::mem::take(&mut state.searches))
        };
        drop(client);
        searches
    }

    /// The listener of search or analysis `id`, if it is still wanted.
    fn listener(&self, id: u64) -> Option<Listener> {
        self.state
            .borrow()
            .searches
            .iter()
            .find(|search| search.id == id)
            .map(|search| search.listener.clone())
    }

    /// Forgets search or analysis `id` and hands back its listener, to tell it the end.
    fn take(&self, id: u64) -> Option<Listener> {
        let mut state = self.state.borrow_mut();
        let index = state.searches.iter().position(|search| search.id == id)?;
        Some(state.searches.remove(index).listener)
    }

    /// Ends search or analysis `id` with `failure`.
    fn fail(&self, id: u64, failure: EngineFailure) {
        if let Some(listener) = self.take(id) {
            listener.fail(failure);
        }
    }

    /// One position of analysis `id` is evaluated: its watchdog starts again for the
    /// next one and the news is passed on.
    fn on_analysed(&self, id: u64, news: AnalysisNews) {
        let Some(Listener::Analysis(on_news, per_position)) = self.listener(id) else {
            return;
        };
        let watchdog = self.watchdog(per_position);
        if let Some(search) = self
            .state
            .borrow_mut()
            .searches
            .iter_mut()
            .find(|search| search.id == id)
        {
            search._watchdog = watchdog;
        }
        on_news(news);
    }
}

fn upgrade(weak: &Weak<RefCell<LinkState>>) -> Option<EngineLink> {
    weak.upgrade().map(|state| EngineLink { state })
}
