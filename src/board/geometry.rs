//! Where a square sits on the screen for a given orientation, and back; the
//! squares along the board's edges, which carry the coordinates.

use gambit_rules::shakmaty::{Color, File, Rank, Square};

/// Column (0 = left) and row (0 = top) of `square` as drawn with `orientation` at the
/// bottom.
pub fn display_cell(square: Square, orientation: Color) -> (u8, u8) {
    // Files and ranks are 0..8, so the casts are exact.
    let file = square.file().to_u32() as u8;
    let rank = square.rank().to_u32() as u8;
    match orientation {
        Color::White => (file, 7 - rank),
        Color::Black => (7 - file, rank),
    }
}

/// `cells` eighths of the board (0..=8) as a CSS percentage: `"37.5%"` for 3. Written
/// from integers (12.5 % a cell, in tenths of a per cent), so placing the squares,
/// coordinates and promotion choices formats no floating-point number.
pub fn eighths_percent(cells: u8) -> String {
    let tenths = u32::from(cells) * 125;
    match tenths % 10 {
        0 => format!("{}%", tenths / 10),
        rest => format!("{}.{rest}%", tenths / 10),
    }
}

/// The square drawn at `column`, `row` (both 0..8) with `orientation` at the bottom.
pub fn square_at_cell(column: u8, row: u8, orientation: Color) -> Option<Square> {
    if column > 7 || row > 7 {
        return None;
    }
    let (file, rank) = match orientation {
        Color::White => (column, 7 - row),
        Color::Black => (7 - column, row),
    };
    Some(Square::from_coords(
        File::new(u32::from(file)),
        Rank::new(u32::from(rank)),
    ))
}

/// The square under a point given relative to the board's box (fractions 0..1 of its
/// width and height), or `None` outside the board.
pub fn square_at_point(x: f64, y: f64, orientation: Color) -> Option<Square> {
    if !(0.0..1.0).contains(&x) || !(0.0..1.0).contains(&y) {
        return None;
    }
    // In range, so the casts cannot truncate outside 0..8.
    square_at_cell((x * 8.0) as u8, (y * 8.0) as u8, orientation)
}

/// The centre of `square` in board units (a square is 1 × 1, the top left corner is
/// 0, 0) as drawn with `orientation` at the bottom.
pub fn square_centre(square: Square, orientation: Color) -> (f64, f64) {
    let (column, row) = display_cell(square, orientation);
    (f64::from(column) + 0.5, f64::from(row) + 0.5)
}

/// The line of an arrow from `from` to `to` in board units: from the centre of `from`
/// to `head_room` short of the centre of `to`, where the arrowhead's tip then sits.
pub fn arrow_line(
    from: Square,
    to: Square,
    orientation: Color,
    head_room: f64,
) -> ((f64, f64), (f64, f64)) {
    let ((x1, y1), (x2, y2)) = (
        square_centre(from, orientation),
        square_centre(to, orientation),
    );
    let length = (x2 - x1).hypot(y2 - y1);
    if length == 0.0 {
        return ((x1, y1), (x2, y2));
    }
    let shorter = (length - head_room) / length;
    (
        (x1, y1),
        (x1 + (x2 - x1) * shorter, y1 + (y2 - y1) * shorter),
    )
}

/// The squares along the left edge (top to bottom), which carry the rank digits, and
/// along the bottom edge (left to right), which carry the file letters, with
/// `orientation` at the bottom.
pub fn edge_squares(orientation: Color) -> ([Square; 8], [Square; 8]) {
    // Rows and columns are 0..8, so the casts are exact and every cell is a square.
    let left =
        std::array::from_fn(|row| square_at_cell(0, row as u8, orientation).unwrap_or(Square::A1));
    let bottom = std::array::from_fn(|column| {
        square_at_cell(column as u8, 7, orientation).unwrap_or(Square::A1)
    });
    (left, bottom)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eighths_are_exact_percentages() {
        let written: Vec<String> = (0..=8).map(eighths_percent).collect();
        assert_eq!(
            written,
            [
                "0%", "12.5%", "25%", "37.5%", "50%", "62.5%", "75%", "87.5%", "100%"
            ]
        );
    }

    #[test]
    fn an_arrow_stops_its_head_room_short_of_the_target_centre() {
        assert_eq!(square_centre(Square::A8, Color::White), (0.5, 0.5));
        assert_eq!(square_centre(Square::A8, Color::Black), (7.5, 7.5));
        // e2 to e4 with White at the bottom: straight up, two squares.
        let ((x1, y1), (x2, y2)) = arrow_line(Square::E2, Square::E4, Color::White, 0.3);
        assert_eq!((x1, y1), (4.5, 6.5));
        assert!(
            (x2 - 4.5).abs() < 1e-9 && (y2 - 4.8).abs() < 1e-9,
            "{x2} {y2}"
        );
    }

    #[test]
    fn edge_squares_follow_the_orientation() {
        let ranks = |squares: [Square; 8]| String::from_iter(squares.map(|s| s.rank().char()));
        let files = |squares: [Square; 8]| String::from_iter(squares.map(|s| s.file().char()));
        let (left, bottom) = edge_squares(Color::White);
        assert_eq!(
            (ranks(left), files(bottom)),
            ("87654321".into(), "abcdefgh".into())
        );
        assert_eq!((left[0], bottom[0]), (Square::A8, Square::A1));
        let (left, bottom) = edge_squares(Color::Black);
        assert_eq!(
            (ranks(left), files(bottom)),
            ("12345678".into(), "hgfedcba".into())
        );
        assert_eq!((left[0], bottom[0]), (Square::H1, Square::H8));
    }

    #[test]
    fn corners_for_both_orientations() {
        assert_eq!(display_cell(Square::A1, Color::White), (0, 7));
        assert_eq!(display_cell(Square::H8, Color::White), (7, 0));
        assert_eq!(display_cell(Square::A1, Color::Black), (7, 0));
        assert_eq!(display_cell(Square::H8, Color::Black), (0, 7));
    }

    #[test]
    fn cells_and_squares_are_inverse() {
        for orientation in [Color::White, Color::Black] {
            for square in Square::ALL {
                let (column, row) = display_cell(square, orientation);
                assert_eq!(square_at_cell(column, row, orientation), Some(square));
            }
        }
    }

    #[test]
    fn points_outside_the_board_are_no_square() {
        assert_eq!(square_at_point(-0.01, 0.5, Color::White), None);
        assert_eq!(square_at_point(0.5, 1.0, Color::White), None);
        assert_eq!(square_at_point(0.01, 0.99, Color::White), Some(Square::A1));
        assert_eq!(square_at_point(0.01, 0.99, Color::Black), Some(Square::H8));
    }
}
