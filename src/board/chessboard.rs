//! The chessboard. It knows no rules: the host gives it the pieces, whose pieces may
//! move, and the legal targets of a square; the board reports `(from, to)` and the host
//! decides (promotion included). With a [`PremoveHost`], the player may also queue a
//! premove while the opponent is to move, to the targets the host gives; the board
//! shows the queued one and reports a new one or its cancelling. Moves by click-click, drag-and-drop (mouse, pen,
//! touch, through pointer events) and the keyboard (Enter/Space on a square).
//!
//! Cheap per move, as lichess's board is: the light and dark squares are one
//! background and the coordinates one overlay; the squares are drawn once, and one
//! effect redraws only the squares whose piece or marks a change touches
//! (`square::redraw`); a press or a key finds its square from the event's target
//! without asking for the layout, through one listener on the board.

use gambit_rules::shakmaty::{Board as Pieces, Color, Piece, Square};
use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::PointerEvent;

use super::coordinates::Coordinates;
use super::geometry::{arrow_line, square_at_point};
use super::piece::{PieceView, piece_code};
use super::shapes::{DrawnShapes, color_for_keys};
use super::square::{SquareMarks, squares_view};
use crate::chunks::Chunk;

/// A drag in progress.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Drag {
    from: Square,
    piece: Piece,
    /// The pointer, in viewport pixels.
    x: f64,
    y: f64,
    start_x: f64,
    start_y: f64,
    /// The pointer travelled far enough to be a drag rather than a click.
    moved: bool,
    /// The piece was already selected when the pointer went down (a second click on it
    /// deselects).
    was_selected: bool,
    /// One square's size in pixels, for the dragged image (measured when the press
    /// becomes a drag).
    square_px: f64,
}

/// The square whose element (or whose piece's element) an event happened on.
fn event_square(event: &web_sys::Event) -> Option<Square> {
    let target: web_sys::Element = event.target()?.dyn_into().ok()?;
    let square = target.closest("[data-square]").ok()??;
    Square::from_ascii(square.get_attribute("data-square")?.as_bytes()).ok()
}

/// What the board needs from a host that allows premoves.
#[derive(Clone, Copy)]
pub struct PremoveHost {
    /// Whose pieces may be premoved now (the player's, while the opponent is to move);
    /// `None`: no premove now.
    pub side: Signal<Option<Color>>,
    /// Where the piece on a square may be premoved.
    pub targets: Callback<Square, Vec<Square>>,
    /// The queued premove's squares, highlighted.
    pub queued: Signal<Option<(Square, Square)>>,
    /// Called with a new premove `(from, to)`, or `None` to cancel the queued one.
    pub set: Callback<Option<(Square, Square)>>,
}

/// Pixels the pointer must travel before a press becomes a drag.
const DRAG_THRESHOLD_PX: f64 = 4.0;

