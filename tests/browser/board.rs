//! Component tests of the board and the move list in headless Chromium: mount, act
//! through real pointer events, read the DOM.
#![cfg(target_arch = "wasm32")]

use std::sync::{Arc, Mutex};

use gambit::board::Board;
use gambit::game::store::GameStore;
use gambit::game::view::move_list::MoveList;
use gambit_rules::shakmaty::{Board as Pieces, Color, Square};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::common::document;

/// The container of the component under test (tests run one after another in one
/// page; each mounts into a fresh container and the runner's own output stays intact).
const ROOT: &str = "#component-under-test";

fn element(selector: &str) -> web_sys::HtmlElement {
    document()
        .query_selector(&format!("{ROOT} {selector}"))
        .expect("a valid selector")
        .unwrap_or_else(|| panic!("{selector} is on the page"))
        .dyn_into()
        .expect("an HTML element")
}

fn square(name: &str) -> web_sys::HtmlElement {
    element(&format!("[data-square=\"{name}\"]"))
}

fn has(name: &str, attribute: &str) -> bool {
    square(name).has_attribute(attribute)
}

/// A click as the board sees it: pointer down and up in the middle of the square.
async fn click(name: &str) {
    let target = square(name);
    let rect = target.get_bounding_client_rect();
    let init = web_sys::PointerEventInit::new();
    init.set_bubbles(true);
    init.set_button(0);
    init.set_is_primary(true);
    init.set_pointer_id(1);
    init.set_client_x((rect.left() + rect.width() / 2.0) as i32);
    init.set_client_y((rect.top() + rect.height() / 2.0) as i32);
    for kind in ["pointerdown", "pointerup"] {
        let event = web_sys::PointerEvent::new_with_event_init_dict(kind, &init).expect("an event");
        target.dispatch_event(&event).expect("dispatched");
    }
    leptos::task::tick().await;
}

/// A fresh, empty container for the next component, with the app's stylesheet on the
/// page (the board finds squares by geometry, so it needs its grid).
fn fresh_container() -> web_sys::HtmlElement {
    if document()
        .query_selector("#app-style")
        .ok()
        .flatten()
        .is_none()
    {
        let style = document().create_element("style").expect("a style element");
        style.set_id("app-style");
        style.set_text_content(Some(include_str!("../../style/gambit.css")));
        document()
            .head()
            .expect("a head")
            .append_child(&style)
            .expect("appended");
    }
    crate::common::fresh_container("component-under-test", 400)
}

/// The start position's board with the knight on g1 able to go to f3 and h3.
fn mount_board(moves: Arc<Mutex<Vec<(Square, Square)>>>) -> impl Sized {
    let container = fresh_container();
    let targets = Callback::new(|from: Square| match from {
        Square::G1 => vec![Square::F3, Square::H3],
        Square::E2 => vec![Square::E3, Square::E4],
        _ => Vec::new(),
    });
    let on_move = Callback::new(move |mv: (Square, Square)| {
        moves.lock().expect("not poisoned").push(mv);
    });
    leptos::mount::mount_to(container, move || {
        view! {
            <div>
                <Board
                    pieces=Signal::derive(Pieces::default)
                    orientation=Signal::derive(|| Color::White)
                    movable=Signal::derive(|| Some(Color::White))
                    targets=targets
                    last_move=Signal::derive(|| None)
                    check=Signal::derive(|| None)
                    on_move=on_move
                />
            </div>
        }
    })
}

#[wasm_bindgen_test]
async fn selecting_shows_targets_and_a_second_click_deselects() {
    let moves = Arc::new(Mutex::new(Vec::new()));
    let _mounted = mount_board(moves.clone());
    leptos::task::tick().await;

    click("g1").await;
    assert!(has("g1", "data-selected"));
    assert!(has("f3", "data-legal") && has("h3", "data-legal"));
    assert!(!has("e4", "data-legal"));

    click("g1").await;
    assert!(
        !has("g1", "data-selected"),
        "a second click on the piece deselects"
    );
    assert!(!has("f3", "data-legal"));
    assert!(moves.lock().expect("not poisoned").is_empty());
}

