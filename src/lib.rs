//! Gambit, the web app: the router and the pages around the shared game model.
//!
//! `main.rs` mounts [`App`]. The engine worker is the `gambit-worker` package
//! (`crates/worker`); the page knows only its messages (`gambit-protocol`).

pub mod analysis;
pub mod analysis_board;
pub mod components;
pub mod game;
pub mod offline;
pub mod online;
pub mod opponent;
pub mod pages;
pub mod panic_banner;
pub mod sound;
pub mod storage;

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use components::nav::Nav;
use pages::analysis::AnalysisPage;
use pages::play::PlayPage;
use pages::{computer::ComputerPage, friend::FriendPage, home::HomePage, not_found::NotFound};

/// The whole app: the nav bar on every page and one route per page.
#[component]
pub fn App() -> impl IntoView {
    let prefs = game::prefs::provide_prefs();
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
                    <Route path=path!("/computer") view=ComputerPage />
                    <Route path=path!("/analysis") view=AnalysisPage />
                    <Route path=path!("/play/:id") view=PlayPage />
                </Routes>
            </main>
        </Router>
    }
}
