//! One square of the board: its piece, its marks (selected, legal target, last move,
//! check, hint, premove) as `data-*` attributes, and an ARIA label such as "e4, white knight".
//!
//! The board draws the light and dark squares as one background and the coordinates
//! as one overlay, so a square is a transparent cell of the board's 8 × 8 grid (placed
//! by `grid-area`, not positioned, so not a layer of its own) that changes only when
//! its own piece or marks do. Its piece element stays for the
//! square's lifetime and only changes its `data-piece` code (absent on an empty
//! square): a move restyles two elements and creates none.
//!
//! The 64 squares ([`squares_view`]) are each drawn once, from their first
//! `SquareLook`, as one piece of markup, with no reactive parts of their own; one
//! effect for all of them compares each new look with the one last drawn and redraws
//! only what differs (a move: about four squares). The DOM changes are those a dozen
//! reactive attributes a square would make, from one reactive node instead of some 900.

use gambit_rules::shakmaty::{Board as Pieces, Color, Piece, Square};
use leptos::html::Div;
use leptos::prelude::*;
use web_sys::Element;

use super::geometry::display_cell;
use super::piece::{piece_code, piece_name, slide_in};

/// What the board shows on a square besides its piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SquareMarks {
    /// The square holds the selected piece.
    pub selected: bool,
    /// The selected piece may move here.
    pub legal: bool,
    /// The last move started or ended here.
    pub last_move: bool,
    /// The last move ended here: its piece slides in over the other squares.
    pub arrival: bool,
    /// A king in check stands here.
    pub check: bool,
    /// The square is marked (a hint's piece).
    pub hint: bool,
    /// The piece on this square is being dragged away.
    pub dragged: bool,
    /// The queued premove starts or ends here.
    pub premove: bool,
}

/// Everything a square shows: its piece, its marks, and where it stands on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct SquareLook {
    /// The piece on it.
    pub piece: Option<Piece>,
    /// The marks on it.
    pub marks: SquareMarks,
    /// Column and row on screen (0..8, from the top left).
    pub cell: (u8, u8),
}

