//! The promotion choice, drawn over the promotion square's file as on lichess: queen
//! nearest the square, then knight, rook, bishop, and a cancel that leaves the pawn
//! where it was.

use gambit_rules::shakmaty::{Color, Role, Square};
use leptos::prelude::*;

use super::geometry::{display_cell, eighths_percent};
use super::piece::PieceView;

/// The choices in order from the promotion square outwards.
const CHOICES: [(Role, &str, &str); 4] = [
    (Role::Queen, "q", "Queen"),
    (Role::Knight, "n", "Knight"),
    (Role::Rook, "r", "Rook"),
    (Role::Bishop, "b", "Bishop"),
];

/// The dialog for a pawn of `color` arriving on `square`.
#[component]
pub fn PromotionDialog(
    /// The promotion square.
    square: Square,
    /// The promoting side.
    color: Color,
    /// The board's orientation (the dialog opens towards the board's middle).
    orientation: Color,
    /// The chosen piece, or `None` for cancel.
    on_choose: Callback<Option<Role>>,
) -> impl IntoView {
    let (column, row) = display_cell(square, orientation);
    let from_top = row == 0;
    let style = format!(
        "left: {}; {}: 0;",
        eighths_percent(column),
        if from_top { "top" } else { "bottom" }
    );
    let choices = CHOICES.map(|(role, code, name)| {
        view! {
            <button
                type="button"
                class="promotion-choice"
                data-promote=code
                aria-label=name
                title=name
                on:click=move |_| on_choose.run(Some(role))
            >
                <PieceView piece=role.of(color) />
            </button>
        }
    });
    let mut choices: Vec<_> = choices.into_iter().collect();
    if !from_top {
        choices.reverse();
    }
    let cancel = view! {
        <button
            type="button"
            class="promotion-cancel"
            data-testid="promotion-cancel"
            aria-label="Cancel"
            title="Cancel"
            on:click=move |_| on_choose.run(None)
        >
            "×"
        </button>
    };
    view! {
        <div class="promotion-backdrop" on:click=move |_| on_choose.run(None)></div>
        <div
            class="promotion-dialog"
            class:from-top=from_top
            data-testid="promotion-dialog"
            role="dialog"
            aria-label="Promote to"
            style=style
        >
            {if from_top {
                view! { {choices} {cancel} }.into_any()
            } else {
                view! { {cancel} {choices} }.into_any()
            }}
        </div>
    }
}
