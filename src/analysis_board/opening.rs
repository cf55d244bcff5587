//! What the analysis board opens with when another page sends its game
//! (`/analysis?game=friend` or `?game=computer`): that page's saved game becomes the
//! main line. When the board already holds that game (the same start and main line),
//! its side lines are kept.

use gambit_rules::shakmaty::Color;
use gambit_rules::{Game, GameTree};

use crate::game::persistence::read_saved_game;
use crate::game::saved::{COMPUTER_GAME_KEY, FRIEND_GAME_KEY};

/// A page whose game can be analysed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameSource {
    /// `/friend`.
    Friend,
    /// `/computer`.
    Computer,
}

impl GameSource {
    /// The source named by the address's `game` parameter.
    pub fn from_query(word: &str) -> Option<GameSource> {
        match word {
            "friend" => Some(GameSource::Friend),
            "computer" => Some(GameSource::Computer),
            _ => None,
        }
    }

    /// Where that page saves its game.
    fn key(self) -> &'static str {
        match self {
            GameSource::Friend => FRIEND_GAME_KEY,
            GameSource::Computer => COMPUTER_GAME_KEY,
        }
    }

    /// The game in words.
    fn name(self) -> &'static str {
        match self {
            GameSource::Friend => "game against a friend",
            GameSource::Computer => "game against the computer",
        }
    }
}

/// The game `source` saved and its board's orientation, or why it cannot be read (read
/// in the `saved_game` chunk unless this tab saved it, `crate::game::persistence`).
pub async fn read_game(source: GameSource) -> Result<(Game, Color), String> {
    match read_saved_game(source.key()).await {
        Ok(Some(found)) => Ok(found),
        Ok(None) => Err(format!("No {} is saved here to analyse", source.name())),
        Err(reason) => Err(format!("The {} could not be read: {reason}", source.name())),
    }
}

/// A tree of `game` alone, or `None` when `current`'s main line is that game already
/// (then it stays, with its side lines).
pub fn tree_for(game: &Game, current: &GameTree) -> Option<GameTree> {
    let same_start = current.start_fen() == game.start_fen();
    let same_moves = current.main_game().uci_moves().eq(game.uci_moves());
    (!(same_start && same_moves)).then(|| GameTree::from_game(game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_game_keeps_its_side_lines_and_another_replaces_the_tree() {
        let mut game = Game::new();
        game.play_san("e4").expect("legal");
        game.play_san("e5").expect("legal");
        let mut tree = GameTree::from_game(&game);
        let e4 = tree.main_line()[1];
        tree.play_san(e4, "c5").expect("legal");
        assert_eq!(tree_for(&game, &tree), None);

        game.play_san("Nf3").expect("legal");
        let fresh = tree_for(&game, &tree).expect("another game");
        assert_eq!(fresh, GameTree::from_game(&game));
        assert_eq!(fresh.node_count(), 4);
    }

    #[test]
    fn pages_are_named_by_the_address() {
        assert_eq!(GameSource::from_query("friend"), Some(GameSource::Friend));
        assert_eq!(
            GameSource::from_query("computer"),
            Some(GameSource::Computer)
        );
        assert_eq!(GameSource::from_query("other"), None);
    }
}
