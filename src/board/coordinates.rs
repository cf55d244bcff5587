//! The board's coordinates: rank digits down the left edge and file letters along the
//! bottom, in one overlay.

use gambit_rules::shakmaty::{Color, Square};
use leptos::prelude::*;

use super::geometry::{edge_squares, eighths_percent};

/// The rank digits down the left edge and the file letters along the bottom, as on
/// lichess, in one overlay that changes only when the board is flipped.
#[component]
pub fn Coordinates(
    /// The colour at the bottom.
    orientation: Signal<Color>,
) -> impl IntoView {
    // A label takes the colour of the other kind of square, so it reads on its own.
    let tone = |square: Square| {
        if square.is_light() {
            "coord on-light"
        } else {
            "coord on-dark"
        }
    };
    let labels = move || {
        let (left, bottom) = edge_squares(orientation.get());
        let ranks = left.into_iter().enumerate().map(|(row, square)| {
            // Eight squares an edge: the casts are exact.
            let style = format!("top: {};", eighths_percent(row as u8));
            view! {
                <span class=format!("{} coord-rank", tone(square)) style=style>
                    {square.rank().char().to_string()}
                </span>
            }
        });
        let files = bottom.into_iter().enumerate().map(|(column, square)| {
            let style = format!("right: {};", eighths_percent(7 - column as u8));
            view! {
                <span class=format!("{} coord-file", tone(square)) style=style>
                    {square.file().char().to_string()}
                </span>
            }
        });
        view! { {ranks.collect_view()} {files.collect_view()} }
    };
    view! { <div class="coords" aria-hidden="true">{labels}</div> }
}
