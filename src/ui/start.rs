//! The app's start in pieces. Building a whole game page in one task (its views, and the
//! browser compiling every WebAssembly function they call for the first time) is long
//! enough for a phone to count it as blocking. So while the page shell is up, a page
//! builds its frame in the task that builds the page, and each [`Piece`] in a task of its
//! own after it, in order; the shell, which stands in for all of them, goes once the last
//! is drawn (`crate::chunks` keeps that count for the first view, with its chunks), and
//! the app's boxes are hidden until then, so nothing flashes or moves. After the start, a
//! piece is drawn at once, with its page.

use std::time::Duration;

use leptos::prelude::*;

use crate::chunks::{first_view_part_done, first_view_waits_for_part};

/// A part of a page drawn after the task that builds the page, during the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// The board and what sits around it: in the next task.
    Board = 1,
    /// The side panel (status, moves, controls): in the task after that.
    SidePanel = 2,
    /// The rest of the first view: in the task after that, so that no task with it is
    /// one a phone counts as blocking. The lower part of a long side panel (the analysis
    /// board's review, FEN and PGN panels), the computer's dialog open at the start.
    Rest = 3,
}

/// Its children: during the start, drawn in the task of its `piece`; afterwards, at once.
#[component]
pub fn Later(
    /// When it is drawn during the start.
    piece: Piece,
    /// What is drawn.
    children: ChildrenFn,
) -> impl IntoView {
    let waits = first_view_waits_for_part();
    let drawn = RwSignal::new(!waits);
    if waits {
        after_tasks(piece as u8, move || {
            drawn.set(true);
            // In a task of its own, after the one that draws the piece (and counts the
            // chunks it asks for).
            after_tasks(1, first_view_part_done);
        });
    }
    move || drawn.get().then(|| children())
}

/// Runs `then` in the `count`-th task from this one.
fn after_tasks(count: u8, then: impl FnOnce() + 'static) {
    if count == 0 {
        then();
    } else {
        set_timeout(move || after_tasks(count - 1, then), Duration::ZERO);
    }
}
