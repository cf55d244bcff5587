//! PGN with analysis: `[%eval]` comments and judgement NAGs on export, and
//! evaluations, NAGs and comment text kept per ply on import.
//!
//! lichess writes an analysed game's evaluations as `{ [%eval 0.31] }` and
//! `{ [%eval #-3] }` after each move (pawns from White's side, mates as
//! `#N`/`#-N`), and its marks as the glyphs `?!`, `?`, `??` — the NAGs `$6`,
//! `$2`, `$4`, which is how this export writes them. The import reads both
//! spellings, and lichess's and chess.com's `[%clk]` comments.

use crate::{
    BoardShape, Eval, Game, GameReview, Judgement, PgnError, PgnTags,
    pgn_export::MoveExtras,
    pgn_import::main_line,
    shapes::{shape_commands, shapes_in_comment},
};

/// What a PGN says about one move besides the move itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveAnnotation {
    /// The `[%eval]` after the move (from White's side), if any.
    pub eval: Option<Eval>,
    /// The NAGs after the move, in order (`?!` is read as 6, `$2` as 2).
    pub nags: Vec<u8>,
    /// The text of the comments after the move without their `[%…]`
    /// commands, joined by spaces; `None` when there is none. Exported as a
    /// comment of its own before the `[%eval]` one.
    pub comment: Option<String>,
    /// The circles and arrows drawn on the position after the move (`[%csl]`,
    /// `[%cal]`), in the order read.
    pub shapes: Vec<BoardShape>,
}

impl MoveAnnotation {
    /// An annotation carrying an evaluation and, if any, a judgement's NAG.
    pub fn judged(eval: Option<Eval>, judgement: Option<Judgement>) -> MoveAnnotation {
        MoveAnnotation {
            eval,
            nags: judgement.map(Judgement::nag).into_iter().collect(),
            comment: None,
            shapes: Vec::new(),
        }
    }

    /// The judgement the NAGs carry (the first of `$6`, `$2`, `$4`), if any.
    pub fn judgement(&self) -> Option<Judgement> {
        self.nags.iter().find_map(|&nag| Judgement::from_nag(nag))
    }

    /// What the export writes after the move: the NAGs, the comment's text,
    /// and the `[%eval]`, `[%csl]` and `[%cal]` commands.
    pub(crate) fn extras(&self) -> MoveExtras {
        MoveExtras {
            nags: self.nags.clone(),
            text: self.comment.clone(),
            commands: self
                .eval
                .map(|eval| format!("[%eval {eval}]"))
                .into_iter()
                .chain(shape_commands(&self.shapes))
                .collect(),
        }
    }

    /// Takes in one `{ comment }` read after the move: its `[%eval]` and
    /// its text (a later `[%eval]` replaces an earlier one).
    pub(crate) fn add_comment(&mut self, comment: &str) {
        if let Some(eval) = eval_in_comment(comment) {
            self.eval = Some(eval);
        }
        self.shapes.extend(shapes_in_comment(comment));
        let text = without_commands(comment);
        if !text.is_empty() {
            self.comment = Some(match self.comment.take() {
                Some(earlier) => format!("{earlier} {text}"),
                None => text,
            });
        }
    }
}

/// A game read from PGN with its tags and per-move annotations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnotatedGame {
    /// The main line.
    pub game: Game,
    /// The tags.
    pub tags: PgnTags,
    /// One entry per ply of the main line: `moves[k - 1]` is about ply `k`.
    pub moves: Vec<MoveAnnotation>,
}

impl AnnotatedGame {
    /// The main line of a PGN as read, as
    /// [`Game::from_pgn_reading`](crate::Game::from_pgn_reading), with what the PGN
    /// says about each of its moves.
    ///
    /// # Errors
    ///
    /// As [`Game::from_pgn_reading`](crate::Game::from_pgn_reading).
    pub fn from_pgn_reading(reading: crate::PgnReading) -> Result<AnnotatedGame, PgnError> {
        main_line(reading).map(|(game, tags, moves)| AnnotatedGame { game, tags, moves })
    }

    /// The evaluations read, in the shape [`GameReview::new`] takes, when
    /// every move has one: `start` for the start position (which PGN does
    /// not carry; lichess assumes +0.15 for the standard one), then the
    /// evaluation after each ply. `None` when a move has no `[%eval]`.
    pub fn evals(&self, start: Eval) -> Option<Vec<Eval>> {
        std::iter::once(Some(start))
            .chain(self.moves.iter().map(|m| m.eval))
            .collect()
    }
}

impl Game {
    /// Imports the first game of a PGN text as [`from_pgn`](Game::from_pgn)
    /// does, and keeps what the PGN says about each main-line move:
    /// `[%eval]`, NAGs and comment text (variations are skipped).
    ///
    /// # Errors
    ///
    /// As [`from_pgn`](Game::from_pgn).
    #[cfg(feature = "read-pgn")]
    pub fn from_pgn_annotated(pgn: &str) -> Result<AnnotatedGame, PgnError> {
        AnnotatedGame::from_pgn_reading(crate::PgnReading::read(pgn)?)
    }

    /// The game as PGN (see [`to_pgn`](Game::to_pgn)) with each move's NAGs
    /// (`$6 $2 $4`), comment text and `{ [%eval …] }` from `moves` (`moves[k - 1]` for ply
    /// `k`; missing entries add nothing). The evaluation and the clock share
    /// one comment, as lichess writes them: `{ [%eval 0.31] [%clk 0:03:00] }`.
    pub fn to_pgn_annotated(&self, tags: &PgnTags, moves: &[MoveAnnotation]) -> String {
        self.to_pgn_with(tags, &|index| {
            moves
                .get(index)
                .map(MoveAnnotation::extras)
                .unwrap_or_default()
        })
    }
}

impl GameReview {
    /// The review as PGN annotations: each move's evaluation and mark, for
    /// [`Game::to_pgn_annotated`].
    pub fn annotations(&self) -> Vec<MoveAnnotation> {
        self.plies
            .iter()
            .map(|ply| MoveAnnotation::judged(Some(ply.eval), ply.judgement))
            .collect()
    }
}

/// The `[%eval …]` of a comment, if any and readable.
pub(crate) fn eval_in_comment(comment: &str) -> Option<Eval> {
    let start = comment.find("[%eval")? + "[%eval".len();
    let rest = &comment[start..];
    let end = rest.find(']')?;
    rest[..end].trim().parse().ok()
}

/// A comment's text without `[%…]` commands, with spaces collapsed.
fn without_commands(comment: &str) -> String {
    let mut text = String::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%") {
        text.push_str(&rest[..start]);
        text.push(' ');
        rest = match rest[start..].find(']') {
            Some(end) => &rest[start + end + 1..],
            None => "",
        };
    }
    text.push_str(rest);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evals_and_text_are_taken_from_comments() {
        assert_eq!(
            eval_in_comment(" [%eval -1.25] [%clk 0:01:00] "),
            Some(Eval::Cp(-125))
        );
        assert_eq!(
            eval_in_comment("[%clk 0:01:00][%eval #-2]"),
            Some(Eval::mate(-2))
        );
        assert_eq!(eval_in_comment("[%eval broken]"), None);
        assert_eq!(eval_in_comment("no eval"), None);
        assert_eq!(
            without_commands(" [%eval 0.2] Inaccuracy. [%clk 0:00:09]  Nf3 was best. "),
            "Inaccuracy. Nf3 was best."
        );
        assert_eq!(without_commands("[%eval 0.2"), "");
    }
}
