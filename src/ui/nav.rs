//! The navigation bar shown on every page, with the sound toggle.

use leptos::prelude::*;
use leptos_router::components::A;

use super::icons::{Icon, IconView};
use crate::prefs::PrefsContext;

/// The top bar: the app's name (a link home), the two ways to play, the analysis
/// board, and the sound toggle.
#[component]
pub fn Nav() -> impl IntoView {
    let prefs = use_context::<PrefsContext>();
    let sound_toggle = prefs.map(|PrefsContext(prefs)| {
        let on = move || prefs.with(|p| p.sound);
        view! {
            <button
                type="button"
                class="sound-toggle"
                data-testid="sound-toggle"
                aria-pressed=move || on().to_string()
                aria-label="Sound"
                title=move || if on() { "Sound on (click to mute)" } else { "Sound off (click to unmute)" }
                on:click=move |_| prefs.update(|p| p.sound = !p.sound)
            >
                {move || view! { <IconView icon=if on() { Icon::SoundOn } else { Icon::SoundOff } /> }}
            </button>
        }
    });
    view! {
        <nav class="nav" aria-label="Main">
            <A href="/" attr:class="nav-brand" attr:data-testid="nav-home">
                "Gambit"
            </A>
            <A href="/friend" attr:class="nav-link" attr:data-testid="nav-friend">
                <span class="nav-long">"Play a "</span>"friend"
            </A>
            // `?setup` opens the opponent dialog, also over a game in progress.
            <A href="/computer?setup" attr:class="nav-link" attr:data-testid="nav-computer">
                <span class="nav-long">"Play the "</span>"computer"
            </A>
            <A href="/analysis" attr:class="nav-link" attr:data-testid="nav-analysis">
                <span class="nav-long">"Analysis "</span>"board"
            </A>
            {sound_toggle}
        </nav>
    }
}
