//! A piece image: the project's own SVGs, chosen by a `data-piece` code in CSS; a
//! piece that has just moved slides onto its square.

use gambit_rules::shakmaty::{Color, Piece, Role};
use js_sys::{Array, Function, Object, Reflect};
use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// The `data-piece` code of a piece (docs/architecture.md, "Test attributes"): colour
/// letter and SAN letter, e.g. `wN`, `bP`.
pub fn piece_code(piece: Piece) -> String {
    let colour = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    format!("{colour}{}", piece.role.upper_char())
}

/// The piece's name in words, e.g. "white knight".
pub fn piece_name(piece: Piece) -> String {
    let colour = match piece.color {
        Color::White => "white",
        Color::Black => "black",
    };
    let role = match piece.role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    };
    format!("{colour} {role}")
}

/// How long a moved piece takes to slide onto its square.
const SLIDE_MS: f64 = 150.0;

/// The transform a piece slides in from: `offset` squares (columns, rows) away.
fn slide_start((columns, rows): (i8, i8)) -> String {
    format!(
        "translate({}%, {}%)",
        i32::from(columns) * 100,
        i32::from(rows) * 100
    )
}

thread_local! {
    /// The query for less motion, made once: it follows the user's setting by itself.
    static LESS_MOTION: Option<web_sys::MediaQueryList> = web_sys::window()
        .and_then(|window| window.match_media("(prefers-reduced-motion: reduce)").ok())
        .flatten();
}

/// Whether the user asked for less motion.
fn reduced_motion() -> bool {
    LESS_MOTION.with(|query| query.as_ref().is_some_and(web_sys::MediaQueryList::matches))
}

/// Slides `element` in from `offset` squares away with the Web Animations API: a
/// transform animation with fixed keyframes, which the compositor runs without
/// restyling the page on every frame. Nothing happens when the user asked for less
/// motion.
pub fn slide_in(element: &web_sys::Element, offset: (i8, i8)) -> Result<(), JsValue> {
    if reduced_motion() {
        return Ok(());
    }
    let keyframe = |transform: &str| -> Result<JsValue, JsValue> {
        let frame = Object::new();
        Reflect::set(&frame, &"transform".into(), &transform.into())?;
        Ok(frame.into())
    };
    let keyframes = Array::of2(&keyframe(&slide_start(offset))?, &keyframe("none")?);
    let options = Object::new();
    Reflect::set(&options, &"duration".into(), &SLIDE_MS.into())?;
    Reflect::set(&options, &"easing".into(), &"ease-out".into())?;
    let animate: Function = Reflect::get(element, &"animate".into())?.dyn_into()?;
    animate.call2(element, &keyframes, &options)?;
    Ok(())
}

/// One piece, drawn outside the board (captured pieces, the promotion choices).
#[component]
pub fn PieceView(
    /// The piece to draw.
    piece: Piece,
) -> impl IntoView {
    view! { <div class="piece" data-piece=piece_code(piece)></div> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_the_design_table() {
        assert_eq!(piece_code(Color::White.knight()), "wN");
        assert_eq!(piece_code(Color::Black.pawn()), "bP");
        assert_eq!(piece_code(Color::Black.king()), "bK");
    }

    #[test]
    fn a_slide_starts_whole_squares_away() {
        assert_eq!(slide_start((-1, 2)), "translate(-100%, 200%)");
        assert_eq!(slide_start((0, -7)), "translate(0%, -700%)");
    }
}
