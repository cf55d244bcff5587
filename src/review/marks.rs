//! From a stored analysis to what the player reads: each move's mark, evaluation and
//! better move, and each side's counts and accuracy — computed by
//! `gambit_rules::GameReview` (lichess's thresholds and formulas) over the evaluated
//! positions.

use gambit_rules::shakmaty::Color;
use gambit_rules::{ByColor, GameReview, Judgement, SideSummary};

use super::replay::{LINE_PLIES, Replay, play_line};
use super::shelf::StoredAnalysis;
use super::{BetterMove, PlyMark};

/// Everything shown of one analysis.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    /// Per ply (`0..=moves`): the mark of the move that led there (none for ply 0).
    pub plies: Vec<PlyMark>,
    /// Per side, once at least one of its moves lies between two evaluated positions.
    pub sides: Option<ByColor<SideSummary>>,
}

impl Marks {
    /// The marks of `replay` from `analysis` (which must fit it; otherwise none).
    pub fn new(replay: &Replay, analysis: &StoredAnalysis) -> Marks {
        let moves = replay.len();
        if !analysis.fits(moves) {
            return Marks::default();
        }
        let mut plies: Vec<PlyMark> = analysis
            .evals
            .iter()
            .map(|eval| PlyMark {
                judgement: None,
                eval: *eval,
                best: None,
            })
            .collect();
        for (ply, mark) in plies.iter_mut().enumerate().skip(1) {
            mark.best = better_move(replay, analysis, ply);
        }
        // The first run of evaluated positions (all of them once done).
        let Some(first) = analysis.evals.iter().position(Option::is_some) else {
            return Marks { plies, sides: None };
        };
        let run: Vec<_> = analysis.evals[first..]
            .iter()
            .map_while(|eval| *eval)
            .collect();
        if run.len() < 2 {
            return Marks { plies, sides: None };
        }
        // Left unmarked: the only legal moves, and the moves the engine itself chose (a
        // drop between two searches of neighbouring positions is the search's noise,
        // not the player's fault).
        let mut unmarked = replay.only_moves();
        unmarked.extend((1..=moves).filter(|&ply| engine_chose(replay, analysis, ply)));
        let unmarked: Vec<usize> = unmarked
            .into_iter()
            .filter_map(|ply| ply.checked_sub(first))
            .collect();
        let review = GameReview::new(replay.turn_at(first), &run, &unmarked);
        for reviewed in &review.plies {
            if let Some(mark) = plies.get_mut(reviewed.ply + first) {
                mark.judgement = reviewed.judgement;
            }
        }
        Marks {
            plies,
            sides: Some(review.sides),
        }
    }

    /// The plies (1-based) marked `judgement` that `color` played, in order.
    pub fn plies_marked(&self, replay: &Replay, color: Color, judgement: Judgement) -> Vec<usize> {
        self.plies
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(ply, mark)| {
                mark.judgement == Some(judgement) && replay.turn_at(ply - 1) == color
            })
            .map(|(ply, _)| ply)
            .collect()
    }
}

/// Whether move `ply` is the engine's own first choice in the position it was played in.
fn engine_chose(replay: &Replay, analysis: &StoredAnalysis, ply: usize) -> bool {
    let best = ply
        .checked_sub(1)
        .and_then(|before| analysis.lines.get(before))
        .and_then(|pv| pv.first());
    best.is_some_and(|best| replay.played(ply) == Some(best.as_str()))
}

/// The engine's preferred move where move `ply` was played, when it differs from it.
fn better_move(replay: &Replay, analysis: &StoredAnalysis, ply: usize) -> Option<BetterMove> {
    let played = replay.played(ply)?;
    let pv = analysis.lines.get(ply - 1)?;
    if pv.first().is_none_or(|best| best == played) {
        return None;
    }
    let (line_uci, line_san, _) = play_line(replay.game.position_at(ply - 1), pv, LINE_PLIES);
    Some(BetterMove {
        uci: line_uci.first()?.clone(),
        san: line_san.first()?.clone(),
        line_san,
        line_uci,
    })
}

#[cfg(test)]
mod tests {
    use gambit_rules::Eval;

    use super::*;
    use crate::review::AnalysedLine;
    use crate::review::budget::Budget;

