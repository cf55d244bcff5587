//! `/friend`: a game between two people on one device.

use leptos::prelude::*;

/// The hot-seat game page.
#[component]
pub fn FriendPage() -> impl IntoView {
    view! {
        <section class="friend" data-testid="friend-page">
            <h1>"Play a friend"</h1>
            <p>"The board is coming soon."</p>
        </section>
    }
}
