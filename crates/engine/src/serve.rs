//! The one request loop: a worker [`Request`] served as a stream of [`Event`]s.
//!
//! [`serve`] returns [`Replies`], an iterator that does the work lazily, one event per
//! `next`:
//!
//! - a search ([`Request::Search`]) runs one more iteration (one ply of depth) when its
//!   last lines are out and returns its [`Event::Progress`] per line (`multipv` 1, the
//!   best, to the request's `multipv`, at most [`MAX_MULTIPV`](crate::MAX_MULTIPV); 0 counts as 1), then the
//!   [`Event::BestMove`] of the level's choice (line 1 at level 8);
//! - a bot's move ([`Request::BotMove`]) is one [`Event::BestMove`], its score `Cp(0)`;
//! - an analysis ([`Request::Analyse`]) searches one position per `next` and returns
//!   its [`Event::Analysed`], then [`Event::AnalysisDone`] (see [`crate::Analysis`]);
//! - a ping gets its [`Event::Pong`]; a request that cannot be served, one
//!   [`Event::Error`]; a [`Request::Cancel`] nothing (the worker's loop acts on it, by
//!   [`Replies::cancel`] of the running request); a [`Request::ReadPgn`] one
//!   [`Event::Error`], as the worker's loop answers it before it comes here.
//!
//! The Web Worker drives it and yields to its event loop between events, so progress
//! reaches the page while the engine thinks, and reads its messages there, so a cancel
//! is acted on between two iterations or two positions; tests simply collect it.

use std::collections::VecDeque;

use shakmaty::CastlingMode;

use crate::{
    analysis::Analysis,
    bots::{self, Bot},
    clock::Clock,
    level::Level,
    limits::SearchLimits,
    protocol::{Event, PROTOCOL_VERSION, Request, Score},
    root::{EngineError, Root},
    search::{Engine, Search},
};

/// Serves `request` with `engine`, timed by `clock`: the events to send back, computed
/// one at a time as they are asked for. Never panics on bad input: a bad FEN, an
/// illegal history move, a level outside 1..=8, a position without legal moves (to
/// search) or a position beyond the game (to analyse) gives one [`Event::Error`].
pub fn serve<C: Clock>(engine: &mut Engine, request: Request, clock: C) -> Replies<'_, C> {
    let (id, state) = match request {
        Request::Ping => (None, State::Pong),
        Request::Search {
            id,
            fen,
            moves,
            level,
            limits,
            multipv,
        } => (
            Some(id),
            match prepare(engine, &fen, &moves, level, limits.into(), clock) {
                Ok(mut search) => {
                    search.set_multipv(usize::from(multipv));
                    State::Searching {
                        id,
                        search: Box::new(search),
                    }
                }
                Err(error) => failed(id, &error),
            },
        ),
        Request::BotMove {
            id,
            fen,
            moves,
            bot,
            seed,
        } => (
            Some(id),
            match bot_move(&fen, &moves, &bot, seed, clock) {
                Ok(uci) => State::Answer(Event::BestMove {
                    id,
                    uci,
                    score: Score::Cp(0),
                }),
                Err(error) => failed(id, &error),
            },
        ),
        Request::Analyse {
            id,
            fen,
            moves,
            plies,
            limits,
        } => (
            Some(id),
            match Analysis::new(&fen, &moves, plies, limits.into()) {
                Ok(analysis) => State::Analysing {
                    id,
                    analysis: Box::new(analysis),
                    engine,
                    clock,
                },
                Err(error) => failed(id, &error),
            },
        ),
        // A cancel stops another request, which the worker's loop is serving.
        Request::Cancel { .. } => (None, State::Done),
        // Reading PGN is the worker's chore (`crates/worker`), not a search.
        Request::ReadPgn { id, .. } => (
            Some(id),
            State::Failed {
                id,
                message: "the engine does not read PGN: the worker does".to_owned(),
            },
        ),
    };
    Replies {
        id,
        lines: VecDeque::new(),
        state,
    }
}

