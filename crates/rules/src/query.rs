//! What the board shows at a ply: pieces, legal destinations, check, last move,
//! and the mapping from a drag or two clicks (from, to) to a move.
//!
//! Everything here is a view: it never changes the game. Whether the user may
//! actually move is the app's decision ([`Game::can_play_at`]); these queries
//! answer for the position whatever the game's state.

use shakmaty::{Chess, Color, Move, Piece, Position, Role, Square};

use crate::Game;

/// A read-only look at a game at one ply. Get one from [`Game::view`].
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    game: &'a Game,
    ply: usize,
}

impl Game {
    /// A view of the board at `ply` (clamped to [`len`](Game::len)).
    pub fn view(&self, ply: usize) -> BoardView<'_> {
        BoardView {
            game: self,
            ply: ply.min(self.len()),
        }
    }

    /// Legal destinations of the piece on `from` at `ply`, for the dots. For
    /// castling both the king's destination (g1/c1) and the rook's square
    /// (h1/a1) are listed, as on lichess. Empty for an empty square or a piece
    /// of the side not to move.
    pub fn legal_targets(&self, ply: usize, from: Square) -> Vec<Square> {
        self.view(ply).legal_targets(from)
    }

    /// The legal move a user means by dragging from `from` to `to` at `ply`.
    /// See [`BoardView::move_for`].
    pub fn move_for(
        &self,
        ply: usize,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Option<Move> {
        self.view(ply).move_for(from, to, promotion)
    }

    /// Whether from→to at `ply` is a pawn reaching the last rank, so a piece
    /// must be chosen before playing.
    pub fn needs_promotion(&self, ply: usize, from: Square, to: Square) -> bool {
        self.view(ply).needs_promotion(from, to)
    }

    /// The side to move at `ply`.
    pub fn side_to_move(&self, ply: usize) -> Color {
        self.view(ply).side_to_move()
    }

    /// The square of the king in check at `ply`, if any.
    pub fn checked_king(&self, ply: usize) -> Option<Square> {
        self.view(ply).checked_king()
    }

    /// The move that led to `ply`, as (from, to) squares to highlight; `None`
    /// at ply 0. See [`BoardView::last_move`].
    pub fn last_move(&self, ply: usize) -> Option<(Square, Square)> {
        self.view(ply).last_move()
    }

    /// The piece on `square` at `ply`.
    pub fn piece_at(&self, ply: usize, square: Square) -> Option<Piece> {
        self.view(ply).piece_at(square)
    }
}

impl<'a> BoardView<'a> {
    /// The ply viewed (after clamping).
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Whether this is the current (last) ply of the game.
    pub fn is_current(&self) -> bool {
        self.ply == self.game.len()
    }

    /// The position viewed.
    pub fn position(&self) -> &'a Chess {
        self.game.position_at(self.ply)
    }

    /// The FEN of the position viewed.
    pub fn fen(&self) -> String {
        self.game.fen_at(self.ply)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.position().turn()
    }

    /// The piece on `square`.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.position().board().piece_at(square)
    }

    /// Every piece with its square, for drawing the board.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + 'a {
        self.position().board().iter()
    }

    /// The square of the side to move's king when it is in check.
    pub fn checked_king(&self) -> Option<Square> {
        let position = self.position();
        if position.is_check() {
            position.board().king_of(position.turn())
        } else {
            None
        }
    }

    /// The move that led here as (from, to) for highlighting; for castling the
    /// king's start and destination squares (e1, g1). `None` at ply 0.
    pub fn last_move(&self) -> Option<(Square, Square)> {
        let ply = self.game.plies().get(self.ply.checked_sub(1)?)?;
        let from = ply.mv.from()?;
        Some((from, king_destination(ply.mv).unwrap_or(ply.mv.to())))
    }

    /// Legal destinations of the piece on `from`, without duplicates (the
    /// four promotions to one square count once). For castling both the king's
    /// destination and the rook's square are listed, as on lichess, so either
    /// a two-square king move or dropping the king on its rook castles.
    pub fn legal_targets(&self, from: Square) -> Vec<Square> {
        let mut targets = Vec::new();
        for mv in self.position().legal_moves() {
            if mv.from() != Some(from) {
                continue;
            }
            let mut add = |square: Square| {
                if !targets.contains(&square) {
                    targets.push(square);
                }
            };
            if let Some(king_to) = king_destination(mv) {
                add(king_to);
            }
            add(mv.to());
        }
        targets
    }

    /// All legal destinations by origin square (chessground's `dests`).
    pub fn legal_dests(&self) -> Vec<(Square, Vec<Square>)> {
        let mut origins: Vec<Square> = Vec::new();
        for mv in self.position().legal_moves() {
            if let Some(from) = mv.from()
                && !origins.contains(&from)
            {
                origins.push(from);
            }
        }
        origins
            .into_iter()
            .map(|from| (from, self.legal_targets(from)))
            .collect()
    }

    /// The legal move meant by from→to: a king moving two squares, or onto its
    /// own rook, is castling. `promotion` must name the piece exactly when the
    /// move promotes (see [`needs_promotion`](BoardView::needs_promotion));
    /// otherwise `None` is returned, as for any illegal from→to.
    pub fn move_for(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        self.position().legal_moves().into_iter().find(|mv| {
            mv.from() == Some(from)
                && (mv.to() == to || king_destination(*mv) == Some(to))
                && mv.promotion() == promotion
        })
    }

    /// Whether from→to is a legal pawn move to the last rank, which needs a
    /// promotion piece before it can be played.
    pub fn needs_promotion(&self, from: Square, to: Square) -> bool {
        self.position()
            .legal_moves()
            .iter()
            .any(|mv| mv.from() == Some(from) && mv.to() == to && mv.is_promotion())
    }
}

/// Where the king lands when `mv` is castling (g1, c1, g8 or c8).
fn king_destination(mv: Move) -> Option<Square> {
    match mv {
        Move::Castle { king, .. } => {
            let side = mv.castling_side()?;
            Some(Square::from_coords(side.king_to_file(), king.rank()))
        }
        _ => None,
    }
}
