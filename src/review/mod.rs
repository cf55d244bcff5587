//! Review of a game: the engine evaluates every position of a line in its own worker,
//! the results stream into signals and local storage, and the page reads marks
//! (inaccuracy, mistake, blunder), evaluations, better moves and a per-side summary.
//!
//! - [`Review`]: the reactive review of one line (start, cancel, resume, read).
//! - [`budget`]: quick / standard / deep, as nodes per position.
//! - [`shelf`]: the analyses kept in local storage (`gambit.v1.analyses`).
//! - [`marks`]: from evaluations to marks and summaries (`gambit_rules::GameReview`).
//! - [`replay`], [`score`]: the line on the board, the worker's score from White's side.
//! - [`runner`]: talking to the engine worker.
//! - [`game_page`]: the review on the game pages (once the game is over).
//! - [`view`](mod@view): the review's panel, the evaluation graph and the better move's line; the
//!   game's move list shows the marks through [`Review::move_note`].

pub mod budget;
pub mod game_page;
pub mod marks;
pub mod replay;
pub mod runner;
pub mod score;
pub mod shelf;
pub mod view;

use gambit_rules::shakmaty::{Color, Square};
use gambit_rules::{Eval, Judgement, SideSummary};
use leptos::prelude::*;

use crate::chunks::spawn_first_view_part;
use crate::game::view::move_list::MoveNote;
pub use budget::Budget;
use marks::Marks;
use replay::Replay;
use runner::Runner;
use shelf::{Lookup, Progress, StoredAnalysis};

/// A line to review: a start position and the moves played from it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnalysedLine {
    /// The start position in FEN.
    pub fen: String,
    /// The moves in UCI notation.
    pub moves: Vec<String>,
    /// The same moves in SAN (for labels; the review replays the UCI moves).
    pub sans: Vec<String>,
}

impl AnalysedLine {
    /// The line of a whole game.
    pub fn of_game(game: &gambit_rules::Game) -> AnalysedLine {
        AnalysedLine {
            fen: game.start_fen(),
            moves: game.uci_moves().map(str::to_owned).collect(),
            sans: game.san_moves().map(str::to_owned).collect(),
        }
    }
}

/// What the review says about one move (the move that led to a ply).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlyMark {
    /// Its mark, once the positions before and after it are evaluated.
    pub judgement: Option<Judgement>,
    /// The evaluation of the position after it, from White's side.
    pub eval: Option<Eval>,
    /// The engine's preferred move instead, when it preferred another one.
    pub best: Option<BetterMove>,
}

/// The move the engine preferred, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BetterMove {
    /// The move in UCI.
    pub uci: String,
    /// The move in SAN.
    pub san: String,
    /// The engine's line from that position in SAN, starting with this move.
    pub line_san: Vec<String>,
    /// The same line in UCI.
    pub line_uci: Vec<String>,
}

/// The review of one line, in signals. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Review {
    /// The line replayed (re-keyed when the line changes).
    replay: Memo<Replay>,
    /// The analysis of that line, as far as it goes.
    analysis: RwSignal<StoredAnalysis>,
    /// What the player reads from it.
    marks: Memo<Marks>,
    /// The budget the next analysis uses.
    budget: RwSignal<Budget>,
    /// Why the last analysis stopped early, in words.
    failure: RwSignal<Option<String>>,
    /// Whether the stored analyses are being read for this line: until they are, an
    /// analysis is not started (it would be stopped when the stored one is shown).
    reading: RwSignal<bool>,
    /// The engine side.
    runner: Runner,
}

impl Review {
    /// The review of `line` (re-keyed when the line changes: loads its stored
    /// analysis, and resumes one that was under way). Call inside a component; its
    /// worker is shut down with the owner.
    pub fn new(line: Signal<AnalysedLine>) -> Review {
        Review::gated(line, Signal::derive(|| true))
    }

    /// As [`Review::new`], but only while `allowed` (a game page: once the game is
    /// over). Until then the line is not even replayed, nothing is shown and the stored
    /// analyses are not read, so a move of a live game costs the review nothing; an
    /// analysis is stopped when `allowed` turns false.
    pub fn gated(line: Signal<AnalysedLine>, allowed: Signal<bool>) -> Review {
        let replay = Memo::new(move |_| {
            if allowed.get() {
                line.with(Replay::new)
            } else {
                Replay::new(&AnalysedLine::default())
            }
        });
        let analysis = RwSignal::new(StoredAnalysis::default());
        let marks = Memo::new(move |_| replay.with(|r| analysis.with(|a| Marks::new(r, a))));
        let review = Review {
            replay,
            analysis,
            marks,
            budget: RwSignal::new(Budget::default()),
            failure: RwSignal::new(None),
            reading: RwSignal::new(false),
            runner: Runner::new(allowed),
        };
        review.follow_line();
        review
    }

