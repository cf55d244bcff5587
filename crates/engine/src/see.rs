//! Static exchange evaluation: does a capture win material once every piece that can
//! recapture on the square has done so, least valuable first?
//!
//! Pins are ignored (a pinned defender still "recaptures"); x-ray attackers behind
//! sliders join the exchange as the front piece leaves.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square, attacks};

/// Exchange value of each role, indexed by `Role as usize - 1`.
pub const VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// Exchange value of a role.
#[must_use]
pub const fn value(role: Role) -> i32 {
    VALUE[role as usize - 1]
}

/// What `m` wins on its square before any recapture: the captured piece, and for a
/// promotion the new piece less the pawn.
#[must_use]
pub fn material_gain(m: Move) -> i32 {
    m.capture().map_or(0, value) + m.promotion().map_or(0, |p| value(p) - value(Role::Pawn))
}

fn attackers_to(pos: &Chess, sq: Square, occupied: Bitboard) -> Bitboard {
    let b = pos.board();
    (attacks::pawn_attacks(Color::Black, sq) & b.pawns() & b.white())
        | (attacks::pawn_attacks(Color::White, sq) & b.pawns() & b.black())
        | (attacks::knight_attacks(sq) & b.knights())
        | (attacks::king_attacks(sq) & b.kings())
        | (attacks::bishop_attacks(sq, occupied) & b.bishops_and_queens())
        | (attacks::rook_attacks(sq, occupied) & b.rooks_and_queens())
}

/// Whether the exchange started by `m` gains at least `threshold` centipawns for the
/// side to move in `pos`. `m` must be legal in `pos`.
#[must_use]
pub fn see_ge(pos: &Chess, m: Move, threshold: i32) -> bool {
    let (from, to, mover, captured) = match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => (
            from,
            to,
            promotion.unwrap_or(role),
            capture.map_or(0, value) + promotion.map_or(0, |p| value(p) - value(Role::Pawn)),
        ),
        // Pawn takes pawn, and the square behind is empty: treat as an even trade.
        Move::EnPassant { .. } => return threshold <= 0,
        Move::Castle { .. } | Move::Put { .. } => return threshold <= 0,
    };
    let b = pos.board();
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    swap = value(mover) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = b.occupied() ^ Bitboard::from(from) ^ Bitboard::from(to);
    let mut side = pos.turn();
    let mut attackers = attackers_to(pos, to, occupied) & occupied;
    let mut result = true;
    let diagonal = b.bishops_and_queens();
    let straight = b.rooks_and_queens();
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & b.by_color(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        let Some((role, sq)) = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ]
        .into_iter()
        .find_map(|r| (ours & b.by_role(r)).first().map(|sq| (r, sq))) else {
            break;
        };
        if role == Role::King {
            // The king may only take last: if the other side still attacks, it cannot.
            if (attackers & !b.by_color(side)).any() {
                result = !result;
            }
            break;
        }
        swap = value(role) - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied ^= Bitboard::from(sq);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= attacks::bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= attacks::rook_attacks(to, occupied) & straight;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::root::parse_fen;
    use shakmaty::uci::UciMove;

    fn check(fen: &str, uci: &str, threshold: i32) -> bool {
        let pos = parse_fen(fen).expect("pos");
        let m = uci
            .parse::<UciMove>()
            .expect("uci")
            .to_move(&pos)
            .expect("legal");
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn exchanges() {
        // Undefended pawn: wins a pawn.
        assert!(check("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100));
        // Defended pawn taken by a rook: loses the exchange.
        assert!(!check("4k3/8/4p3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 0));
        // Pawn takes defended knight: wins.
        assert!(check("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 200));
        // Queen takes pawn defended by pawn: loses.
        assert!(!check("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0));
        // X-ray: rooks doubled take a rook-defended pawn.
        assert!(check("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 0));
    }
}
