//! Browsing the history: first / previous / next / last, and a clear way back to the
//! game while an earlier position is shown. The arrow keys do the same (see the
//! page's keyboard handler).

use gambit_rules::Game;
use leptos::prelude::*;

use super::icons::{Icon, IconView};
use crate::game::store::GameStore;

/// The four history buttons and "back to the game".
#[component]
pub fn HistoryNav() -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
    let at_start = move || store.ply() == 0;
    let at_end = move || store.is_live();
    view! {
        <div class="history-nav" role="toolbar" aria-label="History">
            <button type="button" data-testid="history-first" title="First position (Home)"
                aria-label="First position" disabled=at_start on:click=move |_| store.view_first()>
                <IconView icon=Icon::First />
            </button>
            <button type="button" data-testid="history-prev" title="Previous move (←)"
                aria-label="Previous move" disabled=at_start on:click=move |_| store.view_previous()>
                <IconView icon=Icon::Previous />
            </button>
            <button type="button" data-testid="history-next" title="Next move (→)"
                aria-label="Next move" disabled=at_end on:click=move |_| store.view_next()>
                <IconView icon=Icon::Next />
            </button>
            <button type="button" data-testid="history-last" title="Last position (End)"
                aria-label="Last position" disabled=at_end on:click=move |_| store.view_last()>
                <IconView icon=Icon::Last />
            </button>
        </div>
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
