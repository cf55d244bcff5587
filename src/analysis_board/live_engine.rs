//! The engine's best lines of the viewed position, live: a MultiPV search in a worker of
//! the page's own, asked again whenever the position changes (the previous search is
//! cancelled and its late news dropped), and stopped when switched off or when the page
//! is left. The engine follows the board once the page's first view is in, from the
//! `live_engine` chunk (its searches and their news are that chunk's code), so neither
//! that chunk, nor the worker's client (`engine_client`), nor the arrow's overlay
//! (`board_overlays`, fetched along with the engine's chunk) is a part of the first
//! view; if the chunk cannot be fetched, the panel says so, and switching the engine off
//! and on tries again.

use gambit_protocol::{Limits, Score};
use gambit_rules::shakmaty::{Chess, Position, Square};
use leptos::prelude::*;

use super::notation::{sans_of_line, uci_squares};
use super::store::TreeStore;
use crate::board::preload_board_overlays;
use crate::chunks::after_first_view;
use crate::opponent::engine_link::{EngineLink, SearchNews, SearchRequest};

/// How many lines are shown.
pub const LINES: u8 = 3;

/// The budget of one position's search: a few seconds, or this depth.
pub const LIMITS: Limits = Limits {
    movetime_ms: Some(6_000),
    depth: Some(24),
    nodes: None,
};

/// Full strength.
const LEVEL: u8 = 8;

/// One of the engine's best lines, as last reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineLine {
    /// 1 for the best line.
    pub multipv: u8,
    /// Completed depth.
    pub depth: u8,
    /// The evaluation, from the side to move's point of view.
    pub score: Score,
    /// The line in UCI.
    pub uci: Vec<String>,
    /// The line in SAN (as far as its moves are legal).
    pub san: Vec<String>,
}

/// What the engine panel shows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum EngineState {
    /// Switched off.
    #[default]
    Off,
    /// Searching (or done) for the position shown.
    Lines {
        /// Whether the search is still going.
        searching: bool,
    },
    /// The position has no move to search (mate or stalemate).
    NoMoves,
    /// The engine failed; the message says why.
    Failed(String),
}

/// The live analysis of a [`TreeStore`]'s position. Cheap to copy.
#[derive(Clone, Copy)]
pub struct LiveEngine {
    enabled: RwSignal<bool>,
    /// Whether the page's first view is in (the engine waits for it).
    started: RwSignal<bool>,
    /// Whether the engine follows the board (its chunk is in).
    following: RwSignal<bool>,
    /// Whether its chunk is being fetched.
    fetching: StoredValue<bool>,
    state: RwSignal<EngineState>,
    lines: RwSignal<Vec<EngineLine>>,
    /// The position the lines belong to (for their SAN and the side to move).
    position: RwSignal<Chess>,
    /// The search under way, to cancel when the position changes.
    search_id: StoredValue<Option<u64>>,
    /// The lines of the iteration being reported, shown once all have arrived (so the
    /// lines shown always come from one iteration and never repeat a first move).
    pending: StoredValue<Vec<EngineLine>>,
    /// How many lines an iteration reports: [`LINES`], or fewer legal moves.
    expected: StoredValue<usize>,
}

impl LiveEngine {
    /// Follows `store`'s position with a worker of its own, shut down with the calling
    /// component.
    pub fn new(store: TreeStore, enabled: bool) -> LiveEngine {
        let link = StoredValue::new_local(EngineLink::new(|_| {}));
        let engine = LiveEngine {
            enabled: RwSignal::new(enabled),
            started: RwSignal::new(false),
            following: RwSignal::new(false),
            fetching: StoredValue::new(false),
            state: RwSignal::new(EngineState::Off),
            lines: RwSignal::new(Vec::new()),
            position: RwSignal::new(Chess::default()),
            search_id: StoredValue::new(None),
            pending: StoredValue::new(Vec::new()),
            expected: StoredValue::new(usize::from(LINES)),
        };
        let owner = StoredValue::new(Owner::current());
        after_first_view(move || {
            engine.started.try_set(true);
        });
        // Until it follows the board: off, or starting (and once the first view is in,
        // its chunk is fetched).
        Effect::new(move |_| {
            let on = engine.enabled.get();
            if engine.following.get() {
                return;
            }
            if !on {
                engine.state.set(EngineState::Off);
                return;
            }
            engine.state.set(EngineState::Lines { searching: true });
            if engine.started.get() && !engine.fetching.get_value() {
                engine.fetching.set_value(true);
                // The arrow of its best move comes with it, in a task of its own rather
                // than in the one that draws the first lines. If it cannot be fetched,
                // the arrow's place says so and tries again when shown.
                leptos::task::spawn_local(async {
                    let _ = preload_board_overlays().await;
                });
                leptos::task::spawn_local(async move {
                    let Some(owner) = owner.try_get_value().flatten() else {
                        return;
                    };
                    let followed = follow_in_chunk(engine, store, link, owner).await;
                    engine.fetching.try_set_value(false);
                    if followed.is_err() {
                        engine.state.try_set(EngineState::Failed(
                            "its code could not be loaded (check the connection, then switch it off and on)"
                                .to_owned(),
                        ));
                    }
                });
            }
        });
        on_cleanup(move || {
            link.try_with_value(EngineLink::shut_down);
        });
        engine
    }

