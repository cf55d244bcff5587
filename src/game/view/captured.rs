//! The pieces a side has captured, and its material lead when it has one.

use gambit_rules::shakmaty::{Color, Role};
use leptos::prelude::*;

use crate::board::piece::PieceView;
use crate::game::store::GameStore;

/// The captures of `color` at the viewed ply.
#[component]
pub fn Captured(
    /// Whose captures.
    color: Color,
) -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
    let testid = match color {
        Color::White => "captured-white",
        Color::Black => "captured-black",
    };
    let pieces = move || {
        let ply = store.ply();
        let captured: Vec<Role> = store
            .game()
            .with(|game| game.captured_at(ply).get(color).clone());
        // The most valuable first.
        captured
            .into_iter()
            .rev()
            .map(|role| view! { <span class="captured-piece"><PieceView piece=role.of(color.other()) /></span> })
            .collect_view()
    };
    let lead = move || {
        let ply = store.ply();
        let diff = store.game().with(|game| game.material_diff_at(ply));
        let lead = if color == Color::White { diff } else { -diff };
        (lead > 0).then(|| format!("+{lead}"))
    };
    view! {
        <div class="captured" data-testid=testid>
            {pieces}
            <span class="material-lead">{lead}</span>
        </div>
    }
    .into_any()
}