impl SquareMarks {
    /// The marks shown as `data-*` attributes, each present when its mark is on.
    fn attributes(&self) -> [(&'static str, bool); 6] {
        [
            ("data-selected", self.selected),
            ("data-legal", self.legal),
            ("data-last-move", self.last_move),
            ("data-check", self.check),
            ("data-hint", self.hint),
            ("data-premove", self.premove),
        ]
    }
}

/// The inline style that puts a square at its column and row (0..8, from the top left)
/// of the board's grid (whose lines count from 1).
fn placement((column, row): (u8, u8)) -> String {
    format!("grid-area: {} / {};", row + 1, column + 1)
}

/// The square's classes for a look.
fn classes(square: Square, look: &SquareLook) -> String {
    let mut classes = String::from(if square.is_light() {
        "square light"
    } else {
        "square dark"
    });
    for (on, class) in [
        (look.piece.is_some(), " occupied"),
        (look.marks.dragged, " dragged"),
        (look.marks.arrival, " arrival"),
        (look.marks.premove, " premove"),
    ] {
        if on {
            classes.push_str(class);
        }
    }
    classes
}

/// The square's accessible name: "e4", or "e4, white knight".
fn label(square: Square, piece: Option<Piece>) -> String {
    match piece {
        Some(piece) => format!("{square}, {}", piece_name(piece)),
        None => square.to_string(),
    }
}

/// Writes the markup of a square as first drawn, showing `look`, into `html`: what
/// [`redraw`] then keeps up to date. Enter or Space on it is the board's to handle (one
/// listener for all 64). Its texts are the board's own (a square's name, a piece's name
/// and code, a grid cell), with nothing to escape.
fn write_square(html: &mut String, square: Square, look: &SquareLook) {
    html.push_str("<div class=\"");
    html.push_str(&classes(square, look));
    html.push_str("\" data-square=\"");
    html.push_str(&square.to_string());
    html.push('"');
    for (name, on) in look.marks.attributes() {
        if on {
            html.push(' ');
            html.push_str(name);
            html.push_str("=\"\"");
        }
    }
    html.push_str(" style=\"");
    html.push_str(&placement(look.cell));
    html.push_str("\" role=\"button\" tabindex=\"0\" aria-label=\"");
    html.push_str(&label(square, look.piece));
    html.push_str("\"><div class=\"piece\"");
    if let Some(piece) = look.piece {
        html.push_str(" data-piece=\"");
        html.push_str(&piece_code(piece));
        html.push('"');
    }
    html.push_str("></div></div>");
}

/// The board's 64 squares, drawn once as they are now; from then on one effect compares
/// each square's look with the one last drawn and redraws only the squares that differ
/// (a move: about four), without a reactive node per square. They are drawn as one
/// piece of markup, in a box that lays them out as the board's own grid cells
/// (`.squares`, `display: contents`): one call to the browser instead of some six
/// hundred, in the task that draws the board at the start.
pub fn squares_view(
    pieces: Memo<Pieces>,
    marks: Memo<[SquareMarks; 64]>,
    orientation: Signal<Color>,
    last_move: Memo<Option<(Square, Square)>>,
) -> impl IntoView {
    let squares_box = NodeRef::<Div>::new();
    let look =
        move |square: Square, pieces: &Pieces, marks: &[SquareMarks; 64], side: Color| SquareLook {
            piece: pieces.piece_at(square),
            marks: marks[square.to_usize()],
            cell: display_cell(square, side),
        };
    let first_looks: [SquareLook; 64] = pieces.with_untracked(|pieces| {
        marks.with_untracked(|marks| {
            let side = orientation.get_untracked();
            std::array::from_fn(|index| look(Square::ALL[index], pieces, marks, side))
        })
    });
    let drawn = StoredValue::new_local(first_looks);
    // The squares' elements, by square index, found once after mounting.
    let square_elements = StoredValue::new_local(Vec::<Option<web_sys::Element>>::new());
    Effect::new(move |_| {
        let side = orientation.get();
        let arrival = last_move.get().map(|(from, to)| {
            let (from_column, from_row) = display_cell(from, side);
            let (to_column, to_row) = display_cell(to, side);
            // Cells are 0..8, so the differences fit in i8.
            (
                to,
                (
                    from_column as i8 - to_column as i8,
                    from_row as i8 - to_row as i8,
                ),
            )
        });
        let Some(squares_box) = squares_box.get() else {
            return;
        };
        if square_elements.with_value(Vec::is_empty) {
            square_elements.set_value(elements_by_square(&squares_box));
        }
        pieces.with(|pieces| {
            marks.with(|marks| {
                drawn.update_value(|drawn| {
                    square_elements.with_value(|elements| {
                        for square in Square::ALL {
                            let index = square.to_usize();
                            let now = look(square, pieces, marks, side);
                            if now == drawn[index] {
                                continue;
                            }
                            if let Some(Some(element)) = elements.get(index) {
                                let arrived_from = arrival
                                    .filter(|(to, _)| *to == square)
                                    .map(|(_, offset)| offset);
                                redraw(square, element, &drawn[index], &now, arrived_from);
                            }
                            drawn[index] = now;
                        }
                    });
                });
            });
        });
    });

    let mut html = String::with_capacity(64 * 160);
    for (look, square) in first_looks.iter().zip(Square::ALL) {
        write_square(&mut html, square, look);
    }
    view! { <div class="squares" node_ref=squares_box inner_html=html></div> }
}

/// The square elements in the squares' box, by square index (`None` where one is
/// missing).
fn elements_by_square(squares_box: &web_sys::Element) -> Vec<Option<web_sys::Element>> {
    let mut elements = vec![None; 64];
    let mut child = squares_box.first_element_child();
    while let Some(element) = child {
        let square = element
            .get_attribute("data-square")
            .and_then(|name| Square::from_ascii(name.as_bytes()).ok());
        child = element.next_element_sibling();
        if let Some(square) = square {
            elements[square.to_usize()] = Some(element);
        }
    }
    elements
}

/// Sets `name` on `element` when `on`, removes it otherwise.
fn set_flag(element: &Element, name: &str, on: bool) {
    let _ = if on {
        element.set_attribute(name, "")
    } else {
        element.remove_attribute(name)
    };
}

/// Brings a square's `element` from showing `before` to showing `now`, touching only
/// what differs. A piece that arrived by the last move slides in from `arrived_from`
/// squares (columns, rows) away.
fn redraw(
    square: Square,
    element: &Element,
    before: &SquareLook,
    now: &SquareLook,
    arrived_from: Option<(i8, i8)>,
) {
    let class = classes(square, now);
    if classes(square, before) != class {
        let _ = element.set_attribute("class", &class);
    }
    for ((name, was), (_, is)) in before
        .marks
        .attributes()
        .into_iter()
        .zip(now.marks.attributes())
    {
        if was != is {
            set_flag(element, name, is);
        }
    }
    if before.cell != now.cell {
        let _ = element.set_attribute("style", &placement(now.cell));
    }
    if before.piece != now.piece {
        let _ = element.set_attribute("aria-label", &label(square, now.piece));
        if let Some(piece_element) = element.first_element_child() {
            let _ = match now.piece {
                Some(piece) => piece_element.set_attribute("data-piece", &piece_code(piece)),
                None => piece_element.remove_attribute("data-piece"),
            };
            if now.piece.is_some()
                && let Some(offset) = arrived_from
            {
                // Without the animation the piece simply appears on its square.
                let _ = slide_in(&piece_element, offset);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use gambit_rules::shakmaty::{Color, Role};

    use super::*;

    #[test]
    fn placement_is_a_cell_of_the_grid() {
        assert_eq!(placement((0, 0)), "grid-area: 1 / 1;");
        assert_eq!(placement((3, 7)), "grid-area: 8 / 4;");
    }

    #[test]
    fn classes_follow_the_piece_and_the_marks() {
        let empty = SquareLook::default();
        assert_eq!(classes(Square::A1, &empty), "square dark");
        let knight = SquareLook {
            piece: Some(Piece {
                color: Color::White,
                role: Role::Knight,
            }),
            marks: SquareMarks {
                arrival: true,
                ..SquareMarks::default()
            },
            ..empty
        };
        assert_eq!(
            classes(Square::H1, &knight),
            "square light occupied arrival"
        );
    }

    #[test]
    fn a_square_is_written_with_its_piece_marks_and_cell() {
        let knight = SquareLook {
            piece: Some(Piece {
                color: Color::White,
                role: Role::Knight,
            }),
            marks: SquareMarks {
                last_move: true,
                arrival: true,
                ..SquareMarks::default()
            },
            cell: (4, 4),
        };
        let mut html = String::new();
        write_square(&mut html, Square::E4, &knight);
        assert_eq!(
            html,
            "<div class=\"square light occupied arrival\" data-square=\"e4\" data-last-move=\"\" \
             style=\"grid-area: 5 / 5;\" role=\"button\" tabindex=\"0\" \
             aria-label=\"e4, white knight\"><div class=\"piece\" data-piece=\"wN\"></div></div>"
        );
        let mut empty = String::new();
        write_square(&mut empty, Square::A1, &SquareLook::default());
        assert_eq!(
            empty,
            "<div class=\"square dark\" data-square=\"a1\" style=\"grid-area: 1 / 1;\" \
             role=\"button\" tabindex=\"0\" aria-label=\"a1\"><div class=\"piece\"></div></div>"
        );
    }

    #[test]
    fn labels_name_the_square_and_its_piece() {
        let queen = Piece {
            color: Color::Black,
            role: Role::Queen,
        };
        assert_eq!(label(Square::D8, Some(queen)), "d8, black queen");
        assert_eq!(label(Square::E4, None), "e4");
    }
}
