//! PGN export: the Seven Tag Roster, the result, set-up and clock tags, and
//! movetext wrapped at 80 columns.

use shakmaty::{Color, Position};

use crate::{Game, format_clock};

/// The tags of a PGN that the game itself does not know: event, players, ...
///
/// [`Default`] gives the PGN standard's "unknown" values (`?`, `????.??.??`).
/// `Result`, `SetUp`, `FEN`, `TimeControl` and `Termination` are always
/// derived from the game; entries with those names in `extra` are ignored on
/// export (and never put there on import).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnTags {
    /// `Event`, e.g. `"Casual game"`.
    pub event: String,
    /// `Site`, e.g. a URL or a city.
    pub site: String,
    /// `Date` as `YYYY.MM.DD`, with `??` for unknown parts.
    pub date: String,
    /// `Round`.
    pub round: String,
    /// `White`: the name of the player with the white pieces.
    pub white: String,
    /// `Black`: the name of the player with the black pieces.
    pub black: String,
    /// Further tags in order, exported after the Seven Tag Roster.
    pub extra: Vec<(String, String)>,
}

impl Default for PgnTags {
    fn default() -> PgnTags {
        PgnTags {
            event: "?".to_owned(),
            site: "?".to_owned(),
            date: "????.??.??".to_owned(),
            round: "?".to_owned(),
            white: "?".to_owned(),
            black: "?".to_owned(),
            extra: Vec::new(),
        }
    }
}

/// Tags computed from the game, never taken from [`PgnTags::extra`].
pub(crate) const DERIVED_TAGS: [&str; 11] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "SetUp",
    "FEN",
    "TimeControl",
    "Termination",
];

const MAX_LINE: usize = 80;

/// What an annotated export adds after one move: NAGs (`$2`) and `[%…]`
/// commands, written in one comment before the clock.
#[derive(Debug, Default)]
pub(crate) struct MoveExtras {
    pub(crate) nags: Vec<u8>,
    pub(crate) commands: Vec<String>,
}

impl Game {
    /// The game as PGN.
    ///
    /// The Seven Tag Roster comes first (unknown values as `?`), then the
    /// `extra` tags, `SetUp "1"` and `FEN` when the game did not start from the
    /// standard position, `TimeControl` when the game has one, and
    /// `Termination` once the game is over. Each ply with a clock reading is
    /// followed by a `{ [%clk h:mm:ss] }` comment. Movetext lines are at most 80
    /// characters and end with the result (`*` while the game is in progress).
    pub fn to_pgn(&self, tags: &PgnTags) -> String {
        self.to_pgn_with(tags, &|_| MoveExtras::default())
    }

    /// As [`to_pgn`](Game::to_pgn), with NAGs and `[%…]` commands after
    /// each move from `extras` (given the 0-based index of the ply).
    pub(crate) fn to_pgn_with(
        &self,
        tags: &PgnTags,
        extras: &dyn Fn(usize) -> MoveExtras,
    ) -> String {
        let mut out = String::new();
        let seven = [
            ("Event", &tags.event),
            ("Site", &tags.site),
            ("Date", &tags.date),
            ("Round", &tags.round),
            ("White", &tags.white),
            ("Black", &tags.black),
        ];
        for (name, value) in seven {
            push_tag(&mut out, name, value);
        }
        push_tag(&mut out, "Result", self.result_str());
        for (name, value) in &tags.extra {
            if is_tag_name(name) && !DERIVED_TAGS.contains(&name.as_str()) {
                push_tag(&mut out, name, value);
            }
        }
        if !self.is_standard_start() {
            push_tag(&mut out, "SetUp", "1");
            push_tag(&mut out, "FEN", &self.start_fen());
        }
        if let Some(time_control) = self.time_control() {
            push_tag(&mut out, "TimeControl", &time_control.to_string());
        }
        if let Some(outcome) = self.outcome() {
            push_tag(&mut out, "Termination", outcome.termination());
        }
        out.push('\n');
        wrap(&mut out, &self.movetext_tokens(extras));
        out
    }

    /// Move numbers, moves, clock comments and the result, one token each.
    fn movetext_tokens(&self, extras: &dyn Fn(usize) -> MoveExtras) -> Vec<String> {
        let mut tokens = Vec::new();
        let mut need_number = true;
        for (index, ply) in self.plies().iter().enumerate() {
            let before = self.position_at(index);
            let number = before.fullmoves();
            match before.turn() {
                Color::White => tokens.push(format!("{number}.")),
                Color::Black if need_number => tokens.push(format!("{number}...")),
                Color::Black => {}
            }
            tokens.push(ply.san.clone());
            need_number = false;
            let MoveExtras { nags, mut commands } = extras(index);
            tokens.extend(nags.iter().map(|nag| format!("${nag}")));
            if let Some(ms) = ply.clock_ms {
                commands.push(format!("[%clk {}]", format_clock(ms)));
            }
            if !commands.is_empty() {
                tokens.push(format!("{{ {} }}", commands.join(" ")));
                need_number = true;
            }
        }
        tokens.push(self.result_str().to_owned());
        tokens
    }
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for ch in value.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' | '\t' => out.push(' '),
            _ => out.push(ch),
        }
    }
    out.push_str("\"]\n");
}

/// PGN tag names are letters, digits and underscores, starting with a letter or digit.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Joins tokens with spaces into lines of at most [`MAX_LINE`] characters.
fn wrap(out: &mut String, tokens: &[String]) {
    let mut line_len = 0;
    for token in tokens {
        let len = token.chars().count();
        if line_len > 0 && line_len + 1 + len > MAX_LINE {
            out.push('\n');
            line_len = 0;
        }
        if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(token);
        line_len += len;
    }
    out.push('\n');
}
