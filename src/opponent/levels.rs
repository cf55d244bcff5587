//! What the player is told about each strength level: its Elo, measured by matches
//! (see the README's level table). A level without a measurement shows none.

/// The measured Elo of levels 1–8, `None` where no match has measured it yet.
pub const LEVEL_ELO: [Option<u16>; 8] = [None; 8];

/// The label under a level's number: "≈1500" when measured, empty otherwise.
pub fn level_label(level: u8) -> String {
    let index = usize::from(level.clamp(1, 8) - 1);
    LEVEL_ELO[index].map_or_else(String::new, |elo| format!("≈{elo}"))
}
