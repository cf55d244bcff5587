//! The move list: SAN with move numbers (`1. e4 e5 2. Nf3`), the result at the end.
//! Clicking a move shows the position after it; the viewed move is marked
//! `aria-current` and scrolled into view.

use gambit_rules::shakmaty::{Color, Position};
use leptos::prelude::*;
use web_sys::{ScrollBehavior, ScrollIntoViewOptions, ScrollLogicalPosition};

use crate::game::store::GameStore;

/// The list of moves of the store's game.
#[component]
pub fn MoveList() -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return view! { <p>"No game."</p> }.into_any();
    };
    // (ply, SAN, move number of White's moves) for every ply.
    let moves = Memo::new(move |_| {
        store.game.with(|game| {
            let start = game.position_at(0);
            let first_ply = (
                start.fullmoves().get() as usize,
                start.turn() == Color::Black,
            );
            game.plies()
                .iter()
                .enumerate()
                .map(|(index, ply)| (index + 1, ply.san.clone(), first_ply))
                .collect::<Vec<_>>()
        })
    });
    let list_ref = NodeRef::<leptos::html::Ol>::new();

    // Keep the viewed move visible.
    Effect::new(move |_| {
        let ply = store.ply();
        let Some(list) = list_ref.get() else { return };
        if let Ok(Some(item)) = list.query_selector(&format!("[data-ply=\"{ply}\"]")) {
            let options = ScrollIntoViewOptions::new();
            options.set_block(ScrollLogicalPosition::Nearest);
            options.set_behavior(ScrollBehavior::Smooth);
            item.scroll_into_view_with_scroll_into_view_options(&options);
        }
    });

    let rows = move || {
        let moves = moves.get();
        let mut rows = Vec::new();
        for (index, (ply, san, (first_number, black_first))) in moves.iter().cloned().enumerate() {
            // The n-th ply's move number and colour, allowing games that start with
            // Black to move.
            let offset = index + usize::from(black_first);
            let number = first_number + offset / 2;
            let white = offset % 2 == 0;
            if white || index == 0 {
                let label = if white {
                    format!("{number}.")
                } else {
                    format!("{number}…")
                };
                rows.push(
                    view! { <li class="move-number" aria-hidden="true">{label}</li> }.into_any(),
                );
            }
            if index == 0 && !white {
                rows.push(view! { <li class="move-empty" aria-hidden="true"></li> }.into_any());
            }
            rows.push(
                view! {
                    <li class="move-cell">
                        <button
                            type="button"
                            class="move"
                            data-ply=ply
                            aria-current=move || (store.ply() == ply).then_some("true")
                            on:click=move |_| store.view(ply)
                        >
                            {san}
                        </button>
                    </li>
                }
                .into_any(),
            );
        }
        rows
    };
    let result = move || {
        store.outcome().map(|outcome| {
            view! {
                <li class="move-result" data-testid="move-list-result">
                    {outcome.result_str()}
                </li>
            }
        })
    };
    view! {
        <ol class="move-list" data-testid="move-list" aria-label="Moves" node_ref=list_ref>
            {rows}
            {result}
        </ol>
    }
    .into_any()
}
