//! The engine's best lines of the viewed position, live: a MultiPV search in a worker of
//! the page's own, asked again whenever the position changes (the previous search is
//! cancelled and its late news dropped), and stopped when switched off or when the page
//! is left. The first search starts once the page's first view is in: the worker's
//! client (the `engine_client` chunk) and the arrow's overlay (`board_overlays`) are no
//! part of it.

use gambit_protocol::{Limits, Score};
use gambit_rules::shakmaty::{Chess, Position, Square};
use leptos::prelude::*;

use super::notation::{sans_of_line, uci_squares};
use super::store::TreeStore;
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
            state: RwSignal::new(EngineState::Off),
            lines: RwSignal::new(Vec::new()),
            position: RwSignal::new(Chess::default()),
            search_id: StoredValue::new(None),
            pending: StoredValue::new(Vec::new()),
            expected: StoredValue::new(usize::from(LINES)),
        };
        after_first_view(move || {
            engine.started.try_set(true);
        });
        Effect::new(move |_| {
            let on = engine.enabled.get();
            let (fen, moves) = store.current_history();
            let position = store.position();
            if on && !engine.started.get() {
                // Shown as starting until the first view is in.
                engine.state.set(EngineState::Lines { searching: true });
                return;
            }
            link.try_with_value(|link| engine.restart(link, on, fen, moves, position));
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
