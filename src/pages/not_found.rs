//! The page for any unknown address.

use leptos::prelude::*;
use leptos_router::components::A;

/// "Page not found", with a way back home.
#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <section class="not-found" data-testid="not-found">
            <h1>"Page not found"</h1>
            <p>"There is no page at this address."</p>
            <A href="/">"Back to the start"</A>
        </section>
    }
}
