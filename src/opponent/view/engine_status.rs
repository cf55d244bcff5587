//! What the computer is doing: thinking (with depth and evaluation), waiting for the
//! person, or stopped by a failure (with the way out: the built-in engine, or a
//! restarted worker).

use gambit_protocol::Score;
use leptos::prelude::*;

use crate::opponent::controller::Controller;
use crate::opponent::settings::EngineChoice;

/// An evaluation for people, from White's point of view: "+0.35", "−1.20", "#3".
pub fn describe_score(score: Score, white_to_move: bool) -> String {
    let sign = if white_to_move { 1 } else { -1 };
    match score {
        // In whole centipawns: no float formatting in the pages that show it.
        Score::Cp(cp) => {
            let cp = i64::from(cp) * i64::from(sign);
            let mark = if cp >= 0 { "+" } else { "−" };
            let cp = cp.unsigned_abs();
            format!("{mark}{}.{:02}", cp / 100, cp % 100)
        }
        Score::Mate(moves) => format!("#{}", moves * sign),
    }
}

/// The engine's status line and its failure panel.
#[component]
pub fn EngineStatus() -> impl IntoView {
    let Some(controller) = use_context::<Controller>() else {
        return ().into_any();
    };
    let thinking = move || controller.thinking().with(Option::is_some);
    let text = move || {
        let Some(opponent) = controller.opponent().get() else {
            return "Choose your opponent to start.".to_owned();
        };
        if let Some(bot) = opponent.bot_profile() {
            return if controller.thinking().with(Option::is_some) {
                format!("{} is thinking…", bot.display_name)
            } else {
                format!("{} (a bot of the built-in engine)", bot.display_name)
            };
        }
        let engine = match opponent.engine {
            EngineChoice::Builtin => "built-in engine",
            EngineChoice::Stockfish => "Stockfish",
        };
        match controller.thinking().get() {
            Some(thinking) => {
                let white_to_move = controller.store.game().with(|g| g.turn().is_white());
                let detail = match (thinking.depth, thinking.score) {
                    (depth, Some(score)) if depth > 0 => {
                        format!(" depth {depth}, {}", describe_score(score, white_to_move))
                    }
                    _ => String::new(),
                };
                format!("Level {} ({engine}) is thinking…{detail}", opponent.level)
            }
            None => format!("Level {} ({engine})", opponent.level),
        }
    };
    view! {
        <p
            class="engine-status"
            class:thinking=thinking
            data-testid="engine-status"
            data-thinking=move || thinking().to_string()
            data-worker-version=move || controller.worker_version().get()
            aria-live="polite"
        >
            {text}
        </p>
        {move || controller.failure().get().map(|failure| {
            let rest = failure.is_rest();
            view! {
                <div class="engine-error" data-testid="engine-error" role="alert">
                    <p>{failure.to_string()}</p>
                    <p class="muted">"Your game is kept."</p>
                    {if rest {
                        view! {
                            <button type="button" class="primary" data-testid="use-builtin"
                                on:click=move |_| controller.use_builtin()>
                                "Continue with the built-in engine"
                            </button>
                        }.into_any()
                    } else {
                        view! {
                            <button type="button" class="primary" data-testid="restart-engine"
                                on:click=move |_| controller.restart_engine()>
                                "Restart the engine"
                            </button>
                        }.into_any()
                    }}
                </div>
            }
        })}
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_from_whites_side() {
        assert_eq!(describe_score(Score::Cp(35), true), "+0.35");
        assert_eq!(describe_score(Score::Cp(35), false), "−0.35");
        assert_eq!(describe_score(Score::Cp(-120), true), "−1.20");
        assert_eq!(describe_score(Score::Mate(3), false), "#-3");
        assert_eq!(describe_score(Score::Mate(2), true), "#2");
    }
}
