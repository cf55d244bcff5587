//! The engine's best lines of the position shown, with a switch: each line's
//! evaluation (from White's side), its depth and its moves in SAN. Clicking a line
//! plays its first move on the board.

use leptos::prelude::*;

use crate::analysis_board::live_engine::{EngineState, LiveEngine};
use crate::analysis_board::notation::numbered_line;
use crate::opponent::view::engine_status::describe_score;

/// The engine switch and the lines.
#[component]
pub fn EngineLines(
    /// The live analysis.
    engine: LiveEngine,
    /// Plays a move (UCI) from the position shown.
    on_play: Callback<String>,
) -> impl IntoView {
    let status = move || match engine.state().get() {
        EngineState::Off => None,
        EngineState::Lines { searching: true } => Some("Thinking…".to_owned()),
        EngineState::Lines { searching: false } => Some("Done".to_owned()),
        EngineState::NoMoves => Some("No legal move in this position.".to_owned()),
        EngineState::Failed(reason) => Some(format!("The engine stopped: {reason}.")),
    };
    let lines = move || {
        let white_to_move = engine.white_to_move();
        engine.position().with(|position| {
            engine
                .lines()
                .get()
                .into_iter()
                .map(|line| {
                    let eval = describe_score(line.score, white_to_move);
                    let eval_attribute = eval.clone();
                    let first = line.uci.first().cloned().unwrap_or_default();
                    let moves = numbered_line(position, &line.san);
                    let play = first.clone();
                    view! {
                        <li class="engine-line" data-multipv=line.multipv data-uci=first
                            data-depth=line.depth data-eval=eval_attribute>
                            <button type="button" class="engine-line-play"
                                title="Play this line's first move"
                                on:click=move |_| on_play.run(play.clone())>
                                <span class="engine-eval">{eval}</span>
                                <span class="engine-moves">{moves}</span>
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let depth = move || {
        engine
            .lines()
            .with(|lines| lines.first().map(|line| format!("depth {}", line.depth)))
    };
    view! {
        <section class="engine-panel" aria-label="Engine">
            <div class="engine-head">
                <label class="engine-switch">
                    <input type="checkbox" data-testid="engine-toggle" role="switch"
                        prop:checked=move || engine.enabled().get()
                        on:change=move |_| engine.set_enabled(!engine.enabled().get_untracked()) />
                    " Engine"
                </label>
                <span class="engine-depth">{depth}</span>
                <span class="engine-state" role="status">{status}</span>
            </div>
            <Show when=move || engine.enabled().get()>
                <ol class="engine-lines" data-testid="engine-lines">{lines}</ol>
            </Show>
        </section>
    }
}
