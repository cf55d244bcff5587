//! A reviewed game: each move's evaluation, mark and accuracy, and each
//! side's counts and accuracy, from the evaluations of its positions.

use shakmaty::{ByColor, Color};

use crate::{Eval, Judgement, game_accuracy, judge_move, move_accuracy, win_percent};

/// One reviewed move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlyReview {
    /// The ply number, 1-based as in the move list.
    pub ply: usize,
    /// The side that played it.
    pub mover: Color,
    /// The evaluation after the move, from White's side.
    pub eval: Eval,
    /// Its mark, if any (see [`judge_move`]).
    pub judgement: Option<Judgement>,
    /// Its accuracy, 0–100 (see [`move_accuracy`]).
    pub accuracy: f64,
}

/// One side's figures over a game.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SideSummary {
    /// Moves marked [`Judgement::Inaccuracy`].
    pub inaccuracies: usize,
    /// Moves marked [`Judgement::Mistake`].
    pub mistakes: usize,
    /// Moves marked [`Judgement::Blunder`].
    pub blunders: usize,
    /// The side's accuracy, 0–100 (see [`game_accuracy`]); `None` when it
    /// has not moved.
    pub accuracy: Option<f64>,
}

impl SideSummary {
    /// How many moves got `judgement`.
    pub fn count(&self, judgement: Judgement) -> usize {
        match judgement {
            Judgement::Inaccuracy => self.inaccuracies,
            Judgement::Mistake => self.mistakes,
            Judgement::Blunder => self.blunders,
        }
    }
}

/// A game's review: every move judged, and a summary per side.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReview {
    /// One entry per move with an evaluation after it, in order.
    pub plies: Vec<PlyReview>,
    /// Counts and accuracy per side.
    pub sides: ByColor<SideSummary>,
}

impl GameReview {
    /// Reviews a game from the evaluations of its positions, all from
    /// White's side: `evals[0]` for the start position, `evals[k]` after ply
    /// `k`. A partial analysis gives the evaluations known so far (a prefix):
    /// the review then covers those moves. `start_turn` is the side that
    /// played ply 1 (`game.start_position().turn()`); `only_moves` lists the
    /// plies (1-based) the caller knows were the only move, left unmarked.
    pub fn new(start_turn: Color, evals: &[Eval], only_moves: &[usize]) -> GameReview {
        let mut sides = ByColor::<SideSummary>::default();
        let plies: Vec<PlyReview> = evals
            .windows(2)
            .enumerate()
            .map(|(index, pair)| {
                let ply = index + 1;
                let mover = if index % 2 == 0 {
                    start_turn
                } else {
                    start_turn.other()
                };
                let (before, after) = (pair[0], pair[1]);
                let judgement = judge_move(mover, before, after, only_moves.contains(&ply));
                let side = &mut sides[mover];
                match judgement {
                    Some(Judgement::Inaccuracy) => side.inaccuracies += 1,
                    Some(Judgement::Mistake) => side.mistakes += 1,
                    Some(Judgement::Blunder) => side.blunders += 1,
                    None => {}
                }
                // Mates as ±1000 centipawns, as in lichess's accuracy.
                let win_for_mover = |eval: Eval| match mover {
                    Color::White => win_percent(eval.capped_cp()),
                    Color::Black => win_percent(-eval.capped_cp()),
                };
                PlyReview {
                    ply,
                    mover,
                    eval: after,
                    judgement,
                    accuracy: move_accuracy(win_for_mover(before), win_for_mover(after)),
                }
            })
            .collect();
        let accuracy = game_accuracy(start_turn, evals);
        for color in Color::ALL {
            sides[color].accuracy = accuracy[color];
        }
        GameReview { plies, sides }
    }

    /// The summary of one side.
    pub fn side(&self, color: Color) -> &SideSummary {
        &self.sides[color]
    }

    /// The plies (1-based) with `judgement` played by `color`, in order —
    /// for stepping through a side's blunders, say.
    pub fn plies_marked(&self, color: Color, judgement: Judgement) -> Vec<usize> {
        self.plies
            .iter()
            .filter(|p| p.mover == color && p.judgement == Some(judgement))
            .map(|p| p.ply)
            .collect()
    }
}
