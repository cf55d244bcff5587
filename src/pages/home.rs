//! `/`: the ways in: play a friend (here or online), play the computer, or open the
//! analysis board; and this browser's online games still going on.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::online::dialog::PlayOnlineButton;
use crate::online::ongoing::OngoingGames;

/// The home page: "Play a friend", "Play the computer" or "Analysis board".
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
                <A href="/analysis" attr:class="choice" attr:data-testid="choose-analysis">
                    <span class="choice-title">"Analysis board"</span>
                    <span class="choice-text">"A game or a position, its lines, the engine's view."</span>
                </A>
            </div>
            <div class="home-online">
                <PlayOnlineButton />
                <span class="choice-text">"Send a link; play from two devices."</span>
            </div>
            <OngoingGames />
        </section>
    }
    .into_any()
}
