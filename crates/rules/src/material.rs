//! Material: the pieces each side has captured and the balance on the board.

use shakmaty::{ByColor, Color, Position, Role};

use crate::Game;

/// The conventional value of a piece in pawns: 1, 3, 3, 5, 9, and 0 for the king.
pub const fn role_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

impl Game {
    /// The pieces captured up to `ply` (clamped), by the side that captured
    /// them: `captured_at(k).white` are the *black* pieces White has taken.
    /// Each list is sorted from pawns up to queens. Only captures played in
    /// this game count, not material missing from a FEN start.
    pub fn captured_at(&self, ply: usize) -> ByColor<Vec<Role>> {
        let ply = ply.min(self.len());
        let mut captured: ByColor<Vec<Role>> = ByColor::default();
        for (index, played) in self.plies()[..ply].iter().enumerate() {
            if let Some(role) = played.captured {
                let mover = self.position_at(index).turn();
                captured.get_mut(mover).push(role);
            }
        }
        // Cheapest first: `Role::ALL` is in the order of value (a knight before a
        // bishop), so each role as often as it was taken, in that order, with no sort
        // (whose code the page would carry for this alone).
        captured.map(|taken| {
            Role::ALL
                .into_iter()
                .flat_map(|role| {
                    let times = taken.iter().filter(|&&piece| piece == role).count();
                    std::iter::repeat_n(role, times)
                })
                .collect()
        })
    }

    /// The material balance on the board at `ply` (clamped), White minus
    /// Black, in pawns (1/3/3/5/9). Promotions count: a pawn that became a
    /// queen adds 8.
    pub fn material_diff_at(&self, ply: usize) -> i32 {
        let material = self.position_at(ply).board().material();
        let side = |color: Color| -> i32 {
            Role::ALL
                .into_iter()
                .map(|role| role_value(role) * i32::from(*material.get(color).get(role)))
                .sum()
        };
        side(Color::White) - side(Color::Black)
    }
}
