//! `/play/:id`: an online game against a friend, as the game server has it. A browser
//! that holds a seat (its token in `gambit.v1.online`) plays it; one without takes the
//! free seat, or watches when both are taken. The board, move list, clocks and review
//! are the game pages' own, over a [`GameStore`] that shows the server's game
//! ([`GameStore::detached`]); moves made on the board go to the server.

use gambit_online_protocol::{ClientMessage, GameStatus, JoinGame, Seat, Side};
use gambit_rules::shakmaty::{CastlingMode, Color, Move};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::{use_navigate, use_params_map};

use crate::game::store::{GameStore, wall_clock_ms};
use crate::game::view::board_area::BoardArea;
use crate::game::view::history_nav::HistoryNav;
use crate::game::view::keyboard::use_game_shortcuts;
use crate::game::view::move_list::MoveList;
use crate::game::view::notice::Notice;
use crate::game::view::status::{GameStatus as StatusLine, MoveAnnouncer};
use crate::online::api::{self, ApiError};
use crate::online::connection::{Connection, Handlers};
use crate::online::controls::OnlineControls;
use crate::online::game::{OnlineGame, Step, color_of, describe_result};
use crate::online::seats::{self, SeatRecord};
use crate::pgn_fen::PgnFen;
use crate::prefs::OnlineName;
use crate::review::game_page::PageReview;
use crate::review::view::panel::ReviewPanel;
use crate::ui::start::{Later, Piece};

crate::chunk_view!(
    /// The page, in the chunk `online` of the release build (`crate::chunks`).
    pub fn page() in online {
        view! { <PlayPage /> }
    }
);

/// The page of `/play/:id`: one game per id (a rematch's new id starts afresh).
#[component]
pub fn PlayPage() -> AnyView {
    let params = use_params_map();
    view! {
        {move || {
            let id = params.with(|p| p.get("id")).unwrap_or_default();
            if api::is_game_id(&id) {
                view! { <OnlineGamePage id=id /> }.into_any()
            } else {
                view! {
                    <section class="game-page" data-testid="play-page">
                        <p class="notice" data-testid="notice">"This is not a game's address."</p>
                    </section>
                }
                .into_any()
            }
        }}
    }
    .into_any()
}

/// What the page is doing about its seat and connection.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    /// Taking the free seat.
    Joining,
    /// Connected or connecting.
    Live,
    /// Cannot go on: why.
    Stopped(String),
}

