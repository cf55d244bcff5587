//! `/friend`: a game between two people on one device.

use leptos::prelude::*;

use crate::analysis::game_page::{PageReview, ReviewSection, ReviewUnderBoard};
use crate::components::board_area::BoardArea;
use crate::components::game_controls::GameControls;
use crate::components::history_nav::HistoryNav;
use crate::components::keyboard::use_game_shortcuts;
use crate::components::move_list::MoveList;
use crate::components::notice::Notice;
use crate::components::pgn_fen::PgnFen;
use crate::components::status::{GameStatus, MoveAnnouncer};
use crate::game::store::GameStore;
use crate::online::dialog::PlayOnlineButton;

/// Where the friend game is saved.
pub const FRIEND_GAME_KEY: &str = "gambit.v1.friend";

/// The hot-seat game page.
#[component]
pub fn FriendPage() -> AnyView {
    let store = GameStore::load(FRIEND_GAME_KEY);
    provide_context(store);
    use_game_shortcuts(store);
    let review = PageReview::new(store);
    view! {
        <section class="game-page" data-testid="friend-page">
            <h1 class="visually-hidden">"Play a friend"</h1>
            <Notice />
            <div class="game-layout">
                <div class="board-stack">
                    <BoardArea
                        movable=Signal::derive(move || store.movable())
                        arrow=Signal::derive(move || review.arrow())
                        preview=review.preview()
                    />
                    <ReviewUnderBoard page=review />
                </div>
                <aside class="side-panel">
                    <GameStatus />
                    <HistoryNav />
                    <MoveList review=review.review() />
                    <GameControls resigning_side=Signal::derive(move || store.side_to_move()) />
                    <ReviewSection page=review game="friend" />
                    <PlayOnlineButton />
                    <PgnFen
                        export=Signal::derive(move || review.pgn())
                        import=Callback::new(move |text: String| review.import(&text))
                    />
                </aside>
            </div>
            <MoveAnnouncer />
        </section>
    }
    .into_any()
}
