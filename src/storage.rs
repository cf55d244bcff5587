//! `localStorage` access: reads, writes, JSON records and setting unreadable data aside.
//! Storage can be missing or full (private modes, quotas); every failure is a
//! [`StorageError`], never a panic.
//!
//! The keys and their formats are listed in `docs/architecture.md` ("Storage").

use std::cell::RefCell;
use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Why storage could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageError {
    /// The page may not use local storage (no window, disabled, private mode).
    Unavailable(String),
    /// Reading `key` failed.
    Read(String),
    /// Writing `key` failed: storage full or disabled.
    Write(String),
    /// The text under `key` is not a record of the expected shape.
    Unreadable {
        /// The key.
        key: String,
        /// What is wrong, in words.
        reason: String,
    },
}

impl fmt::Display for StorageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageError::Unavailable(reason) => write!(f, "{reason}"),
            StorageError::Read(key) => write!(f, "could not read {key}"),
            StorageError::Write(key) => {
                write!(f, "could not save {key} (storage full or disabled)")
            }
            StorageError::Unreadable { reason, .. } => write!(f, "unreadable data ({reason})"),
        }
    }
}

thread_local! {
    /// The page's local storage once found: asking the window for it crosses into
    /// JavaScript, and a game saves on every move.
    static LOCAL_STORAGE: RefCell<Option<web_sys::Storage>> = const { RefCell::new(None) };
}

/// The browser's local storage, if the page may use it.
fn local_storage() -> Result<web_sys::Storage, StorageError> {
    if let Some(storage) = LOCAL_STORAGE.with_borrow(Clone::clone) {
        return Ok(storage);
    }
    let storage = web_sys::window()
        .ok_or_else(|| StorageError::Unavailable("no window".to_owned()))?
        .local_storage()
        .map_err(|_| StorageError::Unavailable("local storage is not allowed here".to_owned()))?
        .ok_or_else(|| StorageError::Unavailable("local storage is not available".to_owned()))?;
    LOCAL_STORAGE.set(Some(storage.clone()));
    Ok(storage)
}

/// The text stored under `key`, `Ok(None)` when there is none.
pub fn read(key: &str) -> Result<Option<String>, StorageError> {
    local_storage()?
        .get_item(key)
        .map_err(|_| StorageError::Read(key.to_owned()))
}

/// Stores `value` under `key`.
pub fn write(key: &str, value: &str) -> Result<(), StorageError> {
    local_storage()?
        .set_item(key, value)
        .map_err(|_| StorageError::Write(key.to_owned()))
}

/// Removes `key`.
pub fn remove(key: &str) -> Result<(), StorageError> {
    local_storage()?
        .remove_item(key)
        .map_err(|_| StorageError::Write(key.to_owned()))
}

/// The JSON record under `key`, `Ok(None)` when there is none;
/// [`StorageError::Unreadable`] when the text is not a `T`.
pub fn load_json<T: DeserializeOwned>(key: &str) -> Result<Option<T>, StorageError> {
    match read(key)? {
        None => Ok(None),
        Some(text) => {
            serde_json::from_str(&text)
                .map(Some)
                .map_err(|error| StorageError::Unreadable {
                    key: key.to_owned(),
                    reason: error.to_string(),
                })
        }
    }
}

/// Stores `value` as JSON under `key`.
pub fn save_json<T: Serialize>(key: &str, value: &T) -> Result<(), StorageError> {
    let text = serde_json::to_string(value).map_err(|_| StorageError::Write(key.to_owned()))?;
    write(key, &text)
}

/// Moves unreadable data from `key` to a key of its own, `key.unreadable.<time>`, so
/// that it is kept (for a bug report or a later version) and no longer in the way.
/// Earlier set-aside copies are never overwritten. When the copy cannot be made (storage
/// full), the data stays where it is and the error says so: nothing is ever destroyed.
/// Returns the key the data was kept under.
pub fn set_aside(key: &str) -> Result<Option<String>, StorageError> {
    let storage = local_storage()?;
    let Some(value) = storage
        .get_item(key)
        .map_err(|_| StorageError::Read(key.to_owned()))?
    else {
        return Ok(None);
    };
    // The time in whole milliseconds, as `Date.now()` gives it: formatted as an integer,
    // so that the main module needs no float formatting.
    let mut kept = format!("{key}.unreadable.{}", js_sys::Date::now() as u64);
    while storage.get_item(&kept).ok().flatten().is_some() {
        kept.push('+');
    }
    storage
        .set_item(&kept, &value)
        .map_err(|_| StorageError::Write(kept.clone()))?;
    storage
        .remove_item(key)
        .map_err(|_| StorageError::Write(key.to_owned()))?;
    Ok(Some(kept))
}

/// Calls `on_change` with the new text (or `None` when removed) whenever another tab of
/// this site changes `key` (the `storage` event fires only in the other tabs). The
/// listener is removed when the calling reactive owner is cleaned up.
pub fn on_change_elsewhere(key: &'static str, on_change: impl Fn(Option<String>) + 'static) {
    use leptos::prelude::{on_cleanup, window_event_listener};

    let handle = window_event_listener(leptos::ev::storage, move |event| {
        if event.key().as_deref() == Some(key) {
            on_change(event.new_value());
        }
    });
    on_cleanup(move || handle.remove());
}
