//! The review controls of a finished game: the budget choice, "Analyse", the progress
//! with "Cancel", the evaluation graph and the per-side summary, whose counts step
//! through those moves.

use gambit_rules::shakmaty::Color;
use gambit_rules::{Judgement, SideSummary};
use leptos::prelude::*;

use crate::game::view::status::color_name;
use crate::review::{Budget, Review};

/// The analyse / progress / summary panel of `review`.
#[component]
pub fn ReviewPanel(
    /// The review shown.
    review: Review,
    /// The ply on the board.
    #[prop(into)]
    viewed: Signal<usize>,
    /// Called with a ply to show (a graph point, a count of marked moves).
    on_go: Callback<usize>,
) -> impl IntoView {
    let budget = review.budget();
    let choice = move |choice: Budget| {
        view! {
            <label class="analysis-budget" title=format!("{} nodes per position", choice.nodes())>
                <input type="radio" name="analysis-budget" value=choice.name()
                    data-analysis-budget=choice.name()
                    prop:checked=move || budget.get() == choice
                    on:change=move |_| budget.set(choice) />
                {choice.label()}
            </label>
        }
    };
    let can_start = move || {
        let already_done = review.is_complete() && review.analysed_budget() == Some(budget.get());
        !review.is_running() && !review.is_reading() && !already_done
    };
    let progress = move || {
        let (done, total) = review.progress();
        let running = review.is_running();
        (running || done > 0).then(|| {
            let moves = total.saturating_sub(1);
            let text = if running {
                format!("Analysing move {} of {moves}", done.min(moves))
            } else if done >= total {
                format!("Analysed, {moves} moves")
            } else {
                format!(
                    "Analysis stopped at move {} of {moves}",
                    done.saturating_sub(1)
                )
            };
            view! {
                <div class="analysis-progress" data-testid="analysis-progress"
                    data-done=done data-total=total data-running=running.then_some("")>
                    <progress max=total value=done></progress>
                    <span role="status">{text}</span>
                    <Show when=move || review.is_running()>
                        <button type="button" data-testid="analysis-cancel"
                            on:click=move |_| review.cancel()>
                            "Cancel"
                        </button>
                    </Show>
                </div>
            }
        })
    };
    let failure = move || {
        review.failure().map(|reason| {
            view! { <p class="analysis-failure" role="alert">{format!("The analysis stopped: {reason}")}</p> }
        })
    };
    view! {
        <section class="review-panel" aria-label="Game review">
            <div class="analysis-start">
                <fieldset class="analysis-budgets" disabled=move || review.is_running()>
                    <legend>"Depth"</legend>
                    {Budget::ALL.map(choice)}
                </fieldset>
                <button type="button" class="analyse" data-testid="analyse"
                    disabled=move || !can_start() on:click=move |_| review.start()>
                    "Analyse"
                </button>
            </div>
            {progress}
            {failure}
            {graph::review_graph(review, viewed, on_go)}
            <Summary review=review viewed=viewed on_go=on_go />
        </section>
    }
}

/// Counts and accuracy per side; clicking a count shows the next such move.
#[component]
fn Summary(review: Review, viewed: Signal<usize>, on_go: Callback<usize>) -> impl IntoView {
    let side = move |color: Color| {
        move || {
            review.summary(color).map(|summary: SideSummary| {
                let count = move |judgement: Judgement| {
                    let n = summary.count(judgement);
                    let step = move |_| {
                        let plies = review.plies_marked(color, judgement);
                        let now = viewed.get_untracked();
                        let next = plies.iter().copied().find(|&ply| ply > now);
                        if let Some(ply) = next.or_else(|| plies.first().copied()) {
                            on_go.run(ply);
                        }
                    };
                    view! {
                        <button type="button" class=format!("summary-count {}", judgement.name())
                            data-judgement=judgement.name() disabled=n == 0 on:click=step
                            title=format!("Show {}'s {}s", color_name(color), judgement.name())>
                            <span class="summary-number">{n}</span>
                            " "
                            {plural(judgement, n)}
                        </button>
                    }
                };
                let accuracy = summary.accuracy.map(|a| format!("{a:.0}"));
                view! {
                    <div class="summary-side" data-color=color_name(color).to_lowercase()
                        data-inaccuracies=summary.inaccuracies data-mistakes=summary.mistakes
                        data-blunders=summary.blunders
                        data-accuracy=summary.accuracy.map(|a| format!("{a:.1}"))>
                        <span class="summary-name">{color_name(color)}</span>
                        <span class="summary-accuracy">
                            {accuracy.map_or_else(|| "–".to_owned(), |a| format!("{a}% accuracy"))}
                        </span>
                        {Judgement::ALL.map(count)}
                    </div>
                }
            })
        }
    };
    view! {
        <Show when=move || review.summary(Color::White).is_some()>
            <div class="analysis-summary" data-testid="analysis-summary">
                {side(Color::White)}
                {side(Color::Black)}
            </div>
        </Show>
    }
}

/// "1 blunder", "2 mistakes".
fn plural(judgement: Judgement, n: usize) -> String {
    let name = judgement.name();
    if n == 1 {
        name.to_owned()
    } else {
        match judgement {
            Judgement::Inaccuracy => "inaccuracies".to_owned(),
            _ => format!("{name}s"),
        }
    }
}

/// The evaluation graph of the review: one point per move.
mod graph {
    use leptos::prelude::*;

    use crate::review::Review;
    use crate::review::view::eval_graph::{EvalGraph, GraphPoint};

    /// The graph of `review`, its columns going to their ply, once a position is
    /// evaluated.
    pub fn review_graph(
        review: Review,
        viewed: Signal<usize>,
        on_go: Callback<usize>,
    ) -> impl IntoView {
        let points = Memo::new(move |_| {
            (1..=review.moves())
                .map(|ply| GraphPoint {
                    ply,
                    eval: review.eval(ply),
                    label: review.label(ply),
                    judgement: review.mark(ply).and_then(|mark| mark.judgement),
                })
                .collect::<Vec<_>>()
        });
        // Drawn once there is something to draw: an empty frame says nothing.
        let analysed = Memo::new(move |_| points.with(|p| p.iter().any(|p| p.eval.is_some())));
        view! {
            <Show when=move || analysed.get()>
                <EvalGraph points=points viewed=viewed on_select=on_go />
            </Show>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_as_words() {
        assert_eq!(plural(Judgement::Inaccuracy, 2), "inaccuracies");
        assert_eq!(plural(Judgement::Inaccuracy, 1), "inaccuracy");
        assert_eq!(plural(Judgement::Blunder, 0), "blunders");
        assert_eq!(plural(Judgement::Mistake, 3), "mistakes");
    }
}
