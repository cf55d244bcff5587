//! The analysis board's keyboard: ←/→ step along the line shown, Home/End go to its
//! start and end, `f` flips the board (the keys of `game::view::keyboard`).

use leptos::prelude::*;

use super::store::TreeStore;
use crate::game::view::keyboard::{BoardKeys, use_board_keys};

/// The analysis board's keys: along the line shown.
pub fn tree_keys(store: TreeStore) -> BoardKeys {
    BoardKeys {
        back: Callback::new(move |()| store.back()),
        forward: Callback::new(move |()| store.forward()),
        first: Callback::new(move |()| store.first()),
        last: Callback::new(move |()| store.last()),
        flip: Callback::new(move |()| store.flip()),
    }
}

/// Installs the shortcuts for `store` for as long as the calling component lives.
pub fn use_board_shortcuts(store: TreeStore) {
    use_board_keys(tree_keys(store));
}
