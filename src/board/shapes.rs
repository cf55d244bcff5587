//! Circles and arrows the player draws on the board with the right mouse button, as on
//! lichess: a right click on a square rings it, a right drag from one square to another
//! draws an arrow. Shift or Ctrl draws in red, Alt or Meta in blue, both in yellow.
//! Drawing the same shape again takes it away; in another colour, it changes colour. A
//! left press on the board wipes them all, and so does a new position unless the page
//! keeps shapes per position (the analysis board, which also reads and writes them in
//! PGN as `[%csl]` and `[%cal]`).
//!
//! The shapes are the player's notes and mean nothing to the game: they are drawn in one
//! SVG over the board, there only while there are shapes, which takes no pointer events
//! and is hidden from assistive technology. That SVG, and the board's single arrow
//! (a hint or a better move, `chessboard`), are the `board_overlays` chunk's views.

use gambit_rules::shakmaty::{Color, Square};
use gambit_rules::{BoardShape, ShapeColor};
use leptos::prelude::*;

use super::geometry::{arrow_line, square_centre};
use crate::chunks::Chunk;

/// The colour for the modifier keys held: Shift or Ctrl red, Alt or Meta blue, a key of
/// each yellow, none green.
pub fn color_for_keys(shift_or_ctrl: bool, alt_or_meta: bool) -> ShapeColor {
    match (shift_or_ctrl, alt_or_meta) {
        (false, false) => ShapeColor::Green,
        (true, false) => ShapeColor::Red,
        (false, true) => ShapeColor::Blue,
        (true, true) => ShapeColor::Yellow,
    }
}

/// `e4` for a circle, `e2e4` for an arrow: the shape's `data-shape`.
pub fn shape_code(shape: BoardShape) -> String {
    if shape.is_circle() {
        shape.from.to_string()
    } else {
        format!("{}{}", shape.from, shape.to)
    }
}

/// Adds `shape` to `shapes`, or takes it away if it is there in the same colour; a shape
/// on the same squares in another colour takes the new colour.
pub fn toggle(shapes: &mut Vec<BoardShape>, shape: BoardShape) {
    match shapes
        .iter()
        .position(|old| old.from == shape.from && old.to == shape.to)
    {
        Some(index) if shapes[index].color == shape.color => {
            shapes.remove(index);
        }
        Some(index) => shapes[index].color = shape.color,
        None => shapes.push(shape),
    }
}

/// The shapes on the board and the one being drawn. A board makes its own, which a new
/// position wipes; a page that keeps shapes per position (the analysis board) makes
/// them and gives them to the board, then sets them for each position with
/// [`set`](DrawnShapes::set) and reads what the player draws with
/// [`shapes`](DrawnShapes::shapes).
#[derive(Clone, Copy)]
pub struct DrawnShapes {
    shapes: RwSignal<Vec<BoardShape>>,
    /// The shape under the pointer while the right button is down.
    drawing: RwSignal<Option<BoardShape>>,
}

impl DrawnShapes {
    /// No shapes.
    pub fn new() -> Self {
        Self {
            shapes: RwSignal::new(Vec::new()),
            drawing: RwSignal::new(None),
        }
    }

    /// The shapes drawn.
    pub fn shapes(&self) -> ReadSignal<Vec<BoardShape>> {
        self.shapes.read_only()
    }

    /// Shows `shapes` instead of those drawn (nothing happens when they are the same).
    pub fn set(&self, shapes: Vec<BoardShape>) {
        if self.shapes.with_untracked(|drawn| *drawn != shapes) {
            self.shapes.set(shapes);
        }
    }

    /// The right button went down on `square`.
    pub fn start(&self, square: Square, color: ShapeColor) {
        self.drawing.set(Some(BoardShape {
            from: square,
            to: square,
            color,
        }));
    }

    /// Whether a shape is being drawn.
    pub fn is_drawing(&self) -> bool {
        self.drawing.with_untracked(Option::is_some)
    }

    /// The pointer moved over `square` (`None`: off the board) while drawing.
    pub fn point_at(&self, square: Option<Square>) {
        if let (Some(current), Some(square)) = (self.drawing.get_untracked(), square)
            && current.to != square
        {
            self.drawing.set(Some(BoardShape {
                to: square,
                ..current
            }));
        }
    }

    /// The right button came up: the shape drawn is added or taken away.
    pub fn finish(&self) {
        if let Some(shape) = self.drawing.get_untracked() {
            self.drawing.set(None);
            self.shapes.update(|shapes| toggle(shapes, shape));
        }
    }

    /// Drops the shape being drawn (the browser took the pointer away).
    pub fn abandon(&self) {
        if self.drawing.with_untracked(Option::is_some) {
            self.drawing.set(None);
        }
    }

    /// Wipes every shape (a left press, a new position); nothing happens when there are
    /// none, so a move notifies no one.
    pub fn clear(&self) {
        if self.drawing.with_untracked(Option::is_some) {
            self.drawing.set(None);
        }
        if self.shapes.with_untracked(|shapes| !shapes.is_empty()) {
            self.shapes.set(Vec::new());
        }
    }

