//! FEN in and out, in the one convention used everywhere in Gambit.
//!
//! Positions are standard chess ([`CastlingMode::Standard`]). Exported FENs carry
//! an en passant square only when an en passant capture is actually legal
//! ([`EnPassantMode::Legal`]), as lichess writes them; that is also the rule
//! for repetitions, so two positions with equal FENs are the same position.

use shakmaty::{CastlingMode, Chess, EnPassantMode, fen::Fen};

use crate::FenError;

/// The FEN of the standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Reads a FEN into a legal standard-chess position.
///
/// Leading and trailing whitespace is ignored, and the move counters may be
/// left out (they default to `0 1`). Positions shakmaty considers illegal are
/// refused rather than repaired: a missing king, pawns on the first or last
/// rank, castling rights without king and rook on their squares, an impossible
/// en passant square or check.
///
/// # Errors
///
/// [`FenError::Syntax`] when the text is not FEN, [`FenError::Position`] when
/// the position is illegal.
pub fn parse_fen(fen: &str) -> Result<Chess, FenError> {
    let parsed = Fen::from_ascii(fen.trim().as_bytes())?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|err| FenError::Position {
            kinds: err.kinds(),
            message: err.to_string(),
        })
}

/// The FEN of a position, with the en passant square only when a capture is legal.
pub fn fen_of(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let pos = parse_fen(STARTING_FEN).unwrap();
        assert_eq!(pos, Chess::default());
        assert_eq!(fen_of(&pos), STARTING_FEN);
    }

    #[test]
    fn counters_are_optional() {
        let pos = parse_fen("  4k3/8/8/8/8/8/8/4K3 w -  - ").unwrap();
        assert_eq!(fen_of(&pos), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    }
}
