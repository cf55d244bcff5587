//! Keyboard shortcuts of a page with a board and a line of moves: ←/→ step through the
//! moves, Home/End jump to the first position and the last, `f` flips the board. Keys
//! typed into a field, or pressed with Ctrl, Alt or Meta, are left alone.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::game::store::GameStore;

/// What each key does on a page.
#[derive(Clone, Copy)]
pub struct BoardKeys {
    /// ←: one move back.
    pub back: Callback<()>,
    /// →: one move forward.
    pub forward: Callback<()>,
    /// Home: the first position.
    pub first: Callback<()>,
    /// End: the last position.
    pub last: Callback<()>,
    /// `f`: flip the board.
    pub flip: Callback<()>,
}

/// The game pages' keys: through the store's history.
pub fn game_keys(store: GameStore) -> BoardKeys {
    BoardKeys {
        back: Callback::new(move |()| store.view_previous()),
        forward: Callback::new(move |()| store.view_next()),
        first: Callback::new(move |()| store.view_first()),
        last: Callback::new(move |()| store.view_last()),
        flip: Callback::new(move |()| store.flip()),
    }
}

/// Installs the game pages' shortcuts for as long as the calling component lives.
pub fn use_game_shortcuts(store: GameStore) {
    use_board_keys(game_keys(store));
}

/// Installs `keys` for as long as the calling component lives.
pub fn use_board_keys(keys: BoardKeys) {
    let handle = window_event_listener(ev::keydown, move |event| {
        if event.ctrl_key() || event.meta_key() || event.alt_key() || typing(&event) {
            return;
        }
        let action = match event.key().as_str() {
            "ArrowLeft" => keys.back,
            "ArrowRight" => keys.forward,
            "Home" => keys.first,
            "End" => keys.last,
            "f" => keys.flip,
            _ => return,
        };
        action.run(());
        event.prevent_default();
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
