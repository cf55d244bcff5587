//! The analysis board's moves: the main line with its side lines in brackets where they
//! branch off, as a PGN reads (`1. e4 e5 (1… c5 2. Nf3) 2. Nf3`), nested as deep as
//! they go. Clicking a move shows its position; the position shown is marked
//! `aria-current`. Main-line moves carry `data-ply` and the review's marks; side-line
//! moves carry only `data-node`.

use gambit_rules::shakmaty::Position;
use gambit_rules::{GameTree, NodeId};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::analysis_board::notation::{move_number, node_key};
use crate::analysis_board::pgn::Notes;
use crate::analysis_board::store::TreeStore;
use crate::game::view::move_list::scroll_within;

/// What the review says about a main-line move, for its attributes and symbol.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveMark {
    /// `inaccuracy`, `mistake` or `blunder`.
    pub judgement: Option<&'static str>,
    /// `?!`, `?` or `??`.
    pub symbol: Option<&'static str>,
    /// The evaluation after the move, in pawns from White's side (`0.31`, `#-2`).
    pub eval: Option<String>,
    /// The engine's preferred move, in UCI, when it preferred another.
    pub best: Option<String>,
}

/// One thing written in the list.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    /// A move number (`12.` or `12…`).
    Number(String),
    /// A move.
    Move {
        node: NodeId,
        san: String,
        /// Plies from the start, for main-line moves.
        main_ply: Option<usize>,
    },
    /// A move's comment (from an imported PGN).
    Comment(String),
    /// A side line, in brackets.
    Variation(Vec<Item>),
}

/// The items of the line starting at `start` (a child of its parent), with the side
/// lines branching off it and the moves' comments. The first move of a line carries its
/// number even when it is Black's, and so does the move after a side line or a comment.
fn line_items(tree: &GameTree, notes: &Notes, start: NodeId, main: bool) -> Vec<Item> {
    let mut items = Vec::new();
    let mut numbered = true;
    for node in tree.line_from(start) {
        let (Some(parent), Some(ply)) = (tree.parent(node), tree.ply(node)) else {
            continue;
        };
        let before = tree.position(parent);
        if numbered || before.turn().is_white() {
            items.push(Item::Number(move_number(before)));
        }
        items.push(Item::Move {
            node,
            san: ply.san.clone(),
            main_ply: main.then(|| tree.depth(node)),
        });
        numbered = false;
        if let Some(comment) = notes.get(&node).and_then(|note| note.comment.clone()) {
            items.push(Item::Comment(comment));
            numbered = true;
        }
        let siblings = tree.children(parent);
        if siblings.first() == Some(&node) {
            for &side in &siblings[1..] {
                items.push(Item::Variation(line_items(tree, notes, side, false)));
                numbered = true;
            }
        }
    }
    items
}

/// The whole list: the main line from the root's first move.
fn tree_items(tree: &GameTree, notes: &Notes) -> Vec<Item> {
    match tree.children(tree.root()).first() {
        Some(&first) => line_items(tree, notes, first, true),
        None => Vec::new(),
    }
}

/// The views of `items`.
fn render(items: Vec<Item>, store: TreeStore, mark: Option<Callback<usize, MoveMark>>) -> AnyView {
    items
        .into_iter()
        .map(|item| match item {
            Item::Number(label) => {
                view! { <span class="tree-number" aria-hidden="true">{label}</span> }.into_any()
            }
            Item::Move {
                node,
                san,
                main_ply,
            } => {
                let mark = move || match (mark, main_ply) {
                    (Some(mark), Some(ply)) => mark.run(ply),
                    _ => MoveMark::default(),
                };
                view! {
                    <button
                        type="button"
                        class="move tree-move"
                        class:side-move=main_ply.is_none()
                        data-node=node_key(node)
                        data-ply=main_ply
                        data-judgement=move || mark().judgement
                        data-eval=move || mark().eval
                        data-best=move || mark().best
                        aria-current=move || (store.current().get() == node).then_some("true")
                        on:click=move |_| store.go(node)
                    >
                        {san}
                        {move || mark().symbol.map(|symbol| view! {
                            <span class="judgement-symbol">{symbol}</span>
                        })}
                    </button>
                }
                .into_any()
            }
            Item::Comment(text) => view! { <span class="tree-comment">{text}</span> }.into_any(),
            Item::Variation(items) => view! {
                <span class="variation" data-testid="variation">
                    {render(items, store, mark)}
                </span>
            }
            .into_any(),
        })
        .collect_view()
        .into_any()
}