    /// The SVG of the shapes, for a board seen from `orientation`: nothing while there
    /// is nothing to draw, then the view of the `board_overlays` chunk (fetched when
    /// the first shape is drawn).
    pub fn view(self, orientation: Signal<Color>) -> impl IntoView {
        // No overlay at all while there is nothing to draw: a move on a board without
        // shapes composites and paints nothing more than before.
        let any = Memo::new(move |_| {
            self.drawing.with(Option::is_some) || self.shapes.with(|shapes| !shapes.is_empty())
        });
        view! {
            <Show when=move || any.get()>
                {provide_context(ShapesShown { shapes: self, orientation });
                view! { <Chunk load=shapes_overlay /> }}
            </Show>
        }
    }

    /// The SVG itself.
    fn svg(self, orientation: Signal<Color>) -> impl IntoView {
        let shapes = move || {
            let orientation = orientation.get();
            let mut all = self.shapes.get();
            // The shape being drawn shows as it would land (unless it would take one
            // away, which shows as it is).
            if let Some(drawing) = self.drawing.get()
                && !all.contains(&drawing)
            {
                all.push(drawing);
            }
            all.into_iter()
                .map(|shape| shape_view(shape, orientation))
                .collect_view()
        };
        view! {
            <svg class="board-shapes" viewBox="0 0 8 8" aria-hidden="true"
                data-testid="drawn-shapes">
                <defs>{ShapeColor::ALL.map(marker)}</defs>
                {shapes}
            </svg>
        }
    }
}

/// The shapes a board shows, for the chunk that draws them.
#[derive(Clone, Copy)]
struct ShapesShown {
    /// The shapes.
    shapes: DrawnShapes,
    /// The board's orientation.
    orientation: Signal<Color>,
}

crate::chunk_view!(
    /// The SVG of the [`ShapesShown`] in context.
    fn shapes_overlay() in board_overlays {
        use_context::<ShapesShown>().map(|shown| shown.shapes.svg(shown.orientation))
    }
);

/// The arrowhead of a colour's arrows.
fn marker(color: ShapeColor) -> impl IntoView {
    view! {
        <marker
            id=format!("shape-head-{}", color.name())
            class=format!("shape-{}", color.name())
            markerWidth="4" markerHeight="4" refX="2.05" refY="2"
            orient="auto" markerUnits="strokeWidth"
        >
            <path d="M0,0 L4,2 L0,4 z"></path>
        </marker>
    }
}

impl Default for DrawnShapes {
    fn default() -> Self {
        Self::new()
    }
}

/// One circle or arrow, in board units (a square is 1 × 1).
fn shape_view(shape: BoardShape, orientation: Color) -> AnyView {
    let class = format!("shape shape-{}", shape.color.name());
    if shape.is_circle() {
        let (x1, y1) = square_centre(shape.from, orientation);
        return view! {
            <circle class=class cx=x1 cy=y1 r="0.45" data-shape=shape_code(shape)
                data-brush=shape.color.name()></circle>
        }
        .into_any();
    }
    let ((x1, y1), (x2, y2)) = arrow_line(shape.from, shape.to, orientation, 0.35);
    view! {
        <line class=class x1=x1 y1=y1 x2=x2 y2=y2
            marker-end=format!("url(#shape-head-{})", shape.color.name())
            data-shape=shape_code(shape) data-brush=shape.color.name()></line>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arrow(from: Square, to: Square, color: ShapeColor) -> BoardShape {
        BoardShape { from, to, color }
    }

    #[test]
    fn drawing_a_shape_again_takes_it_away() {
        let mut shapes = Vec::new();
        toggle(
            &mut shapes,
            arrow(Square::E2, Square::E4, ShapeColor::Green),
        );
        assert_eq!(shapes, [arrow(Square::E2, Square::E4, ShapeColor::Green)]);
        toggle(
            &mut shapes,
            arrow(Square::E2, Square::E4, ShapeColor::Green),
        );
        assert!(shapes.is_empty());
    }

    #[test]
    fn drawing_it_in_another_colour_recolours_it() {
        let mut shapes = vec![arrow(Square::E2, Square::E4, ShapeColor::Green)];
        toggle(&mut shapes, arrow(Square::E2, Square::E4, ShapeColor::Red));
        assert_eq!(shapes, [arrow(Square::E2, Square::E4, ShapeColor::Red)]);
    }

    #[test]
    fn an_arrow_the_other_way_is_another_shape() {
        let mut shapes = vec![arrow(Square::E2, Square::E4, ShapeColor::Green)];
        toggle(
            &mut shapes,
            arrow(Square::E4, Square::E2, ShapeColor::Green),
        );
        assert_eq!(shapes.len(), 2);
    }

    #[test]
    fn modifier_keys_pick_the_colour() {
        assert_eq!(color_for_keys(false, false), ShapeColor::Green);
        assert_eq!(color_for_keys(true, false), ShapeColor::Red);
        assert_eq!(color_for_keys(false, true), ShapeColor::Blue);
        assert_eq!(color_for_keys(true, true), ShapeColor::Yellow);
    }

    #[test]
    fn codes_name_the_squares() {
        assert_eq!(
            shape_code(arrow(Square::G1, Square::F3, ShapeColor::Blue)),
            "g1f3"
        );
        assert_eq!(
            shape_code(arrow(Square::D5, Square::D5, ShapeColor::Red)),
            "d5"
        );
    }
}
