//! Preferences kept across visits (`gambit.v1.prefs`): for now, whether sound is on.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use crate::storage;

/// The storage key of the preferences.
pub const PREFS_KEY: &str = "gambit.v1.prefs";

/// What the user chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Move sounds on.
    pub sound: bool,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs { sound: true }
    }
}

/// The preferences as a context signal, saved whenever they change.
#[derive(Debug, Clone, Copy)]
pub struct PrefsContext(pub RwSignal<Prefs>);

/// Loads the preferences (defaults when absent or unreadable), provides them as
/// context and saves every change.
pub fn provide_prefs() -> PrefsContext {
    let loaded = storage::load_json::<Prefs>(PREFS_KEY)
        .ok()
        .flatten()
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
