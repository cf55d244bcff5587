//! What the player is told about each strength level: its Elo, measured by matches
//! (`tools/calibrate.sh`, table in the README and `tools/RESULTS.md`).

/// The measured Elo of levels 1–8, the calibration's point estimates unrounded:
/// Stockfish 15.1's `UCI_Elo` scale, both sides at 200 ms a move; levels 4–8 by maximum
/// likelihood over two or three `UCI_Elo` rungs each, levels 1–3 through a chain of
/// level-against-level matches below level 4; 200 games or more behind each.
pub const LEVEL_ELO: [u16; 8] = [986, 1264, 1376, 1499, 1789, 1837, 2113, 2243];

/// The label under a level's number, e.g. "≈1500".
pub fn level_label(level: u8) -> String {
    let index = usize::from(level.clamp(1, 8) - 1);
    format!("≈{}", LEVEL_ELO[index])
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
}
