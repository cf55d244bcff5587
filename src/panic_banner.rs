//! The last word of a panic. A panic is a bug, but it must not leave the player in front
//! of a dead page: the hook logs it (as `console_error_panic_hook` does) and shows a
//! banner, "Something went wrong — your game is saved — reload", built with plain DOM
//! calls (the reactive state may be what broke) and a reload link that needs no code
//! to work, since the WebAssembly instance stops after the panic. The game was saved at
//! its last change, so the reload finds it.
//!
//! For tests only: `?test-panic` on any page panics shortly after the page starts.

use wasm_bindgen::JsCast;

/// The query parameter that makes the page panic, for the end-to-end test.
const TEST_PANIC_PARAMETER: &str = "test-panic";

/// Installs the hook (once, before anything else runs).
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_banner();
    }));
}

/// Panics a moment after start when the page's address asks for it (`?test-panic`).
pub fn panic_if_asked_by_test() {
    // Before the router exists: the browser reads the query.
    let asked = web_sys::window()
        .and_then(|window| window.location().search().ok())
        .and_then(|search| web_sys::UrlSearchParams::new_with_str(&search).ok())
        .is_some_and(|query| query.has(TEST_PANIC_PARAMETER));
    if asked {
        gloo_timers::callback::Timeout::new(300, || {
            panic!("a panic asked for by ?{TEST_PANIC_PARAMETER}");
        })
        .forget();
    }
}

/// Adds the banner to the page (once).
fn show_banner() {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    if document
        .query_selector("[data-testid=\"panic-banner\"]")
        .ok()
        .flatten()
        .is_some()
    {
        return;
    }
    let (Some(body), Ok(banner)) = (document.body(), document.create_element("div")) else {
        return;
    };
    let _ = banner.set_attribute("class", "panic-banner");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("data-testid", "panic-banner");
    if let Ok(text) = document.create_element("p") {
        text.set_text_content(Some(
            "Something went wrong — your game is saved — reload the page to continue.",
        ));
        let _ = banner.append_child(&text);
    }
    if let Ok(link) = document.create_element("a") {
        // The page's own address without the query: a plain navigation reloads it.
        let path = web_sys::window()
            .and_then(|window| window.location().pathname().ok())
            .unwrap_or_else(|| "/".to_owned());
        let _ = link.set_attribute("href", &path);
        // The router's click handler is code of the stopped instance: it must not
        // take this link over (it leaves `rel="external"` links to the browser).
        let _ = link.set_attribute("rel", "external");
        let _ = link.set_attribute("class", "button primary");
        let _ = link.set_attribute("data-testid", "panic-reload");
        link.set_text_content(Some("Reload"));
        let _ = banner.append_child(&link);
    }
    if let Ok(banner) = banner.dyn_into::<web_sys::HtmlElement>() {
        let _ = body.prepend_with_node_1(&banner);
    }
}
