//! What the component tests share: a watch on the page's health. Every test starts one
//! and ends with [`PageHealth::assert_clean`], so a console error or an uncaught error
//! during the test fails it, as in the end-to-end specs.

use wasm_bindgen::prelude::*;

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
