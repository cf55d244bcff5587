//! PGN reading, below the moves: splits the first game of a text into its
//! tags and the items of its movetext ([`Item`]), without checking any move.
//!
//! Gambit reads PGN itself rather than through a PGN library, so that the
//! page does not link shakmaty's precomputed attack tables (about 690 KiB of
//! wasm) that such a library asks for.
//!
//! The reading is lenient, as PGN found in the wild needs:
//! - a UTF-8 byte order mark, blank lines and `%` escape lines (a `%` at the
//!   start of a line) before the game are skipped;
//! - a tag line without a quoted value is skipped; a value may hold `\"` and
//!   `\\`; a value ends at its closing quote or at the end of its line;
//! - in the movetext, move numbers (`12.`, `12...`), dots and words that
//!   cannot be a move are skipped; `;` comments run to the end of their line;
//!   `!`, `?`, `!!`, `??`, `!?` and `?!` are read as their NAGs;
//! - results may be written with en or em dashes and `½`;
//! - the game ends at the end of the text, or at a line that is blank or
//!   starts with `[` (outside a `{ comment }`).
//!
//! Only an unterminated tag or comment is an error ([`SyntaxError`]).

use shakmaty::{
    CastlingSide, Color, KnownOutcome, Outcome,
    san::{San, SanPlus, Suffix},
};

/// One tag of the game, as written (the value with its escapes resolved).
pub(crate) struct Tag {
    /// The tag's name, e.g. `White`.
    pub(crate) name: String,
    /// The tag's value, e.g. `Kasparov, Garry`.
    pub(crate) value: String,
}

/// One element of the movetext, in the order written.
pub(crate) enum Item {
    /// A move, not yet checked.
    Move(SanPlus),
    /// A NAG (`$2`, or `?` read as 2).
    Nag(u8),
    /// The text of a `{ comment }`.
    Comment(String),
    /// `(`: a variation starts.
    Open,
    /// `)`: a variation ends (not necessarily matched).
    Close,
    /// A result token (`1-0`, `0-1`, `1/2-1/2` or `*`).
    Result(Outcome),
}

/// The first game of a text, read but not checked.
#[derive(Default)]
pub(crate) struct RawGame {
    /// The tags, in the order written.
    pub(crate) tags: Vec<Tag>,
    /// The movetext's items (variations included only when asked for).
    pub(crate) movetext: Vec<Item>,
}

/// Why a text cannot be read as PGN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SyntaxError {
    /// A `[` tag whose quoted value never ends.
    UnterminatedTag,
    /// A `{` comment that never ends.
    UnterminatedComment,
}

impl SyntaxError {
    /// The error in words.
    pub(crate) fn message(self) -> &'static str {
        match self {
            SyntaxError::UnterminatedTag => "unterminated tag",
            SyntaxError::UnterminatedComment => "unterminated comment",
        }
    }
}

/// Reads the first game of `text`: `None` when the text holds nothing but
/// blank space. With `keep_variations`, variations are kept as
/// [`Item::Open`] … [`Item::Close`]; otherwise they are skipped.
///
/// # Errors
///
/// [`SyntaxError`] for an unterminated tag or comment.
pub(crate) fn read_first_game(
    text: &str,
    keep_variations: bool,
) -> Result<Option<RawGame>, SyntaxError> {
    let mut lexer = Lexer {
        text: text.as_bytes(),
        at: 0,
        keep_variations,
    };
    lexer.eat(b"\xef\xbb\xbf");
    lexer.skip_blank(true);
    if lexer.peek().is_none() {
        return Ok(None);
    }
    let mut game = RawGame::default();
    lexer.read_tags(&mut game.tags)?;
    lexer.read_movetext(&mut game.movetext)?;
    Ok(Some(game))
}

/// A position in the text being read.
struct Lexer<'a> {
    /// The whole text.
    text: &'a [u8],
    /// The index of the next byte to read.
    at: usize,
    /// Whether variations are read (else skipped).
    keep_variations: bool,
}