#[wasm_bindgen_test]
async fn another_own_piece_reselects_an_empty_square_deselects() {
    let moves = Arc::new(Mutex::new(Vec::new()));
    let _mounted = mount_board(moves.clone());
    leptos::task::tick().await;

    click("g1").await;
    click("e2").await;
    assert!(has("e2", "data-selected") && !has("g1", "data-selected"));
    assert!(has("e4", "data-legal") && !has("f3", "data-legal"));

    click("d5").await;
    assert!(
        !has("e2", "data-selected"),
        "an empty non-target square deselects"
    );

    click("e7").await;
    assert!(
        !has("e7", "data-selected"),
        "the other side's piece cannot be selected"
    );
    assert!(moves.lock().expect("not poisoned").is_empty());
}

#[wasm_bindgen_test]
async fn clicking_a_target_reports_the_move() {
    let moves = Arc::new(Mutex::new(Vec::new()));
    let _mounted = mount_board(moves.clone());
    leptos::task::tick().await;

    click("g1").await;
    click("f3").await;
    assert_eq!(
        *moves.lock().expect("not poisoned"),
        vec![(Square::G1, Square::F3)]
    );
    assert!(
        !has("g1", "data-selected"),
        "the selection ends with the move"
    );
}

/// A selection survives news that leaves the board as it was: a server message or the
/// engine's progress touches what the board's inputs are derived from without changing
/// them, and a piece picked up meanwhile stays picked up (it used to be dropped, now and
/// then, so that the player's first press on a piece seemed to be swallowed).
#[wasm_bindgen_test]
async fn a_selection_survives_news_that_changes_nothing_on_the_board() {
    let container = fresh_container();
    let news = RwSignal::new(0_u32);
    let pieces = RwSignal::new(Pieces::default());
    let _mounted = leptos::mount::mount_to(container, move || {
        view! {
            <Board
                pieces=Signal::derive(move || {
                    news.track();
                    pieces.get()
                })
                orientation=Signal::derive(|| Color::White)
                movable=Signal::derive(move || {
                    news.track();
                    Some(Color::White)
                })
                targets=Callback::new(|from: Square| match from {
                    Square::G1 => vec![Square::F3, Square::H3],
                    _ => Vec::new(),
                })
                last_move=Signal::derive(|| None)
                check=Signal::derive(|| None)
                on_move=Callback::new(|_: (Square, Square)| {})
            />
        }
    });
    leptos::task::tick().await;
    for round in 1..=5 {
        // News arrives, and the player presses a piece before the page has settled.
        news.set(round);
        click("g1").await;
        assert!(
            has("g1", "data-selected"),
            "round {round}: g1 stays selected"
        );
        news.set(round + 100);
        leptos::task::tick().await;
        assert!(
            has("g1", "data-selected"),
            "round {round}: after the news settled"
        );
        click("g1").await;
        assert!(
            !has("g1", "data-selected"),
            "round {round}: a second press deselects"
        );
    }
    // A real change of position still drops the selection.
    click("g1").await;
    pieces.update(|board| {
        board.discard_piece_at(Square::A2);
    });
    leptos::task::tick().await;
    assert!(
        !has("g1", "data-selected"),
        "a new position drops the selection"
    );
}