/// The interactive board.
#[component]
pub fn Board(
    /// The pieces to show.
    #[prop(into)]
    pieces: Signal<Pieces>,
    /// The colour at the bottom.
    #[prop(into)]
    orientation: Signal<Color>,
    /// Whose pieces may be picked up now; `None` locks the board.
    #[prop(into)]
    movable: Signal<Option<Color>>,
    /// The legal targets of the piece on a square.
    targets: Callback<Square, Vec<Square>>,
    /// The last move's two squares, highlighted.
    #[prop(into)]
    last_move: Signal<Option<(Square, Square)>>,
    /// The square of a king in check, highlighted.
    #[prop(into)]
    check: Signal<Option<Square>>,
    /// Called with `(from, to)` when the user moves a piece to a legal target.
    on_move: Callback<(Square, Square)>,
    /// A square to mark (a hint's piece).
    #[prop(optional, into)]
    marked: Option<Signal<Option<Square>>>,
    /// An arrow to draw over the board (a hint's move).
    #[prop(optional, into)]
    arrow: Option<Signal<Option<(Square, Square)>>>,
    /// The circles and arrows drawn on it, when the page keeps them (per position, on
    /// the analysis board); without them the board keeps its own, and a new position
    /// wipes them.
    #[prop(optional)]
    drawn: Option<DrawnShapes>,
    /// Premoves, when the host allows them.
    #[prop(default = None)]
    premoves: Option<PremoveHost>,
    /// Overlays drawn over the board (the promotion dialog).
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let selected = RwSignal::new(None::<Square>);
    let drag = RwSignal::new(None::<Drag>);
    let own_shapes = drawn.is_none();
    let shapes = drawn.unwrap_or_default();
    let board_ref = NodeRef::<Div>::new();

    // The host's inputs, memoised once: the squares read these memos, never the
    // host's derivations.
    let pieces = Memo::new(move |_| pieces.get());
    let movable = Memo::new(move |_| movable.get());
    let last_move = Memo::new(move |_| last_move.get());
    let check = Memo::new(move |_| check.get());
    let marked = Memo::new(move |_| marked.and_then(|marked| marked.get()));
    // Whose pieces may be premoved: only while none may be moved.
    let premove_side = Memo::new(move |_| match movable.get() {
        Some(_) => None,
        None => premoves.and_then(|host| host.side.get()),
    });
    let queued = Memo::new(move |_| premoves.and_then(|host| host.queued.get()));

    // A new position or a locked board drops any selection. The effect reads the three
    // memos rather than only tracking them (a memo only tracked is not brought up to
    // date, and the effect then also ran on news that changed nothing here, dropping a
    // selection just made), and compares them with what it saw last.
    Effect::new(
        move |seen: Option<(Pieces, Option<Color>, Option<Color>)>| {
            let now = (pieces.get(), movable.get(), premove_side.get());
            if seen.as_ref() != Some(&now) {
                selected.set(None);
                drag.set(None);
                if own_shapes {
                    shapes.clear();
                }
            }
            now
        },
    );

    let selected_targets = Memo::new(move |_| match selected.get() {
        Some(from) if movable.get().is_some() => targets.run(from),
        Some(from) => match (premoves, premove_side.get()) {
            (Some(host), Some(_)) => host.targets.run(from),
            _ => Vec::new(),
        },
        None => Vec::new(),
    });

    // The piece on `square` when the player may pick it up: to move it, or to premove.
    let own_piece = move |square: Square| -> Option<Piece> {
        let piece = pieces.with_untracked(|pieces| pieces.piece_at(square))?;
        let side = movable
            .get_untracked()
            .or_else(|| premove_side.get_untracked());
        (side == Some(piece.color)).then_some(piece)
    };

    let cancel_premove = move || {
        if let Some(host) = premoves
            && queued.get_untracked().is_some()
        {
            host.set.run(None);
        }
    };

    let play = move |from: Square, to: Square| {
        selected.set(None);
        if movable.get_untracked().is_some() {
            on_move.run((from, to));
        } else if let Some(host) = premoves {
            host.set.run(Some((from, to)));
        }
    };

    // A tap (click, or Enter/Space) on a square: move to it when it is a target of
    // the selection, else select an own piece, else deselect.
    let tap = move |square: Square| {
        if let Some(from) = selected.get_untracked()
            && selected_targets.with_untracked(|targets| targets.contains(&square))
        {
            play(from, square);
        } else if own_piece(square).is_some() && selected.get_untracked() != Some(square) {
            selected.set(Some(square));
        } else {
            // A press elsewhere (not the selected piece again) cancels the premove.
            if selected.get_untracked() != Some(square) {
                cancel_premove();
            }
            selected.set(None);
        }
    };

    let square_px = move || {
        board_ref
            .get_untracked()
            .map_or(48.0, |board| board.get_bounding_client_rect().width() / 8.0)
    };

    let square_under = move |x: f64, y: f64| -> Option<Square> {
        let element = board_ref.get_untracked()?;
        let rect = element.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        square_at_point(
            (x - rect.left()) / rect.width(),
            (y - rect.top()) / rect.height(),
            orientation.get_untracked(),
        )
    };

    let on_pointer_down = move |event: PointerEvent| {
        let Some(square) = event_square(&event) else {
            return;
        };
        match event.button() {
            0 => shapes.clear(),
            2 => {
                event.prevent_default();
                // The right button cancels a premove, as on lichess.
                cancel_premove();
                selected.set(None);
                let color = color_for_keys(
                    event.shift_key() || event.ctrl_key(),
                    event.alt_key() || event.meta_key(),
                );
                shapes.start(square, color);
                if let Some(board) = board_ref.get_untracked() {
                    let _ = board.set_pointer_capture(event.pointer_id());
                }
                return;
            }
            _ => return,
        }
        event.prevent_default();
        let (x, y) = (f64::from(event.client_x()), f64::from(event.client_y()));
        let was_selected = selected.get_untracked() == Some(square);
        match own_piece(square) {
            Some(piece) if !selected_targets.with_untracked(|t| t.contains(&square)) => {
                selected.set(Some(square));
                if let Some(board) = board_ref.get_untracked() {
                    let _ = board.set_pointer_capture(event.pointer_id());
                }
                drag.set(Some(Drag {
                    from: square,
                    piece,
                    x,
                    y,
                    start_x: x,
                    start_y: y,
                    moved: false,
                    was_selected,
                    square_px: 0.0,
                }));
            }
            _ => tap(square),
        }
    };

    let on_pointer_move = move |event: PointerEvent| {
        if shapes.is_drawing() {
            let square = square_under(f64::from(event.client_x()), f64::from(event.client_y()));
            shapes.point_at(square);
            return;
        }
        let Some(current) = drag.get_untracked() else {
            return;
        };
        let (x, y) = (f64::from(event.client_x()), f64::from(event.client_y()));
        let starts =
            !current.moved && (x - current.start_x).hypot(y - current.start_y) > DRAG_THRESHOLD_PX;
        let size = if starts {
            square_px()
        } else {
            current.square_px
        };
        drag.set(Some(Drag {
            x,
            y,
            moved: current.moved || starts,
            square_px: size,
            ..current
        }));
    };

    let on_pointer_up = move |event: PointerEvent| {
        if event.button() == 2 {
            shapes.finish();
            return;
        }
        let Some(finished) = drag.get_untracked() else {
            return;
        };
        drag.set(None);
        if finished.moved {
            let (x, y) = (f64::from(event.client_x()), f64::from(event.client_y()));
            match square_under(x, y) {
                Some(to) if selected_targets.with_untracked(|t| t.contains(&to)) => {
                    play(finished.from, to);
                }
                // Dropped off target: the piece snaps back and stays selected.
                _ => {}
            }
        } else if finished.was_selected {
            // A click on the selected piece (the pointer stayed on it) deselects.
            selected.set(None);
        }
    };

    // Enter or Space on a focused square acts as a click on it.
    let on_key_down = move |event: web_sys::KeyboardEvent| {
        if event.key() != "Enter" && event.key() != " " {
            return;
        }
        if let Some(square) = event_square(&event) {
            event.prevent_default();
            tap(square);
        }
    };

    let on_pointer_cancel = move |_: PointerEvent| {
        drag.set(None);
        shapes.abandon();
    };

    let dragged_from = Memo::new(move |_| drag.with(|d| d.filter(|d| d.moved).map(|d| d.from)));

    // Every square's marks in one pass.
    let marks = Memo::new(move |_| {
        let mut marks = [SquareMarks::default(); 64];
        if let Some(square) = selected.get() {
            marks[square.to_usize()].selected = true;
        }
        selected_targets.with(|targets| {
            for square in targets {
                marks[square.to_usize()].legal = true;
            }
        });
        if let Some((from, to)) = last_move.get() {
            marks[from.to_usize()].last_move = true;
            marks[to.to_usize()].last_move = true;
            marks[to.to_usize()].arrival = true;
        }
        if let Some(square) = check.get() {
            marks[square.to_usize()].check = true;
        }
        if let Some(square) = marked.get() {
            marks[square.to_usize()].hint = true;
        }
        if let Some(square) = dragged_from.get() {
            marks[square.to_usize()].dragged = true;
        }
        if let Some((from, to)) = queued.get() {
            marks[from.to_usize()].premove = true;
            marks[to.to_usize()].premove = true;
        }
        marks
    });

    let squares = squares_view(pieces, marks, orientation, last_move);

    // The dragged piece follows the pointer; only its position changes while it moves.
    let ghost_piece =
        Memo::new(move |_| drag.with(|d| d.filter(|d| d.moved).map(|d| (d.piece, d.square_px))));
    let ghost = move || {
        ghost_piece.get().map(|(piece, size)| {
            let style = move || {
                drag.with(|d| {
                    d.map(|d| {
                        // Whole pixels: the pointer's are whole already, and the page
                        // formats no floating-point number for its board.
                        let (x, y, size) = (d.x.round(), d.y.round(), size.round());
                        format!(
                            "left: {}px; top: {}px; width: {}px; height: {}px;",
                            x as i32, y as i32, size as i32, size as i32
                        )
                    })
                })
            };
            view! {
                <div class="drag-ghost" style=style aria-hidden="true">
                    <PieceView piece=piece />
                </div>
            }
        })
    };

    // The arrow is drawn by the `board_overlays` chunk, fetched the first time there is
    // one (a hint, or the better move of a reviewed game).
    let arrow_view = arrow.map(|arrow| {
        view! {
            <Show when=move || arrow.with(Option::is_some)>
                {provide_context(ArrowShown { arrow, orientation });
                view! { <Chunk load=arrow_overlay /> }}
            </Show>
        }
    });

    view! {
        <div class="board-wrap">
            <div
                class="board"
                data-testid="board"
                data-orientation=move || match orientation.get() {
                    Color::White => "white",
                    Color::Black => "black",
                }
                data-dragging=move || drag.with(|d| d.is_some_and(|d| d.moved)).then_some("")
                data-movable=move || movable.get().map(|c| piece_code(c.pawn())[..1].to_owned())
                role="group"
                aria-label="Chessboard"
                node_ref=board_ref
                on:pointerdown=on_pointer_down
                on:pointermove=on_pointer_move
                on:pointerup=on_pointer_up
                on:pointercancel=on_pointer_cancel
                on:keydown=on_key_down
                // The right button draws (board_shapes), so it opens no menu here.
                on:contextmenu=|event: web_sys::MouseEvent| event.prevent_default()
                // A click on the board is the board's (its presses are its pointer
                // events): the router's window listener, which walks every click's path
                // looking for a link, need not see it.
                on:click=|event: web_sys::MouseEvent| event.stop_propagation()
            >
                <Coordinates orientation=orientation />
                {squares}
            </div>
            {shapes.view(orientation)}
            {arrow_view}
            {ghost}
            {children.map(|children| children())}
        </div>
    }
}

