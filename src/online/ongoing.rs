//! The home page's list of this browser's online games that are still going on, each a
//! link back to its page. The list's view is in the `ongoing` chunk, fetched only when
//! this browser keeps seats at all, so a browser that never played online downloads
//! none of it (reading the seats, their JSON included).

use leptos::prelude::*;
use leptos_router::components::A;

use super::seats::{self, SEATS_KEY};
use crate::chunks::Chunk;
use crate::storage;

/// The ongoing games (nothing when there are none or the seats cannot be read).
#[component]
pub fn OngoingGames() -> impl IntoView {
    // An unreadable storage is the chunk's to report as no games; only a missing key
    // means there is nothing to fetch.
    let kept = !matches!(storage::read(SEATS_KEY), Ok(None));
    kept.then(|| view! { <Chunk load=ongoing_list /> })
}

crate::chunk_view!(
    /// [`OngoingGames`]'s list.
    fn ongoing_list() in ongoing {
        view! { <OngoingList /> }
    }
);

/// The list of the ongoing games, read from the seats.
#[component]
fn OngoingList() -> impl IntoView {
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
