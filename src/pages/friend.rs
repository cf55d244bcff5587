//! `/friend`: a game between two people on one device.

use leptos::prelude::*;

use crate::game::saved::FRIEND_GAME_KEY;
use crate::game::store::GameStore;
use crate::game::view::board_area::BoardArea;
use crate::game::view::controls::GameControls;
use crate::game::view::history_nav::HistoryNav;
use crate::game::view::keyboard::use_game_shortcuts;
use crate::game::view::move_list::MoveList;
use crate::game::view::notice::Notice;
use crate::game::view::status::{GameStatus, MoveAnnouncer};
use crate::online::dialog::PlayOnlineButton;
use crate::pgn_fen::PgnFen;
use crate::review::game_page::{PageReview, ReviewSection, ReviewUnderBoard};
use crate::ui::start::{Later, Piece};

/// The hot-seat game page.
#[component]
pub fn FriendPage() -> AnyView {
    let store = GameStore::load(FRIEND_GAME_KEY, |_| ());
    provide_context(store);
    use_game_shortcuts(store);
    let review = PageReview::new(store);
    view! {
        <section class="game-page" data-testid="friend-page">
            <h1 class="visually-hidden">"Play a friend"</h1>
            <Notice />
            <div class="game-layout">
                <div class="board-stack">
                    <Later piece=Piece::Board>
                        <BoardArea
                            movable=Signal::derive(move || store.movable())
                            arrow=Signal::derive(move || review.arrow())
                            preview=review.preview()
                        />
                        <ReviewUnderBoard page=review />
                    </Later>
                </div>
                <aside class="side-panel">
                    <Later piece=Piece::SidePanel>
                        <GameStatus />
                        <HistoryNav />
                        <MoveList notes=review.move_notes() />
                        <GameControls resigning_side=Signal::derive(move || store.side_to_move()) />
                        <ReviewSection page=review game="friend" />
                        <PlayOnlineButton />
                        <PgnFen review=review />
                    </Later>
                </aside>
            </div>
            <MoveAnnouncer />
        </section>
    }
    .into_any()
}
