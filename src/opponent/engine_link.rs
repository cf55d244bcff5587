//! The page's link to the built-in engine. It owns the worker (started on first use),
//! numbers the requests, gives every search a watchdog, and hands each search's events
//! to that search's own callback, so nothing else sorts events by id. A worker that
//! stops answering is terminated; one from another build is refused.
//!
//! Nothing reactive lives here: after [`EngineLink::shut_down`] (the page is left) the
//! worker is terminated, every watchdog is cancelled and no callback runs again.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gambit_protocol::{Event, Limits, PROTOCOL_VERSION, Request, Score};
use gloo_timers::callback::Timeout;

use super::engine_client::{EngineClient, WorkerNews};
use super::failure::EngineFailure;

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
    on_news: Rc<dyn Fn(SearchNews)>,
    _watchdog: Timeout,
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
        let weak = Rc::downgrade(&self.state);
        let watchdog = Timeout::new(budget.saturating_add(WATCHDOG_GRACE_MS), move || {
            if let Some(link) = upgrade(&weak) {
                link.unresponsive();
            }
        });
        let sent = {
            let mut state = self.state.borrow_mut();
            state.searches.push(ActiveSearch {
                id,
                on_news: Rc::new(on_news),
                _watchdog: watchdog,
            });
            state.client.as_ref().is_some_and(|client| {
                client.send(Request::Search {
                    id,
                    fen: request.fen,
                    moves: request.moves,
                    level: request.level,
                    limits: request.limits,
                    multipv: request.multipv,
                })
            })
        };
        if !sent {
            self.finish(id, SearchNews::Failed(EngineFailure::NotStarted));
        }
    }

    /// Forgets search `id`: whatever the worker still says about it is dropped.
    pub fn cancel(&self, id: u64) {
        self.state
            .borrow_mut()
            .searches
            .retain(|search| search.id != id);
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
            }) => self.tell(
                id,
                SearchNews::Progress {
                    depth,
                    score,
                    pv,
                    multipv,
                },
            ),
            WorkerNews::Event(Event::BestMove { id, uci, score }) => {
                self.finish(id, SearchNews::Done { uci, score });
            }
            WorkerNews::Event(Event::Error { id, message }) => {
                self.finish(id, SearchNews::Failed(EngineFailure::Refused(message)));
            }
            // Whole-game analysis is not asked for yet.
            WorkerNews::Event(Event::Analysed { .. } | Event::AnalysisDone { .. }) => {}
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
            (search.on_news)(SearchNews::Failed(failure.clone()));
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

    /// Passes `news` to search `id`, if it is still wanted.
    fn tell(&self, id: u64, news: SearchNews) {
        let on_news = self
            .state
            .borrow()
            .searches
            .iter()
            .find(|search| search.id == id)
            .map(|search| Rc::clone(&search.on_news));
        if let Some(on_news) = on_news {
            on_news(news);
        }
    }

    /// Passes the last `news` to search `id` and forgets the search.
    fn finish(&self, id: u64, news: SearchNews) {
        let finished = {
            let mut state = self.state.borrow_mut();
            let index = state.searches.iter().position(|search| search.id == id);
            index.map(|index| state.searches.remove(index))
        };
        if let Some(search) = finished {
            (search.on_news)(news);
        }
    }
}

fn upgrade(weak: &Weak<RefCell<LinkState>>) -> Option<EngineLink> {
    weak.upgrade().map(|state| EngineLink { state })
}
