//! The loop driven natively: a [`Pipe`] stands for the page, and the yield between two
//! events is where the tests let the page send its next messages.

use std::{
    cell::RefCell,
    collections::VecDeque,
    convert::Infallible,
    pin::Pin,
    rc::Rc,
    task::{Context, Poll},
};

use futures::{Sink, Stream, executor::block_on, future::ready};
use gambit_engine::{Engine, Event, Limits, ManualClock, Request};

use super::{Page, run, serve_one};
use crate::inbox::Inbox;

/// The page's side: messages it has sent (shared, so a test adds some between two
/// events) and the events it has received (shared, as the loop may own the pipe). An
/// `open` pipe with nothing to read is pending; a closed one has ended. The page closes
/// it once it receives the last event about `close_after`.
#[derive(Default)]
struct Pipe {
    incoming: Rc<RefCell<VecDeque<Request>>>,
    open: bool,
    received: Rc<RefCell<Vec<Event>>>,
    close_after: Option<u64>,
}

impl Stream for Pipe {
    type Item = Request;

    fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Request>> {
        match self.incoming.borrow_mut().pop_front() {
            Some(request) => Poll::Ready(Some(request)),
            None if self.open => Poll::Pending,
            None => Poll::Ready(None),
        }
    }
}

impl Sink<Event> for Pipe {
    type Error = Infallible;

