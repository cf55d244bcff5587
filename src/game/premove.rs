//! Premoves, as on lichess: while the opponent is to move, the player queues one move
//! of their own, played as soon as the opponent's move has arrived if it is legal then,
//! and dropped otherwise. This module is the rules part, plain functions of a position:
//! where a piece may be premoved ([`premove_targets`]) and what becomes of a queued
//! premove in a new position ([`premove_fate`]). The store keeps the queued premove.

use gambit_rules::Game;
use gambit_rules::shakmaty::attacks::{attacks, pawn_attacks};
use gambit_rules::shakmaty::{
    Bitboard, CastlingSide, Chess, Color, Move, Position, Rank, Role, Square,
};

/// A move queued while the opponent is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Premove {
    /// The side that queued it (the player).
    pub color: Color,
    /// The square of the piece to move.
    pub from: Square,
    /// Where it goes (for castling, the king's destination, g1 or c1).
    pub to: Square,
}

/// What becomes of a queued premove in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PremoveFate {
    /// The opponent is still to move: keep it queued.
    Wait,
    /// It is the player's turn and the premove is legal: play this move now.
    Play(Move),
    /// It is the player's turn and the premove is not legal, or the game is over:
    /// forget it.
    Drop,
}

/// The squares the piece on `from` could go to if the board stayed as it is and its
/// side were to move, ignoring check: what the player may premove it to. Sliders stop
/// at the first piece in their way, whoever owns it (an own piece may be taken and
/// recaptured); pawns may go to both diagonals (a piece may arrive there) and forward
/// onto empty squares; a king may castle while its side has the right. Empty when no
/// piece stands on `from`.
pub fn premove_targets(position: &Chess, from: Square) -> Vec<Square> {
    let board = position.board();
    let Some(piece) = board.piece_at(from) else {
        return Vec::new();
    };
    let occupied = board.occupied();
    let mut targets = match piece.role {
        Role::Pawn => pawn_targets(piece.color, from, occupied),
        _ => attacks(from, piece, occupied),
    };
    if piece.role == Role::King && from.rank() == piece.color.backrank() {
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            if position.castles().rook(piece.color, side).is_some() {
                targets.add(side.king_to(piece.color));
            }
        }
    }
    targets.discard(from);
    targets.into_iter().collect()
}

/// A pawn's premove targets: both diagonals, one step forward onto an empty square,
/// and two from its starting rank when both squares are empty.
fn pawn_targets(color: Color, from: Square, occupied: Bitboard) -> Bitboard {
    let mut targets = pawn_attacks(color, from);
    let step = match color {
        Color::White => 8,
        Color::Black => -8,
    };
    if let Some(one) = from.offset(step)
        && !occupied.contains(one)
    {
        targets.add(one);
        if from.rank() == color.relative_rank(Rank::Second)
            && let Some(two) = one.offset(step)
            && !occupied.contains(two)
        {
            targets.add(two);
        }
    }
    targets
}

