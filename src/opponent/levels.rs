//! The strength levels 1–8 and the weak bots as the page knows them: the levels' range
//! and the rating the player is told for each level and bot, measured by matches on one
//! ladder (`tools/calibrate.sh`; `tools/level-table.py` fits them and writes these
//! tables; the table in the README, the figures in `docs/figures.md`).

pub use crate::game::computer_opponent::{MAX_LEVEL, MIN_LEVEL, valid_level};

/// The measured Elo of levels 1–8, the calibration's point estimates rounded: Stockfish
/// 15.1's `UCI_Elo` scale (200 ms a move against Stockfish, node caps elsewhere); every player of the ladder
/// fitted at once by maximum likelihood (levels 4–8 played two or three `UCI_Elo` rungs
/// each, levels 1–3 the level above and two rungs of the ladder below level 4); 200 games
/// or more behind each.
pub const LEVEL_ELO: [u16; 8] = [720, 955, 1205, 1448, 1662, 1838, 2079, 2243];

/// The measured Elo of each bot (by its UCI name), on the same scale and fit as
/// [`LEVEL_ELO`], from its matches on the ladder below level 4 (far below Stockfish's
/// floor, where the engine scale may go below zero). Weakest first, the order the
/// computer dialog shows them in.
pub const BOT_ELO: [(&str, i16); 11] = [
    ("worstfish", -1162),
    ("pacifist", -1067),
    ("alphabetical", -1060),
    ("generous", -916),
    ("huddle", -848),
    ("random_move", -793),
    ("opposite_color", -749),
    ("same_color", -745),
    ("swarm", -651),
    ("cccp", -631),
    ("min_oppt_moves", -590),
];

/// The lowest rating Stockfish 15.1's `UCI_Elo` calibrates: ratings below it are
/// extrapolated through engine matches.
pub const ANCHOR_FLOOR: u16 = 1350;

/// What the dialog says of the ratings, as its tooltip.
pub const RATING_NOTE: &str = "Ratings are on Stockfish 15.1's UCI_Elo scale, measured in \
     engine matches. Below 1350, Stockfish's weakest setting, they are extrapolated on \
     that engine scale through matches against ever weaker players, down to random moves \
     and below zero: they are not human ratings.";

/// The measured Elo of the bot named `name`.
pub fn bot_elo(name: &str) -> Option<i16> {
    BOT_ELO
        .iter()
        .find(|(bot, _)| *bot == name)
        .map(|&(_, elo)| elo)
}

/// The label of a rating, e.g. "≈1500".
pub fn rating_label(elo: i32) -> String {
    format!("≈{elo}")
}

/// The index of `level` in per-level tables (0–7).
pub fn level_index(level: u8) -> usize {
    usize::from(valid_level(level) - MIN_LEVEL)
}

/// The label under a level's number, e.g. "≈1500".
pub fn level_label(level: u8) -> String {
    rating_label(level_elo(level).into())
}

/// The measured Elo of `level`.
pub fn level_elo(level: u8) -> u16 {
    LEVEL_ELO[level_index(level)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_get_stronger_one_by_one() {
        assert!(
            LEVEL_ELO.windows(2).all(|pair| pair[0] < pair[1]),
            "{LEVEL_ELO:?}"
        );
    }

    #[test]
    fn every_bot_the_worker_plays_has_a_rating() {
        for bot in gambit_protocol::BOTS {
            assert!(bot_elo(bot.name).is_some(), "{}", bot.name);
        }
        assert_eq!(BOT_ELO.len(), gambit_protocol::BOTS.len());
        assert_eq!(bot_elo("stockfish"), None);
    }

    #[test]
    fn the_bots_are_listed_weakest_first() {
        assert!(
            BOT_ELO.windows(2).all(|pair| pair[0].1 <= pair[1].1),
            "{BOT_ELO:?}"
        );
    }

    #[test]
    fn out_of_range_levels_are_brought_into_range() {
        assert_eq!(valid_level(0), 1);
        assert_eq!(valid_level(9), 8);
        assert_eq!(level_index(5), 4);
        assert_eq!(level_label(200), "≈2243");
    }
}
