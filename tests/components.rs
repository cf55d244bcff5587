//! Component tests: mount a component in headless Chromium, act on it, read the DOM.
#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|window| window.document())
        .expect("a document")
}

#[wasm_bindgen_test]
async fn nav_link_click_navigates_and_marks_the_current_page() {
    let _handle = leptos::mount::mount_to_body(gambit::App);
    leptos::task::tick().await;

    let friend_link: web_sys::HtmlElement = document()
        .query_selector("[data-testid=nav-friend]")
        .expect("a valid selector")
        .expect("the nav has a friend link")
        .dyn_into()
        .expect("an HTML element");
    friend_link.click();
    leptos::task::tick().await;

    assert!(
        document()
            .query_selector("[data-testid=friend-page]")
            .expect("a valid selector")
            .is_some(),
        "clicking the link shows the friend page"
    );
    assert_eq!(
        friend_link.get_attribute("aria-current").as_deref(),
        Some("page")
    );
}
