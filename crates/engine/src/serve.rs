//! The one request loop: a worker [`Request`] served as a stream of [`Event`]s.
//!
//! [`serve`] returns [`Replies`], an iterator that does the work lazily: each `next`
//! searches one more ply of depth and returns its [`Event::Progress`], then the
//! [`Event::BestMove`] (or a single [`Event::Error`], or the [`Event::Pong`] of a ping).
//! The Web Worker drives it and yields to its event loop between events, so progress
//! reaches the page while the engine thinks; tests simply collect it.

use crate::{
    clock::Clock,
    level::Level,
    limits::SearchLimits,
    protocol::{Event, PROTOCOL_VERSION, Request},
    root::{EngineError, Root},
    search::{Engine, Search},
};

/// Serves `request` with `engine`, timed by `clock`: the events to send back, computed
/// one at a time as they are asked for. Never panics on bad input: a bad FEN, an
/// illegal history move, a level outside 1..=8 or a position without legal moves gives
/// one [`Event::Error`].
pub fn serve<C: Clock>(engine: &mut Engine, request: Request, clock: C) -> Replies<'_, C> {
    let state = match request {
        Request::Ping => State::Pong,
        Request::Search {
            id,
            fen,
            moves,
            level,
            limits,
            multipv: _,
        } => match prepare(engine, &fen, &moves, level, limits.into(), clock) {
            Ok(search) => State::Searching {
                id,
                search: Box::new(search),
            },
            Err(error) => State::Failed {
                id,
                message: error.to_string(),
            },
        },
        Request::Analyse { id, .. } => State::Failed {
            id,
            message: "whole-game analysis is not served yet".to_owned(),
        },
        // Nothing runs between two requests of this loop: there is nothing to stop.
        Request::Cancel { .. } => State::Done,
    };
    Replies { state }
}

/// The events answering one request, in order; see [`serve`].
pub struct Replies<'e, C: Clock> {
    state: State<'e, C>,
}

enum State<'e, C: Clock> {
    /// A ping, not answered yet.
    Pong,
    /// A request that cannot be served, not answered yet.
    Failed { id: u64, message: String },
    /// A search in progress (boxed: it is far larger than the other states).
    Searching { id: u64, search: Box<Search<'e, C>> },
    /// Everything has been said.
    Done,
}

impl<C: Clock> Iterator for Replies<'_, C> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        match std::mem::replace(&mut self.state, State::Done) {
            State::Done => None,
            State::Pong => Some(Event::Pong {
                version: PROTOCOL_VERSION.to_owned(),
            }),
            State::Failed { id, message } => Some(Event::Error { id, message }),
            State::Searching { id, mut search } => {
                if let Some(iteration) = search.next_iteration() {
                    let progress = Event::Progress {
                        id,
                        depth: iteration.depth,
                        score: iteration.score,
                        nodes: iteration.nodes,
                        pv: iteration.pv_uci,
                        multipv: 1,
                    };
                    self.state = State::Searching { id, search };
                    return Some(progress);
                }
                Some(match search.best_move() {
                    Some(best) => Event::BestMove {
                        id,
                        uci: best.uci,
                        score: best.score,
                    },
                    None => Event::Error {
                        id,
                        message: "the engine found no legal move".to_owned(),
                    },
                })
            }
        }
    }
}

/// Validates a search request and sets the search up (nothing is searched yet).
///
/// # Errors
///
/// Any [`EngineError`]: bad FEN, an illegal move in `moves`, a level outside 1..=8, or a
/// position without legal moves.
pub fn prepare<'e, C: Clock, S: AsRef<str>>(
    engine: &'e mut Engine,
    fen: &str,
    moves: &[S],
    level: u8,
    limits: SearchLimits,
    clock: C,
) -> Result<Search<'e, C>, EngineError> {
    let level = Level::new(level).ok_or(EngineError::BadLevel(level))?;
    let root = Root::from_fen_and_moves(fen, moves)?;
    root.ensure_playable()?;
    Ok(Search::new(engine, root, level, limits, clock))
}
