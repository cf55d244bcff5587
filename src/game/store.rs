//! The game store: one `gambit_rules::Game` in a signal, plus what the page adds
//! around it (the viewed ply, orientation, clocks, a draw offer, a pending promotion).
//! Its signals are private to the game module (`persistence.rs` restores and saves
//! them): components read them through the accessors below (read-only signals and
//! derived values), and every change goes through a method here, which keeps the clocks,
//! sounds and storage in step.

use gambit_rules::shakmaty::{Board as Pieces, Color, Move, Position, Role, Square};
use gambit_rules::{Game, Outcome, PlayError, Ply};
use leptos::prelude::*;

use super::clock::{Clocks, Control};
use super::premove::{Premove, PremoveFate, premove_fate, premove_targets};
use super::saved::Attachment;
use crate::prefs::sound_on;
use crate::sound::{self, Sound};

/// The reactive game of one page. Cheap to copy (signals only).
#[derive(Debug, Clone, Copy)]
pub struct GameStore {
    /// The game itself.
    pub(super) game: RwSignal<Game>,
    /// The ply on the board when browsing the history; `None` follows the game.
    pub(super) viewed: RwSignal<Option<usize>>,
    /// The colour at the bottom of the board.
    pub(super) orientation: RwSignal<Color>,
    /// The clocks, when the game has a time control.
    pub(super) clocks: RwSignal<Option<Clocks>>,
    /// The side that offered a draw, until it is accepted, declined or a move is made.
    pub(super) draw_offer: RwSignal<Option<Color>>,
    /// A pawn move waiting for the promotion piece: `(from, to)`.
    pub(super) promotion: RwSignal<Option<(Square, Square)>>,
    /// A message for the player (a game that could not be restored, a rejected move).
    pub(super) notice: RwSignal<Option<String>>,
    /// Wall-clock milliseconds, ticking while a clock runs.
    pub(super) now: RwSignal<f64>,
    /// What the page keeps with its game (the computer page: the opponent), saved and
    /// followed across tabs with it.
    pub(super) attachment: RwSignal<Option<Attachment>>,
    /// Where the game is saved.
    pub(super) storage_key: &'static str,
    /// The text storage holds for this game, as far as this tab knows.
    pub(super) stored_text: StoredValue<Option<String>>,
    /// Whether changes are saved (not while unreadable data could not be set aside).
    pub(super) saving: StoredValue<bool>,
    /// Whether the clocks and the result come from an authority (the game server):
    /// then no flag falls here and nothing is saved.
    pub(super) authority: bool,
    /// Where a move the player makes on the board goes, once it is a legal move
    /// (promotion piece chosen); `None` plays it here.
    pub(super) move_sink: StoredValue<Option<Callback<Move>>>,
    /// The move the player queued while the opponent is to move.
    pub(super) premove: RwSignal<Option<Premove>>,
    /// The colour that may premove (the player's), when the page allows premoves
    /// (see [`GameStore::allow_premoves`]).
    pub(super) premover: StoredValue<Option<Signal<Option<Color>>>>,
}

/// Wall-clock milliseconds (`Date.now()`).
pub fn wall_clock_ms() -> f64 {
    js_sys::Date::now()
}

impl GameStore {
    /// Advances [`GameStore::now`] ten times a second while a clock runs, and ends the
    /// game when a flag falls.
    pub(super) fn tick_clocks(self) {
        let handle = set_interval_with_handle(
            move || {
                let running = self.clocks.with_untracked(|c| c.and_then(|c| c.running));
                if running.is_none() {
                    return;
                }
                let now = wall_clock_ms();
                self.now.set(now);
                self.check_flag(now);
            },
            std::time::Duration::from_millis(100),
        );
        if let Ok(handle) = handle {
            on_cleanup(move || handle.clear());
        }
        // A clock that ran out while the page was closed.
        self.check_flag(wall_clock_ms());
    }

    fn check_flag(self, now: f64) {
        if self.authority {
            return;
        }
        let flagged = self
            .clocks
            .with_untracked(|c| c.and_then(|c| c.flagged(now)));
        if let Some(color) = flagged {
            let mut flagged = false;
            self.game.update(|game| flagged = game.flag(color).is_ok());
            if flagged {
                self.finish(now);
            }
        }
    }

