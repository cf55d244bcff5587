//! The analysis board's keyboard: ←/→ step along the line shown, Home/End go to its
//! start and end, `f` flips the board. Keys typed into a field are left alone.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::store::TreeStore;

/// Installs the shortcuts for `store` for as long as the calling component lives.
pub fn use_board_shortcuts(store: TreeStore) {
    let handle = window_event_listener(ev::keydown, move |event| {
        if event.ctrl_key() || event.meta_key() || event.alt_key() || typing(&event) {
            return;
        }
        let handled = match event.key().as_str() {
            "ArrowLeft" => {
                store.back();
                true
            }
            "ArrowRight" => {
                store.forward();
                true
            }
            "Home" => {
                store.first();
                true
            }
            "End" => {
                store.last();
                true
            }
            "f" => {
                store.flip();
                true
            }
            _ => false,
        };
        if handled {
            event.prevent_default();
        }
    });
    on_cleanup(move || handle.remove());
}

/// Whether the key went to a text field.
fn typing(event: &web_sys::KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|element| {
            matches!(element.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        })
}