impl Lexer<'_> {
    /// The next byte, if any.
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    /// The byte after the next one, if any.
    fn peek_second(&self) -> Option<u8> {
        self.text.get(self.at + 1).copied()
    }

    /// The text not read yet.
    fn rest(&self) -> &[u8] {
        self.text.get(self.at..).unwrap_or_default()
    }

    /// Moves past `bytes` when the text continues with them.
    fn eat(&mut self, bytes: &[u8]) -> bool {
        let found = self.rest().starts_with(bytes);
        if found {
            self.at += bytes.len();
        }
        found
    }

    /// Moves past a hyphen, an en dash or an em dash.
    fn eat_dash(&mut self) -> bool {
        self.eat(b"-") || self.eat("\u{2013}".as_bytes()) || self.eat("\u{2014}".as_bytes())
    }

    /// Moves to the next `byte` (or the end), not past it.
    fn skip_to(&mut self, byte: u8) {
        self.at += self
            .rest()
            .iter()
            .position(|&b| b == byte)
            .unwrap_or(self.rest().len());
    }

    /// Moves past the next `byte` (or to the end).
    fn skip_past(&mut self, byte: u8) {
        self.skip_to(byte);
        if self.peek().is_some() {
            self.at += 1;
        }
    }

    /// Moves to the end of the current word.
    fn skip_word(&mut self) {
        self.at += self
            .rest()
            .iter()
            .position(|&b| ends_word(b))
            .unwrap_or(self.rest().len());
    }

    /// Skips spaces, line breaks and `%` escape lines (`at_line_start`: the
    /// text is at the start of a line).
    fn skip_blank(&mut self, mut at_line_start: bool) {
        while let Some(byte) = self.peek() {
            match byte {
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'\n' => {
                    at_line_start = true;
                    self.at += 1;
                }
                b'%' if at_line_start => self.skip_past(b'\n'),
                _ => return,
            }
        }
    }

    /// Skips what follows a tag's value up to the next line's start.
    fn skip_tag_end(&mut self) {
        while let Some(byte) = self.peek() {
            match byte {
                b' ' | b'\t' | b'\r' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return self.skip_blank(false);
                }
                b'\n' => {
                    self.at += 1;
                    return self.skip_blank(true);
                }
                _ => return,
            }
        }
    }

    /// Reads the tag lines at the start of the game.
    fn read_tags(&mut self, tags: &mut Vec<Tag>) -> Result<(), SyntaxError> {
        while self.peek() == Some(b'[') {
            self.at += 1;
            let line = self.rest();
            let Some(stop) = line.iter().position(|&b| matches!(b, b'"' | b'\n' | b']')) else {
                return Err(SyntaxError::UnterminatedTag);
            };
            if line[stop] != b'"' {
                // No value: skip the line.
                self.at += stop + 1;
                self.skip_tag_end();
                continue;
            }
            let name = line[..stop].strip_suffix(b" ").unwrap_or(&line[..stop]);
            let (value, used) = tag_value(&line[stop + 1..])?;
            tags.push(Tag {
                name: String::from_utf8_lossy(name).into_owned(),
                value: String::from_utf8_lossy(&value).into_owned(),
            });
            self.at += stop + 1 + used;
            self.skip_tag_end();
        }
        Ok(())
    }

    /// Whether the text, at a line break, goes on to a blank line or a tag
    /// line: the end of the game's movetext.
    fn game_ends_after_line_break(&self) -> bool {
        matches!(
            self.text.get(self.at + 1..),
            Some([b'[' | b'\n', ..] | [b'\r', b'\n', ..])
        )
    }

    /// Reads the movetext up to the end of the game.
    fn read_movetext(&mut self, items: &mut Vec<Item>) -> Result<(), SyntaxError> {
        while let Some(byte) = self.peek() {
            match byte {
                b'{' => {
                    self.at += 1;
                    let rest = self.rest();
                    let Some(end) = rest.iter().position(|&b| b == b'}') else {
                        return Err(SyntaxError::UnterminatedComment);
                    };
                    items.push(Item::Comment(
                        String::from_utf8_lossy(&rest[..end]).into_owned(),
                    ));
                    self.at += end + 1;
                }
                b'\n' => {
                    if self.game_ends_after_line_break() {
                        return Ok(());
                    }
                    self.at += 1;
                    if self.peek() == Some(b'%') {
                        self.skip_to(b'\n');
                    }
                }
                b';' => self.skip_to(b'\n'),
                b'0' => {
                    self.at += 1;
                    if self.eat_dash() {
                        if self.eat(b"1") {
                            items.push(Item::Result(Outcome::Known(KnownOutcome::Decisive {
                                winner: Color::Black,
                            })));
                        } else if self.eat(b"0") {
                            items.push(Item::Move(self.castle()));
                        }
                    }
                }
                b'1' => {
                    self.at += 1;
                    if self.eat_dash() {
                        if self.eat(b"0") {
                            items.push(Item::Result(Outcome::Known(KnownOutcome::Decisive {
                                winner: Color::White,
                            })));
                        }
                    } else if self.eat(b"/2") && self.eat_dash() && self.eat(b"1/2") {
                        items.push(Item::Result(Outcome::Known(KnownOutcome::Draw)));
                    } else {
                        self.skip_move_number();
                    }
                }
                b'2'..=b'9' => self.skip_move_number(),
                b'\xc2' => {
                    self.at += 1;
                    if self.eat(b"\xbd") && self.eat_dash() && self.eat("\u{bd}".as_bytes()) {
                        items.push(Item::Result(Outcome::Known(KnownOutcome::Draw)));
                    }
                }
                b'(' => {
                    self.at += 1;
                    if self.keep_variations {
                        items.push(Item::Open);
                    } else {
                        self.skip_variation();
                    }
                }
                b')' => {
                    self.at += 1;
                    if self.keep_variations {
                        items.push(Item::Close);
                    }
                }
                b'$' => {
                    self.at += 1;
                    let start = self.at;
                    self.skip_word();
                    if let Some(nag) = std::str::from_utf8(&self.text[start..self.at])
                        .ok()
                        .and_then(|digits| digits.parse::<u8>().ok())
                    {
                        items.push(Item::Nag(nag));
                    }
                }
                b'!' | b'?' => {
                    self.at += 1;
                    let nag = match (byte, self.peek()) {
                        (b'!', Some(b'!')) => 3,
                        (b'!', Some(b'?')) => 5,
                        (b'?', Some(b'!')) => 6,
                        (b'?', Some(b'?')) => 4,
                        (b'!', _) => 1,
                        _ => 2,
                    };
                    if nag > 2 {
                        self.at += 1;
                    }
                    items.push(Item::Nag(nag));
                }
                b'*' => {
                    self.at += 1;
                    items.push(Item::Result(Outcome::Unknown));
                }
                b' ' | b'\t' | b'\r' | b'.' => self.at += 1,
                _ => self.read_word(items),
            }
        }
        Ok(())
    }

    /// Reads a castling move after its `0-0`: queenside when `-0` follows,
    /// with its `+` or `#`.
    fn castle(&mut self) -> SanPlus {
        let side = if self.eat_dash() && self.eat(b"0") {
            CastlingSide::QueenSide
        } else {
            CastlingSide::KingSide
        };
        let suffix = if self.eat(b"+") {
            Some(Suffix::Check)
        } else if self.eat(b"#") {
            Some(Suffix::Checkmate)
        } else {
            None
        };
        SanPlus {
            san: San::Castle(side),
            suffix,
        }
    }

    /// Skips a move number's digits and the dots and spaces after it.
    fn skip_move_number(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.at += 1;
        }
        while let Some(b'.' | b' ') = self.peek() {
            self.at += 1;
        }
    }

    /// Reads a word of the movetext: a move when it is one, else skipped.
    fn read_word(&mut self, items: &mut Vec<Item>) {
        match SanPlus::from_ascii_prefix(self.rest()) {
            Ok((san, used)) => {
                self.at += used;
                if self.peek().is_none_or(ends_word) {
                    items.push(Item::Move(san));
                }
            }
            Err(_) => {
                self.at += 1;
                self.skip_word();
            }
        }
    }

    /// Skips a variation (its `(` read) up to its closing `)`, which is left
    /// to read, or to the end of the game.
    fn skip_variation(&mut self) {
        let mut depth = 0usize;
        while let Some(byte) = self.peek() {
            match byte {
                b'(' => depth += 1,
                b')' => match depth.checked_sub(1) {
                    Some(outer) => depth = outer,
                    None => return,
                },
                b'{' => {
                    self.skip_past(b'}');
                    continue;
                }
                b';' => {
                    self.skip_to(b'\n');
                    continue;
                }
                b'\n' if self.game_ends_after_line_break() => return,
                b'\n' if self.peek_second() == Some(b'%') => {
                    self.at += 2;
                    self.skip_to(b'\n');
                    continue;
                }
                _ => {}
            }
            self.at += 1;
        }
    }
}

