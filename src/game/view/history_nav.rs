//! Browsing the history: first / previous / next / last, and a clear way back to the
//! game while an earlier position is shown. The arrow keys do the same (see the
//! page's keyboard handler).

use gambit_rules::Game;
use leptos::prelude::*;

use super::keyboard::{BoardKeys, game_keys};
use crate::game::store::GameStore;
use crate::ui::icons::{Icon, IconView};

/// First / previous / next / last: the four stepping buttons of a line of moves.
#[component]
pub fn StepButtons(
    /// What each button does (the same as the page's keys).
    keys: BoardKeys,
    /// Whether the first position is shown (the first two buttons are disabled).
    #[prop(into)]
    at_start: Signal<bool>,
    /// Whether the last position is shown (the last two buttons are disabled).
    #[prop(into)]
    at_end: Signal<bool>,
    /// The toolbar's name.
    label: &'static str,
    /// The first button's name ("First position").
    first: &'static str,
    /// The last button's name ("Last position").
    last: &'static str,
) -> impl IntoView {
    view! {
        <div class="history-nav" role="toolbar" aria-label=label>
            <button type="button" data-testid="history-first" title=format!("{first} (Home)")
                aria-label=first disabled=at_start on:click=move |_| keys.first.run(())>
                <IconView icon=Icon::First />
            </button>
            <button type="button" data-testid="history-prev" title="Previous move (←)"
                aria-label="Previous move" disabled=at_start on:click=move |_| keys.back.run(())>
                <IconView icon=Icon::Previous />
            </button>
            <button type="button" data-testid="history-next" title="Next move (→)"
                aria-label="Next move" disabled=at_end on:click=move |_| keys.forward.run(())>
                <IconView icon=Icon::Next />
            </button>
            <button type="button" data-testid="history-last" title=format!("{last} (End)")
                aria-label=last disabled=at_end on:click=move |_| keys.last.run(())>
                <IconView icon=Icon::Last />
            </button>
        </div>
    }
}

/// The four history buttons and "back to the game".
#[component]
pub fn HistoryNav() -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
    view! {
        <StepButtons
            keys=game_keys(store)
            at_start=Signal::derive(move || store.ply() == 0)
            at_end=Signal::derive(move || store.is_live())
            label="History"
            first="First position"
            last="Last position"
        />
        <Show when=move || !store.is_live()>
            <button type="button" class="back-to-game" data-testid="back-to-game"
                on:click=move |_| store.view_last()>
                {move || format!(
                    "Viewing move {} of {} — back to the game",
                    store.ply(),
                    store.game().with(Game::len)
                )}
            </button>
        </Show>
    }
    .into_any()
}
