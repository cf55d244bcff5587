//! The worker's loop over the page's messages, apart from the browser so that it is
//! tested natively: each request is served by `gambit_engine::serve`, one event at a
//! time; after each event that is not the last, the loop yields to the event loop (so
//! the event reaches the page and the page's newer messages reach the worker) and
//! reads every message that has arrived meanwhile, without waiting. A cancel of the
//! running request stops it there; a ping is answered at once; other requests wait in
//! the [`Inbox`] and are served in order after it. A [`Request::ReadPgn`] is not the
//! engine's: the loop answers it itself, with `gambit_rules::PgnReading::read`.

use std::convert::Infallible;

use futures::{FutureExt, Sink, SinkExt, Stream, StreamExt};
use gambit_engine::{Clock, Engine, Event, PROTOCOL_VERSION, Request, serve};
use gambit_rules::PgnReading;

use crate::inbox::{Arrival, Inbox};

/// Whether the page is still there after a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// Still connected: go on with the next request.
    Connected,
    /// Its end of the channel is closed: nobody listens any more.
    Gone,
}

/// Serves the requests of `channel` (the page's messages in, the events out) with
/// `engine` until the page goes away: each request timed by a fresh `clock()`, with an
/// `await` of `yield_now()` after each event that is not its last.
pub async fn run<P, C, Y, F>(
    engine: &mut Engine,
    mut channel: P,
    mut clock: impl FnMut() -> C,
    mut yield_now: Y,
) where
    P: Stream<Item = Request> + Sink<Event, Error = Infallible> + Unpin,
    C: Clock,
    Y: FnMut() -> F,
    F: Future<Output = ()>,
{
    let mut inbox = Inbox::default();
    loop {
        let request = match inbox.next_waiting() {
            Some(request) => request,
            None => match channel.next().await {
                Some(request) => request,
                None => return,
            },
        };
        let page = serve_one(
            engine,
            request,
            &mut channel,
            &mut inbox,
            clock(),
            &mut yield_now,
        )
        .await;
        if page == Page::Gone {
            return;
        }
    }
}

/// Serves one request to its end or its cancel, keeping the other requests that
/// arrive meanwhile in `inbox`.
pub async fn serve_one<P, C, Y, F>(
    engine: &mut Engine,
    request: Request,
    channel: &mut P,
    inbox: &mut Inbox,
    clock: C,
    yield_now: &mut Y,
) -> Page
where
    P: Stream<Item = Request> + Sink<Event, Error = Infallible> + Unpin,
    C: Clock,
    Y: FnMut() -> F,
    F: Future<Output = ()>,
{
    if let Request::ReadPgn { id, text } = request {
        let reading = PgnReading::read(&text)
            .map(Box::new)
            .map_err(|error| error.to_string());
        let Ok(()) = channel.send(Event::PgnRead { id, reading }).await;
        return Page::Connected;
    }
    let mut replies = serve(engine, request, clock);
    while let Some(event) = replies.next() {
        let last = !matches!(event, Event::Progress { .. } | Event::Analysed { .. });
        // Posting to the page cannot fail: the error type is `Infallible`.
        let Ok(()) = channel.send(event).await;
        if last {
            continue;
        }
        yield_now().await;
        // Everything that has arrived, without waiting for more.
        while let Some(message) = channel.next().now_or_never() {
            let Some(message) = message else {
                return Page::Gone;
            };
            match inbox.receive(message, replies.id()) {
                Arrival::StopRunning => replies.cancel(),
                Arrival::AnswerPing => {
                    let pong = Event::Pong {
                        version: PROTOCOL_VERSION.to_owned(),
                    };
                    let Ok(()) = channel.send(pong).await;
                }
                Arrival::Kept | Arrival::Withdrawn | Arrival::Ignored => {}
            }
        }
    }
    Page::Connected
}

#[cfg(test)]
mod tests;
