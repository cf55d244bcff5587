//! A line replayed on the board: its positions and SAN, the side to move at each ply,
//! the forced moves, and the engine's line from a position read as SAN.

use gambit_rules::shakmaty::{Color, Position};
use gambit_rules::{Chess, Game};

use super::AnalysedLine;
use super::shelf::line_key;

/// How many moves of the engine's line are shown after "best was".
pub const LINE_PLIES: usize = 6;

/// A line replayed from its start position. Two replays are equal when their lines are.
#[derive(Debug, Clone)]
pub struct Replay {
    /// [`line_key`] of the legal part of the line.
    pub key: String,
    /// The game of the line's legal moves.
    pub game: Game,
}

impl PartialEq for Replay {
    fn eq(&self, other: &Replay) -> bool {
        self.key == other.key
    }
}

impl Replay {
    /// Replays `line`, up to its first illegal move (a bad FEN gives the standard start).
    pub fn new(line: &AnalysedLine) -> Replay {
        let mut game = Game::from_fen(&line.fen).unwrap_or_default();
        for uci in &line.moves {
            if game.play_uci(uci).is_err() {
                break;
            }
        }
        let moves: Vec<String> = game.uci_moves().map(str::to_owned).collect();
        Replay {
            key: line_key(&game.start_fen(), &moves),
            game,
        }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.game.len()
    }

    /// Whether the line has no move.
    pub fn is_empty(&self) -> bool {
        self.game.is_empty()
    }

    /// The moves in UCI.
    pub fn moves(&self) -> Vec<String> {
        self.game.uci_moves().map(str::to_owned).collect()
    }

    /// The side to move at `ply`.
    pub fn turn_at(&self, ply: usize) -> Color {
        self.game.side_to_move(ply)
    }

    /// The plies (1-based) that were the only legal move.
    pub fn only_moves(&self) -> Vec<usize> {
        (1..=self.len())
            .filter(|&ply| self.game.position_at(ply - 1).legal_moves().len() == 1)
            .collect()
    }

    /// The move played at `ply` (1-based) in UCI.
    pub fn played(&self, ply: usize) -> Option<&str> {
        let index = ply.checked_sub(1)?;
        self.game.plies().get(index).map(|p| p.uci.as_str())
    }

    /// The move at `ply` with its number, as the graph labels it: "12. Nf3", "12… Nf6".
    pub fn label(&self, ply: usize) -> String {
        let Some(san) = ply
            .checked_sub(1)
            .and_then(|index| self.game.plies().get(index))
            .map(|p| p.san.as_str())
        else {
            return String::new();
        };
        let before = self.game.position_at(ply - 1);
        let dots = if before.turn() == Color::White {
            "."
        } else {
            "…"
        };
        format!("{}{dots} {san}", before.fullmoves())
    }
}

/// The legal prefix of `pv` played from `position`, at most `max` moves: each move in
/// UCI and SAN, and the position after each.
pub fn play_line(
    position: &Chess,
    pv: &[String],
    max: usize,
) -> (Vec<String>, Vec<String>, Vec<Chess>) {
    let mut game = Game::from_position(position.clone());
    for uci in pv.iter().take(max) {
        if game.play_uci(uci).is_err() {
            break;
        }
    }
    let ucis = game.plies().iter().map(|p| p.uci.clone()).collect();
    let sans = game.plies().iter().map(|p| p.san.clone()).collect();
    let positions = (1..=game.len())
        .map(|ply| game.position_at(ply).clone())
        .collect();
    (ucis, sans, positions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(moves: &[&str]) -> AnalysedLine {
        AnalysedLine {
            fen: gambit_rules::STARTING_FEN.to_owned(),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            sans: Vec::new(),
        }
    }

    #[test]
    fn replays_up_to_an_illegal_move() {
        let replay = Replay::new(&line(&["e2e4", "e7e5", "e1e3", "g8f6"]));
        assert_eq!(replay.len(), 2);
        assert_eq!(replay.moves(), vec!["e2e4", "e7e5"]);
        assert_eq!(replay, Replay::new(&line(&["e2e4", "e7e5"])));
        assert_eq!(replay.label(2), "1… e5");
        assert_eq!(replay.label(0), "");
        assert_eq!(replay.turn_at(1), Color::Black);
    }

    #[test]
    fn the_engine_line_in_san_stops_at_an_illegal_move() {
        let replay = Replay::new(&line(&["e2e4"]));
        let pv: Vec<String> = ["e7e5", "g1f3", "b8c6", "a1a8"].map(String::from).to_vec();
        let (ucis, sans, positions) = play_line(replay.game.position_at(1), &pv, LINE_PLIES);
        assert_eq!(sans, vec!["e5", "Nf3", "Nc6"]);
        assert_eq!(ucis.len(), 3);
        assert_eq!(positions.len(), 3);
        let (_, short, _) = play_line(replay.game.position_at(1), &pv, 1);
        assert_eq!(short, vec!["e5"]);
    }

    #[test]
    fn forced_replies_are_found() {
        // 1. e4 f6 2. Qh5+ g6 (the only move? no: also nothing else blocks) …
        let replay = Replay::new(&line(&["e2e4", "f7f6", "d1h5", "g7g6"]));
        assert_eq!(replay.only_moves(), vec![4]);
    }
}
