//! Pawn structure: doubled, isolated, supported and passed pawns.
//!
//! Split in two so that the larger part can be cached: [`structure`] depends on the
//! pawns alone (see [`super::pawn_cache`]); [`passers`] adds what depends on the rest of
//! the board, the kings' distance to each passed pawn's path and a piece blocking it.

use shakmaty::{Bitboard, Chess, Position, Square};

use super::{Side, masks, tapered::S, weights::Weights};

/// What the pawns alone say: the score from White's side, and each side's passed pawns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Structure {
    /// Pawn-only terms, White's minus Black's.
    pub score: S,
    /// White's passed pawns.
    pub white_passers: Bitboard,
    /// Black's passed pawns.
    pub black_passers: Bitboard,
}

fn rank_of(us: &Side, sq: Square) -> usize {
    let r = sq.rank().to_usize();
    if us.color.is_white() { r } else { 7 - r }
}

/// The pawn-only terms of both sides (`white` and `black` need only their pawn fields).
#[must_use]
pub fn structure(w: &Weights, white: &Side, black: &Side) -> Structure {
    let (white_score, white_passers) = side_structure(w, white, black);
    let (black_score, black_passers) = side_structure(w, black, white);
    Structure {
        score: white_score - black_score,
        white_passers,
        black_passers,
    }
}

/// Pawn-only terms of `us` facing `them`, from `us`'s side, and `us`'s passed pawns.
fn side_structure(w: &Weights, us: &Side, them: &Side) -> (S, Bitboard) {
    let mut s = S::ZERO;
    let mut passers = Bitboard::EMPTY;
    for sq in us.pawns {
        let file = sq.file().to_usize();
        let ahead = masks::forward(us.color, sq);
        let doubled = (us.pawns & ahead).any();
        if doubled {
            s += w.doubled;
        }
        if (us.pawns & masks::adjacent_files(file)).is_empty() {
            s += w.isolated;
        }
        if us.pawn_attacks.contains(sq) {
            s += w.supported;
        }
        let beside = |d: i32| {
            sq.offset(d)
                .is_some_and(|n| n.rank() == sq.rank() && us.pawns.contains(n))
        };
        if beside(1) || beside(-1) {
            s += w.phalanx;
        }
        if !doubled && (them.pawns & masks::passed_span(us.color, sq)).is_empty() {
            s += w.passed[rank_of(us, sq)];
            passers.add(sq);
        }
    }
    (s, passers)
}

/// What `us`'s passed pawns (`passers`) gain beyond the pawns alone, from `us`'s side:
/// the enemy king far from the square in front and our own king near it count in the
/// endgame, a piece on that square takes a third of the pawn's bonus away, an empty path
/// to promotion counts per rank, and a pawn the enemy king cannot catch (enemy pawns
/// only) is nearly a queen in the endgame.
#[must_use]
pub fn passers(w: &Weights, pos: &Chess, us: &Side, them: &Side, passers: Bitboard) -> S {
    let board = pos.board();
    let occupied = board.occupied();
    let them_only_pawns = (them.us & !board.pawns() & !board.kings()).is_empty();
    let mut s = S::ZERO;
    for sq in passers {
        let r = rank_of(us, sq);
        let step = if us.color.is_white() { 8 } else { -8 };
        if let Some(stop) = sq.offset(step) {
            let theirs = i32::try_from(them.king.distance(stop)).unwrap_or(0);
            let ours = i32::try_from(us.king.distance(stop)).unwrap_or(0);
            // Ranks above the second: 1 on the third, 5 on the seventh.
            let advance = (i32::try_from(r).unwrap_or(0) - 1).max(0);
            let [per_theirs, per_ours] = w.passer_king_distance;
            s += S(0, (per_theirs * theirs - per_ours * ours) * advance / 2);
            if occupied.contains(stop) {
                s -= S(w.passed[r].0 / 3, w.passed[r].1 / 3);
            }
            let path = masks::forward(us.color, sq);
            if (path & occupied).is_empty() {
                s += w.passer_free_path * advance;
                if them_only_pawns && outruns_king(pos, us, them, sq, r) {
                    s += S(0, w.passer_unstoppable);
                }
            }
        }
    }
    s
}

/// Whether `us`'s passed pawn on `sq` (relative rank `r`), its path empty, promotes
/// before the enemy king can reach the promotion square (the rule of the square).
fn outruns_king(pos: &Chess, us: &Side, them: &Side, sq: Square, r: usize) -> bool {
    let target = Square::from_coords(sq.file(), (!us.color).backrank());
    // A pawn on its first rank of play moves two squares at once.
    let pawn_moves = i32::try_from(7 - r.max(2)).unwrap_or(0);
    let king_moves = i32::try_from(them.king.distance(target)).unwrap_or(0)
        - i32::from(pos.turn() == them.color);
    king_moves > pawn_moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::side;
    use crate::root::parse_fen;
    use shakmaty::Color;

    fn outruns(fen: &str, pawn: Square) -> bool {
        let pos = parse_fen(fen).expect("legal");
        let white = side(&pos, Color::White);
        let black = side(&pos, Color::Black);
        let (us, them) = if white.pawns.contains(pawn) {
            (white, black)
        } else {
            (black, white)
        };
        let r = rank_of(&us, pawn);
        outruns_king(&pos, &us, &them, pawn, r)
    }

    #[test]
    fn the_rule_of_the_square_tells_a_passer_the_king_cannot_catch() {
        // a5 needs three moves; the king on h8 needs seven to a8.
        assert!(outruns("7k/8/8/P7/8/8/8/7K w - - 0 1", Square::A5));
        // On c6 it needs two.
        assert!(!outruns("8/8/2k5/P7/8/8/8/7K w - - 0 1", Square::A5));
        // On e7 it needs four, three once it has the move.
        assert!(outruns("8/4k3/8/P7/8/8/8/7K w - - 0 1", Square::A5));
        assert!(!outruns("8/4k3/8/P7/8/8/8/7K b - - 0 1", Square::A5));
        // A pawn on its second rank steps two squares: five moves, not six.
        assert!(outruns("6k1/8/8/8/8/8/P7/7K w - - 0 1", Square::A2));
        assert!(!outruns("6k1/8/8/8/8/8/P7/7K b - - 0 1", Square::A2));
        // The same for Black: h4 needs three moves to h1; the king on a8 needs seven.
        assert!(outruns("k7/8/8/8/7p/8/8/K7 b - - 0 1", Square::H4));
        assert!(!outruns("k7/8/8/8/7p/8/5K2/8 b - - 0 1", Square::H4));
    }
}
