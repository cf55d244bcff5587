//! The status line (side to move, check, or the result with its reason) and a
//! screen-reader live region that announces each move in words.

use gambit_rules::Game;
use gambit_rules::shakmaty::{Color, Position};
use leptos::prelude::*;

use crate::game::store::GameStore;

/// "White" or "Black".
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The game's status: `data-result` is `*` while it goes on.
#[component]
pub fn GameStatus() -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
    let result = move || store.game().with(Game::result_str);
    let text = move || match store.outcome() {
        Some(outcome) => outcome.describe(),
        None => store.game().with(|game| {
            let position = game.position_at(game.len());
            let side = color_name(position.turn());
            if position.is_check() {
                format!("{side} to move — check")
            } else {
                format!("{side} to move")
            }
        }),
    };
    view! {
        <p
            class="game-status"
            class:over=move || store.outcome().is_some()
            data-testid="game-status"
            data-result=result
        >
            {text}
        </p>
    }
    .into_any()
}

/// Announces the last move to screen readers ("White: knight f3, check").
#[component]
pub fn MoveAnnouncer() -> impl IntoView {
    let Some(store) = use_context::<GameStore>() else {
        return ().into_any();
    };
    let announcement = move || {
        store.game().with(|game| {
            let len = game.len();
            let last = game.plies().last()?;
            let mover = color_name(game.side_to_move(len - 1));
            let mut words = format!("{mover}: {}", san_in_words(&last.san));
            if let Some(outcome) = game.outcome() {
                words.push_str(". ");
                words.push_str(&outcome.describe());
            }
            Some(words)
        })
    };
    view! {
        <p class="visually-hidden" aria-live="polite" data-testid="move-announcer">
            {announcement}
        </p>
    }
    .into_any()
}

/// SAN spelled out for a screen reader: "Nxf3+" → "knight takes f3, check".
pub fn san_in_words(san: &str) -> String {
    if san.starts_with("O-O-O") {
        return with_suffix("castles queenside", san);
    }
    if san.starts_with("O-O") {
        return with_suffix("castles kingside", san);
    }
    let mut words = Vec::new();
    let body = san.trim_end_matches(['+', '#']);
    let (body, promotion) = match body.split_once('=') {
        Some((body, piece)) => (body, Some(piece)),
        None => (body, None),
    };
    let mut chars = body.chars().peekable();
    let piece = match chars.peek() {
        Some('N') => Some("knight"),
        Some('B') => Some("bishop"),
        Some('R') => Some("rook"),
        Some('Q') => Some("queen"),
        Some('K') => Some("king"),
        _ => None,
    };
    if piece.is_some() {
        chars.next();
    }
    words.push(piece.unwrap_or("pawn").to_owned());
    let rest: String = chars.collect();
    match rest.split_once('x') {
        Some((from, to)) => {
            if !from.is_empty() {
                words.push(format!("from {from}"));
            }
            words.push(format!("takes {to}"));
        }
        None => words.push(rest),
    }
    if let Some(piece) = promotion {
        let name = match piece {
            "N" => "knight",
            "B" => "bishop",
            "R" => "rook",
            _ => "queen",
        };
        words.push(format!("promotes to {name}"));
    }
    with_suffix(&words.join(" "), san)
}

fn with_suffix(words: &str, san: &str) -> String {
    if san.ends_with('#') {
        format!("{words}, checkmate")
    } else if san.ends_with('+') {
        format!("{words}, check")
    } else {
        words.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::san_in_words;

    #[test]
    fn spells_out_san() {
        assert_eq!(san_in_words("e4"), "pawn e4");
        assert_eq!(san_in_words("Nxf3+"), "knight takes f3, check");
        assert_eq!(san_in_words("exd6"), "pawn from e takes d6");
        assert_eq!(san_in_words("e8=N+"), "pawn e8 promotes to knight, check");
        assert_eq!(san_in_words("O-O-O#"), "castles queenside, checkmate");
        assert_eq!(san_in_words("O-O"), "castles kingside");
        assert_eq!(san_in_words("Qh4#"), "queen h4, checkmate");
    }
}
