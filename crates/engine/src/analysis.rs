//! A whole game's review ([`Request::Analyse`](crate::Request::Analyse)): the positions
//! asked for, one full-strength search each, in the order asked.
//!
//! [`Analysis::new`] checks everything first (the FEN, every move, every position asked
//! for), so that a bad request fails before any search. [`Analysis::next_position`]
//! then evaluates one position per call: the position after that many moves, with the
//! game before it as history (repetitions count), searched at level 8 within the
//! request's limits by the caller's [`Engine`], whose table is kept from one position
//! to the next. A position without legal moves is not searched: depth 0, `Mate(0)`
//! when checkmated, `Cp(0)` for stalemate, no line.

use shakmaty::{Move, Position};

use crate::{
    clock::Clock,
    level::Level,
    limits::SearchLimits,
    protocol::Score,
    root::{EngineError, Root},
    search::{Engine, Search},
};

/// One position of an analysis, evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The position, as the number of moves played from the game's start.
    pub ply: u16,
    /// The deepest completed iteration (0 without legal moves).
    pub depth: u8,
    /// The score for the side to move in that position.
    pub score: Score,
    /// The best line in UCI notation (empty without legal moves).
    pub pv: Vec<String>,
}

/// A game's positions still to evaluate; see the module documentation.
#[derive(Debug)]
pub struct Analysis {
    start: Root,
    moves: Vec<Move>,
    /// The positions asked for, in the order asked; `next` is the first not yet done.
    plies: Vec<u16>,
    next: usize,
    limits: SearchLimits,
}

impl Analysis {
    /// Checks the game (`fen` and its `moves` in UCI notation) and the positions asked
    /// for; nothing is searched yet.
    ///
    /// # Errors
    ///
    /// [`EngineError::BadFen`], [`EngineError::IllegalMove`], or
    /// [`EngineError::PlyBeyondGame`] for a position after the last move.
    pub fn new<S: AsRef<str>>(
        fen: &str,
        moves: &[S],
        plies: Vec<u16>,
        limits: SearchLimits,
    ) -> Result<Self, EngineError> {
        let (start, moves) = Root::game(fen, moves)?;
        if let Some(&ply) = plies.iter().find(|&&p| usize::from(p) > moves.len()) {
            return Err(EngineError::PlyBeyondGame {
                ply,
                moves: moves.len(),
            });
        }
        Ok(Self {
            start,
            moves,
            plies,
            next: 0,
            limits,
        })
    }

    /// Evaluates the next position asked for with `engine`, timed by `clock`; `None`
    /// once every position has been evaluated.
    pub fn next_position<C: Clock>(
        &mut self,
        engine: &mut Engine,
        clock: &C,
    ) -> Option<Evaluation> {
        self.evaluate_next(engine, clock).0
    }

    /// As [`next_position`](Self::next_position) with a clock it owns and hands back:
    /// [`serve`](crate::serve) searches with its own clock type, so that the worker
    /// holds one copy of the search's code for searches and analyses, not two.
    pub(crate) fn evaluate_next<C: Clock>(
        &mut self,
        engine: &mut Engine,
        clock: C,
    ) -> (Option<Evaluation>, C) {
        let Some(&ply) = self.plies.get(self.next) else {
            return (None, clock);
        };
        self.next += 1;
        let mut root = self.start.clone();
        for &m in &self.moves[..usize::from(ply)] {
            root.play(m);
        }
        if root.position.legal_moves().is_empty() {
            let score = if root.position.is_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            };
            let evaluation = Evaluation {
                ply,
                depth: 0,
                score,
                pv: Vec::new(),
            };
            return (Some(evaluation), clock);
        }
        let mut search = Search::new(engine, root, Level::full(), self.limits, clock);
        let mut last = None;
        while let Some(iteration) = search.next_iteration() {
            last = Some(iteration);
        }
        let evaluation = match last {
            Some(it) => Evaluation {
                ply,
                depth: it.depth,
                score: it.score,
                pv: it.pv_uci,
            },
            // Not even the first iteration completed (it always does unless stopped from
            // outside): the search's move, unsearched.
            None => {
                let best = search.best_move();
                Evaluation {
                    ply,
                    depth: 0,
                    score: best.as_ref().map_or(Score::Cp(0), |b| b.score),
                    pv: best.map(|b| b.uci).into_iter().collect(),
                }
            }
        };
        (Some(evaluation), search.into_clock())
    }
}
