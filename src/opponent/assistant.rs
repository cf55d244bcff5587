//! The built-in engine's view of the person's position, for the evaluation bar and the
//! hint of the `/computer` page: a short full-strength search of the position the person
//! is to move in, through the same [`EngineLink`] (and watchdog) as the computer's moves.
//! Only on the person's turn, so it never delays the computer's move. It builds on the
//! [`Controller`], which knows nothing of it.

use gambit_protocol::Score;
use gambit_rules::Game;
use gambit_rules::shakmaty::Square;
use gambit_rules::shakmaty::uci::UciMove;
use leptos::prelude::*;

use super::controller::Controller;
use super::engine_link::{EngineLink, SearchNews};

/// Thinking time of an analysis (evaluation bar, hint).
const ANALYSIS_MS: u32 = 700;

/// The level of an analysis: full strength.
const ANALYSIS_LEVEL: u8 = 8;

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

/// The analysis of the person's positions for one game. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Assistant {
    /// The game's computer opponent, whose engine link it shares.
    pub controller: Controller,
    analysis: RwSignal<Option<Analysis>>,
}

impl Assistant {
    /// An assistant beside `controller`, with no analysis yet.
    pub fn new(controller: Controller) -> Assistant {
        Assistant {
            controller,
            analysis: RwSignal::new(None),
        }
    }

    /// The built-in engine's view of the person's position, at full strength.
    pub fn analysis(&self) -> ReadSignal<Option<Analysis>> {
        self.analysis.read_only()
    }

    /// Asks the built-in engine (full strength, short time) about the current position
    /// for the evaluation bar and hints, unless that analysis is already there or
    /// under way. Only on the person's turn, so it never delays the computer's move.
    pub fn analyse(&self) {
        let controller = self.controller;
        let len = controller.store.game().with_untracked(Game::len);
        let known = self
            .analysis
            .with_untracked(|a| a.as_ref().is_some_and(|a| a.ply == len));
        let human = controller.human_untracked();
        let human_to_move = controller
            .store
            .game()
            .with_untracked(|g| Some(g.turn()) == human && !g.is_over());
        if known || !human_to_move || controller.thinking().with_untracked(Option::is_some) {
            return;
        }
        let link = controller.link;
        if let Some(previous) = self.analysis.with_untracked(|a| a.as_ref().map(|a| a.id)) {
            link.with_value(|link| link.cancel(previous));
        }
        let id = link.with_value(EngineLink::next_id);
        self.analysis.set(Some(Analysis {
            id,
            ply: len,
            score: None,
            best: None,
        }));
        let assistant = *self;
        let request = controller.search_request(ANALYSIS_LEVEL, ANALYSIS_MS);
        link.with_value(|link| {
            link.search(id, request, move |news| {
                if assistant.is_current(id) {
                    assistant.on_analysis(news);
                }
            });
        });
    }

    /// Whether `id` is the analysis under way; `false` once the page is gone.
    fn is_current(&self, id: u64) -> bool {
        self.analysis
            .try_with_untracked(|a| a.as_ref().is_some_and(|a| a.id == id))
            .unwrap_or(false)
    }

    fn on_analysis(&self, news: SearchNews) {
        self.analysis.update(|slot| match (slot.as_mut(), news) {
            (Some(analysis), SearchNews::Progress { score, .. }) => analysis.score = Some(score),
            (Some(analysis), SearchNews::Done { uci, score }) => {
                analysis.score = Some(score);
                analysis.best = match UciMove::from_ascii(uci.as_bytes()) {
                    Ok(UciMove::Normal { from, to, .. }) => Some((from, to)),
                    _ => None,
                };
            }
            // The bar and the hint stay empty; the next position asks again.
            (_, SearchNews::Failed(_)) | (None, _) => *slot = None,
        });
    }
}
