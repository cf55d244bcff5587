//! The page's connection to the engine worker: one task owns the worker bridge,
//! forwards requests to it and hands every event (or the worker's end) to a callback.

use futures::channel::mpsc::{UnboundedSender, unbounded};
use futures::{StreamExt, select};
use gambit_protocol::{Event, Request};
use leptos::task::spawn_local;

use super::worker_bridge::spawn_engine;

/// What the worker reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerNews {
    /// An event of the engine protocol.
    Event(Event),
    /// The worker's connection closed: it must be restarted.
    Stopped,
}

/// A running engine worker. Dropping the client stops the worker's task.
#[derive(Debug, Clone)]
pub struct EngineClient {
    requests: UnboundedSender<Request>,
}

impl EngineClient {
    /// Spawns a worker; `on_news` receives its events on the page's thread.
    pub fn start(on_news: impl Fn(WorkerNews) + 'static) -> EngineClient {
        let (requests, mut pending) = unbounded::<Request>();
        spawn_local(async move {
            let mut bridge = spawn_engine();
            loop {
                select! {
                    request = pending.next() => match request {
                        Some(request) => bridge.send_input(request),
                        // The client was dropped: the page no longer needs the worker.
                        None => break,
                    },
                    event = bridge.next() => match event {
                        Some(event) => on_news(WorkerNews::Event(event)),
                        None => {
                            on_news(WorkerNews::Stopped);
                            break;
                        }
                    },
                }
            }
        });
        EngineClient { requests }
    }

    /// Sends a request; `false` when the worker's task has ended.
    pub fn send(&self, request: Request) -> bool {
        self.requests.unbounded_send(request).is_ok()
    }
}
