//! Keyboard shortcuts of a game page: ←/→ move through the history, Home/End jump to
//! the start/the game, `f` flips the board. Ignored while typing in a field.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::game::store::GameStore;

/// Installs the shortcuts for as long as the calling component lives.
pub fn use_game_shortcuts(store: GameStore) {
    let handle = window_event_listener(ev::keydown, move |event| {
        if event.ctrl_key() || event.meta_key() || event.alt_key() || typing(&event) {
            return;
        }
        let handled = match event.key().as_str() {
            "ArrowLeft" => {
                store.view_previous();
                true
            }
            "ArrowRight" => {
                store.view_next();
                true
            }
            "Home" => {
                store.view_first();
                true
            }
            "End" => {
                store.view_last();
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
