//! Preferences kept across visits (`gambit.v1.prefs`): whether sound is on, and the
//! display name last used for online play. Every page reads them as it starts, so they
//! are read with the browser's JSON parser: with serde_json's, its whole reader (and
//! the number formatting of its error messages) would be in the main module, which
//! reads no other JSON (`docs/architecture.md`, "The page's wasm in chunks").

use leptos::prelude::*;
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::storage;

/// The storage key of the preferences.
pub const PREFS_KEY: &str = "gambit.v1.prefs";

/// What the user chose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Prefs {
    /// Move sounds on.
    pub sound: bool,
    /// The display name last given for an online game, offered again and sent when this
    /// browser joins a friend's game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub online_name: Option<String>,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            sound: true,
            online_name: None,
        }
    }
}

impl Prefs {
    /// The preferences stored as `text`: each field absent takes its default; `None`
    /// when the text is not JSON, or a field has the wrong type.
    pub fn parse(text: &str) -> Option<Prefs> {
        let value = js_sys::JSON::parse(text).ok()?;
        if !value.is_object() {
            return None;
        }
        // A field that is absent (or `null`, for the name) reads as `None`.
        let field = |name: &str| {
            js_sys::Reflect::get(&value, &JsValue::from_str(name))
                .ok()
                .filter(|field| !field.is_undefined())
        };
        let mut prefs = Prefs::default();
        if let Some(sound) = field("sound") {
            prefs.sound = sound.as_bool()?;
        }
        if let Some(name) = field("online_name").filter(|name| !name.is_null()) {
            prefs.online_name = Some(name.as_string()?);
        }
        Some(prefs)
    }
}

/// The preferences as a context signal, saved whenever they change.
#[derive(Debug, Clone, Copy)]
pub struct PrefsContext(pub RwSignal<Prefs>);

/// Loads the preferences (defaults when absent or unreadable), provides them as
/// context and saves every change.
pub fn provide_prefs() -> PrefsContext {
    let loaded = storage::read(PREFS_KEY)
        .ok()
        .flatten()
        .and_then(|text| Prefs::parse(&text))
        .unwrap_or_default();
    let prefs = RwSignal::new(loaded);
    Effect::new(move |_| {
        // A failed save only loses a preference; nothing to tell the player.
        let _ = storage::save_json(PREFS_KEY, &prefs.get());
    });
    let context = PrefsContext(prefs);
    provide_context(context);
    context
}

/// Whether sounds are on (true when no preferences were provided).
pub fn sound_on() -> bool {
    use_context::<PrefsContext>().is_none_or(|prefs| prefs.0.get_untracked().sound)
}

/// The display name last used online, if any: read where the component is made (the
/// context is not there in event handlers and tasks), used later.
#[derive(Debug, Clone, Copy)]
pub struct OnlineName(Option<PrefsContext>);

impl OnlineName {
    /// The preferences' name (none at all when no preferences were provided).
    pub fn from_context() -> OnlineName {
        OnlineName(use_context::<PrefsContext>())
    }

    /// The name last used, if any.
    pub fn get(&self) -> Option<String> {
        self.0
            .and_then(|prefs| prefs.0.try_with_untracked(|p| p.online_name.clone()))
            .flatten()
    }

    /// Remembers `name` (already cleaned).
    pub fn remember(&self, name: Option<String>) {
        if let Some(prefs) = self.0 {
            prefs.0.try_update(|prefs| prefs.online_name = name);
        }
    }
}
