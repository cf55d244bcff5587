//! Component tests: mount a component in headless Chromium, act on it, read the DOM.
#![cfg(target_arch = "wasm32")]

mod common;

use common::PageHealth;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|window| window.document())
        .expect("a document")
}

fn find(selector: &str) -> Option<web_sys::HtmlElement> {
    document()
        .query_selector(selector)
        .expect("a valid selector")
        .and_then(|element| element.dyn_into().ok())
}

/// Waits (up to two seconds) for `selector` to match: navigation and rendering settle
/// over a few ticks of the event loop.
async fn wait_for(selector: &str) -> Option<web_sys::HtmlElement> {
    for _ in 0..40 {
        if let Some(element) = find(selector) {
            return Some(element);
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    None
}

#[wasm_bindgen_test]
async fn nav_link_click_navigates_and_marks_the_current_page() {
    let health = PageHealth::watch();
    leptos::mount::mount_to_body(gambit::App);
    let friend_link = wait_for("[data-testid=nav-friend]")
        .await
        .expect("the nav has a friend link");
    assert_eq!(friend_link.get_attribute("aria-current"), None);

    friend_link.click();

    assert!(
        wait_for("[data-testid=friend-page]").await.is_some(),
        "clicking the link shows the friend page"
    );
    assert_eq!(
        friend_link.get_attribute("aria-current").as_deref(),
        Some("page")
    );
    health.assert_clean();
}
