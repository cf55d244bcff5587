//! Elo World's dilution: an engine that plays a uniformly random legal move with
//! probability p and its own move otherwise ("Stockfish diluted by p random moves").
//! tom7 used it to lay a continuous ladder from random_move (p = 1) to the full engine
//! (p = 0); the calibration ladder of `tools/calibration/` does the same below level 4.

use shakmaty::{Chess, Move, Position};

use super::{pick, random_move};

/// Salt for the dilution's draw, so that whether to play at random does not follow from
/// the random move's own draw (both come from the same seed and position).
const DRAW_SALT: u64 = 0x6469_6c75_7465_2121;

/// With probability `percent` / 100 (deterministic under `position` and `seed`): a
/// uniformly random legal move of `position`; otherwise, or without legal moves, `None`
/// (the engine searches as usual). `percent` 0 never, 100 or more always.
#[must_use]
pub fn random_instead(position: &Chess, seed: u64, percent: u8) -> Option<Move> {
    if percent == 0 || position.legal_moves().is_empty() {
        return None;
    }
    let draw = pick::tie_breaker(position, seed ^ DRAW_SALT).below(100);
    if draw < u64::from(percent) {
        random_move::choose(position, seed)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many of the first positions of a random game `random_instead` plays at random.
    fn random_share(percent: u8, plies: usize) -> usize {
        let mut position = Chess::default();
        let mut taken = 0;
        for ply in 0..plies {
            let seed = 99;
            if random_instead(&position, seed, percent).is_some() {
                taken += 1;
            }
            let Some(m) = random_move::choose(&position, ply as u64) else {
                position = Chess::default();
                continue;
            };
            position.play_unchecked(m);
            if position.legal_moves().is_empty() {
                position = Chess::default();
            }
        }
        taken
    }

    #[test]
    fn none_and_all_are_exact_and_a_share_comes_out_near_its_probability() {
        assert_eq!(random_share(0, 400), 0);
        assert_eq!(random_share(100, 400), 400);
        let half = random_share(50, 2000);
        assert!((850..=1150).contains(&half), "{half} of 2000 at 50 %");
        let tenth = random_share(10, 2000);
        assert!((120..=280).contains(&tenth), "{tenth} of 2000 at 10 %");
    }

    #[test]
    fn the_same_position_and_seed_give_the_same_answer() {
        let position = Chess::default();
        for seed in 0..50 {
            assert_eq!(
                random_instead(&position, seed, 40),
                random_instead(&position, seed, 40)
            );
        }
    }
}
