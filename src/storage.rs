//! `localStorage` access: reads, writes and setting unreadable data aside. Storage can
//! be missing or full (private modes, quotas); every failure is an error value.

/// The browser's local storage, if the page may use it.
fn local_storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .ok_or("no window")?
        .local_storage()
        .map_err(|_| "local storage is not allowed here".to_owned())?
        .ok_or_else(|| "local storage is not available".to_owned())
}

/// The text stored under `key`, `Ok(None)` when there is none.
pub fn read(key: &str) -> Result<Option<String>, String> {
    local_storage()?
        .get_item(key)
        .map_err(|_| format!("could not read {key}"))
}

/// Stores `value` under `key`.
pub fn write(key: &str, value: &str) -> Result<(), String> {
    local_storage()?
        .set_item(key, value)
        .map_err(|_| format!("could not save {key} (storage full or disabled)"))
}

/// Moves unreadable data from `key` to `key.unreadable` so that it is kept (for a bug
/// report or a later version) and no longer in the way.
pub fn set_aside(key: &str) -> Result<(), String> {
    let storage = local_storage()?;
    if let Ok(Some(value)) = storage.get_item(key) {
        storage
            .set_item(&format!("{key}.unreadable"), &value)
            .map_err(|_| format!("could not set {key} aside"))?;
    }
    storage
        .remove_item(key)
        .map_err(|_| format!("could not remove {key}"))
}
