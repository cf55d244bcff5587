//! One-call service of a worker [`Request`]: parse, search, report.

use crate::{
    clock::Clock,
    level::Level,
    limits::SearchLimits,
    protocol::{Event, PROTOCOL_VERSION, Request},
    root::{EngineError, Root},
    search::{Engine, Search},
};

/// Serves `request` synchronously: [`Event::Pong`] for a ping; for a search, one
/// [`Event::Progress`] per completed iteration and then [`Event::BestMove`], or a single
/// [`Event::Error`] if the request cannot be served (bad FEN, illegal history move, level
/// outside 1..=8, no legal move). Never panics on bad input.
///
/// The worker may call this directly (it then cannot yield between iterations), or
/// drive a [`Search`] itself; see the crate documentation.
pub fn handle_request<C: Clock>(
    engine: &mut Engine,
    request: Request,
    clock: C,
    mut emit: impl FnMut(Event),
) {
    match request {
        Request::Ping => emit(Event::Pong {
            version: PROTOCOL_VERSION.to_owned(),
        }),
        Request::Search {
            id,
            fen,
            moves,
            level,
            limits,
        } => {
            let mut search = match prepare(engine, &fen, &moves, level, limits.into(), clock) {
                Ok(s) => s,
                Err(e) => {
                    emit(Event::Error {
                        id,
                        message: e.to_string(),
                    });
                    return;
                }
            };
            while let Some(it) = search.next_iteration() {
                emit(Event::Progress {
                    id,
                    depth: it.depth,
                    score: it.score,
                    nodes: it.nodes,
                    pv: it.pv_uci,
                });
            }
            match search.best_move() {
                Some(best) => emit(Event::BestMove {
                    id,
                    uci: best.uci,
                    score: best.score,
                }),
                None => emit(Event::Error {
                    id,
                    message: "no legal moves".to_owned(),
                }),
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