    /// Whether the engine is on.
    pub fn enabled(&self) -> ReadSignal<bool> {
        self.enabled.read_only()
    }

    /// Switches the engine on or off.
    pub fn set_enabled(&self, on: bool) {
        self.enabled.set(on);
    }

    /// What the panel shows.
    pub fn state(&self) -> ReadSignal<EngineState> {
        self.state.read_only()
    }

    /// The lines, best first.
    pub fn lines(&self) -> ReadSignal<Vec<EngineLine>> {
        self.lines.read_only()
    }

    /// Whether White is to move in the position of the lines.
    pub fn white_to_move(&self) -> bool {
        self.position.with(|position| position.turn().is_white())
    }

    /// The position the lines start from.
    pub fn position(&self) -> ReadSignal<Chess> {
        self.position.read_only()
    }

    /// The best line's first move, for the board's arrow.
    pub fn best_arrow(&self) -> Option<(Square, Square)> {
        if !self.enabled.get() {
            return None;
        }
        self.lines.with(|lines| {
            let best = lines.iter().find(|line| line.multipv == 1)?;
            uci_squares(best.uci.first()?)
        })
    }

    /// Whether the page is still there.
    fn is_alive(&self) -> bool {
        self.enabled.try_get_untracked().is_some()
    }

    /// Cancels the search under way and, when on, starts one for the new position.
    fn restart(
        &self,
        link: &EngineLink,
        on: bool,
        fen: String,
        moves: Vec<String>,
        position: Chess,
    ) {
        if let Some(old) = self.search_id.get_value() {
            link.cancel(old);
            self.search_id.set_value(None);
        }
        self.lines.set(Vec::new());
        self.pending.set_value(Vec::new());
        let moves_count = position.legal_moves().len();
        self.expected.set_value(moves_count.min(usize::from(LINES)));
        let has_moves = moves_count > 0;
        self.position.set(position);
        if !on {
            self.state.set(EngineState::Off);
            return;
        }
        if !has_moves {
            self.state.set(EngineState::NoMoves);
            return;
        }
        self.state.set(EngineState::Lines { searching: true });
        let id = link.next_id();
        self.search_id.set_value(Some(id));
        let request = SearchRequest {
            fen,
            moves,
            level: LEVEL,
            limits: LIMITS,
            multipv: LINES,
        };
        let engine = *self;
        link.search(id, request, move |news| engine.hear(id, news));
    }

    /// One piece of news from search `id`; dropped unless it is the current search and
    /// the page is still there.
    fn hear(&self, id: u64, news: SearchNews) {
        if self.search_id.try_get_value().flatten() != Some(id) {
            return;
        }
        match news {
            SearchNews::Progress {
                depth,
                score,
                pv,
                multipv,
            } => {
                let Some(san) = self
                    .position
                    .try_with_untracked(|position| sans_of_line(position, &pv))
                else {
                    return;
                };
                let line = EngineLine {
                    multipv,
                    depth,
                    score,
                    uci: pv,
                    san,
                };
                // Line 1 opens an iteration's report; the last line shows it.
                let expected = self.expected.try_get_value().unwrap_or(usize::from(LINES));
                let complete = self.pending.try_update_value(|pending| {
                    if multipv <= 1 {
                        pending.clear();
                    }
                    pending.push(line);
                    (pending.len() >= expected).then(|| pending.clone())
                });
                if let Some(Some(lines)) = complete {
                    self.lines.try_set(lines);
                }
            }
            SearchNews::Done { .. } => {
                self.search_id.try_set_value(None);
                self.state.try_set(EngineState::Lines { searching: false });
            }
            SearchNews::Failed(failure) => {
                self.search_id.try_set_value(None);
                self.state.try_set(EngineState::Failed(failure.to_string()));
            }
        }
    }
}

crate::chunk_fn!(
    /// Makes `engine` follow `store`'s position through `link`, under the page's `owner`
    /// (unless the page was left meanwhile), in the `live_engine` chunk.
    fn follow_in_chunk(
        engine: LiveEngine,
        store: TreeStore,
        link: StoredValue<EngineLink, LocalStorage>,
        owner: Owner,
    ) in live_engine -> () {
        if engine.is_alive() {
            owner.with(|| {
                Effect::new(move |_| {
                    let on = engine.enabled.get();
                    let (fen, moves) = store.current_history();
                    let position = store.position();
                    link.try_with_value(|link| engine.restart(link, on, fen, moves, position));
                });
            });
            engine.following.set(true);
        }
    }
);
