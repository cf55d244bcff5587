//! The strength levels 1–8 as the page knows them: their range and what the player is
//! told about each, its Elo, measured by matches (`tools/calibrate.sh`; the table in the
//! README, the figures in `docs/figures.md`).

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest level (full strength).
pub const MAX_LEVEL: u8 = 8;

/// The measured Elo of levels 1–8, the calibration's point estimates unrounded:
/// Stockfish 15.1's `UCI_Elo` scale, both sides at 200 ms a move; levels 4–8 by maximum
/// likelihood over two or three `UCI_Elo` rungs each, levels 1–3 through a chain of
/// level-against-level matches below level 4; 200 games or more behind each.
pub const LEVEL_ELO: [u16; 8] = [986, 1264, 1376, 1499, 1789, 1837, 2113, 2243];

/// `level` brought into 1–8 (stored or typed data may hold anything).
pub fn valid_level(level: u8) -> u8 {
    level.clamp(MIN_LEVEL, MAX_LEVEL)
}

/// The index of `level` in per-level tables (0–7).
pub fn level_index(level: u8) -> usize {
    usize::from(valid_level(level) - MIN_LEVEL)
}

/// The label under a level's number, e.g. "≈1500".
pub fn level_label(level: u8) -> String {
    format!("≈{}", LEVEL_ELO[level_index(level)])
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
    fn out_of_range_levels_are_brought_into_range() {
        assert_eq!(valid_level(0), 1);
        assert_eq!(valid_level(9), 8);
        assert_eq!(level_index(5), 4);
        assert_eq!(level_label(200), "≈2243");
    }
}
