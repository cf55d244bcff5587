//! The navigation bar shown on every page.

use leptos::prelude::*;
use leptos_router::components::A;

/// The top bar: the app's name (a link home) and the two ways to play.
#[component]
pub fn Nav() -> impl IntoView {
    view! {
        <nav class="nav" aria-label="Main">
            <A href="/" attr:class="nav-brand" attr:data-testid="nav-home">
                "Gambit"
            </A>
            <A href="/friend" attr:class="nav-link" attr:data-testid="nav-friend">
                "Play a friend"
            </A>
            <A href="/computer" attr:class="nav-link" attr:data-testid="nav-computer">
                "Play the computer"
            </A>
        </nav>
    }
}