/// What becomes of `premove` in `game`'s current position: it waits while the
/// opponent is to move; on the player's turn it is played when legal (a pawn reaching
/// the last rank becomes a queen, as lichess does by default) and dropped otherwise;
/// a game that is over drops it.
pub fn premove_fate(game: &Game, premove: &Premove) -> PremoveFate {
    if game.is_over() {
        return PremoveFate::Drop;
    }
    if game.turn() != premove.color {
        return PremoveFate::Wait;
    }
    let ply = game.len();
    let promotion = game
        .needs_promotion(ply, premove.from, premove.to)
        .then_some(Role::Queen);
    match game.move_for(ply, premove.from, premove.to, promotion) {
        Some(mv) => PremoveFate::Play(mv),
        None => PremoveFate::Drop,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Chess {
        gambit_rules::parse_fen(fen).expect("a valid FEN")
    }

    fn names(squares: Vec<Square>) -> Vec<String> {
        let mut names: Vec<String> = squares.iter().map(ToString::to_string).collect();
        names.sort();
        names
    }

    fn game_after(moves: &[&str]) -> Game {
        let mut game = Game::new();
        for uci in moves {
            game.play_uci(uci).expect("a legal move");
        }
        game
    }

    #[test]
    fn a_knight_may_be_premoved_to_every_square_it_attacks() {
        // After 1. e4, Black to move: White's g1 knight.
        let game = game_after(&["e2e4"]);
        assert_eq!(
            names(premove_targets(game.position(), Square::G1)),
            ["e2", "f3", "h3"]
        );
    }

    #[test]
    fn a_slider_stops_at_the_first_piece_of_either_side() {
        // White rook a1, own pawn a3, black knight d1.
        let fen = "4k3/8/8/8/8/P7/8/R2n2K1 b - - 0 1";
        assert_eq!(
            names(premove_targets(&position(fen), Square::A1)),
            ["a2", "a3", "b1", "c1", "d1"]
        );
    }

    #[test]
    fn a_pawn_goes_to_both_diagonals_and_forward_onto_empty_squares() {
        let start = game_after(&["g1f3"]);
        assert_eq!(
            names(premove_targets(start.position(), Square::E2)),
            ["d3", "e3", "e4", "f3"]
        );
        // A black pawn on e4 in front of the e2 pawn's double step.
        let fen = "4k3/8/8/8/4p3/8/4P3/4K3 b - - 0 1";
        assert_eq!(
            names(premove_targets(&position(fen), Square::E2)),
            ["d3", "e3", "f3"]
        );
    }

    #[test]
    fn a_king_may_castle_while_it_has_the_right() {
        let fen = "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1";
        assert_eq!(
            names(premove_targets(&position(fen), Square::E1)),
            ["c1", "d1", "d2", "e2", "f1", "f2", "g1"]
        );
        let fen = "4k3/8/8/8/8/8/8/R3K2R b - - 0 1";
        assert_eq!(
            names(premove_targets(&position(fen), Square::E1)),
            ["d1", "d2", "e2", "f1", "f2"]
        );
    }

    #[test]
    fn an_empty_square_has_no_targets() {
        assert!(premove_targets(Game::new().position(), Square::E4).is_empty());
    }

    #[test]
    fn a_premove_waits_while_the_opponent_is_to_move() {
        let game = game_after(&["e2e4"]);
        let premove = Premove {
            color: Color::White,
            from: Square::G1,
            to: Square::F3,
        };
        assert_eq!(premove_fate(&game, &premove), PremoveFate::Wait);
    }

    #[test]
    fn a_legal_premove_is_played_when_the_turn_arrives() {
        let game = game_after(&["e2e4", "e7e5"]);
        let premove = Premove {
            color: Color::White,
            from: Square::G1,
            to: Square::F3,
        };
        match premove_fate(&game, &premove) {
            PremoveFate::Play(mv) => {
                assert_eq!(mv.from(), Some(Square::G1));
                assert_eq!(mv.to(), Square::F3);
            }
            other => panic!("expected the knight's move, got {other:?}"),
        }
    }

    #[test]
    fn an_illegal_premove_is_dropped_when_the_turn_arrives() {
        // White premoved the e4 pawn to d5 (hoping for a capture); Black played e5.
        let game = game_after(&["e2e4", "e7e5"]);
        let premove = Premove {
            color: Color::White,
            from: Square::E4,
            to: Square::D5,
        };
        assert_eq!(premove_fate(&game, &premove), PremoveFate::Drop);
        // And a capture premove is played when the piece came there.
        let game = game_after(&["e2e4", "d7d5"]);
        assert!(matches!(
            premove_fate(&game, &premove),
            PremoveFate::Play(_)
        ));
    }

    #[test]
    fn a_premove_into_check_is_dropped() {
        // White king e1 premoves to e2; Black's rook arrives on the second rank.
        let mut game = Game::from_fen("4k3/8/8/8/8/r7/8/4K3 b - - 0 1").expect("a valid FEN");
        game.play_uci("a3a2").expect("a legal move");
        let premove = Premove {
            color: Color::White,
            from: Square::E1,
            to: Square::E2,
        };
        assert_eq!(premove_fate(&game, &premove), PremoveFate::Drop);
    }

    #[test]
    fn a_promotion_premove_becomes_a_queen() {
        let mut game = Game::from_fen("7k/P7/8/8/8/8/8/4K3 b - - 0 1").expect("a valid FEN");
        game.play_uci("h8g8").expect("a legal move");
        let premove = Premove {
            color: Color::White,
            from: Square::A7,
            to: Square::A8,
        };
        match premove_fate(&game, &premove) {
            PremoveFate::Play(mv) => assert_eq!(mv.promotion(), Some(Role::Queen)),
            other => panic!("expected a promotion, got {other:?}"),
        }
    }

    #[test]
    fn a_castling_premove_is_played_with_the_kings_destination() {
        let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1").expect("a valid FEN");
        game.play_uci("e8d8").expect("a legal move");
        let premove = Premove {
            color: Color::White,
            from: Square::E1,
            to: Square::G1,
        };
        match premove_fate(&game, &premove) {
            PremoveFate::Play(mv) => assert!(mv.is_castle()),
            other => panic!("expected castling, got {other:?}"),
        }
    }

    #[test]
    fn a_finished_game_drops_the_premove() {
        // Fool's mate: White is mated, the premove has nowhere to go.
        let game = game_after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        let premove = Premove {
            color: Color::White,
            from: Square::G1,
            to: Square::H3,
        };
        assert_eq!(premove_fate(&game, &premove), PremoveFate::Drop);
    }
}
