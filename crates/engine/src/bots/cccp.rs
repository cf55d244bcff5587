//! `cccp`: Checkmate, Check, Capture, Push — in that order. Among captures the most
//! valuable piece is taken; a push is a move whose destination lies deepest in enemy
//! territory (the highest rank from the mover's side), then nearest the centre files,
//! then with the better promotion. tom7 broke the remaining ties by the squares'
//! numbers; here the seed breaks them.

use shakmaty::{Chess, Move, Position, Square};

use super::pick;

/// Where the moving piece lands: for castling the king's square (shakmaty's
/// [`Move::to`] is the rook's there).
fn destination(position: &Chess, m: Move) -> Square {
    m.castling_side()
        .map_or(m.to(), |side| side.king_to(position.turn()))
}

/// How far a file is from the centre: d and e 0, c and f 1, b and g 2, a and h 3.
fn off_centre(square: Square) -> u32 {
    let file = u32::from(square.file());
    if file < 4 { 3 - file } else { file - 4 }
}

/// The legal move of `position` that checkmates, else checks, else captures the most
/// material, else goes deepest (then most central, then with the best promotion), one
/// of the equals chosen under `seed`; `None` without legal moves.
#[must_use]
pub fn choose(position: &Chess, seed: u64) -> Option<Move> {
    let us = position.turn();
    pick::least_by(position, seed, |m| {
        let next = pick::after(position, m);
        let to = destination(position, m);
        (
            !next.is_checkmate(),
            !next.is_check(),
            core::cmp::Reverse(m.capture().map_or(0, pick::value)),
            core::cmp::Reverse(us.relative_rank(to.rank())),
            off_centre(to),
            core::cmp::Reverse(m.promotion().map_or(0, pick::value)),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_count_from_the_centre() {
        let distances: Vec<u32> = [Square::A1, Square::B1, Square::C1, Square::D1, Square::E1]
            .into_iter()
            .chain([Square::F1, Square::G1, Square::H1])
            .map(off_centre)
            .collect();
        assert_eq!(distances, [3, 2, 1, 0, 0, 1, 2, 3]);
    }
}
