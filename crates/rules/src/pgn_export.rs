//! PGN export: the Seven Tag Roster, the result, set-up and clock tags, and
//! movetext wrapped at 80 columns.

use shakmaty::{Chess, Color, Position};

use crate::{Game, Outcome, Ply, TimeControl, format_clock};

/// The tags of a PGN that the game itself does not know: event, players, ...
///
/// [`Default`] gives the PGN standard's "unknown" values (`?`, `????.??.??`).
/// `Result`, `SetUp`, `FEN`, `TimeControl` and `Termination` are always
/// derived from the game; entries with those names in `extra` are ignored on
/// export (and never put there on import).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// What an annotated export adds after one move: NAGs (`$2`), a comment's
/// text and `[%…]` commands (the clock is added from the ply).
#[derive(Debug, Default)]
pub(crate) struct MoveExtras {
    pub(crate) nags: Vec<u8>,
    pub(crate) text: Option<String>,
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

    /// As [`to_pgn`](Game::to_pgn), with NAGs, comments and `[%…]` commands
    /// after each move from `extras` (given the 0-based index of the ply).
    pub(crate) fn to_pgn_with(
        &self,
        tags: &PgnTags,
        extras: &dyn Fn(usize) -> MoveExtras,
    ) -> String {
        let mut out = String::new();
        push_header(
            &mut out,
            tags,
            &Header {
                result: self.result_str(),
                start_fen: (!self.is_standard_start()).then(|| self.start_fen()),
                time_control: self.time_control(),
                termination: self.outcome().map(Outcome::termination),
            },
        );
        let mut movetext = Movetext::default();
        let mut need_number = true;
        for (index, ply) in self.plies().iter().enumerate() {
            need_number =
                movetext.push_move(self.position_at(index), ply, extras(index), need_number);
        }
        movetext.push(self.result_str().to_owned());
        wrap(&mut out, &movetext.tokens);
        out
    }
}

/// What the tag section says besides [`PgnTags`].
pub(crate) struct Header {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub(crate) result: &'static str,
    /// The start FEN when it is not the standard one (written with `SetUp`).
    pub(crate) start_fen: Option<String>,
    pub(crate) time_control: Option<TimeControl>,
    /// How the game ended, once it has.
    pub(crate) termination: Option<&'static str>,
}

/// Writes the tag section and the blank line after it.
pub(crate) fn push_header(out: &mut String, tags: &PgnTags, header: &Header) {
    let seven = [
        ("Event", &tags.event),
        ("Site", &tags.site),
        ("Date", &tags.date),
        ("Round", &tags.round),
        ("White", &tags.white),
        ("Black", &tags.black),
    ];
    for (name, value) in seven {
        push_tag(out, name, value);
    }
    push_tag(out, "Result", header.result);
    for (name, value) in &tags.extra {
        if is_tag_name(name) && !DERIVED_TAGS.contains(&name.as_str()) {
            push_tag(out, name, value);
        }
    }
    if let Some(fen) = &header.start_fen {
        push_tag(out, "SetUp", "1");
        push_tag(out, "FEN", fen);
    }
    if let Some(time_control) = header.time_control {
        push_tag(out, "TimeControl", &time_control.to_string());
    }
    if let Some(termination) = header.termination {
        push_tag(out, "Termination", termination);
    }
    out.push('\n');
}

/// Movetext as tokens (move numbers, moves, NAGs, comments, variations and
/// the result), joined with spaces by [`wrap`]. A variation's parentheses
/// stick to its first and last tokens: `(1... c5 2. Nf3)`.
#[derive(Debug, Default)]
pub(crate) struct Movetext {
    pub(crate) tokens: Vec<String>,
    /// A `(` waiting for the token it opens.
    open: bool,
}

impl Movetext {
    /// Adds one token.
    pub(crate) fn push(&mut self, token: String) {
        if std::mem::take(&mut self.open) {
            self.tokens.push(format!("({token}"));
        } else {
            self.tokens.push(token);
        }
    }

    /// Opens a variation before the next token.
    pub(crate) fn open_variation(&mut self) {
        self.open = true;
    }

    /// Closes the variation after the last token.
    pub(crate) fn close_variation(&mut self) {
        // An empty variation (nothing after its `(`) is not written at all.
        if let (false, Some(last)) = (std::mem::take(&mut self.open), self.tokens.last_mut()) {
            last.push(')');
        }
    }

    /// Adds the move `ply`, played in `before`, with its move number (always
    /// before White's move, before Black's when `need_number`), its NAGs and
    /// its comments. Returns whether the next move needs its number, which it
    /// does after a comment.
    pub(crate) fn push_move(
        &mut self,
        before: &Chess,
        ply: &Ply,
        extras: MoveExtras,
        need_number: bool,
    ) -> bool {
        let number = before.fullmoves();
        match before.turn() {
            Color::White => self.push(format!("{number}.")),
            Color::Black if need_number => self.push(format!("{number}...")),
            Color::Black => {}
        }
        self.push(ply.san.clone());
        let MoveExtras {
            nags,
            text,
            mut commands,
        } = extras;
        for nag in nags {
            self.push(format!("${nag}"));
        }
        if let Some(ms) = ply.clock_ms {
            commands.push(format!("[%clk {}]", format_clock(ms)));
        }
        self.push_comments(text.as_deref(), &commands)
    }

    /// Adds a comment's text as `{ text }`, then the commands in one
    /// `{ [%eval 0.31] [%clk 0:03:00] }`; returns whether anything was written.
    pub(crate) fn push_comments(&mut self, text: Option<&str>, commands: &[String]) -> bool {
        let mut commented = false;
        if let Some(text) = text.map(comment_text).filter(|t| !t.is_empty()) {
            self.push(format!("{{ {text} }}"));
            commented = true;
        }
        if !commands.is_empty() {
            self.push(format!("{{ {} }}", commands.join(" ")));
            commented = true;
        }
        commented
    }
}

/// A comment's text made safe inside `{ }`: braces become parentheses, `[%`
/// loses its meaning as a command, and spaces are collapsed.
fn comment_text(text: &str) -> String {
    text.replace('{', "(")
        .replace('}', ")")
        .replace("[%", "[ %")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
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
pub(crate) fn wrap(out: &mut String, tokens: &[String]) {
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
