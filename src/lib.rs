//! Gambit, the web app: the router and the pages around the shared game model.
//!
//! `main.rs` mounts [`App`]. The engine worker is the `gambit-worker` package
//! (`crates/worker`); the page knows only its messages (`gambit-protocol`).
//!
//! One folder a feature, each with its model and its `view/`; imports run one way,
//! down this list, never up it:
//!
//! - [`pages`]: one page a route, putting the features together;
//! - [`online`]: a game against a friend elsewhere, through `gambit-server`;
//! - [`analysis_board`]: the free analysis board (`/analysis`);
//! - [`pgn_fen`]: PGN and FEN in and out of a page (a game page's PGN with its review);
//! - [`review`]: the review of a finished game (runner, marks, graph);
//! - [`opponent`]: the computer (the engine worker, Stockfish over REST, the bots);
//! - [`game`]: the game in progress, its store, clocks and storage, and its views;
//! - [`board`]: the chessboard, which knows no rules;
//! - [`chunks`]: the features the release build loads on first use;
//! - [`ui`], [`prefs`], [`storage`], [`sound`], [`offline`], [`panic_banner`]: what all of them share.

pub mod analysis_board;
pub mod board;
pub mod chunks;
pub mod engine_worker;
pub mod game;
pub mod offline;
pub mod online;
pub mod opponent;
pub mod pages;
pub mod panic_banner;
pub mod pgn_fen;
pub mod prefs;
pub mod review;
pub mod sound;
pub mod storage;
pub mod ui;

#[cfg(test)]
mod layout_tests;

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use chunks::Chunk;
use pages::{analysis, computer, play};
use pages::{friend::FriendPage, home::HomePage, not_found::NotFound};
use ui::nav::Nav;

/// The whole app: the nav bar on every page and one route per page.
#[component]
pub fn App() -> impl IntoView {
    let prefs = prefs::provide_prefs();
    if prefs.0.get_untracked().sound {
        sound::prepare_after_first_gesture();
    }
    view! {
        <Router>
            <Nav />
            <offline::UpdateNotice />
            <main class="page">
                <Routes fallback=NotFound>
                    <Route path=path!("/") view=HomePage />
                    <Route path=path!("/friend") view=FriendPage />
                    <Route path=path!("/computer") view=|| view! { <Chunk load=computer::page /> } />
                    <Route path=path!("/analysis") view=|| view! { <Chunk load=analysis::page /> } />
                    <Route path=path!("/play/:id") view=|| view! { <Chunk load=play::page /> } />
                </Routes>
            </main>
        </Router>
    }
}
