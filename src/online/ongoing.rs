//! The home page's list of this browser's online games that are still going on, each a
//! link back to its page.

use leptos::prelude::*;
use leptos_router::components::A;

use super::seats;

/// The ongoing games (nothing when there are none or the seats cannot be read).
#[component]
pub fn OngoingGames() -> impl IntoView {
    let games = seats::load()
        .map(|(seats, _)| seats.ongoing())
        .unwrap_or_default();
    if games.is_empty() {
        return ().into_any();
    }
    let items = games
        .into_iter()
        .map(|(id, seat)| {
            let control = seat.time_control.map_or_else(
                || "no clock".to_owned(),
                |tc| format!("{}+{}", tc.initial_s / 60, tc.increment_s),
            );
            let text = format!("Game {id}: you play {}, {control}", seat.side.name());
            view! {
                <li>
                    <A href=format!("/play/{id}") attr:data-game-id=id.clone()>{text}</A>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="ongoing-games" data-testid="ongoing-games">
            <h2>"Your online games"</h2>
            <ul>{items}</ul>
        </section>
    }
    .into_any()
}
