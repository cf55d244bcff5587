//! Static evaluation: how good a quiet position is for the side to move, in centipawns.
//!
//! A tapered evaluation: every term is a middlegame/endgame pair ([`S`]) blended by the
//! game phase (the non-pawn material left). Terms, each in its own module:
//!
//! * material and piece-square tables (`tables.rs`);
//! * mobility of knights, bishops, rooks and queens over squares not held by our own
//!   pieces nor attacked by enemy pawns, rooks on open files, the bishop pair, pawn
//!   threats on pieces (`pieces.rs`);
//! * pawn structure: doubled, isolated, connected and passed pawns, with king distance
//!   to passers in the endgame (`pawns.rs`; the search keeps the pawn-only part in a
//!   [`PawnCache`]);
//! * king safety: the pawn shield and the weight of enemy attacks on the king's zone
//!   (`king.rs`);
//! * endgame knowledge: drawish material scaled down, and a "mop-up" gradient that
//!   drives a lone king to the edge;
//! * a small network's correction of all that ([`net`]), fitted to Stockfish's scores of
//!   positions Gambit's own search evaluates.
//!
//! Every weight lives in [`weights::Weights`]; an [`Evaluator`] is a set of weights
//! with the piece-square tables built from them. The engine plays with [`STANDARD`]
//! (Gambit's own weights, symmetric between colours: tested); the Texel tuner builds
//! evaluators of its own.

mod king;
mod masks;
pub mod net;
mod pawn_cache;
mod pawns;
mod pieces;
mod psq_adjust;
mod tables;
mod tapered;
pub mod weights;

use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

pub use pawn_cache::PawnCache;
pub(crate) use pawn_cache::pawn_slot;
pub use tapered::{MAX_PHASE, S};
pub use weights::Weights;

/// A set of weights, with the piece-square tables built from them.
#[derive(Debug, Clone)]
pub struct Evaluator {
    weights: Weights,
    tables: tables::Tables,
}

/// The evaluator the engine plays with: [`weights::DEFAULT`], tables built at compile
/// time.
pub static STANDARD: Evaluator = Evaluator::new(weights::DEFAULT);

/// Everything the terms share about one side.
#[derive(Debug, Clone, Copy)]
pub struct Side {
    /// The side's colour.
    pub color: Color,
    /// All its pieces.
    pub us: Bitboard,
    /// Its pawns.
    pub pawns: Bitboard,
    /// The squares its pawns attack.
    pub pawn_attacks: Bitboard,
    /// Its king's square.
    pub king: Square,
}

/// Squares attacked by `pawns` of `color`.
#[must_use]
pub fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let not_a = !Bitboard::from_file(shakmaty::File::A);
    let not_h = !Bitboard::from_file(shakmaty::File::H);
    match color {
        Color::White => ((pawns & not_a).shift(7)) | ((pawns & not_h).shift(9)),
        Color::Black => ((pawns & not_a).shift(-9)) | ((pawns & not_h).shift(-7)),
    }
}

/// The square as seen from White's side (mirrored for Black), for table lookups.
#[inline]
#[must_use]
pub fn relative(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.to_usize(),
        Color::Black => sq.flip_vertical().to_usize(),
    }
}

pub(crate) fn side(pos: &Chess, color: Color) -> Side {
    let board = pos.board();
    let us = board.by_color(color);
    let pawns = board.pawns() & us;
    Side {
        color,
        us,
        pawns,
        pawn_attacks: pawn_attacks(color, pawns),
        king: board.king_of(color).unwrap_or(Square::A1),
    }
}

/// Whether `pos` suits fitting the evaluation: not in check, and no capture that wins
/// material (by static exchange) nor any promotion to play.
#[must_use]
pub fn is_quiet(pos: &Chess) -> bool {
    !pos.is_check()
        && pos
            .legal_moves()
            .iter()
            .all(|&m| m.promotion().is_none() && !(m.is_capture() && crate::see::see_ge(pos, m, 1)))
}

