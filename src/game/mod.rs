//! The reactive game around `gambit_rules::Game`: the store the pages share, the
//! clocks, and what is kept in `localStorage`; and in [`view`](mod@view) what the game pages show
//! of it (the board with its player bars, the move list, the controls).

pub mod clock;
pub mod color_serde;
pub mod computer_opponent;
pub mod persistence;
pub mod premove;
pub mod saved;
pub mod store;
pub mod stored_time;
pub mod view;

/// The PGN tags of a game played here: Event, Site and today's date.
pub fn pgn_tags() -> gambit_rules::PgnTags {
    let today = js_sys::Date::new_0();
    gambit_rules::PgnTags {
        event: "Casual game".to_owned(),
        site: "Gambit".to_owned(),
        date: format!(
            "{:04}.{:02}.{:02}",
            today.get_full_year(),
            today.get_month() + 1,
            today.get_date()
        ),
        round: "-".to_owned(),
        white: "White".to_owned(),
        black: "Black".to_owned(),
        extra: Vec::new(),
    }
}
