//! "Play a friend online": the button and its dialog (time control, colour, an optional
//! display name). Creating asks the server for a game, keeps the seat token in this
//! browser and opens the game's page, where the invitation link waits for the friend.

use gambit_online_protocol::{ColorChoice, CreateGame, MAX_NAME_CHARS, TimeControlSpec};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::use_navigate;

use super::api::create_game;
use super::seats::{self, SeatRecord};
use crate::chunks::Chunk;
use crate::game::clock::{CONTROL_CHOICES, parse_control};
use crate::prefs::OnlineName;

/// The protocol's time control of a "minutes+seconds" label.
pub fn spec_of_label(label: &str) -> Option<TimeControlSpec> {
    let control = parse_control(label)?;
    Some(TimeControlSpec {
        initial_s: u32::try_from(control.initial_ms / 1000).ok()?,
        increment_s: u32::try_from(control.increment_ms / 1000).ok()?,
    })
}

/// Closes the online dialog: what its view in the `online_dialog` chunk is given.
#[derive(Clone, Copy)]
struct CloseOnlineDialog(Callback<()>);

/// The "Play a friend online" button, which opens the dialog. The dialog is in the
/// page's `online_dialog` chunk, fetched when it is first opened.
#[component]
pub fn PlayOnlineButton() -> impl IntoView {
    let open = RwSignal::new(false);
    let close = CloseOnlineDialog(Callback::new(move |()| open.set(false)));
    view! {
        <button type="button" class="play-online" data-testid="play-online"
            on:click=move |_| open.set(true)>
            "Play a friend online"
        </button>
        <Show when=move || open.get()>
            // In the shown dialog's own scope: every button has its own.
            {provide_context(close);
            view! { <Chunk load=online_dialog /> }}
        </Show>
    }
}

crate::chunk_view!(
    /// The dialog of the [`PlayOnlineButton`] in context.
    fn online_dialog() in online_dialog {
        use_context::<CloseOnlineDialog>()
            .map(|CloseOnlineDialog(close)| view! { <OnlineDialog on_cancel=close /> })
    }
);

/// The dialog that creates an online game.
#[component]
pub fn OnlineDialog(
    /// Close without creating.
    on_cancel: Callback<()>,
) -> impl IntoView {
    let control = RwSignal::new(Some("5+3".to_owned()));
    let color = RwSignal::new(ColorChoice::Random);
    let remembered = OnlineName::from_context();
    let name = RwSignal::new(remembered.get().unwrap_or_default());
    let busy = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let navigate = use_navigate();

    let time_buttons = std::iter::once(("none", None))
        .chain(
            CONTROL_CHOICES
                .iter()
                .map(|label| (*label, Some(label.to_string()))),
        )
        .map(|(code, value)| {
            let text = if value.is_none() { "No clock" } else { code };
            let selected = value.clone();
            view! {
                <button type="button" class="choice-chip" data-time-control=code
                    aria-pressed=move || (control.with(|c| *c == selected)).to_string()
                    on:click=move |_| control.set(value.clone())>
                    {text}
                </button>
            }
        })
        .collect_view();
    let color_buttons = [
        (ColorChoice::White, "white", "White"),
        (ColorChoice::Random, "random", "Random"),
        (ColorChoice::Black, "black", "Black"),
    ]
    .map(|(choice, code, text)| {
        view! {
            <button type="button" class="choice-chip" data-color=code
                aria-pressed=move || (color.get() == choice).to_string()
                on:click=move |_| color.set(choice)>
                {text}
            </button>
        }
    });

    let create = move |_| {
        if busy.get_untracked() {
            return;
        }
        let time_control = control.get_untracked().as_deref().and_then(spec_of_label);
        let typed = name.get_untracked();
        let Ok(name) = gambit_online_protocol::clean_name(Some(&typed)) else {
            error.set(Some(format!(
                "A name has at most {MAX_NAME_CHARS} characters."
            )));
            return;
        };
        let body = CreateGame {
            time_control,
            color: color.get_untracked(),
            name: name.clone(),
        };
        remembered.remember(name.clone());
        busy.set(true);
        error.set(None);
        let navigate = navigate.clone();
        spawn_local(async move {
            let reply = create_game(&body).await;
            if busy.try_set(false).is_some() {
                // The dialog is gone (the page was left): nothing to show.
                return;
            }
            match reply {
                Ok(reply) => {
                    let record = SeatRecord {
                        token: reply.token,
                        side: reply.side,
                        name,
                        time_control,
                        created_ms: js_sys::Date::now(),
                        ongoing: true,
                    };
                    if let Err(reason) = seats::update(|seats| seats.insert(&reply.game_id, record))
                    {
                        error.set(Some(format!(
                            "The game was created, but this browser cannot keep your seat: \
                             {reason}."
                        )));
                        return;
                    }
                    navigate(&format!("/play/{}", reply.game_id), Default::default());
                }
                Err(failure) => error.set(Some(failure.words())),
            }
        });
    };

    view! {
        <div class="dialog-backdrop">
            <div class="dialog online-dialog" data-testid="online-dialog" role="dialog"
                aria-modal="true" aria-labelledby="online-dialog-title">
                <h2 id="online-dialog-title">"Play a friend online"</h2>
                <fieldset>
                    <legend>"Time control"</legend>
                    <div class="chips">{time_buttons}</div>
                </fieldset>
                <fieldset>
                    <legend>"Your colour"</legend>
                    <div class="chips">{color_buttons}</div>
                </fieldset>
                <label class="online-name">
                    <span>"Your name (optional)"</span>
                    <input type="text" data-testid="online-name" maxlength=MAX_NAME_CHARS
                        autocomplete="nickname"
                        prop:value=move || name.get()
                        on:input=move |ev| name.set(event_target_value(&ev)) />
                </label>
                {move || error.get().map(|message| view! {
                    <p class="notice" data-testid="notice" role="alert">{message}</p>
                })}
                <div class="dialog-actions">
                    <button type="button" data-testid="cancel-dialog"
                        on:click=move |_| on_cancel.run(())>
                        "Cancel"
                    </button>
                    <button type="button" class="primary" data-testid="online-create"
                        disabled=move || busy.get() on:click=create>
                        {move || if busy.get() { "Creating…" } else { "Create game" }}
                    </button>
                </div>
            </div>
        </div>
    }
}