/// Game phase: [`MAX_PHASE`] with all pieces on the board, 0 with none.
#[must_use]
pub fn phase(pos: &Chess) -> i32 {
    let b = pos.board();
    let p = (b.knights() | b.bishops()).count() + 2 * b.rooks().count() + 4 * b.queens().count();
    i32::try_from(p).unwrap_or(MAX_PHASE).min(MAX_PHASE)
}

impl Evaluator {
    /// An evaluator playing with `weights`.
    #[must_use]
    pub const fn new(weights: Weights) -> Self {
        let tables = tables::build(&weights);
        Self { weights, tables }
    }

    /// The weights it plays with.
    #[must_use]
    pub const fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Material value of a role (the king's is 0).
    #[must_use]
    pub const fn material(&self, role: Role) -> S {
        match role {
            Role::King => S::ZERO,
            _ => self.weights.material[role as usize - 1],
        }
    }

    fn material_and_squares(&self, pos: &Chess, color: Color) -> S {
        let board = pos.board();
        let mut s = S::ZERO;
        for role in Role::ALL {
            let table = &self.tables[role as usize - 1];
            let value = self.material(role);
            for sq in board.by_piece(role.of(color)) {
                s += value + table[relative(color, sq)];
            }
        }
        s
    }

    /// Non-pawn material of `color`, middlegame values.
    fn non_pawn_material(&self, pos: &Chess, color: Color) -> i32 {
        let b = pos.board();
        let us = b.by_color(color);
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .iter()
            .map(|&r| {
                let n = i32::try_from((b.by_role(r) & us).count()).unwrap_or(0);
                n * self.material(r).0
            })
            .sum()
    }

    /// Evaluates `pos` from White's side, before the phase blend.
    #[must_use]
    pub fn terms(&self, pos: &Chess) -> S {
        self.terms_with(pos, None)
    }

    /// [`Evaluator::terms`], with the pawn structure from `cache` where given.
    fn terms_with(&self, pos: &Chess, cache: Option<&mut PawnCache>) -> S {
        let w = &self.weights;
        let white = side(pos, Color::White);
        let black = side(pos, Color::Black);
        let mut s = self.material_and_squares(pos, Color::White)
            - self.material_and_squares(pos, Color::Black);
        s += pieces::evaluate(w, pos, &white, &black) - pieces::evaluate(w, pos, &black, &white);
        let structure = match cache {
            Some(cache) => cache.structure(w, &white, &black),
            None => pawns::structure(w, &white, &black),
        };
        s += structure.score;
        s += pawns::passers(w, pos, &white, &black, structure.white_passers)
            - pawns::passers(w, pos, &black, &white, structure.black_passers);
        s += king::evaluate(w, pos, &white, &black) - king::evaluate(w, pos, &black, &white);
        s
    }

    /// The static evaluation of `pos` for the side to move, in centipawns.
    #[must_use]
    pub fn evaluate(&self, pos: &Chess) -> i32 {
        self.evaluate_with(pos, None)
    }

    /// [`Evaluator::evaluate`], looking the pawn structure up in `cache` (which must
    /// only ever be used with this evaluator).
    #[must_use]
    pub fn evaluate_cached(&self, pos: &Chess, cache: &mut PawnCache) -> i32 {
        self.evaluate_with(pos, Some(cache))
    }

    /// [`Evaluator::evaluate`] without the network's correction ([`net`]).
    #[must_use]
    pub fn evaluate_rules(&self, pos: &Chess) -> i32 {
        self.rules_with(pos, None)
    }

    fn evaluate_with(&self, pos: &Chess, cache: Option<&mut PawnCache>) -> i32 {
        self.rules_with(pos, cache) + net::evaluate(pos)
    }

    fn rules_with(&self, pos: &Chess, cache: Option<&mut PawnCache>) -> i32 {
        let s = self.terms_with(pos, cache);
        let phase = phase(pos);
        let eg = s.1 * self.scale(pos, s.1) / 64;
        let mut v = S(s.0, eg).blend(phase);
        v += self.mop_up(pos, s.1);
        let v = match pos.turn() {
            Color::White => v,
            Color::Black => -v,
        };
        v + self.weights.tempo * phase / MAX_PHASE
    }

    /// The mop-up term (White's side) for a lone king facing mating material.
    fn mop_up(&self, pos: &Chess, eg: i32) -> i32 {
        let b = pos.board();
        let (strong, weak) = if eg > 0 {
            (Color::White, Color::Black)
        } else {
            (Color::Black, Color::White)
        };
        if b.by_color(weak).count() != 1
            || self.non_pawn_material(pos, strong) < self.material(Role::Rook).0
        {
            return 0;
        }
        let (Some(wk), Some(sk)) = (b.king_of(weak), b.king_of(strong)) else {
            return 0;
        };
        let weak_edge = tables::edge(i32::from(wk.file())) + tables::edge(i32::from(wk.rank()));
        let closeness = 14
            - i32::try_from(wk.file().distance(sk.file()) + wk.rank().distance(sk.rank()))
                .unwrap_or(14);
        let bonus = 200 + 20 * weak_edge + 8 * closeness;
        if strong == Color::White {
            bonus
        } else {
            -bonus
        }
    }

    /// Scale (out of 64) of the endgame value `eg` (White's side) in `pos`: less than 64
    /// in endgames the stronger side can hardly win.
    #[must_use]
    pub fn scale(&self, pos: &Chess, eg: i32) -> i32 {
        let strong = if eg > 0 { Color::White } else { Color::Black };
        let b = pos.board();
        if (b.pawns() & b.by_color(strong)).is_empty() {
            let diff = self.non_pawn_material(pos, strong) - self.non_pawn_material(pos, !strong);
            if diff < self.material(Role::Rook).0 {
                return 12;
            }
        }
        64
    }
}

/// The static evaluation of `pos` for the side to move, in centipawns, with the
/// engine's own weights ([`STANDARD`]).
#[must_use]
pub fn evaluate(pos: &Chess) -> i32 {
    STANDARD.evaluate(pos)
}

/// [`evaluate`] without the network's correction, the pawn structure looked up in
/// `cache`: the search adds the correction from its own accumulators.
#[must_use]
pub fn evaluate_rules_cached(pos: &Chess, cache: &mut PawnCache) -> i32 {
    STANDARD.rules_with(pos, Some(cache))
}

/// [`evaluate`], with the pawn structure looked up in (and added to) `cache`.
#[must_use]
pub fn evaluate_cached(pos: &Chess, cache: &mut PawnCache) -> i32 {
    STANDARD.evaluate_cached(pos, cache)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::root::parse_fen;
    use shakmaty::{CastlingMode, FromSetup};

    fn pos(fen: &str) -> Chess {
        parse_fen(fen).expect("legal")
    }

    fn mirrored(fen: &str) -> Chess {
        let p = pos(fen);
        let mut setup = p.to_setup(shakmaty::EnPassantMode::Legal);
        setup.mirror();
        Chess::from_setup(setup, CastlingMode::Standard).expect("mirror")
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
            "8/5pk1/6p1/3P4/1p6/1P3KP1/8/8 b - - 0 40",
            "r4rk1/1pp2ppp/p1n1bq2/3p4/3P4/P1NB1Q2/1PP2PPP/R4RK1 w - - 0 14",
            "8/8/8/4k3/8/8/3QK3/8 w - - 0 1",
        ] {
            assert_eq!(evaluate(&pos(fen)), evaluate(&mirrored(fen)), "{fen}");
        }
    }

    #[test]
    fn start_position_is_about_level_and_extra_queen_is_winning() {
        let start = evaluate(&Chess::default());
        assert!(start.abs() < 40, "{start}");
        let up = evaluate(&pos(
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ));
        assert!(up > 700, "{up}");
    }
}