    /// Stops the clocks and plays the end sound when the game has just ended.
    fn finish(self, now: f64) {
        self.clocks.update(|clocks| {
            if let Some(clocks) = clocks {
                clocks.stop(now);
            }
        });
        self.draw_offer.set(None);
        self.promotion.set(None);
        self.premove.set(None);
        if sound_on() {
            sound::play(Sound::GameEnd);
        }
    }

    /// A store of a game that lives elsewhere (the game server): nothing is read from
    /// or saved to storage, no other tab is followed, no flag falls here. The owner
    /// shows the authority's game with [`GameStore::show_authoritative`] and receives
    /// the player's moves through [`GameStore::send_moves_to`].
    pub fn detached(orientation: Color) -> GameStore {
        let store = GameStore {
            game: RwSignal::new(Game::new()),
            viewed: RwSignal::new(None),
            orientation: RwSignal::new(orientation),
            clocks: RwSignal::new(None),
            attachment: RwSignal::new(None),
            draw_offer: RwSignal::new(None),
            promotion: RwSignal::new(None),
            notice: RwSignal::new(None),
            now: RwSignal::new(wall_clock_ms()),
            storage_key: "",
            stored_text: StoredValue::new(None),
            saving: StoredValue::new(false),
            authority: true,
            move_sink: StoredValue::new(None),
            premove: RwSignal::new(None),
            premover: StoredValue::new(None),
        };
        store.tick_clocks();
        store
    }

    /// Sends every legal move the player makes on the board (promotion piece chosen)
    /// to `sink` instead of playing it here.
    pub fn send_moves_to(&self, sink: Callback<Move>) {
        self.move_sink.set_value(Some(sink));
    }

    /// Shows `game` and `clocks` as the authority has them. A game that grew by one
    /// move plays that move's sound; one that has just ended plays the end sound.
    /// Someone browsing the history stays where they are.
    pub fn show_authoritative(&self, game: Game, clocks: Option<Clocks>) {
        let Some((old_len, old_over)) = self
            .game
            .try_with_untracked(|old| (old.len(), old.outcome().is_some()))
        else {
            return;
        };
        let sound = if game.outcome().is_some() && !old_over {
            Some(Sound::GameEnd)
        } else if game.len() == old_len + 1 {
            game.plies().last().map(sound_for)
        } else {
            None
        };
        let len = game.len();
        let over = game.outcome().is_some();
        self.game.set(game);
        self.clocks.set(clocks);
        self.now.set(wall_clock_ms());
        if self.viewed.get_untracked().is_some_and(|ply| ply >= len) {
            self.viewed.set(None);
        }
        if over || len < old_len {
            self.promotion.set(None);
            self.premove.set(None);
        }
        if let Some(sound) = sound
            && sound_on()
        {
            sound::play(sound);
        }
    }

    // ---- Reading -----------------------------------------------------------

    /// The game itself.
    pub fn game(&self) -> ReadSignal<Game> {
        self.game.read_only()
    }

    /// The ply on the board when browsing the history; `None` follows the game.
    pub fn viewed(&self) -> ReadSignal<Option<usize>> {
        self.viewed.read_only()
    }

    /// The colour at the bottom of the board.
    pub fn orientation(&self) -> ReadSignal<Color> {
        self.orientation.read_only()
    }

    /// The clocks, when the game has a time control.
    pub fn clocks(&self) -> ReadSignal<Option<Clocks>> {
        self.clocks.read_only()
    }

    /// The side that offered a draw, until it is accepted, declined or a move is made.
    pub fn draw_offer(&self) -> ReadSignal<Option<Color>> {
        self.draw_offer.read_only()
    }

    /// A pawn move waiting for the promotion piece: `(from, to)`.
    pub fn promotion(&self) -> ReadSignal<Option<(Square, Square)>> {
        self.promotion.read_only()
    }

    /// A message for the player.
    pub fn notice(&self) -> ReadSignal<Option<String>> {
        self.notice.read_only()
    }

