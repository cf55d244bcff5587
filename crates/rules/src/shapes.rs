//! Circles and arrows drawn on a position, as PGN comments carry them: lichess and
//! chess.com write `[%csl Gd5,Re4]` for coloured squares and `[%cal Ge2e4,Bd7d5]` for
//! arrows, each shape a colour letter (`G`, `R`, `Y`, `B`) and one or two squares.

use std::fmt;

use shakmaty::Square;

/// A shape's colour, as its PGN letter names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShapeColor {
    /// `G`.
    Green,
    /// `R`.
    Red,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

impl ShapeColor {
    /// Every colour.
    pub const ALL: [ShapeColor; 4] = [
        ShapeColor::Green,
        ShapeColor::Red,
        ShapeColor::Yellow,
        ShapeColor::Blue,
    ];

    /// The colour's PGN letter.
    pub fn letter(self) -> char {
        match self {
            ShapeColor::Green => 'G',
            ShapeColor::Red => 'R',
            ShapeColor::Yellow => 'Y',
            ShapeColor::Blue => 'B',
        }
    }

    /// The colour of a PGN letter.
    pub fn from_letter(letter: char) -> Option<ShapeColor> {
        ShapeColor::ALL
            .into_iter()
            .find(|color| color.letter() == letter)
    }

    /// The colour's name in lower case (`"green"`).
    pub fn name(self) -> &'static str {
        match self {
            ShapeColor::Green => "green",
            ShapeColor::Red => "red",
            ShapeColor::Yellow => "yellow",
            ShapeColor::Blue => "blue",
        }
    }
}

/// A circle around `from` when `to` is `from`, else an arrow from `from` to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardShape {
    /// The ringed square, or the arrow's tail.
    pub from: Square,
    /// The arrow's head (`from` for a circle).
    pub to: Square,
    /// Its colour.
    pub color: ShapeColor,
}

impl BoardShape {
    /// Whether the shape is a circle.
    pub fn is_circle(self) -> bool {
        self.from == self.to
    }

    /// Reads one shape of a `[%csl]` or `[%cal]` list: `Gd5`, `Re2e4`.
    pub fn parse(code: &str) -> Option<BoardShape> {
        let mut chars = code.chars();
        let color = ShapeColor::from_letter(chars.next()?)?;
        let squares = chars.as_str();
        let square = |text: &str| Square::from_ascii(text.as_bytes()).ok();
        let (from, to) = match squares.len() {
            2 => (square(squares)?, square(squares)?),
            4 => (square(squares.get(..2)?)?, square(squares.get(2..)?)?),
            _ => return None,
        };
        Some(BoardShape { from, to, color })
    }
}

/// `Gd5` for a circle, `Re2e4` for an arrow.
impl fmt::Display for BoardShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.letter(), self.from)?;
        if !self.is_circle() {
            write!(f, "{}", self.to)?;
        }
        Ok(())
    }
}

/// The shapes of a comment's `[%csl …]` and `[%cal …]` commands, in order; shapes that
/// cannot be read are skipped, as are a circle written in `%cal` or an arrow in `%csl`.
pub fn shapes_in_comment(comment: &str) -> Vec<BoardShape> {
    let mut shapes = Vec::new();
    for (command, circles) in [("[%csl", true), ("[%cal", false)] {
        let mut rest = comment;
        while let Some(start) = rest.find(command) {
            rest = &rest[start + command.len()..];
            let end = rest.find(']').unwrap_or(rest.len());
            shapes.extend(
                rest[..end]
                    .split(',')
                    .filter_map(|code| BoardShape::parse(code.trim()))
                    .filter(|shape| shape.is_circle() == circles),
            );
            rest = &rest[end..];
        }
    }
    shapes
}

/// The `[%csl …]` and `[%cal …]` commands that write `shapes` (none for no shapes).
pub fn shape_commands(shapes: &[BoardShape]) -> Vec<String> {
    let list = |circles: bool| {
        shapes
            .iter()
            .filter(|shape| shape.is_circle() == circles)
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    [("csl", list(true)), ("cal", list(false))]
        .into_iter()
        .filter(|(_, list)| !list.is_empty())
        .map(|(command, list)| format!("[%{command} {list}]"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(from: Square, to: Square, color: ShapeColor) -> BoardShape {
        BoardShape { from, to, color }
    }

    #[test]
    fn lichess_commands_are_read() {
        assert_eq!(
            shapes_in_comment("A plan [%csl Gd5,Re4][%cal Ge2e4, Bd7d5] [%eval 0.3]"),
            [
                shape(Square::D5, Square::D5, ShapeColor::Green),
                shape(Square::E4, Square::E4, ShapeColor::Red),
                shape(Square::E2, Square::E4, ShapeColor::Green),
                shape(Square::D7, Square::D5, ShapeColor::Blue),
            ]
        );
    }

    #[test]
    fn what_cannot_be_read_is_skipped() {
        assert_eq!(
            shapes_in_comment("[%csl Xd5,Gz9,Ge2e4,Yh8] [%cal Ge2,Re2e4e6,Bb1c3"),
            [
                shape(Square::H8, Square::H8, ShapeColor::Yellow),
                shape(Square::B1, Square::C3, ShapeColor::Blue),
            ]
        );
        assert_eq!(shapes_in_comment("no shapes [%clk 0:01:00]"), []);
        assert_eq!(BoardShape::parse("Gé4"), None);
        assert_eq!(BoardShape::parse(""), None);
    }

    #[test]
    fn commands_are_written_as_read() {
        let shapes = [
            shape(Square::G1, Square::F3, ShapeColor::Red),
            shape(Square::D5, Square::D5, ShapeColor::Green),
            shape(Square::A1, Square::H8, ShapeColor::Yellow),
        ];
        let commands = shape_commands(&shapes);
        assert_eq!(commands, ["[%csl Gd5]", "[%cal Rg1f3,Ya1h8]"]);
        let read = shapes_in_comment(&commands.join(" "));
        assert_eq!(read.len(), 3);
        for shape in shapes {
            assert!(read.contains(&shape));
        }
        assert!(shape_commands(&[]).is_empty());
    }
}
