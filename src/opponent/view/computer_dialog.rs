//! The "play the computer" dialog: strength 1–8 or one of the weak bots (each with its
//! measured rating), colour, engine (built-in or Stockfish over REST with its endpoint,
//! for the levels) and time control. The choices are remembered by the caller.

use leptos::prelude::*;

use crate::game::clock::CONTROL_CHOICES;
use crate::opponent::levels::{
    ANCHOR_FLOOR, BOT_ELO, RATING_NOTE, level_elo, level_label, rating_label,
};
use crate::opponent::settings::{ColorChoice, ComputerSettings, EngineChoice};

/// The dialog; `on_start` receives the chosen settings, `on_cancel` closes it.
#[component]
pub fn ComputerDialog(
    /// The choices shown first (the remembered ones).
    initial: ComputerSettings,
    /// Start a game with these settings.
    on_start: Callback<ComputerSettings>,
    /// Close without starting.
    on_cancel: Callback<()>,
) -> impl IntoView {
    let settings = RwSignal::new(initial);
    let level_buttons = (1..=8u8)
        .map(|level| {
            view! {
                <button
                    type="button"
                    class="choice-chip level-chip"
                    data-level=level.to_string()
                    data-rating=level_elo(level).to_string()
                    aria-pressed=move || {
                        settings.with(|s| s.bot.is_none() && s.level == level).to_string()
                    }
                    on:click=move |_| {
                        settings.update(|s| {
                            s.level = level;
                            s.bot = None;
                        })
                    }
                >
                    <span class="level-number">{level}</span>
                    <span class="level-label">{level_label(level)}</span>
                </button>
            }
        })
        .collect_view();
    // The bots, weakest first: in the order of their ratings' table (no sort here, whose
    // code the page would download for this list alone).
    let bot_buttons = BOT_ELO
        .iter()
        .filter_map(|&(name, elo)| gambit_protocol::bot_profile(name).map(|bot| (bot, elo)))
        .map(|(bot, elo)| {
            let name = bot.name;
            view! {
                <button
                    type="button"
                    class="choice-chip bot-chip"
                    data-bot=name
                    data-rating=elo.to_string()
                    title=bot.description
                    aria-pressed=move || {
                        settings.with(|s| s.bot.as_deref() == Some(name)).to_string()
                    }
                    on:click=move |_| settings.update(|s| s.bot = Some(name.to_owned()))
                >
                    <img class="bot-portrait" src=format!("public/bots/{name}.svg") alt="" width="40" height="40" />
                    <span class="bot-name">{bot.display_name}</span>
                    <span class="level-label">{rating_label(elo.into())}</span>
                </button>
            }
        })
        .collect_view();
    let chosen_bot =
        move || settings.with(|s| s.bot.as_deref().and_then(gambit_protocol::bot_profile));
    let color_buttons = [
        (ColorChoice::White, "white", "White"),
        (ColorChoice::Random, "random", "Random"),
        (ColorChoice::Black, "black", "Black"),
    ]
    .map(|(choice, code, text)| {
        view! {
            <button
                type="button"
                class="choice-chip"
                data-color=code
                aria-pressed=move || (settings.with(|s| s.color) == choice).to_string()
                on:click=move |_| settings.update(|s| s.color = choice)
            >
                {text}
            </button>
        }
    });
    let engine_buttons = [
        (EngineChoice::Builtin, "builtin", "Built-in (offline)"),
        (EngineChoice::Stockfish, "stockfish", "Stockfish online"),
    ]
    .map(|(choice, code, text)| {
        view! {
            <button
                type="button"
                class="choice-chip"
                data-engine=code
                aria-pressed=move || (settings.with(|s| s.engine) == choice).to_string()
                on:click=move |_| settings.update(|s| s.engine = choice)
            >
                {text}
            </button>
        }
    });
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
                <button
                    type="button"
                    class="choice-chip"
                    data-time-control=code
                    aria-pressed=move || (settings.with(|s| s.time_control == selected)).to_string()
                    on:click=move |_| settings.update(|s| s.time_control = value.clone())
                >
                    {text}
                </button>
            }
        })
        .collect_view();
    view! {
        <div class="dialog-backdrop">
            <div
                class="dialog computer-dialog"
                data-testid="computer-dialog"
                role="dialog"
                aria-modal="true"
                aria-labelledby="computer-dialog-title"
            >
                <h2 id="computer-dialog-title">"Play the computer"</h2>
                <fieldset>
                    <legend>"Strength"</legend>
                    <div class="chips levels">{level_buttons}</div>
                </fieldset>
                <fieldset>
                    <legend>"Or a bot for a first game"</legend>
                    <div class="chips bots">{bot_buttons}</div>
                    <p class="bot-description" data-testid="bot-description" aria-live="polite">
                        {move || chosen_bot().map(|bot| format!("{}: {}", bot.display_name, bot.description))}
                    </p>
                    <p class="muted rating-note" title=RATING_NOTE>
                        {format!(
                            "Ratings below {ANCHOR_FLOOR} are extrapolated on an engine scale, \
                             not human ratings."
                        )}
                    </p>
                </fieldset>
                <fieldset>
                    <legend>"Your colour"</legend>
                    <div class="chips">{color_buttons}</div>
                </fieldset>
                <fieldset hidden=move || chosen_bot().is_some()>
                    <legend>"Engine"</legend>
                    <div class="chips">{engine_buttons}</div>
                    <Show when=move || settings.with(|s| s.engine == EngineChoice::Stockfish)>
                        <label class="endpoint">
                            <span>"Stockfish REST address"</span>
                            <input
                                type="url"
                                data-testid="rest-endpoint"
                                prop:value=move || settings.with(|s| s.endpoint.clone())
                                on:input=move |ev| {
                                    let value = event_target_value(&ev);
                                    settings.update(|s| s.endpoint = value);
                                }
                            />
                            <small>"The app asks {address}/api/s/v2.php."</small>
                        </label>
                    </Show>
                </fieldset>
                <fieldset>
                    <legend>"Time control"</legend>
                    <div class="chips">{time_buttons}</div>
                </fieldset>
                <div class="dialog-actions">
                    <button type="button" data-testid="cancel-dialog" on:click=move |_| on_cancel.run(())>
                        "Cancel"
                    </button>
                    <button
                        type="button"
                        class="primary"
                        data-testid="start-game"
                        on:click=move |_| on_start.run(settings.get_untracked().sanitised())
                    >
                        "Start"
                    </button>
                </div>
            </div>
        </div>
    }
}