    /// Wall-clock milliseconds, ticking while a clock runs.
    pub fn now(&self) -> ReadSignal<f64> {
        self.now.read_only()
    }

    /// The ply on the board (0 = the start position).
    pub fn ply(&self) -> usize {
        let len = self.game.with(Game::len);
        self.viewed.get().map_or(len, |ply| ply.min(len))
    }

    /// Whether the board shows the current position (not an earlier one).
    pub fn is_live(&self) -> bool {
        let len = self.game.with(Game::len);
        self.viewed.get().is_none_or(|ply| ply >= len)
    }

    /// The game's result, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.with(Game::outcome)
    }

    /// The pieces on the board at the viewed ply.
    pub fn pieces(&self) -> Pieces {
        let ply = self.ply();
        self.game.with(|game| game.position_at(ply).board().clone())
    }

    /// The side to move at the viewed ply.
    pub fn side_to_move(&self) -> Color {
        let ply = self.ply();
        self.game.with(|game| game.side_to_move(ply))
    }

    /// Whose pieces the player may move: the side to move, when the game is live, not
    /// over and no promotion is pending.
    pub fn movable(&self) -> Option<Color> {
        let open = self.is_live() && self.outcome().is_none() && self.promotion.get().is_none();
        open.then(|| self.side_to_move())
    }

    /// The legal targets of the piece on `from` at the viewed ply.
    pub fn targets(&self, from: Square) -> Vec<Square> {
        let ply = self.ply();
        self.game
            .with_untracked(|game| game.legal_targets(ply, from))
    }

    /// The last move's squares at the viewed ply.
    pub fn last_move(&self) -> Option<(Square, Square)> {
        let ply = self.ply();
        self.game.with(|game| game.last_move(ply))
    }

    /// The square of the king in check at the viewed ply.
    pub fn check(&self) -> Option<Square> {
        let ply = self.ply();
        self.game.with(|game| game.checked_king(ply))
    }

    /// The time left for `color` (tracking [`GameStore::now`]).
    pub fn clock_ms(&self, color: Color) -> Option<u64> {
        let now = self.now.get();
        self.clocks.get().map(|clocks| clocks.remaining(color, now))
    }

    // ---- Moving ------------------------------------------------------------

    /// The player moved a piece from `from` to `to`: plays it, or asks for the
    /// promotion piece first.
    pub fn attempt(&self, from: Square, to: Square) {
        let ply = self.ply();
        let needs_choice = self
            .game
            .with_untracked(|game| game.needs_promotion(ply, from, to));
        if needs_choice {
            self.promotion.set(Some((from, to)));
        } else {
            self.play_squares(from, to, None);
        }
    }

    /// The promotion dialog's answer: a piece, or `None` to cancel (nothing is played).
    pub fn promote(&self, role: Option<Role>) {
        let Some((from, to)) = self.promotion.get_untracked() else {
            return;
        };
        self.promotion.set(None);
        if let Some(role) = role {
            self.play_squares(from, to, Some(role));
        }
    }

    fn play_squares(&self, from: Square, to: Square, promotion: Option<Role>) {
        let ply = self.ply();
        let mv = self
            .game
            .with_untracked(|game| game.move_for(ply, from, to, promotion));
        match mv {
            Some(mv) => self.submit(mv),
            None => self
                .notice
                .set(Some(format!("{from}{to} is not a legal move here."))),
        }
    }

    /// A legal move of the player's: to the move sink when there is one, else played
    /// here.
    fn submit(&self, mv: Move) {
        match self.move_sink.try_get_value().flatten() {
            Some(sink) => sink.run(mv),
            None => {
                if let Err(reason) = self.play(&mv) {
                    self.notice.set(Some(reason.to_string()));
                }
            }
        }
    }

    /// Plays `mv` in the live game: the clocks, the sound and the history follow.
    /// Returns why the move is refused (the game is unchanged then).
    pub fn play(&self, mv: &Move) -> Result<(), PlayError> {
        self.apply(|game| game.play(mv).map(sound_for))
    }

    /// Plays a move given in UCI notation (an engine's answer) as [`GameStore::play`].
    pub fn play_uci(&self, uci: &str) -> Result<(), PlayError> {
        self.apply(|game| game.play_uci(uci).map(sound_for))
    }

    /// Plays the move `play` makes on the live game, then the clocks, the sound and the
    /// outcome follow.
    fn apply(
        &self,
        play: impl FnOnce(&mut Game) -> Result<Sound, PlayError>,
    ) -> Result<(), PlayError> {
        let now = wall_clock_ms();
        let mover = self
            .game
            .with_untracked(|game| game.side_to_move(game.len()));
        // `None`: the page is gone, there is nothing to play on.
        let Some(result) = self.game.try_update(play) else {
            return Ok(());
        };
        let sound = result?;
        let left = self
            .clocks
            .try_update(|clocks| clocks.as_mut().map(|c| c.press(mover, now)));
        if let Some(Some(left)) = left {
            self.game.update(|game| {
                game.set_last_clock(Some(left));
            });
        }
        // Someone browsing the history stays where they are (as on lichess): a move
        // only reaches the live board. Moves are played from the live view, so only the
        // computer's reply can arrive while browsing.
        self.draw_offer.set(None);
        self.now.set(now);
        if self.outcome().is_some() {
            self.finish(now);
        } else if sound_on() {
            sound::play(sound);
        }
        Ok(())
    }

    // ---- Premoves ----------------------------------------------------------

    /// Lets `player` (the colour the person plays, `None` while they have none)
    /// premove while the opponent is to move. Each new position decides the queued
    /// premove's fate ([`premove_fate`]): played at once through the normal path (the
    /// move sink, when there is one) when legal on the player's turn, dropped when not.
    /// Pages without it (a game at one device) have no premoves.
    pub fn allow_premoves(&self, player: Signal<Option<Color>>) {
        self.premover.set_value(Some(player));
        let store = *self;
        Effect::new(move |_| {
            let Some(premove) = store.premove.get() else {
                return;
            };
            let fate = store.game.with(|game| premove_fate(game, &premove));
            match fate {
                PremoveFate::Wait => {}
                PremoveFate::Drop => store.premove.set(None),
                PremoveFate::Play(mv) => {
                    store.premove.set(None);
                    store.submit(mv);
                }
            }
        });
    }

    /// Whether the page allows premoves.
    pub fn premoves_allowed(&self) -> bool {
        self.premover.with_value(Option::is_some)
    }

    /// The colour that may premove now: the player's, while the live game is on, the
    /// opponent is to move and no promotion is pending; `None` otherwise.
    pub fn premove_side(&self) -> Option<Color> {
        let player = self.premover.with_value(|p| *p)?.get()?;
        let open = self.is_live() && self.outcome().is_none() && self.promotion.get().is_none();
        let theirs = self.game.with(|game| game.turn()) != player;
        (open && theirs).then_some(player)
    }

    /// Where the piece on `from` may be premoved, in the live position.
    pub fn premove_targets(&self, from: Square) -> Vec<Square> {
        self.game
            .with_untracked(|game| premove_targets(game.position(), from))
    }

    /// The queued premove.
    pub fn premove(&self) -> ReadSignal<Option<Premove>> {
        self.premove.read_only()
    }

    /// Queues `from`→`to` as the premove (replacing any), or with `None` cancels it.
    /// Refused (nothing queued) when premoves are not open now.
    pub fn set_premove(&self, squares: Option<(Square, Square)>) {
        let queued = squares.and_then(|(from, to)| {
            let color = self.premove_side_untracked()?;
            Some(Premove { color, from, to })
        });
        self.premove.set(queued);
    }

    fn premove_side_untracked(&self) -> Option<Color> {
        untrack(|| self.premove_side())
    }

    // ---- Around the game ---------------------------------------------------

    /// Turns the board around.
    pub fn flip(&self) {
        self.orientation.update(|side| *side = side.other());
    }

    /// Puts `side` at the bottom of the board.
    pub fn turn_to(&self, side: Color) {
        self.orientation.set(side);
    }

    /// `side` offers a draw.
    pub fn offer_draw(&self, side: Color) {
        if self.outcome().is_none() {
            self.draw_offer.set(Some(side));
        }
    }

    /// The draw offer is declined.
    pub fn decline_draw(&self) {
        self.draw_offer.set(None);
    }

    /// Shows `message` to the player.
    pub fn tell(&self, message: String) {
        self.notice.set(Some(message));
    }

    /// The player dismissed the message.
    pub fn dismiss_notice(&self) {
        self.notice.set(None);
    }

    // ---- Game actions ------------------------------------------------------

    /// Starts a new game from the standard position, with `control` clocks if any.
    pub fn new_game(&self, control: Option<Control>) {
        self.start(Game::new(), control);
    }

    /// Replaces the game (new game, PGN import, FEN set-up); the attachment stays.
    pub fn start(&self, mut game: Game, control: Option<Control>) {
        game.set_time_control(control);
        self.game.set(game);
        self.clocks.set(control.map(Clocks::new));
        self.viewed.set(None);
        self.draw_offer.set(None);
        self.promotion.set(None);
        self.premove.set(None);
        self.notice.set(None);
    }

    /// What the page keeps with its game: the computer page's opponent.
    pub fn attachment(&self) -> ReadSignal<Option<Attachment>> {
        self.attachment.read_only()
    }

    /// Replaces what the page keeps with its game (saved with it).
    pub fn attach(&self, attachment: Option<Attachment>) {
        self.attachment.set(attachment);
    }

    /// Takes back the last `plies` half-moves (fewer when the game is shorter).
    pub fn takeback(&self, plies: usize) {
        let now = wall_clock_ms();
        let len = self.game.with_untracked(Game::len);
        let plies = plies.min(len);
        if plies == 0 {
            return;
        }
        let mut undone = Ok(());
        self.game.update(|game| undone = game.takeback(plies));
        if let Err(error) = undone {
            self.notice.set(Some(error.to_string()));
            return;
        }
        let to_move = self
            .game
            .with_untracked(|game| game.side_to_move(game.len()));
        self.clocks.update(|clocks| {
            if let Some(clocks) = clocks {
                clocks.resume_for(to_move, now);
            }
        });
        self.viewed.set(None);
        self.draw_offer.set(None);
        self.promotion.set(None);
        self.premove.set(None);
    }

    /// `color` resigns.
    pub fn resign(&self, color: Color) {
        if self.outcome().is_none() {
            let mut ended = false;
            self.game.update(|game| ended = game.resign(color).is_ok());
            if ended {
                self.finish(wall_clock_ms());
            }
        }
    }

    /// Both sides agree to a draw.
    pub fn agree_draw(&self) {
        if self.outcome().is_none() {
            let mut ended = false;
            self.game.update(|game| ended = game.agree_draw().is_ok());
            if ended {
                self.finish(wall_clock_ms());
            }
        }
    }

    // ---- History -----------------------------------------------------------

    /// Shows the position after `ply` half-moves (the live game past the end).
    pub fn view(&self, ply: usize) {
        let len = self.game.with_untracked(Game::len);
        self.promotion.set(None);
        self.viewed.set((ply < len).then_some(ply));
    }

    /// Shows the previous position.
    pub fn view_previous(&self) {
        let ply = self.ply();
        self.view(ply.saturating_sub(1));
    }

    /// Shows the next position.
    pub fn view_next(&self) {
        let ply = self.ply();
        self.view(ply + 1);
    }

    /// Shows the start position.
    pub fn view_first(&self) {
        self.view(0);
    }

    /// Back to the game.
    pub fn view_last(&self) {
        self.viewed.set(None);
    }
}

/// The sound that fits a move just played.
fn sound_for(ply: &Ply) -> Sound {
    if ply.san.ends_with('+') || ply.san.ends_with('#') {
        Sound::Check
    } else if ply.mv.is_promotion() {
        Sound::Promote
    } else if ply.mv.is_castle() {
        Sound::Castle
    } else if ply.captured.is_some() {
        Sound::Capture
    } else {
        Sound::Move
    }
}
