//! The engine side of a [`Review`]: its own worker (never the computer opponent's),
//! shut down with the page; starting an analysis of the positions still missing,
//! writing each evaluation into the review and local storage as it arrives, stopping.

use gambit_protocol::Score;
use gambit_rules::shakmaty::Color;
use leptos::prelude::*;

use super::Review;
use super::budget::Budget;
use super::score::eval_from_score;
use super::shelf::{self, Progress, StoredAnalysis};
use crate::opponent::engine_link::{AnalysisNews, AnalysisRequest, EngineLink};

/// The review's link to its worker and the analysis under way.
#[derive(Clone, Copy)]
pub struct Runner {
    /// The review's own engine worker, started on the first analysis.
    engine: StoredValue<EngineLink, LocalStorage>,
    /// The id of the analysis under way.
    running: RwSignal<Option<u64>>,
    /// Whether analysis may run now.
    allowed: Signal<bool>,
}

impl Runner {
    /// A runner whose worker is shut down when the calling owner is cleaned up.
    pub fn new(allowed: Signal<bool>) -> Runner {
        let engine = StoredValue::new_local(EngineLink::new(|_| {}));
        on_cleanup(move || {
            engine.try_with_value(EngineLink::shut_down);
        });
        Runner {
            engine,
            running: RwSignal::new(None),
            allowed,
        }
    }

    /// Whether analysis may run now.
    pub fn allowed(&self) -> Signal<bool> {
        self.allowed
    }

    /// Whether an analysis is under way; reactive.
    pub fn is_running(&self) -> bool {
        self.running.get().is_some()
    }

    /// Stops the analysis under way, if any: the worker is told, later news dropped.
    pub fn stop(&self) {
        let Some(Some(id)) = self.running.try_get_untracked() else {
            return;
        };
        self.running.try_set(None);
        self.engine.try_with_value(|engine| engine.cancel(id));
    }
}

/// Starts the analysis of `review`'s positions not yet evaluated at `budget` (all of
/// them when its analysis was made at another budget).
pub(super) fn start(review: Review, budget: Budget) {
    let runner = review.runner;
    runner.stop();
    if !runner.allowed.get_untracked() {
        return;
    }
    let (fen, moves, turns) = review.replay.with_untracked(|replay| {
        let turns: Vec<Color> = (0..=replay.len()).map(|ply| replay.turn_at(ply)).collect();
        (replay.game.start_fen(), replay.moves(), turns)
    });
    review.analysis.update(|analysis| {
        if !analysis.fits(moves.len()) || analysis.budget != Some(budget) {
            *analysis = StoredAnalysis::empty(moves.len(), Some(budget));
        }
        analysis.progress = Progress::Running;
    });
    let plies: Vec<u16> = review.analysis.with_untracked(|analysis| {
        analysis
            .missing()
            .into_iter()
            .filter_map(|ply| u16::try_from(ply).ok())
            .collect()
    });
    if plies.is_empty() {
        review
            .analysis
            .update(|analysis| analysis.progress = Progress::Done);
        save(review);
        return;
    }
    save(review);
    let Some(engine) = runner.engine.try_get_value() else {
        return;
    };
    let id = engine.next_id();
    runner.running.set(Some(id));
    let request = AnalysisRequest {
        fen,
        moves,
        plies,
        limits: budget.limits(),
    };
    engine.analyse(id, request, move |news| on_news(review, id, &turns, news));
}

/// What analysis `id` reported.
fn on_news(review: Review, id: u64, turns: &[Color], news: AnalysisNews) {
    if review.runner.running.try_get_untracked() != Some(Some(id)) {
        return;
    }
    match news {
        AnalysisNews::Analysed { ply, score, pv, .. } => record(review, turns, ply, score, pv),
        AnalysisNews::Done => {
            review.runner.running.try_set(None);
            review.analysis.try_update(|analysis| {
                analysis.progress = if analysis.missing().is_empty() {
                    Progress::Done
                } else {
                    Progress::Stopped
                };
            });
        }
        AnalysisNews::Failed(failure) => {
            review.runner.running.try_set(None);
            review.failure.try_set(Some(failure.to_string()));
            review
                .analysis
                .try_update(|analysis| analysis.progress = Progress::Stopped);
        }
    }
    save(review);
}

/// Keeps the evaluation of position `ply`.
fn record(review: Review, turns: &[Color], ply: u16, score: Score, pv: Vec<String>) {
    let ply = usize::from(ply);
    let Some(&turn) = turns.get(ply) else {
        return;
    };
    let eval = eval_from_score(score, turn);
    review.analysis.try_update(|analysis| {
        if let (Some(slot), Some(line)) = (analysis.evals.get_mut(ply), analysis.lines.get_mut(ply))
        {
            *slot = Some(eval);
            *line = pv;
        }
    });
}

/// Stores `review`'s analysis under its line. A full or missing storage keeps it in the
/// page only.
pub(super) fn save(review: Review) {
    let Some(key) = review
        .replay
        .try_with_untracked(|replay| replay.key.clone())
    else {
        return;
    };
    if let Some(analysis) = review.analysis.try_get_untracked()
        && !analysis.is_empty()
    {
        shelf::save_analysis(&key, &analysis);
    }
}
