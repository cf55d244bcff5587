//! The page's connection to one engine worker: one task owns the worker bridge, forwards
//! requests to it and hands every event to a callback; the worker's `error` event (a
//! script that fails to load, a crash inside) is reported the same way. Dropping the
//! client terminates the worker (`Worker.terminate()`), even one stuck in a search,
//! and no callback runs after that.

use std::cell::Cell;
use std::rc::Rc;

use futures::channel::mpsc::{UnboundedSender, unbounded};
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

/// A running engine worker. Dropping the client terminates it.
pub struct EngineClient {
    requests: UnboundedSender<Request>,
    worker: Option<web_sys::Worker>,
    /// False once the client is dropped: late events are not delivered.
    open: Rc<Cell<bool>>,
    _on_error: Option<Closure<dyn Fn(web_sys::Event)>>,
}

impl EngineClient {
    /// Spawns a worker; `on_news` receives its events on the page's thread, until the
    /// client is dropped.
    pub fn start(on_news: impl Fn(WorkerNews) + 'static) -> EngineClient {
        let open = Rc::new(Cell::new(true));
        let on_news: Rc<dyn Fn(WorkerNews)> = {
            let open = Rc::clone(&open);
            Rc::new(move |news| {
                if open.get() {
                    on_news(news);
                }
            })
        };
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
            let _ =
                worker.add_event_listener_with_callback("error", listener.as_ref().unchecked_ref());
            listener
        });

        let (requests, mut pending) = unbounded::<Request>();
        spawn_local(async move {
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
        EngineClient {
            requests,
            worker,
            open,
            _on_error: on_error,
        }
    }

    /// Sends a request; `false` when the worker's task has ended.
    pub fn send(&self, request: Request) -> bool {
        self.requests.unbounded_send(request).is_ok()
    }
}

impl Drop for EngineClient {
    fn drop(&mut self) {
        self.open.set(false);
        if let Some(worker) = &self.worker {
            worker.terminate();
            if let Some(listener) = &self._on_error {
                let _ = worker.remove_event_listener_with_callback(
                    "error",
                    listener.as_ref().unchecked_ref(),
                );
            }
        }
    }
}