/// The board's arrow, for the chunk that draws it.
#[derive(Clone, Copy)]
struct ArrowShown {
    /// The arrow's squares, when there is one.
    arrow: Signal<Option<(Square, Square)>>,
    /// The board's orientation.
    orientation: Signal<Color>,
}

crate::chunk_view!(
    /// The SVG of the [`ArrowShown`] in context. `preload_board_overlays` fetches its
    /// chunk ahead, for a page that will soon draw an arrow (the analysis board's engine).
    pub(crate) fn arrow_overlay() in board_overlays, preload(preload_board_overlays) {
        use_context::<ArrowShown>().map(|shown| {
            move || {
                let (from, to) = shown.arrow.get()?;
                // Short of the target's centre, so the head sits on the square.
                let ((x1, y1), (x2, y2)) = arrow_line(from, to, shown.orientation.get(), 0.3);
                Some(view! {
                    <svg class="board-arrow" viewBox="0 0 8 8" aria-hidden="true"
                        data-testid="hint-arrow" data-from=from.to_string() data-to=to.to_string()>
                        <defs>
                            <marker id="arrow-head" markerWidth="4" markerHeight="4" refX="2" refY="2"
                                orient="auto" markerUnits="strokeWidth">
                                <path d="M0,0 L4,2 L0,4 z"></path>
                            </marker>
                        </defs>
                        <line x1=x1 y1=y1 x2=x2 y2=y2 marker-end="url(#arrow-head)"></line>
                    </svg>
                })
            }
        })
    }
);
