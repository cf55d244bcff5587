//! The page's side of the Web Worker: spawning it and talking to it.
//!
//! The page knows the worker by its messages alone ([`Request`] in, [`Event`] out, from
//! `gambit-protocol`), so it does not link the engine: [`EngineWorker`] stands for the
//! reactor that the worker binary (`crates/worker`) registers under the same messages.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use futures::StreamExt;
use gambit_protocol::codec::Postcard;
use gambit_protocol::{Event, Request};
use gloo_worker::reactor::{Reactor, ReactorBridge, ReactorScope, ReactorSpawner};

/// The engine worker as the page sees it: the type of its messages. gloo-worker only
/// needs those to spawn the worker and talk to it; the page never runs this reactor
/// (the worker runs its own), so its body does nothing.
#[derive(Debug)]
pub struct EngineWorker;

impl Reactor for EngineWorker {
    type Scope = ReactorScope<Request, Event>;

    fn create(_scope: Self::Scope) -> Self {
        EngineWorker
    }
}

impl Future for EngineWorker {
    type Output = ();

    fn poll(self: Pin<&mut Self>, _context: &mut Context<'_>) -> Poll<()> {
        Poll::Ready(())
    }
}

/// A connection to a running engine worker.
pub type EngineBridge = ReactorBridge<EngineWorker>;

/// The worker's loader script (Trunk's `data-loader-shim`: a module that imports
/// `worker.js` and initialises its wasm), resolved against the document's base URI so
/// that nested routes (`/friend/…`) still find it. A file of the site, not a `blob:`
/// address, so the Content-Security-Policy can say `worker-src 'self'`.
pub fn worker_url() -> String {
    let base = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.base_uri().ok().flatten());
    match base.and_then(|base| web_sys::Url::new_with_base(WORKER_LOADER, &base).ok()) {
        Some(url) => url.href(),
        None => format!("/{WORKER_LOADER}"),
    }
}

/// The loader script Trunk writes beside `worker.js`.
const WORKER_LOADER: &str = "worker_loader.js";

/// Starts a new engine worker (a module worker, from the loader script).
pub fn spawn_engine() -> EngineBridge {
    ReactorSpawner::<EngineWorker>::new()
        .encoding::<Postcard>()
        .with_loader(true)
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
