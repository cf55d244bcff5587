//! The move list: SAN with move numbers (`1. e4 e5 2. Nf3`), the result at the end.
//! Clicking a move shows the position after it; the viewed move is marked
//! `aria-current` and scrolled into view. With notes (a review's, through
//! [`MoveNotes`]), each move carries its mark (`?!`, `?`, `??`), its evaluation and,
//! for a marked move, "best was …"; a finished game's list shown at its end stays there
//! as those lines arrive.

use gambit_rules::shakmaty::{Color, Position};
use gambit_rules::{Eval, Judgement};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::game::store::GameStore;

/// What is said of one move: its mark, the evaluation after it and the better move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveNote {
    /// Its mark, once known.
    pub judgement: Option<Judgement>,
    /// The evaluation of the position after it, from White's side.
    pub eval: Option<Eval>,
    /// The better move, in UCI and in SAN, when there was one.
    pub best: Option<(String, String)>,
}

/// Where the list reads its notes from (a game's review). Cheap to copy.
#[derive(Clone, Copy)]
pub struct MoveNotes {
    /// The note on the move that leads to position `ply` (1 for the first move);
    /// reactive.
    pub note: Callback<usize, Option<MoveNote>>,
    /// Changes whenever notes arrive; reactive.
    pub progress: Signal<(usize, usize)>,
}

/// One ply of the list, with what is drawn before it in the three-column grid.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Entry {
    /// The ply this move leads to (1 for the first move).
    ply: usize,
    /// The move in SAN.
    san: String,
    /// The move number cell before it ("12." or "12…"), for White's moves and a game's
    /// first move.
    number: Option<String>,
    /// An empty White cell before it, when the game starts with Black to move.
    empty_before: bool,
}

/// The list's entries for the store's game.
fn entries(store: GameStore) -> Vec<Entry> {
    store.game().with(|game| {
        let start = game.position_at(0);
        let first_number = start.fullmoves().get() as usize;
        let black_first = start.turn() == Color::Black;
        game.plies()
            .iter()
            .enumerate()
            .map(|(index, ply)| {
                // The n-th ply's move number and colour, allowing games that start
                // with Black to move.
                let offset = index + usize::from(black_first);
                let number = first_number + offset / 2;
                let white = offset % 2 == 0;
                Entry {
                    ply: index + 1,
                    san: ply.san.clone(),
                    number: (white || index == 0)
                        .then(|| format!("{number}{}", if white { "." } else { "…" })),
                    empty_before: index == 0 && !white,
                }
            })
            .collect()
    })
}

/// Scrolls `list` (only the list, never the page) so that `item` is inside it.
pub(crate) fn scroll_within(list: &web_sys::HtmlElement, item: &web_sys::HtmlElement) {
    let list_box = list.get_bounding_client_rect();
    let item_box = item.get_bounding_client_rect();
    // The item's edges in the list's scrolled content (`client_top` is the width of
    // the list's top border).
    let visible_top = f64::from(list.scroll_top());
    let top = item_box.top() - list_box.top() - f64::from(list.client_top()) + visible_top;
    let bottom = top + item_box.height();
    let visible_bottom = visible_top + f64::from(list.client_height());
    // Whole pixels are enough to scroll by (a list is far shorter than i32::MAX).
    if top < visible_top {
        list.set_scroll_top(top.floor() as i32);
    } else if bottom > visible_bottom {
        list.set_scroll_top((bottom - f64::from(list.client_height())).ceil() as i32);
    }
}

/// Scrolls `list` so that the move reaching `ply` is in view (its top for the start
/// position), or to its end, the result included, when `to_end`.
fn show_ply(list: &web_sys::HtmlElement, ply: usize, to_end: bool) {
    if to_end {
        list.set_scroll_top(list.scroll_height());
        return;
    }
    let item = list
        .query_selector(&format!("[data-ply=\"{ply}\"]"))
        .ok()
        .flatten()
        .and_then(|item| item.dyn_into::<web_sys::HtmlElement>().ok());
    match item {
        Some(item) => scroll_within(list, &item),
        None => list.set_scroll_top(0),
    }
}

