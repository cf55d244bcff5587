//! `/`: the two ways to play.

use leptos::prelude::*;
use leptos_router::components::A;

/// The home page: "Play a friend" or "Play the computer".
#[component]
pub fn HomePage() -> AnyView {
    view! {
        <section class="home" data-testid="home">
            <h1>"Gambit"</h1>
            <p class="tagline">"Chess in your browser. No account, no download."</p>
            <div class="home-choices">
                <A href="/friend" attr:class="choice" attr:data-testid="choose-friend">
                    <span class="choice-title">"Play a friend"</span>
                    <span class="choice-text">"Two players, one device."</span>
                </A>
                <A href="/computer" attr:class="choice" attr:data-testid="choose-computer">
                    <span class="choice-title">"Play the computer"</span>
                    <span class="choice-text">"Eight levels, from beginner to strong."</span>
                </A>
            </div>
        </section>
    }
    .into_any()
}
