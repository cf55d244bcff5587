//! The game's WebSocket: one connection at a time to `/api/games/{id}/socket`, opened
//! with the page's `Hello`, kept alive with `Ping` (2.5 s after each `Pong`), dropped
//! when no `Pong` came for 9 s, and reopened after a loss with a growing delay (0.5 s
//! doubling to 8 s, with jitter), at once when the page asks (a resync) or the browser
//! comes back online (and when it goes offline, which an open socket may not notice).
//! `Bye` goes out synchronously when the page is hidden for good.
//!
//! Built on gloo-net's `WebSocket` (a stream of messages and a sink) over a
//! `web_sys::WebSocket` this module creates itself and keeps a handle to, so that the
//! `Bye` of `pagehide` can be sent at once, outside the async loop (the page may be gone
//! before the loop runs again).
//!
//! The connection outlives nothing: [`Connection::close`] (the page's cleanup) ends the
//! loop, closes the socket and drops the callbacks.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use futures::channel::{mpsc, oneshot};
use futures::{FutureExt, SinkExt, StreamExt, select_biased};
use gambit_online_protocol::{ClientMessage, ServerMessage};
use gloo_net::websocket::Message;
use gloo_net::websocket::futures::WebSocket;
use gloo_timers::future::TimeoutFuture;

use super::backoff::{PING_AFTER_PONG_MS, PONG_TIMEOUT_MS, reconnect_delay_ms};

/// What the connection tells its page.
pub struct Handlers {
    /// The `Hello` to open each connection with (the page's token and version now).
    pub hello: Box<dyn Fn() -> ClientMessage>,
    /// A message from the server (pongs included).
    pub on_message: Box<dyn Fn(ServerMessage)>,
    /// The connection is up (`true`, once `Welcome` arrived) or down.
    pub on_connected: Box<dyn Fn(bool)>,
}

/// The connection of one page to one game. Cheap to clone (a handle).
#[derive(Clone)]
pub struct Connection {
    inner: Rc<Inner>,
}

struct Inner {
    url: String,
    handlers: Handlers,
    /// The current socket's outgoing queue, while it is open.
    outgoing: RefCell<Option<mpsc::UnboundedSender<String>>>,
    /// The current socket itself, for the synchronous `Bye`.
    raw: RefCell<Option<web_sys::WebSocket>>,
    /// Ends the current socket (or the wait before the next) now.
    kick: RefCell<Option<oneshot::Sender<()>>>,
    /// The next connection goes without a delay.
    at_once: Cell<bool>,
    /// Closed for good.
    closed: Cell<bool>,
    /// Whether the current socket has had its `Welcome`.
    welcomed: Cell<bool>,
}

impl Connection {
    /// Starts connecting to `url` and keeps connected until [`Connection::close`].
    pub fn open(url: String, handlers: Handlers) -> Connection {
        let inner = Rc::new(Inner {
            url,
            handlers,
            outgoing: RefCell::new(None),
            raw: RefCell::new(None),
            kick: RefCell::new(None),
            at_once: Cell::new(false),
            closed: Cell::new(false),
            welcomed: Cell::new(false),
        });
        wasm_bindgen_futures::spawn_local(run(Rc::clone(&inner)));
        Connection { inner }
    }

    /// Whether a socket is open and welcomed.
    pub fn is_connected(&self) -> bool {
        self.inner.welcomed.get() && self.inner.outgoing.borrow().is_some()
    }

    /// Sends `message` on the open socket; `false` when there is none (nothing is
    /// queued for later: the page resends what matters after the next `Welcome`).
    pub fn send(&self, message: &ClientMessage) -> bool {
        let Ok(text) = serde_json::to_string(message) else {
            return false;
        };
        match self.inner.outgoing.borrow().as_ref() {
            Some(queue) if self.inner.welcomed.get() => queue.unbounded_send(text).is_ok(),
            _ => false,
        }
    }

    /// Drops the current socket and connects again at once (a resync, or the browser
    /// is back online).
    pub fn reconnect_now(&self) {
        self.inner.at_once.set(true);
        if let Some(kick) = self.inner.kick.borrow_mut().take() {
            let _ = kick.send(());
        }
    }

    /// Sends `Bye` at once, if a socket is open (the page is being hidden for good).
    pub fn say_bye(&self) {
        if let (Some(raw), Ok(text)) = (
            self.inner.raw.borrow().as_ref(),
            serde_json::to_string(&ClientMessage::Bye),
        ) && raw.ready_state() == web_sys::WebSocket::OPEN
        {
            let _ = raw.send_with_str(&text);
        }
    }

    /// Closes the connection for good.
    pub fn close(&self) {
        self.inner.closed.set(true);
        self.inner.outgoing.borrow_mut().take();
        if let Some(raw) = self.inner.raw.borrow_mut().take() {
            let _ = raw.close();
        }
        if let Some(kick) = self.inner.kick.borrow_mut().take() {
            let _ = kick.send(());
        }
    }
}

