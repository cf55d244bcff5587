//! A dismissible message for the player (a saved game that could not be restored…).

use leptos::prelude::*;

use crate::game::store::GameStore;

/// The store's notice, if any.
#[component]
pub fn Notice() -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
    view! {
        {move || store.notice().get().map(|message| view! {
            <div class="notice" data-testid="notice" role="status">
                <span>{message}</span>
                <button type="button" aria-label="Dismiss" on:click=move |_| store.dismiss_notice()>
                    "×"
                </button>
            </div>
        })}
    }
    .into_any()
}
