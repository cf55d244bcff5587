//! The page's connection to one engine worker: one task owns the worker bridge, forwards
//! requests to it and hands every event to a callback; the worker's `error` event (a
//! script that fails to load, a crash inside) is reported the same way. Dropping the
//! client terminates the worker (`Worker.terminate()`), even one stuck in a search,
//! and no callback runs after that.
//!
//! The code that spawns the worker and relays its messages (gloo-worker's bridge and the
//! messages' decoding) is in the `engine_client` chunk of the release build
//! (`crate::chunks`), fetched when a page first asks the engine something: a client
//! starts at once, and the requests sent meanwhile wait in its queue.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};
use futures::future::LocalBoxFuture;
use futures::{StreamExt, select};
use gambit_protocol::{Event, Request};
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::bridge::spawn_engine;

/// What the worker reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerNews {
    /// An event of the engine protocol.
    Event(Event),
    /// The worker ended (failed to load, crashed, or closed); the words say why when
    /// the browser told.
    Stopped(String),
}

// gloo-worker creates the `Worker` object itself and keeps it; to terminate it and hear
// its `error` event, the page takes note of the worker created while the bridge spawns.
#[wasm_bindgen(inline_js = "
let created = null;
const Original = globalThis.Worker;
export function begin_worker_capture() {
  created = null;
  globalThis.Worker = class extends Original {
    constructor(...args) { super(...args); created = this; }
  };
}
export function end_worker_capture() {
  globalThis.Worker = Original;
  const worker = created;
  created = null;
  return worker;
}
")]
extern "C" {
    fn begin_worker_capture();
    fn end_worker_capture() -> Option<web_sys::Worker>;
}

/// An engine worker. Dropping the client terminates it.
pub struct EngineClient {
    requests: UnboundedSender<Request>,
    /// The worker, once spawned.
    running: Rc<RefCell<Option<Running>>>,
    /// False once the client is dropped: late events are not delivered, and a worker
    /// whose code comes after that is not spawned.
    open: Rc<Cell<bool>>,
}

/// A spawned worker and the listener of its `error` event.
struct Running {
    worker: Option<web_sys::Worker>,
    on_error: Option<Closure<dyn Fn(web_sys::Event)>>,
}

/// The callback that hears the worker.
type OnNews = Rc<dyn Fn(WorkerNews)>;

impl EngineClient {
    /// Spawns a worker (once its code is in); `on_news` receives its events on the
    /// page's thread, until the client is dropped. If that code cannot be fetched, the
    /// worker counts as stopped, with the reason.
    pub fn start(on_news: impl Fn(WorkerNews) + 'static) -> EngineClient {
        let open = Rc::new(Cell::new(true));
        let on_news: OnNews = {
            let open = Rc::clone(&open);
            Rc::new(move |news| {
                if open.get() {
                    on_news(news);
                }
            })
        };
        let (requests, pending) = unbounded::<Request>();
        let running = Rc::new(RefCell::new(None));
        let client = EngineClient {
            requests,
            running: Rc::clone(&running),
            open: Rc::clone(&open),
        };
        spawn_local(async move {
            let not_loaded = || {
                on_news(WorkerNews::Stopped(
                    "its code could not be loaded; check the connection".to_owned(),
                ));
            };
            if preload_engine_client().await.is_err() {
                not_loaded();
                return;
            }
            // Dropped meanwhile: no worker.
            if !open.get() {
                return;
            }
            match spawn_in_chunk(pending, Rc::clone(&on_news)).await {
                // Dropped while it was spawned: this worker is not wanted.
                Ok((spawned, _)) if !open.get() => spawned.stop(),
                Ok((spawned, relay)) => {
                    *running.borrow_mut() = Some(spawned);
                    relay.await;
                }
                Err(_) => not_loaded(),
            }
        });
        client
    }

    /// Sends a request; `false` when the worker's task has ended.
    pub fn send(&self, request: Request) -> bool {
        self.requests.unbounded_send(request).is_ok()
    }
}

impl Running {
    /// Terminates the worker, even one stuck in a search, and stops hearing it.
    fn stop(self) {
        if let Some(worker) = self.worker {
            worker.terminate();
            if let Some(listener) = self.on_error {
                let _ = worker.remove_event_listener_with_callback(
                    "error",
                    listener.as_ref().unchecked_ref(),
                );
            }
        }
    }
}

impl Drop for EngineClient {
    fn drop(&mut self) {
        self.open.set(false);
        if let Some(running) = self.running.borrow_mut().take() {
            running.stop();
        }
    }
}

crate::chunk_fn!(
    /// Spawns the worker, in the `engine_client` chunk: the worker with its `error`
    /// listener, and the task that relays `pending` requests to it and its events to
    /// `on_news` until the client is dropped or the worker ends.
    fn spawn_in_chunk(
        pending: UnboundedReceiver<Request>,
        on_news: OnNews,
    ) in engine_client, preload(preload_engine_client)
        -> (Running, LocalBoxFuture<'static, ()>) {
        spawn(pending, on_news)
    }
);

/// [`spawn_in_chunk`]'s work.
fn spawn(
    mut pending: UnboundedReceiver<Request>,
    on_news: OnNews,
) -> (Running, LocalBoxFuture<'static, ()>) {
    begin_worker_capture();
    let bridge = spawn_engine();
    let worker = end_worker_capture();

    let on_error = worker.as_ref().map(|worker| {
        let on_news = Rc::clone(&on_news);
        let listener = Closure::<dyn Fn(web_sys::Event)>::new(move |event: web_sys::Event| {
            // Handled here: the page reports it in words.
            event.prevent_default();
            // A script that fails to load sends a plain `Event`, a crash an
            // `ErrorEvent` with the message.
            let reason = event
                .dyn_ref::<web_sys::ErrorEvent>()
                .map(web_sys::ErrorEvent::message)
                .unwrap_or_else(|| "it could not be loaded".to_owned());
            on_news(WorkerNews::Stopped(reason));
        });
        let _ = worker.add_event_listener_with_callback("error", listener.as_ref().unchecked_ref());
        listener
    });

    let relay = Box::pin(async move {
        let mut bridge = bridge;
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
                        on_news(WorkerNews::Stopped(String::new()));
                        break;
                    }
                },
            }
        }
    });
    (Running { worker, on_error }, relay)
}