/// Connects, and connects again after every loss, until closed.
async fn run(inner: Rc<Inner>) {
    let mut attempt = 0u32;
    loop {
        if inner.closed.get() {
            return;
        }
        inner.at_once.set(false);
        if let Ok(raw) = web_sys::WebSocket::new(&inner.url)
            && let Ok(socket) = WebSocket::try_from(raw.clone())
        {
            *inner.raw.borrow_mut() = Some(raw);
            if session(&inner, socket).await {
                attempt = 0;
            }
            inner.raw.borrow_mut().take();
        }
        inner.welcomed.set(false);
        inner.outgoing.borrow_mut().take();
        if inner.closed.get() {
            return;
        }
        (inner.handlers.on_connected)(false);
        if !inner.at_once.get() {
            let delay = reconnect_delay_ms(attempt, js_sys::Math::random());
            attempt = attempt.saturating_add(1);
            let (kick, kicked) = oneshot::channel::<()>();
            *inner.kick.borrow_mut() = Some(kick);
            let mut kicked = kicked.fuse();
            let mut wait = TimeoutFuture::new(u32::try_from(delay).unwrap_or(u32::MAX)).fuse();
            select_biased! {
                _ = kicked => {},
                () = wait => {},
            }
        }
    }
}

/// One socket, from `Hello` to its loss; whether it was welcomed.
async fn session(inner: &Rc<Inner>, socket: WebSocket) -> bool {
    let (mut write, read) = socket.split();
    let mut read = read.fuse();
    let (kick, kicked) = oneshot::channel::<()>();
    *inner.kick.borrow_mut() = Some(kick);
    let mut kicked = kicked.fuse();

    // Wait for the socket to open (gloo's split sink reports "ready" before it is, and
    // a send on a socket that failed to open logs an error); one that does not open in
    // time is given up like a silent one.
    let started = js_sys::Date::now();
    while is_connecting(inner) && js_sys::Date::now() - started < PONG_TIMEOUT_MS {
        let mut wait = TimeoutFuture::new(50).fuse();
        select_biased! {
            _ = kicked => return false,
            () = wait => {},
        }
    }
    if inner.closed.get() || !is_open(inner) {
        return false;
    }
    let Ok(hello) = serde_json::to_string(&(inner.handlers.hello)()) else {
        return false;
    };
    if write.send(Message::Text(hello)).await.is_err() {
        return false;
    }
    let (queue, mut outgoing) = mpsc::unbounded::<String>();
    *inner.outgoing.borrow_mut() = Some(queue);

    let now = js_sys::Date::now;
    let mut last_pong = now();
    let mut ping_at = Some(now());
    let mut ping_number = 0u64;
    let mut welcomed = false;
    loop {
        let mut tick = TimeoutFuture::new(250).fuse();
        select_biased! {
            _ = kicked => break,
            incoming = read.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let Ok(message) = serde_json::from_str::<ServerMessage>(&text) else {
                        continue;
                    };
                    match &message {
                        ServerMessage::Pong { .. } => {
                            last_pong = now();
                            ping_at = Some(last_pong + PING_AFTER_PONG_MS);
                        }
                        ServerMessage::Welcome { .. } => {
                            welcomed = true;
                            inner.welcomed.set(true);
                            (inner.handlers.on_connected)(true);
                        }
                        _ => {}
                    }
                    (inner.handlers.on_message)(message);
                }
                Some(Ok(Message::Bytes(_))) => {}
                Some(Err(_)) | None => break,
            },
            text = outgoing.next() => {
                if let Some(text) = text
                    && (!is_open(inner) || write.send(Message::Text(text)).await.is_err())
                {
                    break;
                }
            },
            () = tick => {},
        }
        if inner.closed.get() {
            break;
        }
        let now = now();
        if now - last_pong > PONG_TIMEOUT_MS || !is_open(inner) {
            break;
        }
        if ping_at.is_some_and(|at| now >= at) {
            ping_number += 1;
            ping_at = None;
            let ping = serde_json::to_string(&ClientMessage::Ping { n: ping_number });
            if let Ok(ping) = ping
                && write.send(Message::Text(ping)).await.is_err()
            {
                break;
            }
        }
    }
    welcomed
}

/// Whether the current socket is open (a closed one would only log each send).
fn is_open(inner: &Inner) -> bool {
    inner
        .raw
        .borrow()
        .as_ref()
        .is_some_and(|raw| raw.ready_state() == web_sys::WebSocket::OPEN)
}

/// Whether the current socket is still opening.
fn is_connecting(inner: &Inner) -> bool {
    inner
        .raw
        .borrow()
        .as_ref()
        .is_some_and(|raw| raw.ready_state() == web_sys::WebSocket::CONNECTING)
}