    fn poll_ready(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn start_send(mut self: Pin<&mut Self>, event: Event) -> Result<(), Infallible> {
        if let Event::BestMove { id, .. } | Event::AnalysisDone { id } = event
            && Some(id) == self.close_after
        {
            self.open = false;
        }
        self.received.borrow_mut().push(event);
        Ok(())
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn poll_close(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }
}

fn analyse(id: u64) -> Request {
    Request::Analyse {
        id,
        fen: "startpos".to_owned(),
        moves: ["e2e4", "e7e5", "g1f3", "b8c6"].map(str::to_owned).to_vec(),
        plies: vec![0, 1, 2, 3, 4],
        limits: Limits {
            movetime_ms: None,
            depth: Some(3),
            nodes: None,
        },
    }
}

fn search(id: u64) -> Request {
    Request::Search {
        id,
        fen: "startpos".to_owned(),
        moves: Vec::new(),
        level: 8,
        limits: Limits {
            movetime_ms: None,
            depth: Some(3),
            nodes: None,
        },
        multipv: 2,
    }
}

/// Serves `request` on an open pipe; at the `k`-th yield (1-based) the page sends
/// `sent_at[k]`. Returns the events the page received and the inbox.
fn serve_with(request: Request, sent_at: &[(usize, Request)]) -> (Vec<Event>, Inbox, Page) {
    let mut engine = Engine::with_hash_mb(1);
    let mut pipe = Pipe {
        open: true,
        ..Pipe::default()
    };
    let incoming = Rc::clone(&pipe.incoming);
    let mut yields = 0;
    let mut yield_now = || {
        yields += 1;
        for (at, message) in sent_at {
            if *at == yields {
                incoming.borrow_mut().push_back(message.clone());
            }
        }
        ready(())
    };
    let mut inbox = Inbox::default();
    let page = block_on(serve_one(
        &mut engine,
        request,
        &mut pipe,
        &mut inbox,
        ManualClock::new(),
        &mut yield_now,
    ));
    let received = pipe.received.borrow().clone();
    (received, inbox, page)
}

fn is_about(event: &Event, wanted: u64) -> bool {
    match event {
        Event::Progress { id, .. }
        | Event::Analysed { id, .. }
        | Event::AnalysisDone { id }
        | Event::BestMove { id, .. }
        | Event::Error { id, .. }
        | Event::PgnRead { id, .. } => *id == wanted,
        Event::Pong { .. } => false,
    }
}

#[test]
fn an_analysis_runs_to_its_end_without_messages() {
    let (events, _, page) = serve_with(analyse(1), &[]);
    assert_eq!(events.len(), 6, "{events:?}");
    assert_eq!(events.last(), Some(&Event::AnalysisDone { id: 1 }));
    assert_eq!(page, Page::Connected);
}

#[test]
fn a_cancel_of_the_running_analysis_stops_it_at_once() {
    let (events, _, page) = serve_with(analyse(1), &[(2, Request::Cancel { id: 1 })]);
    assert_eq!(
        events.len(),
        2,
        "nothing after the second position: {events:?}"
    );
    assert!(
        events
            .iter()
            .all(|e| matches!(e, Event::Analysed { id: 1, .. }))
    );
    assert_eq!(page, Page::Connected);
}

#[test]
fn a_cancel_of_a_search_drops_its_other_lines_and_its_move() {
    let (events, _, _) = serve_with(search(4), &[(1, Request::Cancel { id: 4 })]);
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(matches!(
        events[0],
        Event::Progress {
            id: 4,
            multipv: 1,
            ..
        }
    ));
}

#[test]
fn a_cancel_of_another_id_changes_nothing_and_a_ping_is_answered_at_once() {
    let (events, _, _) = serve_with(
        analyse(1),
        &[(1, Request::Cancel { id: 2 }), (3, Request::Ping)],
    );
    assert_eq!(events.len(), 7, "{events:?}");
    assert!(matches!(events[3], Event::Pong { .. }), "{events:?}");
    assert_eq!(events.last(), Some(&Event::AnalysisDone { id: 1 }));
}

#[test]
fn requests_that_arrive_meanwhile_wait_their_turn_and_may_be_withdrawn() {
    let (events, mut inbox, _) = serve_with(
        analyse(1),
        &[
            (1, search(2)),
            (2, search(3)),
            (3, Request::Cancel { id: 2 }),
        ],
    );
    assert!(events.iter().all(|e| is_about(e, 1)), "{events:?}");
    assert_eq!(events.last(), Some(&Event::AnalysisDone { id: 1 }));
    assert_eq!(inbox.next_waiting(), Some(search(3)));
    assert_eq!(inbox.next_waiting(), None);
}

#[test]
fn the_loop_serves_the_requests_that_waited_in_order_then_ends_with_the_page() {
    let mut engine = Engine::with_hash_mb(1);
    let pipe = Pipe {
        open: true,
        close_after: Some(3),
        ..Pipe::default()
    };
    pipe.incoming.borrow_mut().push_back(analyse(1));
    let incoming = Rc::clone(&pipe.incoming);
    let received = Rc::clone(&pipe.received);
    let mut yields = 0;
    let yield_now = || {
        yields += 1;
        if yields == 1 {
            incoming.borrow_mut().extend([search(2), search(3)]);
        }
        ready(())
    };
    block_on(run(&mut engine, pipe, ManualClock::new, yield_now));
    let events = received.borrow();
    let ids: Vec<u64> = events
        .iter()
        .filter_map(|e| [1, 2, 3].into_iter().find(|&id| is_about(e, id)))
        .collect();
    let mut order = ids.clone();
    order.dedup();
    assert_eq!(order, [1, 2, 3], "{events:?}");
    assert_eq!(ids.len(), events.len(), "{events:?}");
    assert!(matches!(events.last(), Some(Event::BestMove { id: 3, .. })));
}

#[test]
fn the_loop_stops_when_the_page_is_gone() {
    // Everything is sent at once, then the page closes its end: the search is served
    // until the loop next reads its messages; it answers the ping it finds there, then
    // finds the page gone and stops (no more iterations, no move).
    let mut engine = Engine::with_hash_mb(1);
    let pipe = Pipe::default();
    pipe.incoming
        .borrow_mut()
        .extend([Request::Ping, search(2), Request::Ping]);
    let received = Rc::clone(&pipe.received);
    block_on(run(&mut engine, pipe, ManualClock::new, || ready(())));
    let events = received.borrow();
    assert!(matches!(events[0], Event::Pong { .. }), "{events:?}");
    assert!(
        matches!(events[1], Event::Progress { id: 2, .. }),
        "{events:?}"
    );
    assert!(matches!(events[2], Event::Pong { .. }), "{events:?}");
    assert_eq!(events.len(), 3, "{events:?}");
}

#[test]
fn a_pgn_is_read_by_the_loop_and_a_bad_one_gets_its_error_in_words() {
    let read = |id, text: &str| Request::ReadPgn {
        id,
        text: text.to_owned(),
    };
    let (events, _, page) = serve_with(read(5, "1. e4 (1. d4 d5) e5 { fine } 1-0"), &[]);
    assert_eq!(page, Page::Connected);
    let [
        Event::PgnRead {
            id: 5,
            reading: Ok(reading),
        },
    ] = events.as_slice()
    else {
        panic!("one reading: {events:?}");
    };
    assert_eq!(reading.movetext.len(), 7, "{reading:?}");
    assert_eq!(reading.result_token.as_deref(), Some("1-0"));
    let (events, _, _) = serve_with(read(6, "{ never closed"), &[]);
    assert!(
        matches!(events.as_slice(), [Event::PgnRead { id: 6, reading: Err(message) }] if !message.is_empty()),
        "{events:?}"
    );
}
