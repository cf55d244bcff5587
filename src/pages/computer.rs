//! `/computer`: a game against the built-in engine (in a Web Worker) or Stockfish over
//! REST. The dialog opens when no game is set up, from the nav (`?setup`), and from
//! "new game".

use gambit_rules::Game;
use gambit_rules::shakmaty::Color;
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};

use crate::game::clock::parse_control;
use crate::game::saved::COMPUTER_GAME_KEY;
use crate::game::store::GameStore;
use crate::game::view::board_area::BoardArea;
use crate::game::view::controls::GameControls;
use crate::game::view::history_nav::HistoryNav;
use crate::game::view::keyboard::use_game_shortcuts;
use crate::game::view::move_list::MoveList;
use crate::game::view::notice::Notice;
use crate::game::view::status::{GameStatus, MoveAnnouncer};
use crate::opponent::assistant::Assistant;
use crate::opponent::controller::Controller;
use crate::opponent::levels::{bot_elo, level_label, rating_label};
use crate::opponent::settings::{ColorChoice, ComputerSettings, EngineChoice, Opponent};
use crate::opponent::view::assistant_tools::{EvalBar, Hint, HintButton};
use crate::opponent::view::computer_dialog::ComputerDialog;
use crate::opponent::view::engine_status::EngineStatus;
use crate::pgn_fen::PgnFen;
use crate::review::game_page::{PageReview, ReviewSection, ReviewUnderBoard};
use crate::ui::start::{Later, Piece};

crate::chunk_view!(
    /// The page, in the chunk `computer` of the release build (`crate::chunks`).
    pub fn page() in computer {
        view! { <ComputerPage /> }
    }
);

/// Attaches the opponent of a computer game saved before opponents were kept in its
/// record (when `store` has none and saves its game: the old key is emptied), then runs
/// `done`.
fn restore_legacy_opponent(store: GameStore, done: impl FnOnce() + 'static) {
    if !store.saves() || store.attachment().with_untracked(Option::is_some) {
        done();
        return;
    }
    leptos::task::spawn_local(async move {
        let taken = Opponent::take_legacy().await;
        // Gone meanwhile (the page was left): nothing to attach to.
        if store.game().try_with_untracked(|_| ()).is_none() {
            return;
        }
        match taken {
            Ok(Some(opponent)) => store.attach(Some(opponent)),
            Ok(None) => {}
            Err(reason) => store.tell(format!(
                "Your computer game's opponent could not be restored: {reason}. Choose an \
                 opponent."
            )),
        }
        done();
    });
}