    /// 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#
    fn scholars_mate() -> Replay {
        Replay::new(&AnalysedLine {
            fen: gambit_rules::STARTING_FEN.to_owned(),
            moves: ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]
                .map(String::from)
                .to_vec(),
            sans: Vec::new(),
        })
    }

    fn analysed(replay: &Replay, evals: &[Option<Eval>]) -> StoredAnalysis {
        let mut analysis = StoredAnalysis::empty(replay.len(), Some(Budget::Quick));
        for (slot, eval) in analysis.evals.iter_mut().zip(evals) {
            *slot = *eval;
        }
        analysis
    }

    #[test]
    fn a_move_into_mate_is_a_blunder_with_the_better_move() {
        let replay = scholars_mate();
        let cp = |c| Some(Eval::Cp(c));
        let mut analysis = analysed(
            &replay,
            &[
                cp(20),
                cp(30),
                cp(25),
                cp(20),
                cp(30),
                cp(40),
                Some(Eval::mate(1)),
                Some(Eval::Mate {
                    winner: Color::White,
                    moves: 0,
                }),
            ],
        );
        analysis.lines[5] = ["g7g6", "h5f3", "g8f6"].map(String::from).to_vec();
        analysis.lines[6] = vec!["h5f7".to_owned()];
        let marks = Marks::new(&replay, &analysis);
        assert_eq!(marks.plies[6].judgement, Some(Judgement::Blunder));
        assert_eq!(marks.plies[7].judgement, None);
        let best = marks.plies[6].best.clone();
        assert_eq!(best.as_ref().map(|b| b.uci.as_str()), Some("g7g6"));
        assert_eq!(
            best.map(|b| b.line_san),
            Some(vec!["g6".to_owned(), "Qf3".to_owned(), "Nf6".to_owned()])
        );
        // The engine agreed with the mate: no better move.
        assert_eq!(marks.plies[7].best, None);
        let sides = marks.sides.unwrap_or_default();
        assert_eq!(sides[Color::Black].blunders, 1);
        assert_eq!(sides[Color::White].blunders, 0);
        assert_eq!(
            marks.plies_marked(&replay, Color::Black, Judgement::Blunder),
            vec![6]
        );
        assert!(
            marks
                .plies_marked(&replay, Color::White, Judgement::Blunder)
                .is_empty()
        );
    }

    #[test]
    fn the_engines_own_choice_is_not_marked() {
        let replay = scholars_mate();
        let cp = |c| Some(Eval::Cp(c));
        let evals = [
            cp(20),
            cp(30),
            cp(25),
            cp(20),
            cp(20),
            cp(-200),
            cp(40),
            cp(40),
        ];
        let mut analysis = analysed(&replay, &evals);
        // 3. Qh5 drops from +0.20 to -2.00 …
        assert_eq!(
            Marks::new(&replay, &analysis).plies[5].judgement,
            Some(Judgement::Blunder)
        );
        // … but it is what the engine would have played there.
        analysis.lines[4] = vec!["d1h5".to_owned()];
        let marks = Marks::new(&replay, &analysis);
        assert_eq!(marks.plies[5].judgement, None);
        assert_eq!(marks.plies[5].best, None);
    }

    #[test]
    fn a_partial_analysis_marks_what_it_covers() {
        let replay = scholars_mate();
        let analysis = analysed(&replay, &[Some(Eval::Cp(20)), Some(Eval::Cp(30))]);
        let marks = Marks::new(&replay, &analysis);
        assert_eq!(marks.plies.len(), 8);
        assert_eq!(marks.plies[1].eval, Some(Eval::Cp(30)));
        assert_eq!(marks.plies[2].eval, None);
        assert!(
            marks
                .sides
                .is_some_and(|s| s[Color::Black].accuracy.is_none())
        );
        // Nothing evaluated yet: no summary; a record of another line: nothing at all.
        assert_eq!(Marks::new(&replay, &analysed(&replay, &[])).sides, None);
        assert_eq!(
            Marks::new(&replay, &StoredAnalysis::empty(3, None)),
            Marks::default()
        );
    }

    #[test]
    fn imported_evaluations_without_the_start_are_judged_from_the_first_known() {
        let replay = scholars_mate();
        let cp = |c| Some(Eval::Cp(c));
        let analysis = analysed(
            &replay,
            &[
                None,
                cp(30),
                cp(25),
                cp(20),
                cp(30),
                cp(40),
                Some(Eval::mate(1)),
            ],
        );
        let marks = Marks::new(&replay, &analysis);
        assert_eq!(marks.plies[6].judgement, Some(Judgement::Blunder));
        assert_eq!(marks.plies[1].judgement, None);
    }
}
