//! The page's side of the Web Worker: spawning it and talking to it.

use futures::StreamExt;
use gambit_engine::protocol::{Event, Request};
use gloo_worker::Spawnable;
use gloo_worker::reactor::ReactorBridge;

use super::engine_worker::EngineReactor;

/// A connection to a running engine worker.
pub type EngineBridge = ReactorBridge<EngineReactor>;

/// The worker script's address, resolved against the document's base URI so that
/// nested routes (`/friend/…`) still find `/worker.js`.
pub fn worker_url() -> String {
    let base = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.base_uri().ok().flatten());
    match base.and_then(|base| web_sys::Url::new_with_base("worker.js", &base).ok()) {
        Some(url) => url.href(),
        None => "/worker.js".to_owned(),
    }
}

/// Starts a new engine worker.
///
/// `worker.js` (wasm-bindgen's `web` target) is an ES module that must be initialised;
/// without a Trunk loader shim, gloo-worker writes that two-line module itself.
pub fn spawn_engine() -> EngineBridge {
    EngineReactor::spawner()
        .with_loader(false)
        .spawn(&worker_url())
}

/// Sends a ping and waits for the worker's version.
///
/// Returns an error in words when the worker closed the connection or answered
/// something else.
pub async fn ping(bridge: &mut EngineBridge) -> Result<String, String> {
    bridge.send_input(Request::Ping);
    match bridge.next().await {
        Some(Event::Pong { version }) => Ok(version),
        Some(other) => Err(format!(
            "unexpected answer from the engine worker: {other:?}"
        )),
        None => Err("the engine worker stopped".to_owned()),
    }
}
