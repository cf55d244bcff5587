//! What the worker does with a message that arrives while it serves a request: stop
//! it (its cancel), answer at once (a ping), or keep it for later (any other request).
//! Pure bookkeeping, tested natively.

use std::collections::VecDeque;

use gambit_engine::Request;

/// What to do with a message that arrived during a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arrival {
    /// A cancel of the running request: stop it, say nothing more about it.
    StopRunning,
    /// A ping: answer it now, between two events of the running request.
    AnswerPing,
    /// Kept in the inbox, to be served after the running request.
    Kept,
    /// A cancel of a waiting request: taken out of the inbox, it will not be served.
    Withdrawn,
    /// Nothing to do: a cancel of a request that is neither running nor waiting.
    Ignored,
}

/// Requests waiting for the running one to end, oldest first.
#[derive(Debug, Default)]
pub struct Inbox {
    waiting: VecDeque<Request>,
}

impl Inbox {
    /// Sorts out `message`, which arrived while the request `running` (its id, if it has
    /// one) is served. A cancel of a waiting request removes it: it will not be served.
    pub fn receive(&mut self, message: Request, running: Option<u64>) -> Arrival {
        match message {
            Request::Cancel { id } if Some(id) == running => Arrival::StopRunning,
            Request::Cancel { id } => {
                let before = self.waiting.len();
                self.waiting.retain(|request| id_of(request) != Some(id));
                if self.waiting.len() < before {
                    Arrival::Withdrawn
                } else {
                    Arrival::Ignored
                }
            }
            Request::Ping => Arrival::AnswerPing,
            other => {
                self.waiting.push_back(other);
                Arrival::Kept
            }
        }
    }

    /// The oldest waiting request, taken out of the inbox.
    pub fn next_waiting(&mut self) -> Option<Request> {
        self.waiting.pop_front()
    }
}

/// The id a request's events carry (none for a ping).
fn id_of(request: &Request) -> Option<u64> {
    match request {
        Request::Ping => None,
        Request::Search { id, .. }
        | Request::BotMove { id, .. }
        | Request::Analyse { id, .. }
        | Request::ReadPgn { id, .. }
        | Request::Cancel { id } => Some(*id),
    }
}

#[cfg(test)]
mod tests {
    use gambit_engine::Limits;

    use super::*;

    fn search(id: u64) -> Request {
        Request::Search {
            id,
            fen: "startpos".to_owned(),
            moves: Vec::new(),
            level: 8,
            limits: Limits::default(),
            multipv: 1,
        }
    }

    #[test]
    fn only_the_running_requests_cancel_stops_it() {
        let mut inbox = Inbox::default();
        assert_eq!(
            inbox.receive(Request::Cancel { id: 3 }, Some(3)),
            Arrival::StopRunning
        );
        assert_eq!(
            inbox.receive(Request::Cancel { id: 4 }, Some(3)),
            Arrival::Ignored
        );
        assert_eq!(
            inbox.receive(Request::Cancel { id: 3 }, None),
            Arrival::Ignored
        );
        assert_eq!(inbox.next_waiting(), None);
    }

    #[test]
    fn requests_wait_in_order_and_a_cancel_takes_a_waiting_one_out() {
        let mut inbox = Inbox::default();
        assert_eq!(inbox.receive(search(5), Some(3)), Arrival::Kept);
        assert_eq!(inbox.receive(search(6), Some(3)), Arrival::Kept);
        assert_eq!(inbox.receive(search(7), Some(3)), Arrival::Kept);
        assert_eq!(inbox.receive(Request::Ping, Some(3)), Arrival::AnswerPing);
        assert_eq!(
            inbox.receive(Request::Cancel { id: 6 }, Some(3)),
            Arrival::Withdrawn
        );
        assert_eq!(inbox.next_waiting(), Some(search(5)));
        assert_eq!(inbox.next_waiting(), Some(search(7)));
        assert_eq!(inbox.next_waiting(), None);
    }
}
