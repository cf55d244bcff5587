//! `/computer`: a game against the built-in engine or Stockfish over REST.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::opponent::worker_bridge::{ping, spawn_engine};

/// What the page knows about the engine worker.
#[derive(Debug, Clone, PartialEq, Eq)]
enum WorkerState {
    Starting,
    Ready(String),
    Failed(String),
}

/// The page for games against the computer. For now it starts the engine worker and
/// shows whether it answers; the game itself comes with the engine.
#[component]
pub fn ComputerPage() -> impl IntoView {
    let state = RwSignal::new(WorkerState::Starting);
    spawn_local(async move {
        let mut bridge = spawn_engine();
        let outcome = ping(&mut bridge).await;
        state.set(match outcome {
            Ok(version) => WorkerState::Ready(version),
            Err(message) => WorkerState::Failed(message),
        });
    });
    let status = move || match state.get() {
        WorkerState::Starting => "Starting the engine…".to_owned(),
        WorkerState::Ready(version) => format!("Engine ready (worker v{version})"),
        WorkerState::Failed(message) => format!("The engine could not start: {message}"),
    };
    let version = move || match state.get() {
        WorkerState::Ready(version) => Some(version),
        _ => None,
    };
    view! {
        <section class="computer" data-testid="computer-page">
            <h1>"Play the computer"</h1>
            <p>"Games against the computer are coming soon."</p>
            <p
                class="engine-status"
                data-testid="engine-status"
                data-thinking="false"
                data-worker-version=version
            >
                {status}
            </p>
        </section>
    }
}