/// Scrolls `list` to its end again when it was there before its content last changed:
/// `height_at_end` is its height when it was last kept at its end (none at first). A list
/// that has shrunk since is at its end when it shows its new end.
fn keep_at_end(list: &web_sys::HtmlElement, height_at_end: StoredValue<Option<i32>>) {
    let was_at_end = height_at_end
        .try_get_value()
        .flatten()
        .is_none_or(|height| {
            list.scroll_top() + list.client_height() >= height.min(list.scroll_height()) - 1
        });
    if was_at_end {
        list.set_scroll_top(list.scroll_height());
        height_at_end.try_set_value(Some(list.scroll_height()));
    }
}

/// The list of moves of the store's game.
#[component]
pub fn MoveList(
    /// What is said of the moves (a review of the game), shown with them.
    #[prop(optional)]
    notes: Option<MoveNotes>,
) -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return view! { <p>"No game."</p> }.into_any();
    };
    let moves = Memo::new(move |_| entries(store));
    let list_ref = NodeRef::<leptos::html::Ol>::new();
    // A finished game shown at its last position: the list belongs at its end, where the
    // result is.
    let finished_at_end = move || store.is_live() && store.outcome().is_some();

    // Keep the viewed move visible, scrolling the list only: the page itself never
    // jumps on a move. Done at the next frame, once all of the move's changes are in
    // the page: the layout that measuring asks for is then the frame's own, where
    // measuring at once would lay the page out twice a move.
    Effect::new(move |ran_before: Option<()>| {
        let ply = store.ply();
        let finished_at_end = finished_at_end();
        // A list just built is at its top, where the start position's view wants it:
        // scrolling it would force the page's first layout in the middle of mounting.
        if ran_before.is_none() && ply == 0 && !finished_at_end {
            return;
        }
        // The list may be gone by then (the page left in the same frame).
        request_animation_frame(move || {
            if let Some(list) = list_ref.try_get_untracked().flatten() {
                show_ply(&list, ply, finished_at_end);
            }
        });
    });

    // Notes add lines under marked moves ("best was …") as they arrive. A list kept at
    // its end (a finished game's last move and result) stays there, unless the player
    // has scrolled it since (then it is left where they put it).
    if let Some(notes) = notes {
        let height_at_end = StoredValue::new(None::<i32>);
        Effect::new(move |_| {
            notes.progress.track();
            if !finished_at_end() {
                return;
            }
            request_animation_frame(move || {
                if let Some(list) = list_ref.try_get_untracked().flatten() {
                    keep_at_end(&list, height_at_end);
                }
            });
        });
    }

    // Keyed: a move adds its own cells and leaves the rest of the list alone.
    let row = move |entry: Entry| {
        let ply = entry.ply;
        let number = entry
            .number
            .map(|label| view! { <li class="move-number" aria-hidden="true">{label}</li> });
        let empty = entry
            .empty_before
            .then(|| view! { <li class="move-empty" aria-hidden="true"></li> });
        // One memo per move: each evaluation that arrives recomputes the review's marks,
        // and only the moves whose own note changed update their cells (a review of n
        // moves updates O(n) cells in all, not O(n²)).
        let mark = Memo::new(move |_| notes.and_then(|notes| notes.note.run(ply)));
        let judgement = move || mark.with(|m| m.as_ref()?.judgement.map(Judgement::name));
        let eval = move || mark.with(|m| Some(m.as_ref()?.eval?.to_string()));
        let best_uci = move || mark.with(|m| Some(m.as_ref()?.best.as_ref()?.0.clone()));
        let symbol = move || {
            let mark = mark.with(|m| m.as_ref()?.judgement)?;
            Some(view! {
                <span class=format!("move-mark {}", mark.name()) title=mark.name()>
                    {mark.symbol()}
                </span>
            })
        };
        let best = move || {
            let san = mark.with(|m| {
                let m = m.as_ref()?;
                m.judgement?;
                Some(m.best.as_ref()?.1.clone())
            })?;
            Some(view! { <span class="move-best">{format!("best was {san}")}</span> })
        };
        view! {
            {number}
            {empty}
            <li class="move-cell">
                <button
                    type="button"
                    class="move"
                    data-ply=ply
                    data-judgement=judgement
                    data-eval=eval
                    data-best=best_uci
                    aria-current=move || (store.ply() == ply).then_some("true")
                    on:click=move |_| store.view(ply)
                >
                    {entry.san}
                    {symbol}
                </button>
                {best}
            </li>
        }
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
            <For each=move || moves.get() key=Entry::clone children=row />
            {result}
        </ol>
    }
    .into_any()
}
