//! Small interface icons drawn for Gambit as inline SVG (no icon font, no emoji, so
//! they look the same on every system).

use leptos::prelude::*;

/// Which icon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Icon {
    /// Jump to the start: a bar and a double triangle pointing left.
    First,
    /// One step back.
    Previous,
    /// One step forward.
    Next,
    /// Jump to the end.
    Last,
    /// A speaker with sound waves.
    SoundOn,
    /// A speaker crossed out.
    SoundOff,
}

impl Icon {
    /// The SVG path data, on a 24×24 grid.
    fn path(self) -> &'static str {
        match self {
            Icon::First => "M5 5h2v14H5zM19 5v14l-7-7zM12 5v14l-7-7z",
            Icon::Previous => "M16 5v14L7 12z",
            Icon::Next => "M8 5v14l9-7z",
            Icon::Last => "M17 5h2v14h-2zM5 5v14l7-7zM12 5v14l7-7z",
            Icon::SoundOn => {
                "M4 9h4l5-4v14l-5-4H4zM15.5 8.5a5 5 0 0 1 0 7l-1.4-1.4a3 3 0 0 0 0-4.2zM18.4 5.6a9 9 0 0 1 0 12.8l-1.4-1.4a7 7 0 0 0 0-10z"
            }
            Icon::SoundOff => {
                "M4 9h4l5-4v14l-5-4H4zM15.3 9.7l1.4-1.4 2.3 2.3 2.3-2.3 1.4 1.4-2.3 2.3 2.3 2.3-1.4 1.4-2.3-2.3-2.3 2.3-1.4-1.4 2.3-2.3z"
            }
        }
    }
}

/// An icon in the current text colour, 1.2em high, hidden from screen readers (the
/// button around it carries the label).
#[component]
pub fn IconView(
    /// Which icon.
    icon: Icon,
) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" width="1.2em" height="1.2em" aria-hidden="true">
            <path d=icon.path() fill="currentColor"></path>
        </svg>
    }
}
