//! The evaluation bar (a toggle, off by default) and the hint button of the computer
//! page, both fed by the built-in engine's analysis of the person's position. The
//! analysis runs in the worker; the page never waits for it.

use gambit_protocol::Score;
use gambit_rules::Game;
use gambit_rules::shakmaty::Square;
use leptos::prelude::*;

use super::engine_status::describe_score;
use crate::opponent::assistant::Assistant;

/// What the hint shows: nothing, the piece to move, or the move itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HintStage {
    /// No hint.
    #[default]
    Hidden,
    /// The piece to move is marked.
    Piece,
    /// The move is drawn as an arrow.
    Move,
}

/// The hint's state, shared by the button and the board.
#[derive(Clone, Copy)]
pub struct Hint {
    /// How much was asked for, and at which game length: a hint belongs to one
    /// position and hides by itself once a move is made.
    asked: RwSignal<(usize, HintStage)>,
    assistant: Assistant,
}

impl Hint {
    /// A hint from `assistant`'s analysis.
    pub fn new(assistant: Assistant) -> Hint {
        Hint {
            asked: RwSignal::new((0, HintStage::Hidden)),
            assistant,
        }
    }

    /// How much is shown in the current position.
    pub fn stage(&self) -> HintStage {
        let len = self.assistant.controller.store.game().with(Game::len);
        self.asked
            .with(|&(ply, stage)| if ply == len { stage } else { HintStage::Hidden })
    }

    /// The player pressed the button: the piece first, then the move.
    fn press(&self) {
        let len = self
            .assistant
            .controller
            .store
            .game()
            .with_untracked(Game::len);
        let next = match self.stage() {
            HintStage::Hidden => HintStage::Piece,
            _ => HintStage::Move,
        };
        self.asked.set((len, next));
    }

    /// The analysed best move of the current position, once known.
    fn best(&self) -> Option<(Square, Square)> {
        let len = self.assistant.controller.store.game().with(Game::len);
        self.assistant
            .analysis()
            .with(|a| a.as_ref().filter(|a| a.ply == len).and_then(|a| a.best))
    }

    /// The square to mark.
    pub fn marked(&self) -> Option<Square> {
        match self.stage() {
            HintStage::Hidden => None,
            _ => self.best().map(|(from, _)| from),
        }
    }

    /// The arrow to draw.
    pub fn arrow(&self) -> Option<(Square, Square)> {
        (self.stage() == HintStage::Move)
            .then(|| self.best())
            .flatten()
    }
}

/// The hint button: the first press marks the piece to move, the second shows the move.
#[component]
pub fn HintButton(
    /// The hint state.
    hint: Hint,
) -> impl IntoView {
    let assistant = hint.assistant;
    let available = move || assistant.controller.movable().is_some();
    let press = move |_| {
        assistant.analyse();
        hint.press();
    };
    view! {
        <button type="button" data-testid="hint" disabled=move || !available() on:click=press>
            {move || match hint.stage() {
                HintStage::Hidden => "Hint",
                _ => "Show the move",
            }}
        </button>
    }
}

/// White's share of the bar (0–1) for a score from White's point of view.
pub fn white_share(score: Score, white_to_move: bool) -> f64 {
    let sign = if white_to_move { 1.0 } else { -1.0 };
    match score {
        Score::Cp(cp) => 1.0 / (1.0 + (-f64::from(cp) * sign / 400.0).exp()),
        Score::Mate(moves) if f64::from(moves) * sign > 0.0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

/// The white part's width for `share` (0–1) as a CSS declaration, to a tenth of a per
/// cent: formatted in whole numbers, so the page needs no float formatting.
fn bar_width(share: f64) -> String {
    let tenths = (share.clamp(0.0, 1.0) * 1000.0).round() as u32;
    format!("width: {}.{}%", tenths / 10, tenths % 10)
}

/// The evaluation bar with its toggle.
#[component]
pub fn EvalBar(
    /// The analysis of the person's positions.
    assistant: Assistant,
) -> impl IntoView {
    let controller = assistant.controller;
    let shown = RwSignal::new(false);
    // Analyse each new position of the person while the bar is on.
    Effect::new(move |_| {
        let len = controller.store.game().with(Game::len);
        let idle = controller.thinking().with(Option::is_none);
        if shown.get() && idle {
            let _ = len;
            assistant.analyse();
        }
    });
    let reading = move || {
        let len = controller.store.game().with(Game::len);
        let white_to_move = controller.store.game().with(|g| g.turn().is_white());
        // The player's position: the analysis; the computer's: its own live search.
        let analysed = assistant
            .analysis()
            .with(|a| a.as_ref().filter(|a| a.ply == len).and_then(|a| a.score));
        let thinking = controller
            .thinking()
            .with(|t| t.as_ref().and_then(|t| t.score));
        analysed.or(thinking).map(|score| {
            (
                describe_score(score, white_to_move),
                white_share(score, white_to_move),
            )
        })
    };
    view! {
        <label class="eval-toggle">
            <input type="checkbox" data-testid="eval-toggle"
                prop:checked=move || shown.get()
                on:change=move |_| shown.update(|s| *s = !*s) />
            " Evaluation bar"
        </label>
        <Show when=move || shown.get()>
            <div class="eval-bar" data-testid="eval-bar" role="meter" aria-label="Evaluation"
                data-eval=move || reading().map(|(text, _)| text)>
                <div class="eval-white"
                    style=move || bar_width(reading().map_or(0.5, |(_, share)| share))>
                </div>
                <span class="eval-text">{move || reading().map_or("…".to_owned(), |(text, _)| text)}</span>
            </div>
        </Show>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_width_is_in_tenths_of_a_per_cent() {
        assert_eq!(bar_width(0.5), "width: 50.0%");
        assert_eq!(bar_width(0.123_45), "width: 12.3%");
        assert_eq!(bar_width(1.0), "width: 100.0%");
        assert_eq!(bar_width(0.0), "width: 0.0%");
        assert_eq!(bar_width(f64::NAN), "width: 0.0%");
    }

    #[test]
    fn the_bar_leans_to_the_side_that_is_better() {
        assert!((white_share(Score::Cp(0), true) - 0.5).abs() < 1e-9);
        assert!(white_share(Score::Cp(300), true) > 0.6);
        assert!(white_share(Score::Cp(300), false) < 0.4);
        assert_eq!(white_share(Score::Mate(2), false), 0.0);
        assert_eq!(white_share(Score::Mate(-2), false), 1.0);
    }
}