/// The game `id`.
#[component]
fn OnlineGamePage(id: String) -> impl IntoView {
    let navigate = use_navigate();
    let (known, seats_notice) = match seats::load() {
        Ok((seats, notice)) => (seats.get(&id).cloned(), notice),
        Err(reason) => (None, Some(reason)),
    };
    let orientation = known
        .as_ref()
        .map_or(Color::White, |seat| color_of(seat.side));
    let store = GameStore::detached(orientation);
    provide_context(store);
    use_game_shortcuts(store);
    if let Some(notice) = seats_notice {
        store.tell(notice);
    }
    let review = PageReview::new(store);

    let first_id = (js_sys::Math::random() * f64::from(u32::MAX / 2)) as u32;
    let game = RwSignal::new(OnlineGame::new(&id, first_id));
    let connected = RwSignal::new(false);
    let phase = RwSignal::new(if known.is_some() {
        Phase::Live
    } else {
        Phase::Joining
    });
    let token = StoredValue::new(known.as_ref().map(|seat| seat.token.clone()));
    let connection = StoredValue::new_local(None::<Connection>);
    let now = RwSignal::new(wall_clock_ms());
    if let Ok(handle) = set_interval_with_handle(
        move || {
            now.try_set(wall_clock_ms());
        },
        std::time::Duration::from_millis(250),
    ) {
        on_cleanup(move || handle.clear());
    }

    // Shows the online game on the board.
    let show = move || {
        let Some((shown, clocks)) = game.try_with_untracked(|g| (g.shown_game(), g.clocks()))
        else {
            return;
        };
        store.show_authoritative(shown, clocks);
    };
    let send = move |message: &ClientMessage| {
        connection
            .try_with_value(|c| c.as_ref().is_some_and(|c| c.send(message)))
            .unwrap_or(false)
    };

    let game_id = id.clone();
    let run_steps = move |steps: Vec<Step>| {
        for step in steps {
            match step {
                Step::Send(message) => {
                    send(&message);
                }
                Step::Resync => connection.with_value(|c| {
                    if let Some(c) = c {
                        c.reconnect_now();
                    }
                }),
                Step::Notice(words) => store.tell(words),
                Step::Rematch(new_id) => {
                    if api::is_game_id(&new_id) {
                        let now = wall_clock_ms();
                        let _ = seats::update(|seats| {
                            seats.copy_for_rematch(&game_id, &new_id, now);
                        });
                        navigate(&format!("/play/{new_id}"), Default::default());
                    }
                }
                Step::Fatal(reason) => {
                    phase.set(Phase::Stopped(reason));
                    connection.with_value(|c| {
                        if let Some(c) = c {
                            c.close();
                        }
                    });
                }
            }
        }
    };
    let run_steps = StoredValue::new_local(run_steps);
    // A move the server could not store goes again (see `OnlineGame::retry_due`).
    if let Ok(handle) = set_interval_with_handle(
        move || {
            let at = wall_clock_ms();
            if game.try_with_untracked(|g| g.retry_is_due(at)) == Some(true)
                && let Some(steps) = game.try_update(|g| g.retry_due(at))
            {
                run_steps.try_with_value(|run| run(steps));
            }
        },
        std::time::Duration::from_millis(250),
    ) {
        on_cleanup(move || handle.clear());
    }

    let on_message = move |message| {
        let Some(steps) = game.try_update(|g| g.on_message(message, wall_clock_ms())) else {
            return;
        };
        show();
        run_steps.with_value(|run| run(steps));
    };

    let connect = move || {
        let Some(url) = api::socket_url(&game.with_untracked(|g| g.id.clone())) else {
            phase.set(Phase::Stopped(
                "This page cannot open a connection.".to_owned(),
            ));
            return;
        };
        let handlers = Handlers {
            hello: Box::new(move || {
                let token = token.try_get_value().flatten();
                game.try_with_untracked(|g| g.hello(token.clone()))
                    .unwrap_or_else(|| OnlineGame::new("", 0).hello(None))
            }),
            on_message: Box::new(on_message),
            on_connected: Box::new(move |up| {
                connected.try_set(up);
                if !up {
                    game.try_update(OnlineGame::disconnected);
                }
            }),
        };
        let opened = Connection::open(url, handlers);
        connection.set_value(Some(opened));
    };
    on_cleanup(move || {
        connection.try_with_value(|c| {
            if let Some(c) = c {
                c.close();
            }
        });
    });

    // Without a seat for this game: take the free one (with the name this browser last
    // used online), or watch.
    let online_name = OnlineName::from_context();
    let join = move || {
        let id = game.with_untracked(|g| g.id.clone());
        phase.set(Phase::Joining);
        spawn_local(async move {
            let name = online_name.get();
            let reply = api::join_game(&id, &JoinGame { name: name.clone() }).await;
            match reply {
                Ok(reply) => {
                    let record = SeatRecord {
                        token: reply.token.clone(),
                        side: reply.side,
                        name,
                        time_control: None,
                        created_ms: wall_clock_ms(),
                        ongoing: true,
                    };
                    if let Err(reason) = seats::update(|seats| seats.insert(&id, record)) {
                        store.tell(format!(
                            "This browser cannot keep your seat ({reason}): if you leave this \
                             page, the seat cannot be taken back."
                        ));
                    }
                    token.try_set_value(Some(reply.token));
                    store.turn_to(color_of(reply.side));
                }
                Err(ApiError::SeatTaken) => {}
                Err(failure) => {
                    phase.try_set(Phase::Stopped(failure.words()));
                    return;
                }
            }
            if phase.try_set(Phase::Live).is_none() {
                connect();
            }
        });
    };
    if known.is_some() {
        connect();
    } else {
        join();
    }

    store.send_moves_to(Callback::new(move |mv: Move| {
        let uci = mv.to_uci(CastlingMode::Standard).to_string();
        let up = connected.get_untracked();
        let message = game.try_update(|g| g.play(&uci, up)).flatten();
        if let Some(message) = message {
            send(&message);
        }
        show();
    }));

    let bye = window_event_listener(leptos::ev::pagehide, move |_| {
        connection.try_with_value(|c| {
            if let Some(c) = c {
                c.say_bye();
            }
        });
    });
    let online = window_event_listener(leptos::ev::online, move |_| {
        connection.try_with_value(|c| {
            if let Some(c) = c {
                c.reconnect_now();
            }
        });
    });
    // The browser knows it lost the network before a ping could tell (an open socket
    // may stay open, silent, meanwhile): start over at once, so the page says it is
    // reconnecting and keeps trying until the `online` event.
    let offline = window_event_listener(leptos::ev::offline, move |_| {
        connection.try_with_value(|c| {
            if let Some(c) = c {
                c.reconnect_now();
            }
        });
    });
    on_cleanup(move || {
        bye.remove();
        online.remove();
        offline.remove();
    });

    // The seat list follows the game's end (for the home page's list).
    let id_for_end = id.clone();
    Effect::new(move |_| {
        if !game.with(OnlineGame::is_on) && game.with(|g| g.version > 0) {
            let _ = seats::update(|seats| {
                seats.mark_over(&id_for_end);
            });
        }
    });
    // The board turns to the seat the server granted.
    Effect::new(move |_| {
        if let Some(side) = game.with(OnlineGame::my_side) {
            store.turn_to(color_of(side));
        }
    });

    let seat_code = move || match game.with(|g| g.seat) {
        Some(Seat::White) => "white",
        Some(Seat::Black) => "black",
        Some(Seat::Spectator) => "spectator",
        None if token.with_value(Option::is_some) => "unknown",
        None => "spectator",
    };
    let state_code = move || match game.with(|g| g.status) {
        GameStatus::Waiting => "waiting",
        GameStatus::Playing => "playing",
        GameStatus::Finished => "finished",
        GameStatus::Aborted => "aborted",
    };
    let state_text = move || {
        game.with(|g| match (g.status, g.result) {
            (_, Some(result)) => describe_result(result),
            (GameStatus::Waiting, _) if g.my_side().is_some() => {
                "Waiting for your friend".to_owned()
            }
            (GameStatus::Waiting, _) => "Waiting for the second player".to_owned(),
            (_, None) if g.my_side().is_none() => "You are watching this game".to_owned(),
            (_, None) if g.is_my_turn() => "Your turn".to_owned(),
            (_, None) if g.pending.is_some() => "Sending your move…".to_owned(),
            (_, None) => "Your opponent's turn".to_owned(),
        })
    };
    let opponent_present = move || {
        game.with(|g| {
            let side = g.my_side().map_or(Side::Black, Side::other);
            g.presence(side).present
        })
    };
    let opponent_joined = move || {
        game.with(|g| {
            let side = g.my_side().map_or(Side::Black, Side::other);
            g.player(side).joined
        })
    };
    // The player may premove while the opponent is to move (not when watching).
    store.allow_premoves(Signal::derive(move || {
        game.with(|g| {
            if g.is_on() {
                g.my_side().map(color_of)
            } else {
                None
            }
        })
    }));
    let movable = move || {
        let mine = game.with(|g| g.is_my_turn().then(|| g.my_side()).flatten())?;
        (store.is_live() && store.promotion().get().is_none()).then_some(color_of(mine))
    };
    let names = Callback::new(move |color: Color| {
        game.with(|g| {
            let side = crate::online::game::side_of(color);
            let player = g.player(side);
            let name = player.name.clone().unwrap_or_else(|| {
                if player.joined {
                    "Anonymous"
                } else {
                    "Waiting…"
                }
                .to_owned()
            });
            if g.my_side() == Some(side) {
                format!("{name} (you)")
            } else {
                name
            }
        })
    });
    let invite = api::invite_url(&id);
    let invite_for_copy = invite.clone();
    let copied = RwSignal::new(false);
    let copy_invite = move |_| {
        if let Some(window) = web_sys::window() {
            let _ = window.navigator().clipboard().write_text(&invite_for_copy);
            copied.set(true);
        }
    };
    let act = Callback::new(move |message: ClientMessage| {
        if !send(&message) {
            store.tell("Not connected to the game server: try again once reconnected.".to_owned());
        }
    });
    let over = move || game.with(|g| g.status == GameStatus::Finished);
    let pgn = {
        let site = invite.clone();
        move || {
            game.with(|g| {
                let name = |side: Side| {
                    g.player(side)
                        .name
                        .clone()
                        .unwrap_or_else(|| "Anonymous".to_owned())
                };
                let mut tags = crate::game::pgn_tags();
                tags.event = "Casual game".to_owned();
                tags.site.clone_from(&site);
                tags.white = name(Side::White);
                tags.black = name(Side::Black);
                review.pgn_tagged(&tags)
            })
        }
    };

    view! {
        <section class="game-page online-page" data-testid="play-page">
            <h1 class="visually-hidden">"Play a friend online"</h1>
            <Notice />
            {move || match phase.get() {
                Phase::Stopped(reason) => Some(view! {
                    <div class="notice server-notice" data-testid="server-notice" role="alert">
                        <span>{reason}</span>
                        {move || token.with_value(Option::is_none).then(|| view! {
                            <button type="button" data-testid="retry" on:click=move |_| join()>
                                "Try again"
                            </button>
                        })}
                    </div>
                }),
                _ => None,
            }}
            <Show when=move || game.with(|g| g.status == GameStatus::Waiting && g.my_side().is_some())>
                <div class="invite" data-testid="invite">
                    <p>"Waiting for your friend. Send them this link:"</p>
                    <input type="text" readonly data-testid="invite-link" prop:value=invite.clone()
                        on:focus=move |ev| {
                            use wasm_bindgen::JsCast;
                            if let Some(input) = ev.target()
                                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                            {
                                input.select();
                            }
                        } />
                    <button type="button" data-testid="copy-invite" on:click=copy_invite.clone()>
                        {move || if copied.get() { "Copied" } else { "Copy link" }}
                    </button>
                </div>
            </Show>
            <div class="game-layout">
                <div class="board-stack">
                    <Later piece=Piece::Board>
                        <BoardArea
                            movable=Signal::derive(movable)
                            player_names=names
                            arrow=Signal::derive(move || review.arrow())
                            preview=review.preview()
                        />
                    </Later>
                </div>
                <aside class="side-panel">
                    <Later piece=Piece::SidePanel>
                        <div class="online-bar">
                            <p class="online-state" data-testid="online-state" data-state=state_code
                                data-seat=seat_code>
                                {state_text}
                            </p>
                            <span class="connection" data-testid="connection"
                                data-connected=move || connected.get().to_string()
                                class:down=move || !connected.get()>
                                {move || if connected.get() { "connected" } else { "reconnecting…" }}
                            </span>
                            <span class="opponent-presence" data-testid="opponent-presence"
                                data-present=move || opponent_present().to_string()
                                class:away=move || !opponent_present() && opponent_joined()>
                                {move || match (opponent_present(), opponent_joined()) {
                                    (true, _) => "Opponent here",
                                    (false, true) => "Opponent away",
                                    (false, false) => "Not joined yet",
                                }}
                            </span>
                            <span class="spectators" data-testid="spectators"
                                data-count=move || game.with(|g| g.spectators).to_string()>
                                {move || format!("{} watching", game.with(|g| g.spectators))}
                            </span>
                        </div>
                        <Show when=move || game.with(|g| g.status != GameStatus::Aborted)>
                            <StatusLine />
                        </Show>
                        <HistoryNav />
                        <MoveList notes=review.move_notes() />
                        <OnlineControls game=game now=now act=act />
                        <Show when=over>
                            <ReviewPanel
                                review=review.review()
                                viewed=Signal::derive(move || store.ply())
                                on_go=Callback::new(move |ply| store.view(ply))
                            />
                        </Show>
                        <PgnFen
                            export=Signal::derive(pgn.clone())
                            import_refusal="An online game cannot be replaced by a pasted game."
                            setup=Callback::new(|_: String| {
                                Err("An online game cannot be set up from a position.".to_owned())
                            })
                        />
                    </Later>
                </aside>
            </div>
            <MoveAnnouncer />
        </section>
    }
}
