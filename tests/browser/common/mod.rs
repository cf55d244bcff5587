//! What the component tests share: the page's document, a fresh container to mount a
//! component into, and a watch on the page's health. Every test starts one and ends
//! with [`PageHealth::assert_clean`], so a console error or an uncaught error during
//! the test fails it, as in the end-to-end specs.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The test page's document.
pub fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|window| window.document())
        .expect("a document")
}

/// A fresh, empty `<div id="{id}">` of `width_px` at the end of the body, for the next
/// component (tests run one after another in one page; the one before it of that id is
/// removed, and the runner's own output stays intact).
pub fn fresh_container(id: &str, width_px: u32) -> web_sys::HtmlElement {
    if let Ok(Some(old)) = document().query_selector(&format!("#{id}")) {
        old.remove();
    }
    let container: web_sys::HtmlElement = document()
        .create_element("div")
        .expect("a div")
        .dyn_into()
        .expect("an HTML element");
    container.set_id(id);
    container
        .set_attribute("style", &format!("width: {width_px}px"))
        .expect("a style");
    document()
        .body()
        .expect("a body")
        .append_child(&container)
        .expect("appended");
    container
}

#[wasm_bindgen(inline_js = "
const recorded = [];
let watching = false;
export function watch_page_health() {
  recorded.length = 0;
  if (watching) return;
  watching = true;
  const original = console.error;
  console.error = (...args) => {
    recorded.push(args.map(String).join(' '));
    original.apply(console, args);
  };
  addEventListener('error', (event) => recorded.push(`uncaught: ${event.message}`));
  addEventListener('unhandledrejection', (event) => recorded.push(`unhandled: ${event.reason}`));
}
export function page_health_errors() { return recorded.slice(); }
")]
extern "C" {
    fn watch_page_health();
    fn page_health_errors() -> Vec<String>;
}

/// A watch over console errors and uncaught errors, from its start.
pub struct PageHealth;

impl PageHealth {
    /// Starts watching (what came before is forgotten).
    pub fn watch() -> PageHealth {
        watch_page_health();
        PageHealth
    }

    /// Fails the test if anything was reported since [`PageHealth::watch`].
    pub fn assert_clean(self) {
        let errors = page_health_errors();
        assert!(errors.is_empty(), "the page reported errors: {errors:#?}");
    }
}