    /// Loads each new line's stored analysis, resuming one that was under way; stops
    /// the analysis when the line changes or analysis is no longer allowed.
    fn follow_line(self) {
        // The memo is read, not only tracked: one only tracked is not brought up to
        // date, and news that leaves the line as it was would then restart it too.
        Effect::new(move |_| {
            self.replay.with(|_| ());
            self.runner.allowed().get();
            untrack(move || self.reload());
        });
    }

    /// Shows the stored analysis of the line again (one just imported, say): whatever
    /// runs is stopped, and the stored one resumes if it was under way. While analysis
    /// is not allowed, nothing is shown and the stored analyses are not read.
    pub fn reload(&self) {
        let (key, moves) = self.replay.with_untracked(|r| (r.key.clone(), r.len()));
        self.runner.stop();
        if !self.runner.allowed().get_untracked() {
            self.reading.set(false);
            self.analysis.set(StoredAnalysis::empty(moves, None));
            return;
        }
        let stored = match shelf::load_analysis(&key, moves) {
            Lookup::Known(stored) => stored,
            Lookup::Unread => {
                self.reading.set(true);
                self.analysis.set(StoredAnalysis::empty(moves, None));
                self.reload_once_read(key);
                return;
            }
        };
        self.reading.set(false);
        let resume = stored
            .as_ref()
            .filter(|a| a.progress == Progress::Running)
            .and_then(|a| a.budget);
        // The choice shown is the stored analysis's budget, so that a finished one reads
        // as done rather than as another budget to run.
        if let Some(budget) = stored.as_ref().and_then(|a| a.budget) {
            self.budget.set(budget);
        }
        self.analysis
            .set(stored.unwrap_or_else(|| StoredAnalysis::empty(moves, None)));
        if let Some(budget) = resume {
            self.budget.set(budget);
            self.start();
        }
    }

    /// Reads the stored analyses (in the `saved_analysis` chunk), then shows line `key`'s
    /// if the review still shows that line: a part of the first view while the page
    /// shell is up, so that a stored review shows with the page.
    fn reload_once_read(self, key: String) {
        spawn_first_view_part(async move {
            let read = shelf::read_stored().await;
            // Gone meanwhile (the page was left), or on another line: nothing to show.
            let same_line = self
                .replay
                .try_with_untracked(|replay| replay.key == key)
                .unwrap_or(false);
            if read && same_line {
                self.reload();
            } else if same_line {
                // Unreadable for want of its chunk: an analysis may start, and is not
                // saved over the stored ones (see `shelf::save_analysis`).
                self.reading.set(false);
            }
        });
    }

    /// Starts (or resumes) the analysis at the chosen [`Review::budget`]: only the
    /// positions not yet evaluated at that budget are searched.
    pub fn start(&self) {
        self.failure.set(None);
        runner::start(*self, self.budget.get_untracked());
    }

    /// Whether the line's stored analysis is still being read (then an analysis cannot
    /// start yet); reactive.
    pub fn is_reading(&self) -> bool {
        self.reading.get()
    }

    /// Stops the analysis; what is done is kept, and resumes when asked again.
    pub fn cancel(&self) {
        self.runner.stop();
        self.analysis.update(|a| {
            if a.progress == Progress::Running {
                a.progress = Progress::Stopped;
            }
        });
        runner::save(*self);
    }

    /// The budget the next analysis uses.
    pub fn budget(&self) -> RwSignal<Budget> {
        self.budget
    }

    /// The budget of the analysis shown, if it comes from the engine.
    pub fn analysed_budget(&self) -> Option<Budget> {
        self.analysis.with(|a| a.budget)
    }

    /// The mark of the move that led to `ply` (1..=moves); reactive.
    pub fn mark(&self, ply: usize) -> Option<PlyMark> {
        if ply == 0 {
            return None;
        }
        self.marks.with(|m| m.plies.get(ply).cloned())
    }

    /// The evaluation of position `ply` (0..=moves) from White's side; reactive.
    pub fn eval(&self, ply: usize) -> Option<Eval> {
        self.analysis.with(|a| a.evals.get(ply).copied().flatten())
    }

    /// The better move as an arrow, when `viewed_ply` is the position a marked move
    /// was played in; reactive.
    pub fn best_arrow(&self, viewed_ply: usize) -> Option<(Square, Square)> {
        let mark = self.mark(viewed_ply + 1)?;
        mark.judgement?;
        uci_squares(&mark.best?.uci)
    }

    /// Whether an analysis is under way; reactive.
    pub fn is_running(&self) -> bool {
        self.runner.is_running()
    }