/// The page for games against the computer.
#[component]
pub fn ComputerPage() -> AnyView {
    // Until the stored game (`GameStore::load`) and the dialog's remembered settings are
    // read, nothing asks for a game's setup.
    let read = RwSignal::new(false);
    let store = GameStore::load(COMPUTER_GAME_KEY, move |store| {
        restore_legacy_opponent(store, move || {
            read.try_set(true);
        });
    });
    let remembered = RwSignal::new(None);
    ComputerSettings::load_then(move |loaded| {
        remembered.try_set(Some(loaded));
    });
    provide_context(store);
    let controller = Controller::new(store);
    provide_context(controller);
    // The person may premove while the computer is to move.
    store.allow_premoves(Signal::derive(move || {
        controller.opponent().with(|o| o.as_ref().map(|o| o.human))
    }));
    use_game_shortcuts(store);

    let query = use_query_map();
    let navigate = use_navigate();
    let asked_for_setup = move || query.with(|q| q.get("setup").is_some());
    // The dialog shows when the player asks for a new game, when the address asks for
    // it (`?setup`), and whenever no game is set up.
    let new_game_asked = RwSignal::new(false);
    let dialog_open = Memo::new(move |_| {
        read.get()
            && remembered.with(Option::is_some)
            && (new_game_asked.get()
                || asked_for_setup()
                || controller.opponent().with(Option::is_none))
    });

    let close_dialog = {
        let navigate = navigate.clone();
        move || {
            new_game_asked.set(false);
            if asked_for_setup() {
                navigate("/computer", Default::default());
            }
        }
    };
    let on_start = {
        let close_dialog = close_dialog.clone();
        Callback::new(move |settings: ComputerSettings| {
            settings.save();
            remembered.set(Some(settings.clone()));
            let human = match settings.color {
                ColorChoice::White => Color::White,
                ColorChoice::Black => Color::Black,
                ColorChoice::Random => {
                    if js_sys::Math::random() < 0.5 {
                        Color::White
                    } else {
                        Color::Black
                    }
                }
            };
            let opponent = Opponent {
                level: settings.level,
                human,
                // Bots are played by the built-in engine only.
                engine: if settings.bot.is_some() {
                    EngineChoice::Builtin
                } else {
                    settings.engine
                },
                endpoint: settings.endpoint.clone(),
                bot: settings.bot.clone(),
                // A game's seed for the bot's ties: 2^53 values are plenty.
                seed: (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64,
            };
            let control = settings.time_control.as_deref().and_then(parse_control);
            controller.start(opponent, Game::new(), control);
            close_dialog();
        })
    };
    let on_cancel = Callback::new(move |()| {
        if controller.opponent().with_untracked(Option::is_none) {
            // Nothing to return to on this page.
            navigate("/", Default::default());
        } else {
            close_dialog();
        }
    });

    let assistant = Assistant::new(controller);
    let hint = Hint::new(assistant);
    let review = PageReview::new(store);

    let player_names = Callback::new(move |color: Color| {
        controller.opponent().with(|opponent| match opponent {
            Some(opponent) if opponent.human == color => "You".to_owned(),
            Some(opponent) => opponent_name(opponent),
            None => crate::game::view::status::color_name(color).to_owned(),
        })
    });

    view! {
        <section class="game-page" data-testid="computer-page">
            <h1 class="visually-hidden">"Play the computer"</h1>
            <Notice />
            <div class="game-layout">
                <div class="board-stack">
                    <Later piece=Piece::Board>
                        <BoardArea
                            movable=Signal::derive(move || controller.movable())
                            player_names=player_names
                            marked=Signal::derive(move || hint.marked())
                            arrow=Signal::derive(move || hint.arrow().or_else(|| review.arrow()))
                            preview=review.preview()
                        />
                        <ReviewUnderBoard page=review />
                    </Later>
                </div>
                <aside class="side-panel">
                    <Later piece=Piece::SidePanel>
                        <GameStatus />
                        <EngineStatus />
                        <EvalBar assistant=assistant />
                        <HistoryNav />
                        <MoveList notes=review.move_notes() />
                        <GameControls
                            draw_offers=false
                            resigning_side=Signal::derive(move || {
                                controller.opponent().with(|o| o.as_ref().map_or(Color::White, |o| o.human))
                            })
                            on_takeback=Callback::new(move |()| controller.takeback())
                            on_new_game=Callback::new(move |()| new_game_asked.set(true))
                        />
                        // The hint is a game control: above the finished game's review.
                        <div class="analysis-tools"><HintButton hint=hint /></div>
                        <ReviewSection page=review game="computer" />
                        <PgnFen
                            review=review
                            on_new_position=Callback::new(move |()| controller.cancel())
                        />
                    </Later>
                </aside>
            </div>
            <MoveAnnouncer />
            <Later piece=Piece::Rest>
                <Show when=move || dialog_open.get()>
                    <ComputerDialog
                        initial=remembered.get_untracked().unwrap_or_default()
                        on_start=on_start
                        on_cancel=on_cancel
                    />
                </Show>
            </Later>
        </section>
    }
    .into_any()
}

/// The computer's name on its player bar: the bot's name and rating, or the level's.
fn opponent_name(opponent: &Opponent) -> String {
    match opponent.bot_profile() {
        Some(bot) => match bot_elo(bot.name) {
            Some(elo) => format!("{} · {}", bot.display_name, rating_label(elo.into())),
            None => bot.display_name.to_owned(),
        },
        None => format!(
            "Computer · level {} · {}",
            opponent.level,
            level_label(opponent.level)
        ),
    }
}
