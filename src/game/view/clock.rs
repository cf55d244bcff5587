//! A player's clock: time left, the running one marked, tenths under ten seconds.

use gambit_rules::shakmaty::Color;
use leptos::prelude::*;

use crate::game::clock::clock_display;
use crate::game::store::GameStore;

/// The clock of `color`, when the game has clocks.
#[component]
pub fn ClockView(
    /// Whose clock.
    color: Color,
) -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
    let testid = match color {
        Color::White => "clock-white",
        Color::Black => "clock-black",
    };
    let running = move || {
        store
            .clocks()
            .with(|clocks| clocks.and_then(|c| c.running) == Some(color))
    };
    view! {
        <Show when=move || store.clocks().with(Option::is_some)>
            <div
                class="clock"
                class:running=running
                class:low=move || store.clock_ms(color).is_some_and(|ms| ms < 10_000)
                data-testid=testid
                data-running=move || running().then_some("")
                data-ms=move || store.clock_ms(color).map(|ms| ms.to_string())
                role="timer"
                aria-label=move || format!("{} clock", if color == Color::White { "White" } else { "Black" })
            >
                {move || store.clock_ms(color).map(clock_display)}
            </div>
        </Show>
    }
    .into_any()
}