fn failed<'e, C: Clock>(id: u64, error: &EngineError) -> State<'e, C> {
    State::Failed {
        id,
        message: error.to_string(),
    }
}

/// The events answering one request, in order; see [`serve`].
pub struct Replies<'e, C: Clock> {
    /// The request's id (none for a ping or a cancel).
    id: Option<u64>,
    /// Progress of the last iteration's lines not yet returned.
    lines: VecDeque<Event>,
    state: State<'e, C>,
}

enum State<'e, C: Clock> {
    /// A ping, not answered yet.
    Pong,
    /// A request that cannot be served, not answered yet.
    Failed { id: u64, message: String },
    /// A request answered at once, not sent yet.
    Answer(Event),
    /// A search in progress (boxed: it is far larger than the other states).
    Searching { id: u64, search: Box<Search<'e, C>> },
    /// An analysis in progress: its positions (boxed, as the search), the engine and the
    /// clock it searches with.
    Analysing {
        id: u64,
        analysis: Box<Analysis>,
        engine: &'e mut Engine,
        clock: C,
    },
    /// Everything has been said.
    Done,
}

impl<C: Clock> Replies<'_, C> {
    /// The id of the request these events answer (`None` for a ping or a cancel).
    #[must_use]
    pub fn id(&self) -> Option<u64> {
        self.id
    }

    /// Stops serving the request: nothing more comes (no best move, no more positions).
    pub fn cancel(&mut self) {
        self.lines.clear();
        self.state = State::Done;
    }
}

impl<C: Clock> Iterator for Replies<'_, C> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        if let Some(line) = self.lines.pop_front() {
            return Some(line);
        }
        match std::mem::replace(&mut self.state, State::Done) {
            State::Done => None,
            State::Pong => Some(Event::Pong {
                version: PROTOCOL_VERSION.to_owned(),
            }),
            State::Failed { id, message } => Some(Event::Error { id, message }),
            State::Answer(event) => Some(event),
            State::Searching { id, mut search } => {
                if let Some(iteration) = search.next_iteration() {
                    self.lines.extend(iteration.lines.into_iter().zip(1..).map(
                        |(line, multipv)| Event::Progress {
                            id,
                            depth: iteration.depth,
                            score: line.score,
                            nodes: iteration.nodes,
                            pv: line.pv_uci,
                            multipv,
                        },
                    ));
                    self.state = State::Searching { id, search };
                    return self.lines.pop_front();
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
            State::Analysing {
                id,
                mut analysis,
                engine,
                clock,
            } => match analysis.evaluate_next(engine, clock) {
                (Some(done), clock) => {
                    self.state = State::Analysing {
                        id,
                        analysis,
                        engine,
                        clock,
                    };
                    Some(Event::Analysed {
                        id,
                        ply: done.ply,
                        depth: done.depth,
                        score: done.score,
                        pv: done.pv,
                    })
                }
                (None, _) => Some(Event::AnalysisDone { id }),
            },
        }
    }
}

/// The move `bot` (a UCI `Bot` name) plays in the position from `fen` through `moves`,
/// in UCI notation; worstfish's searches read `clock` (see
/// [`bots::choose_with_clock`]).
///
/// # Errors
///
/// [`EngineError::UnknownBot`], or what [`Root::from_fen_and_moves`] and
/// [`Root::ensure_playable`] find wrong with the position.
pub fn bot_move<S: AsRef<str>, C: Clock>(
    fen: &str,
    moves: &[S],
    bot: &str,
    seed: u64,
    clock: C,
) -> Result<String, EngineError> {
    let bot = Bot::from_uci_name(bot).ok_or_else(|| EngineError::UnknownBot(bot.to_owned()))?;
    let root = Root::from_fen_and_moves(fen, moves)?;
    root.ensure_playable()?;
    bots::choose_with_clock(bot, &root.position, seed, clock)
        .map(|mv| mv.to_uci(CastlingMode::Standard).to_string())
        .ok_or(EngineError::NoLegalMoves("no legal move"))
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
