//! Marks for a move — inaccuracy `?!`, mistake `?`, blunder `??` — from the
//! evaluations before and after it.
//!
//! The rules are lichess's (lila, `modules/analyse/src/main/Advice.scala`),
//! with one addition:
//!
//! - Both evaluations in centipawns: the mover's winning chances
//!   ([`winning_chances`](crate::winning_chances), centipawns clamped to
//!   ±1000) drop by at least 0.3 → blunder, 0.2 → mistake, 0.1 →
//!   inaccuracy (lichess's `CpAdvice` thresholds on the [-1, 1] scale).
//! - **Addition — a won position kept won is not marked:** when the mover
//!   was at least [`WON_CP`] (+4.00) up before the move and still is after
//!   it, there is no mark, however much the advantage shrank (lichess would
//!   mark +8 → +5 as an inaccuracy).
//! - The mover had a forced mate and has none after the move ("lost forced
//!   checkmate", lichess's `MateLost`): blunder, or mistake when the mover
//!   is still more than +7.00 up, or inaccuracy when more than +9.99 up. A
//!   missed mate is therefore always marked, even in a won position.
//! - The move lets the opponent force mate ("checkmate is now
//!   unavoidable", lichess's `MateCreated`): blunder, or mistake when the
//!   mover was already more than 7.00 down, or inaccuracy when more than
//!   9.99 down.
//! - A slower mate than the best (`MateDelayed`), any move out of a
//!   position already lost to a forced mate, and any move into a forced mate
//!   for the mover are not marked.
//! - A move the caller knows was the only move (the only legal one, or the
//!   only one that does not lose) is not marked: the caller says so with a
//!   flag, since only it knows the other moves' evaluations.

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::{Eval, winning_chances};

/// How bad a move was, from the drop in the mover's winning chances.
/// Stored by its [`name`](Judgement::name): `"inaccuracy"`, `"mistake"`,
/// `"blunder"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// `?!`: the mover's winning chances dropped by at least 0.1.
    Inaccuracy,
    /// `?`: a drop of at least 0.2.
    Mistake,
    /// `??`: a drop of at least 0.3, or a forced mate given away.
    Blunder,
}

impl Judgement {
    /// All judgements, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The PGN Numeric Annotation Glyph: `$6` (`?!`), `$2` (`?`), `$4` (`??`).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The judgement a NAG stands for, if it is one of `$6`, `$2`, `$4`.
    pub fn from_nag(nag: u8) -> Option<Judgement> {
        Judgement::ALL.into_iter().find(|j| j.nag() == nag)
    }

    /// The symbol after the move: `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The lower-case name: `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// The mover's advantage (centipawns from the mover's side) that counts as
/// won: a move from at least +4.00 to at least +4.00 is not marked (see the
/// module notes). +4.00 is winning chances of about 0.63 (81 Win%).
pub const WON_CP: i32 = 400;

/// Drops in the mover's winning chances, largest first (lichess's).
const DROPS: [(f64, Judgement); 3] = [
    (0.3, Judgement::Blunder),
    (0.2, Judgement::Mistake),
    (0.1, Judgement::Inaccuracy),
];

/// An evaluation from the mover's side.
#[derive(Debug, Clone, Copy)]
enum ForMover {
    Cp(i32),
    MateFor,
    MateAgainst,
}

fn for_mover(eval: Eval, mover: Color) -> ForMover {
    match eval {
        Eval::Mate { winner, .. } if winner == mover => ForMover::MateFor,
        Eval::Mate { .. } => ForMover::MateAgainst,
        Eval::Cp(_) => ForMover::Cp(eval.cp_for(mover).unwrap_or_default()),
    }
}

/// The mark for a move by `mover` that changed the evaluation (from White's
/// side, as always) from `before` to `after`; `None` for an unmarked move.
/// `only_move` leaves the move unmarked. The rules are in the module notes.
///
/// ```
/// use gambit_rules::{Color, Eval, Judgement, judge_move};
///
/// // +0.30 to -3.00 by White: a blunder.
/// let mark = judge_move(Color::White, Eval::Cp(30), Eval::Cp(-300), false);
/// assert_eq!(mark, Some(Judgement::Blunder));
/// ```
pub fn judge_move(mover: Color, before: Eval, after: Eval, only_move: bool) -> Option<Judgement> {
    if only_move {
        return None;
    }
    match (for_mover(before, mover), for_mover(after, mover)) {
        (ForMover::Cp(before), ForMover::Cp(after)) => {
            if before >= WON_CP && after >= WON_CP {
                return None;
            }
            let drop = winning_chances(before) - winning_chances(after);
            DROPS
                .into_iter()
                .find(|(threshold, _)| drop >= *threshold)
                .map(|(_, judgement)| judgement)
        }
        (ForMover::MateFor, ForMover::Cp(after)) => Some(match after {
            cp if cp > 999 => Judgement::Inaccuracy,
            cp if cp > 700 => Judgement::Mistake,
            _ => Judgement::Blunder,
        }),
        (ForMover::MateFor, ForMover::MateAgainst) => Some(Judgement::Blunder),
        (ForMover::Cp(before), ForMover::MateAgainst) => Some(match before {
            cp if cp < -999 => Judgement::Inaccuracy,
            cp if cp < -700 => Judgement::Mistake,
            _ => Judgement::Blunder,
        }),
        (ForMover::MateFor, ForMover::MateFor)
        | (ForMover::Cp(_), ForMover::MateFor)
        | (ForMover::MateAgainst, _) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nags_and_stored_names_round_trip() {
        for judgement in Judgement::ALL {
            assert_eq!(Judgement::from_nag(judgement.nag()), Some(judgement));
            let json = serde_json::to_string(&judgement).unwrap();
            assert_eq!(json, format!("\"{}\"", judgement.name()));
            assert_eq!(serde_json::from_str::<Judgement>(&json).unwrap(), judgement);
        }
        assert_eq!(Judgement::from_nag(1), None);
    }
}
