//! Where a page's game lives between visits and across tabs: a [`GameStore`] restored
//! from `localStorage` (unreadable data set aside, never destroyed), saved at every
//! change, and following the same game when another tab saves it.

use gambit_rules::Game;
use gambit_rules::shakmaty::Color;
use leptos::prelude::*;

use super::saved::{Restored, SavedGame};
use super::store::{GameStore, wall_clock_ms};
use crate::storage;

impl GameStore {
    /// A store for the game saved under `storage_key`, restored from it when readable.
    /// Unreadable data is set aside (kept under `<key>.unreadable.<time>`) and reported
    /// in [`GameStore::notice`]; a fresh game starts then. When it cannot be set aside
    /// (storage full), the fresh game is not saved, so the old data is never destroyed.
    /// A change another tab makes to the same game is followed here.
    pub fn load(storage_key: &'static str) -> GameStore {
        let mut notice = None;
        let mut saving = true;
        let stored = match storage::read(storage_key) {
            Ok(stored) => stored,
            Err(reason) => {
                notice = Some(format!("Games cannot be saved here: {reason}."));
                None
            }
        };
        let restored = stored
            .as_deref()
            .map(SavedGame::decode)
            .and_then(|decoded| {
                decoded
                    .map_err(|reason| {
                        let kept = storage::set_aside(storage_key);
                        saving = kept.is_ok();
                        notice = Some(match kept {
                            Ok(_) => format!(
                                "Your saved game could not be restored: {reason}. It was kept \
                             aside. A new game starts."
                            ),
                            Err(error) => format!(
                                "Your saved game could not be restored: {reason}. It could not \
                             be kept aside ({error}), so it stays where it is and this new \
                             game will not be saved."
                            ),
                        });
                    })
                    .ok()
            });
        let restored = restored.unwrap_or_else(|| Restored {
            game: Game::new(),
            clocks: None,
            orientation: Color::White,
            attachment: None,
        });
        let store = GameStore {
            game: RwSignal::new(restored.game),
            viewed: RwSignal::new(None),
            orientation: RwSignal::new(restored.orientation),
            clocks: RwSignal::new(restored.clocks),
            attachment: RwSignal::new(restored.attachment),
            draw_offer: RwSignal::new(None),
            promotion: RwSignal::new(None),
            notice: RwSignal::new(notice),
            now: RwSignal::new(wall_clock_ms()),
            storage_key,
            stored_text: StoredValue::new(if saving { stored } else { None }),
            saving: StoredValue::new(saving),
            authority: false,
            move_sink: StoredValue::new(None),
            premove: RwSignal::new(None),
            premover: StoredValue::new(None),
        };
        store.save_on_change();
        store.follow_other_tabs();
        store.tick_clocks();
        store
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
                Ok(()) => self.stored_text.set_value(Some(text)),
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
            let Ok(restored) = SavedGame::decode(&text) else {
                return;
            };
            self.stored_text.set_value(Some(text));
            self.saving.set_value(true);
            self.game.set(restored.game);
            self.clocks.set(restored.clocks);
            self.orientation.set(restored.orientation);
            self.attachment.set(restored.attachment);
            self.viewed.set(None);
            self.draw_offer.set(None);
            self.promotion.set(None);
            self.now.set(wall_clock_ms());
            self.notice.set(Some(
                "This game moved on in another tab; this tab now shows it as it is there."
                    .to_owned(),
            ));
        });
    }
}