/// Scrolls `list` (only the list) so that its `aria-current` move is inside it.
fn scroll_to_current(list: &web_sys::HtmlElement) {
    let item = list
        .query_selector("[aria-current=\"true\"]")
        .ok()
        .flatten()
        .and_then(|item| item.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(item) = item {
        scroll_within(list, &item);
    }
}

/// The moves of `store`'s tree.
#[component]
pub fn VariationList(
    /// The tree.
    store: TreeStore,
    /// The review's mark of the main-line move reaching a ply.
    #[prop(optional)]
    mark: Option<Callback<usize, MoveMark>>,
) -> impl IntoView {
    let items = Memo::new(move |_| {
        store
            .tree()
            .with(|tree| store.notes().with(|notes| tree_items(tree, notes)))
    });
    // The main line's result when it ends the game (a mate, or the game's resignation).
    let result = Memo::new(move |_| {
        store.tree().with(|tree| {
            tree.main_game()
                .outcome()
                .map(|outcome| outcome.result_str())
        })
    });
    let list_ref = NodeRef::<leptos::html::Div>::new();
    // The move shown stays in view: the list scrolls, never the page. (`items` is read,
    // not only tracked: a memo that is only tracked is not brought up to date, and the
    // effect would then also run on news that changes nothing here, scrolling a list
    // the player had scrolled away.)
    Effect::new(move |_| {
        store.current().track();
        items.with(|_| ());
        // After the frame's layout: the list may just have been redrawn (or be gone,
        // the page left in the same frame).
        request_animation_frame(move || {
            if let Some(list) = list_ref.try_get_untracked().flatten() {
                scroll_to_current(&list);
            }
        });
    });
    view! {
        <div class="variation-list" data-testid="variation-list" aria-label="Moves"
            node_ref=list_ref>
            {move || {
                let items = items.get();
                if items.is_empty() {
                    view! { <p class="tree-empty">"Move a piece to start."</p> }.into_any()
                } else {
                    render(items, store, mark)
                }
            }}
            {move || result.get().map(|result| view! {
                <span class="tree-result" data-testid="tree-result">{result}</span>
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(items: &[Item]) -> String {
        items
            .iter()
            .map(|item| match item {
                Item::Number(label) => label.clone(),
                Item::Move {
                    san,
                    main_ply: Some(ply),
                    ..
                } => format!("{san}@{ply}"),
                Item::Move { san, .. } => san.clone(),
                Item::Comment(comment) => format!("{{{comment}}}"),
                Item::Variation(items) => format!("({})", text(items)),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn side_lines_follow_the_move_they_replace_and_number_the_move_after_them() {
        let mut tree = GameTree::new();
        let e4 = tree.play_san(tree.root(), "e4").expect("legal");
        let e5 = tree.play_san(e4, "e5").expect("legal");
        tree.play_san(e5, "Nf3").expect("legal");
        let c5 = tree.play_san(e4, "c5").expect("legal");
        let nf3 = tree.play_san(c5, "Nf3").expect("legal");
        tree.play_san(nf3, "d6").expect("legal");
        tree.play_san(nf3, "Nc6").expect("legal");
        tree.play_san(tree.root(), "d4").expect("legal");
        assert_eq!(
            text(&tree_items(&tree, &Notes::new())),
            "1. e4@1 (1. d4) 1… e5@2 (1… c5 2. Nf3 d6 (2… Nc6)) 2. Nf3@3"
        );
    }

    #[test]
    fn a_comment_follows_its_move_and_the_next_move_is_numbered() {
        let mut tree = GameTree::new();
        let e4 = tree.play_san(tree.root(), "e4").expect("legal");
        tree.play_san(e4, "e5").expect("legal");
        let note = gambit_rules::MoveAnnotation {
            comment: Some("best by test".to_owned()),
            ..Default::default()
        };
        let notes = Notes::from([(e4, note)]);
        assert_eq!(
            text(&tree_items(&tree, &notes)),
            "1. e4@1 {best by test} 1… e5@2"
        );
    }

    #[test]
    fn an_empty_tree_has_no_items() {
        assert!(tree_items(&GameTree::new(), &Notes::new()).is_empty());
    }
}