#[wasm_bindgen_test]
async fn the_move_list_numbers_moves_and_marks_the_viewed_one() {
    let container = fresh_container();
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.clear();
    }
    let made = Arc::new(Mutex::new(None));
    let slot = made.clone();
    let _mounted = leptos::mount::mount_to(container, move || {
        let store = GameStore::load("gambit.v1.test", |_| ());
        let mut game = gambit_rules::Game::new();
        for san in ["e4", "e5", "Nf3"] {
            game.play_san(san).expect("legal");
        }
        store.start(game, None);
        provide_context(store);
        *slot.lock().expect("not poisoned") = Some(store);
        view! { <MoveList /> }
    });
    let store = made
        .lock()
        .expect("not poisoned")
        .expect("the store was made while mounting");
    leptos::task::tick().await;

    let list = element("[data-testid=move-list]");
    let text = list.text_content().unwrap_or_default();
    assert!(
        text.contains("1.") && text.contains("2."),
        "move numbers: {text}"
    );
    assert_eq!(
        element("[data-ply=\"3\"]").text_content().as_deref(),
        Some("Nf3")
    );
    assert_eq!(
        element("[data-ply=\"3\"]")
            .get_attribute("aria-current")
            .as_deref(),
        Some("true")
    );

    element("[data-ply=\"1\"]").click();
    leptos::task::tick().await;
    assert_eq!(store.ply(), 1);
    assert_eq!(
        element("[data-ply=\"1\"]")
            .get_attribute("aria-current")
            .as_deref(),
        Some("true")
    );
    assert_eq!(
        element("[data-ply=\"3\"]").get_attribute("aria-current"),
        None
    );

    // A new move adds its own cells; the earlier moves keep their elements.
    let first_move = element("[data-ply=\"1\"]");
    store.play_uci("b8c6").expect("legal");
    leptos::task::tick().await;
    assert_eq!(
        element("[data-ply=\"4\"]").text_content().as_deref(),
        Some("Nc6")
    );
    assert!(
        element("[data-ply=\"1\"]").is_same_node(Some(&first_move)),
        "the first move keeps its element"
    );
    assert_eq!(
        element("[data-testid=move-list]").child_element_count(),
        6,
        "two move numbers and four moves"
    );
}

#[wasm_bindgen_test]
async fn a_move_changes_two_piece_codes_and_keeps_every_element() {
    let container = fresh_container();
    let pieces = RwSignal::new(Pieces::default());
    let orientation = RwSignal::new(Color::White);
    let last_move = RwSignal::new(None::<(Square, Square)>);
    let _mounted = leptos::mount::mount_to(container, move || {
        view! {
            <Board
                pieces=pieces
                orientation=orientation
                movable=Signal::derive(|| Some(Color::White))
                targets=Callback::new(|_: Square| Vec::new())
                last_move=last_move
                check=Signal::derive(|| None)
                on_move=Callback::new(|_: (Square, Square)| {})
            />
        }
    });
    leptos::task::tick().await;
    let e2 = square("e2");
    let e4_piece = element("[data-square=\"e4\"] .piece");
    assert!(!e4_piece.has_attribute("data-piece"), "e4 starts empty");

    pieces.update(|board| {
        let pawn = board.remove_piece_at(Square::E2).expect("a pawn on e2");
        board.set_piece_at(Square::E4, pawn);
    });
    last_move.set(Some((Square::E2, Square::E4)));
    leptos::task::tick().await;

    assert!(square("e2").is_same_node(Some(&e2)), "the squares stay");
    assert!(
        element("[data-square=\"e4\"] .piece").is_same_node(Some(&e4_piece)),
        "the piece element stays and changes its code"
    );
    assert_eq!(e4_piece.get_attribute("data-piece").as_deref(), Some("wP"));
    assert!(
        document()
            .query_selector(&format!("{ROOT} [data-square=\"e2\"] [data-piece]"))
            .expect("a valid selector")
            .is_none(),
        "e2 has no piece"
    );
    assert!(has("e2", "data-last-move") && has("e4", "data-last-move"));
    assert_eq!(
        square("e4").get_attribute("aria-label").as_deref(),
        Some("e4, white pawn")
    );

    // The coordinates follow the orientation; the squares keep their elements.
    let labels = || element(".coords").text_content().unwrap_or_default();
    assert_eq!(labels(), "87654321abcdefgh");
    orientation.set(Color::Black);
    leptos::task::tick().await;
    assert_eq!(labels(), "12345678hgfedcba");
    assert!(square("e2").is_same_node(Some(&e2)));
}