    /// Positions evaluated and positions in all (moves + 1); reactive.
    pub fn progress(&self) -> (usize, usize) {
        self.analysis.with(|a| (a.done(), a.evals.len()))
    }

    /// The mark of the move that led to `ply` as the game's move list shows it;
    /// reactive.
    pub fn move_note(&self, ply: usize) -> Option<MoveNote> {
        self.mark(ply).map(|mark| MoveNote {
            judgement: mark.judgement,
            eval: mark.eval,
            best: mark.best.map(|best| (best.uci, best.san)),
        })
    }

    /// Whether every position is evaluated; reactive.
    pub fn is_complete(&self) -> bool {
        self.analysis
            .with(|a| !a.evals.is_empty() && a.evals.iter().all(Option::is_some))
    }

    /// Why the last analysis stopped early, in words; reactive.
    pub fn failure(&self) -> Option<String> {
        self.failure.get()
    }

    /// The counts and accuracy of `color`, once any of its moves is judged; reactive.
    pub fn summary(&self, color: Color) -> Option<SideSummary> {
        self.marks.with(|m| m.sides.map(|sides| sides[color]))
    }

    /// The plies of `color`'s moves marked `judgement`, in order; reactive.
    pub fn plies_marked(&self, color: Color, judgement: Judgement) -> Vec<usize> {
        self.replay
            .with(|r| self.marks.with(|m| m.plies_marked(r, color, judgement)))
    }

    /// The number of moves of the line; reactive.
    pub fn moves(&self) -> usize {
        self.replay.with(Replay::len)
    }

    /// The label of move `ply` ("12. Nf3", "12… Nf6"); reactive.
    pub fn label(&self, ply: usize) -> String {
        self.replay.with(|r| r.label(ply))
    }

    /// The position `ply` of the line (0..=moves); reactive.
    pub fn position(&self, ply: usize) -> Option<gambit_rules::Chess> {
        self.replay
            .with(|r| (ply <= r.len()).then(|| r.game.position_at(ply).clone()))
    }

    /// Each move's evaluation and mark, for `Game::to_pgn_annotated`; reactive.
    pub fn annotations(&self) -> Vec<gambit_rules::MoveAnnotation> {
        (1..=self.moves())
            .map(|ply| {
                let judgement = self.mark(ply).and_then(|mark| mark.judgement);
                gambit_rules::MoveAnnotation::judged(self.eval(ply), judgement)
            })
            .collect()
    }

    /// Whether any position is evaluated; reactive.
    pub fn has_evaluations(&self) -> bool {
        self.analysis.with(|a| !a.is_empty())
    }

    /// `data-eval` of move `ply`: the evaluation after it (`0.31`, `#-2`); reactive.
    pub fn eval_attr(&self, ply: usize) -> Option<String> {
        self.eval(ply).map(|eval| eval.to_string())
    }

    /// `data-best` of move `ply`: the engine's preferred move in UCI; reactive.
    pub fn best_attr(&self, ply: usize) -> Option<String> {
        self.mark(ply).and_then(|m| m.best).map(|b| b.uci)
    }
}

/// The squares of a move in UCI (`e2e4`, `e7e8q`).
pub fn uci_squares(uci: &str) -> Option<(Square, Square)> {
    let from = Square::from_ascii(uci.get(0..2)?.as_bytes()).ok()?;
    let to = Square::from_ascii(uci.get(2..4)?.as_bytes()).ok()?;
    Some((from, to))
}

/// Stores an imported PGN's evaluations as this line's analysis (marks come back on
/// import). `evals` holds one evaluation per move, the one after it (as
/// `AnnotatedGame::moves` gives them); with one more, the first is the start
/// position's. An analysis already kept for the line is not replaced.
pub fn adopt_imported(line: &AnalysedLine, evals: &[Option<Eval>]) {
    let replay = Replay::new(line);
    let moves = replay.len();
    if evals.iter().all(Option::is_none) {
        return;
    }
    let mut analysis = StoredAnalysis::empty(moves, None);
    let offset = usize::from(evals.len() <= moves);
    for (slot, eval) in analysis.evals.iter_mut().skip(offset).zip(evals) {
        *slot = *eval;
    }
    analysis.progress = if analysis.evals.iter().all(Option::is_some) {
        Progress::Done
    } else {
        Progress::Stopped
    };
    // Without storage the marks are simply not kept.
    shelf::adopt(&replay.key, moves, analysis);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_squares_reads_the_first_two_squares() {
        assert_eq!(uci_squares("g7g6"), Some((Square::G7, Square::G6)));
        assert_eq!(uci_squares("e7e8q"), Some((Square::E7, Square::E8)));
        assert_eq!(uci_squares("e7"), None);
        assert_eq!(uci_squares("z9e8"), None);
        assert_eq!(uci_squares("é7e8"), None);
    }
}
