//! The better move under the board: for a marked move, "Nf6?? was a blunder; best was
//! g6", then the engine's line in SAN, which can be stepped through on the board (a
//! preview of those positions; the game is untouched).

use gambit_rules::Chess;
use leptos::prelude::*;

use crate::review::replay::{LINE_PLIES, play_line};
use crate::review::{BetterMove, Review};

/// The better move of the move that led to the viewed ply, when that move is marked.
#[component]
pub fn BestMoveLine(
    /// The review shown.
    review: Review,
    /// The ply on the board.
    #[prop(into)]
    viewed: Signal<usize>,
    /// Called with a position of the engine's line to show instead of the game's, or
    /// `None` to show the game again.
    on_preview: Callback<Option<Chess>>,
) -> impl IntoView {
    // How many moves of the line the preview shows (0: none, the game).
    let step = RwSignal::new(0_usize);
    let shown = Memo::new(move |_| {
        let ply = viewed.get();
        let mark = review.mark(ply)?;
        let judgement = mark.judgement?;
        let best = mark.best?;
        let before = review.position(ply - 1)?;
        let (_, _, positions) = play_line(&before, &best.line_uci, LINE_PLIES);
        Some((ply, judgement, best, positions))
    });
    // Another position viewed, or another line: back to the game. (`shown` is read,
    // not only tracked: a memo that is only tracked is not brought up to date, and news
    // that leaves it as it was would then also reset the step.)
    Effect::new(move |_| {
        shown.with(|_| ());
        step.set(0);
    });
    Effect::new(move |previous: Option<Option<usize>>| {
        let now = step.get();
        let position = shown.with_untracked(|shown| {
            let (_, _, _, positions) = shown.as_ref()?;
            now.checked_sub(1)
                .and_then(|index| positions.get(index).cloned())
        });
        // Nothing to tell at first when nothing is previewed.
        if previous.is_some() || position.is_some() {
            on_preview.try_run(position);
        }
        Some(now)
    });
    on_cleanup(move || {
        on_preview.try_run(None);
    });

    move || {
        shown.get().map(|(ply, judgement, best, positions)| {
            let BetterMove { san, line_san, .. } = best;
            let played = review.label(ply);
            let length = positions.len();
            let moves = line_san
                .into_iter()
                .enumerate()
                .map(|(index, san)| {
                    let number = index + 1;
                    view! {
                        <button type="button" class="best-line-move" data-testid="best-line-step"
                            data-index=number
                            aria-pressed=move || if step.get() == number { "true" } else { "false" }
                            on:click=move |_| step.set(if step.get_untracked() == number { 0 } else { number })>
                            {san}
                        </button>
                    }
                })
                .collect_view();
            view! {
                <div class="best-move-line" data-testid="best-move-line" data-judgement=judgement.name()>
                    <p class="best-move-verdict">
                        <span class=format!("verdict {}", judgement.name())>
                            {format!("{played}{} — {}", judgement.symbol(), judgement.name())}
                        </span>
                        " · best was "
                        <strong data-testid="best-move-san">{san}</strong>
                    </p>
                    <div class="best-line" role="group" aria-label="The engine's line">
                        <button type="button" class="best-line-nav" aria-label="Back in the line"
                            disabled=move || step.get() == 0
                            on:click=move |_| step.update(|s| *s = s.saturating_sub(1))>
                            "‹"
                        </button>
                        {moves}
                        <button type="button" class="best-line-nav" aria-label="On in the line"
                            disabled=move || { step.get() >= length }
                            on:click=move |_| step.update(|s| *s = (*s + 1).min(length))>
                            "›"
                        </button>
                        <Show when=move || { step.get() > 0 }>
                            <button type="button" class="best-line-exit" data-testid="best-line-exit"
                                on:click=move |_| step.set(0)>
                                "Back to the game"
                            </button>
                        </Show>
                    </div>
                </div>
            }
        })
    }
}