/// A tag's value from just after its opening quote: the value with `\"` and
/// `\\` resolved, and the bytes used (through the closing quote, or up to
/// the end of the line).
///
/// # Errors
///
/// [`SyntaxError::UnterminatedTag`] when the text ends within the value.
fn tag_value(text: &[u8]) -> Result<(Vec<u8>, usize), SyntaxError> {
    let mut value = Vec::new();
    let mut at = 0;
    loop {
        match text.get(at) {
            None => return Err(SyntaxError::UnterminatedTag),
            Some(b'"') => return Ok((value, at + 1)),
            Some(b'\n') => return Ok((value, at)),
            Some(b'\\') if matches!(text.get(at + 1), Some(b'"' | b'\\')) => {
                value.push(text[at + 1]);
                at += 2;
            }
            Some(&byte) => {
                value.push(byte);
                at += 1;
            }
        }
    }
}

/// Whether `byte` ends a word of the movetext (a move, a NAG).
fn ends_word(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'!'
            | b'?'
            | b'$'
            | b';'
            | b'.'
            | b'*'
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// An item as the tests write it: SAN, `$n`, `{text}`, `(`, `)` or a result.
    pub(crate) fn print(item: &Item) -> String {
        match item {
            Item::Move(san) => san.to_string(),
            Item::Nag(nag) => format!("${nag}"),
            Item::Comment(text) => format!("{{{text}}}"),
            Item::Open => "(".to_owned(),
            Item::Close => ")".to_owned(),
            Item::Result(outcome) => outcome.to_string(),
        }
    }

    fn items(text: &str, keep_variations: bool) -> Vec<String> {
        let game = read_first_game(text, keep_variations).unwrap().unwrap();
        game.movetext.iter().map(print).collect()
    }

    #[test]
    fn blank_text_has_no_game() {
        assert!(read_first_game("\u{feff} \n", false).unwrap().is_none());
        assert!(
            read_first_game("\u{feff}\n% note\n\n", false)
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn tags_are_read_with_their_escapes() {
        let game = read_first_game(
            "\u{feff}[Event \"A \\\"big\\\" one \\\\ 2\"]\n[White \"Ann\"] [Black \"Bo\"]\n[Junk]\n\n1. e4 *",
            false,
        )
        .unwrap()
        .unwrap();
        let tags: Vec<_> = game
            .tags
            .iter()
            .map(|tag| (tag.name.as_str(), tag.value.as_str()))
            .collect();
        assert_eq!(
            tags,
            [
                ("Event", "A \"big\" one \\ 2"),
                ("White", "Ann"),
                ("Black", "Bo")
            ]
        );
        assert_eq!(game.movetext.len(), 2);
    }

    #[test]
    fn unterminated_tag_or_comment_is_an_error() {
        assert_eq!(
            read_first_game("[Event \"x", false).err(),
            Some(SyntaxError::UnterminatedTag)
        );
        assert_eq!(
            read_first_game("[Event", false).err(),
            Some(SyntaxError::UnterminatedTag)
        );
        assert_eq!(
            read_first_game("1. e4 { never ends", false).err(),
            Some(SyntaxError::UnterminatedComment)
        );
    }

    #[test]
    fn movetext_items_in_order() {
        assert_eq!(
            items(
                "1. e4!? e5?? 2.Nf3 $14 {a\nnote} Nc6 ; rest of line\n3... Bb5 ! ? !! ?! 1-0",
                false
            ),
            [
                "e4",
                "$5",
                "e5",
                "$4",
                "Nf3",
                "$14",
                "{a\nnote}",
                "Nc6",
                "Bb5",
                "$1",
                "$2",
                "$3",
                "$6",
                "1-0"
            ]
        );
    }

    #[test]
    fn castling_with_zeros_and_results_with_dashes() {
        assert_eq!(
            items(
                "1. 0-0+ 0-0-0# O-O 0\u{2013}1 \u{bd}\u{2014}\u{bd} 1/2-1/2 *",
                false
            ),
            ["O-O+", "O-O-O#", "O-O", "0-1", "1/2-1/2", "1/2-1/2", "*"]
        );
    }

    #[test]
    fn words_that_are_not_moves_are_skipped() {
        assert_eq!(items("1. e4 hello Zz9 e5x e5 $ $999", false), ["e4", "e5"]);
    }

    #[test]
    fn variations_kept_or_skipped() {
        let text = "1. e4 (1. d4 d5 (1... Nf6) {x)} ) e5 2. Nf3";
        assert_eq!(
            items(text, true),
            [
                "e4", "(", "d4", "d5", "(", "Nf6", ")", "{x)}", ")", "e5", "Nf3"
            ]
        );
        assert_eq!(items(text, false), ["e4", "e5", "Nf3"]);
    }

    #[test]
    fn the_game_ends_at_a_blank_line_or_the_next_tags() {
        assert_eq!(
            items("1. e4 e5\n2. Nf3\n\n1. d4", false),
            ["e4", "e5", "Nf3"]
        );
        assert_eq!(items("1. e4\r\n\r\n1. d4", false), ["e4"]);
        assert_eq!(items("1. e4 (1. d4\n[Event \"?\"]\n1. c4", false), ["e4"]);
        assert_eq!(items("1. e4\n% escaped d4\n1... e5", false), ["e4", "e5"]);
    }
}
