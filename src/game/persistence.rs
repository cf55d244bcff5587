//! Where a page's game lives between visits and across tabs: a [`GameStore`] restored
//! from `localStorage` (unreadable data set aside, never destroyed), saved at every
//! change, and following the same game when another tab saves it. Stored text is read
//! in the `saved_game` chunk, which a first visit never fetches; a game this tab saved
//! itself is taken back as it was, with no chunk.

use std::cell::RefCell;

use gambit_rules::Game;
use gambit_rules::shakmaty::Color;
use leptos::prelude::*;

use super::saved::{COMPUTER_GAME_KEY, FRIEND_GAME_KEY, Restored, SavedGame};
use super::store::{GameStore, wall_clock_ms};
use crate::chunks::spawn_first_view_part;
use crate::storage;

thread_local! {
    /// The last game this tab saved under each key, as its text and as it was: a page
    /// shown again, or another page opening that game, takes it from here rather than
    /// reading the text in the `saved_game` chunk, when storage still holds that text.
    static SAVED_HERE: RefCell<Vec<(&'static str, String, Restored)>> =
        const { RefCell::new(Vec::new()) };
}

impl GameStore {
    /// A store for the game saved under `storage_key`, restored from it when readable;
    /// `once_read` runs with it once it has been (or once there was nothing to read).
    ///
    /// The stored text is read in the `saved_game` chunk (its decoder is large, and a
    /// first visit has nothing stored), so the game comes in a task after this one,
    /// before the page shell goes (a part of the first view, `crate::chunks`). Until then
    /// nothing is saved, so nothing stored is overwritten; if the chunk cannot be
    /// fetched, the store says so and saves nothing. A game this tab saved itself is
    /// restored at once.
    ///
    /// Unreadable data is set aside (kept under `<key>.unreadable.<time>`) and reported
    /// in [`GameStore::notice`]; a fresh game starts then. When it cannot be set aside
    /// (storage full), the fresh game is not saved, so the old data is never destroyed.
    /// A change another tab makes to the same game is followed here.
    pub fn load(
        storage_key: &'static str,
        once_read: impl FnOnce(GameStore) + 'static,
    ) -> GameStore {
        let (stored, notice) = read_stored(storage_key);
        let store = GameStore::fresh(storage_key, notice);
        match stored {
            None => once_read(store),
            Some(text) => match saved_here(storage_key, &text) {
                Some(restored) => {
                    store.restore_from(text, Ok(restored));
                    once_read(store);
                }
                None => {
                    store.saving.set_value(false);
                    spawn_first_view_part(async move {
                        let decoded = decode_in_chunk(text.clone()).await;
                        // Gone meanwhile (the page was left): nothing to restore into.
                        if store.saving.try_get_value().is_some() {
                            match decoded {
                                Ok(decoded) => store.restore_from(text, decoded),
                                Err(_) => store.notice.set(Some(
                                    "Your saved game could not be loaded (check the \
                                     connection and reload the page). It is kept, and this \
                                     game will not be saved."
                                        .to_owned(),
                                )),
                            }
                            once_read(store);
                        }
                    });
                }
            },
        }
        store.begin();
        store
    }

    /// Whether this store saves its game: not while, or when, the stored game could not
    /// be read (then it is kept as it is).
    pub fn saves(&self) -> bool {
        self.saving.get_value()
    }

    /// A new game under `storage_key`, saved unless storage said it cannot be.
    fn fresh(storage_key: &'static str, notice: Option<String>) -> GameStore {
        GameStore {
            game: RwSignal::new(Game::new()),
            viewed: RwSignal::new(None),
            orientation: RwSignal::new(Color::White),
            clocks: RwSignal::new(None),
            attachment: RwSignal::new(None),
            draw_offer: RwSignal::new(None),
            promotion: RwSignal::new(None),
            notice: RwSignal::new(notice),
            now: RwSignal::new(wall_clock_ms()),
            storage_key,
            stored_text: StoredValue::new(None),
            saving: StoredValue::new(true),
            authority: false,
            move_sink: StoredValue::new(None),
            premove: RwSignal::new(None),
            premover: StoredValue::new(None),
        }
    }

    /// Restores the game stored as `text`, `decoded` as read from it; if it could not be
    /// read, sets it aside and says so (and saves nothing if it cannot be set aside).
    fn restore_from(self, text: String, decoded: Result<Restored, String>) {
        match decoded {
            Ok(restored) => {
                self.stored_text.set_value(Some(text));
                self.saving.set_value(true);
                self.show(restored);
            }
            Err(reason) => {
                let kept = storage::set_aside(self.storage_key);
                self.saving.set_value(kept.is_ok());
                self.notice.set(Some(match kept {
                    Ok(_) => format!(
                        "Your saved game could not be restored: {reason}. It was kept \
                         aside. A new game starts."
                    ),
                    Err(error) => format!(
                        "Your saved game could not be restored: {reason}. It could not \
                         be kept aside ({error}), so it stays where it is and this new \
                         game will not be saved."
                    ),
                }));
            }
        }
    }

    /// Shows a restored game in place of this one.
    fn show(self, restored: Restored) {
        self.game.set(restored.game);
        self.clocks.set(restored.clocks);
        self.orientation.set(restored.orientation);
        self.attachment.set(restored.attachment);
        self.viewed.set(None);
        self.draw_offer.set(None);
        self.promotion.set(None);
        self.now.set(wall_clock_ms());
    }

    /// Saving, following other tabs and the clocks' ticking.
    fn begin(self) {
        self.save_on_change();
        self.follow_other_tabs();
        self.tick_clocks();
    }

    /// Saves the game, clocks, orientation and attachment whenever one of them changes
    /// (and differs from what storage holds).
    fn save_on_change(self) {
        Effect::new(move |_| {
            let text = self.game.with(|game| {
                SavedGame::new(
                    game,
                    self.clocks.get(),
                    self.orientation.get(),
                    self.attachment.get(),
                )
                .encode()
            });
            let unchanged = self
                .stored_text
                .with_value(|stored| stored.as_deref() == Some(text.as_str()));
            if unchanged || !self.saving.get_value() {
                return;
            }
            match storage::write(self.storage_key, &text) {
                Ok(()) => {
                    let restored = Restored {
                        game: self.game.get_untracked(),
                        clocks: self.clocks.get_untracked(),
                        orientation: self.orientation.get_untracked(),
                        attachment: self.attachment.get_untracked(),
                    };
                    remember_saved_here(self.storage_key, text.clone(), restored);
                    self.stored_text.set_value(Some(text));
                }
                Err(reason) => self
                    .notice
                    .set(Some(format!("The game could not be saved: {reason}."))),
            }
        });
    }

    /// Follows the game when another tab of the same page saves a change to it, so
    /// that neither tab silently overwrites the other's moves.
    fn follow_other_tabs(self) {
        storage::on_change_elsewhere(self.storage_key, move |text| {
            let Some(text) = text else { return };
            let known = self
                .stored_text
                .try_with_value(|stored| stored.as_deref() == Some(text.as_str()))
                .unwrap_or(true);
            if known {
                return;
            }
            leptos::task::spawn_local(async move {
                let Ok(Ok(restored)) = decode_in_chunk(text.clone()).await else {
                    return;
                };
                // Gone meanwhile (the page was left): nothing to show it in.
                if self.stored_text.try_set_value(Some(text)).is_some() {
                    return;
                }
                self.saving.set_value(true);
                self.show(restored);
                self.notice.set(Some(
                    "This game moved on in another tab; this tab now shows it as it is there."
                        .to_owned(),
                ));
            });
        });
    }
}

/// What storage holds under `storage_key`, and the notice to show when it cannot be read.
fn read_stored(storage_key: &str) -> (Option<String>, Option<String>) {
    match storage::read(storage_key) {
        Ok(stored) => (stored, None),
        Err(reason) => (None, Some(format!("Games cannot be saved here: {reason}."))),
    }
}

/// The game this tab last saved under `key`, if storage still holds its `text`.
fn saved_here(key: &str, text: &str) -> Option<Restored> {
    SAVED_HERE.with_borrow(|saved| {
        saved
            .iter()
            .find(|(saved_key, saved_text, _)| *saved_key == key && saved_text == text)
            .map(|(_, _, restored)| restored.clone())
    })
}

/// Keeps `restored`, just saved under `key` as `text`, for [`saved_here`].
fn remember_saved_here(key: &'static str, text: String, restored: Restored) {
    SAVED_HERE.with_borrow_mut(|saved| {
        saved.retain(|(saved_key, ..)| *saved_key != key);
        saved.push((key, text, restored));
    });
}

/// The game a page saved under `key` and its board's orientation, read in the
/// `saved_game` chunk unless this tab saved it; `Ok(None)` when nothing is stored there.
pub async fn read_saved_game(key: &'static str) -> Result<Option<(Game, Color)>, String> {
    let Some(text) = storage::read(key).map_err(|error| error.to_string())? else {
        return Ok(None);
    };
    let restored = match saved_here(key, &text) {
        Some(restored) => restored,
        None => decode_in_chunk(text)
            .await
            .map_err(|_| "its reader could not be loaded (check the connection)".to_owned())??,
    };
    Ok(Some((restored.game, restored.orientation)))
}

/// Whether a page keeps a game from an earlier visit (`main.rs` asks before the app
/// starts, since a game page saves its new game at once).
pub fn game_stored() -> bool {
    [FRIEND_GAME_KEY, COMPUTER_GAME_KEY]
        .iter()
        .any(|key| matches!(storage::read(key), Ok(Some(_))))
}

/// Fetches and instantiates the `saved_game` chunk now (`main.rs` asks once the first
/// view is in, when [`game_stored`]), so that going to a game page later reads its
/// game within the task that builds the page, with no frame of a new game first.
pub fn prepare_to_read_saved_game() {
    leptos::task::spawn_local(async {
        // A failure is told when the game is read (`GameStore::load`).
        let _ = preload_saved_game().await;
    });
}

crate::chunk_fn!(
    /// A stored game read in the `saved_game` chunk (`src/chunks.rs`).
    fn decode_in_chunk(text: String) in saved_game, preload(preload_saved_game)
        -> Result<Restored, String> {
        SavedGame::decode(&text)
    }
);
