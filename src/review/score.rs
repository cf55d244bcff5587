//! The worker's score (for the side to move) as an [`Eval`] from White's side, the way
//! reviews are stored and shown.

use gambit_protocol::Score;
use gambit_rules::Eval;
use gambit_rules::shakmaty::Color;

/// `score`, given for `to_move`, from White's side. A mate the side to move gives is
/// won by it; `Mate(0)` (the side to move is checkmated) and a negative mate are won by
/// the other side.
pub fn eval_from_score(score: Score, to_move: Color) -> Eval {
    match score {
        Score::Cp(cp) => Eval::Cp(if to_move == Color::White {
            cp
        } else {
            cp.saturating_neg()
        }),
        Score::Mate(moves) if moves > 0 => Eval::Mate {
            winner: to_move,
            moves: moves.unsigned_abs(),
        },
        Score::Mate(moves) => Eval::Mate {
            winner: to_move.other(),
            moves: moves.unsigned_abs(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centipawns_turn_for_black() {
        assert_eq!(eval_from_score(Score::Cp(31), Color::White), Eval::Cp(31));
        assert_eq!(eval_from_score(Score::Cp(31), Color::Black), Eval::Cp(-31));
        assert_eq!(
            eval_from_score(Score::Cp(-120), Color::Black),
            Eval::Cp(120)
        );
    }

    #[test]
    fn mates_name_their_winner() {
        assert_eq!(eval_from_score(Score::Mate(3), Color::White), Eval::mate(3));
        assert_eq!(
            eval_from_score(Score::Mate(2), Color::Black),
            Eval::mate(-2)
        );
        assert_eq!(
            eval_from_score(Score::Mate(-2), Color::White),
            Eval::mate(-2)
        );
        assert_eq!(
            eval_from_score(Score::Mate(-1), Color::Black),
            Eval::mate(1)
        );
        // Black checkmated, to move: White has mated.
        assert_eq!(
            eval_from_score(Score::Mate(0), Color::Black).to_string(),
            "#0"
        );
        assert_eq!(
            eval_from_score(Score::Mate(0), Color::White).to_string(),
            "#-0"
        );
    }
}
