//! The PGN lexer against the `pgn-reader` crate (a test-only dependency,
//! which the lexer replaced): on random PGN-like texts both read the same
//! tags and the same movetext items, or both refuse the text.
//!
//! Known, wanted differences are kept out of the generated texts: a `$n` NAG
//! as the very last bytes of the text (`pgn-reader` drops it, the lexer keeps
//! it), tag values with a backslash before an escaped character (the lexer
//! reads `\\"` as `\"`), and lines longer than `pgn-reader`'s buffer.

use std::{io, ops::ControlFlow};

use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use proptest::prelude::*;

use crate::pgn_lexer::read_first_game;

/// What `pgn-reader` read, as the lexer's tests print items.
#[derive(Default)]
struct Reading {
    tags: Vec<(String, String)>,
    items: Vec<String>,
    comment_start: Vec<u8>,
}

/// Collects a game as the lexer reads it.
struct Reference {
    keep_variations: bool,
}

impl Visitor for Reference {
    type Tags = Reading;
    type Movetext = Reading;
    type Output = Reading;

    fn begin_tags(&mut self) -> ControlFlow<Reading, Reading> {
        ControlFlow::Continue(Reading::default())
    }

    fn tag(
        &mut self,
        reading: &mut Reading,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Reading> {
        reading.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, reading: Reading) -> ControlFlow<Reading, Reading> {
        ControlFlow::Continue(reading)
    }

    fn san(&mut self, reading: &mut Reading, san: SanPlus) -> ControlFlow<Reading> {
        reading.items.push(san.to_string());
        ControlFlow::Continue(())
    }

    fn nag(&mut self, reading: &mut Reading, nag: pgn_reader::Nag) -> ControlFlow<Reading> {
        reading.items.push(format!("${}", nag.0));
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, reading: &mut Reading) -> ControlFlow<Reading, Skip> {
        if self.keep_variations {
            reading.items.push("(".to_owned());
        }
        ControlFlow::Continue(Skip(!self.keep_variations))
    }

    fn end_variation(&mut self, reading: &mut Reading) -> ControlFlow<Reading> {
        if self.keep_variations {
            reading.items.push(")".to_owned());
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        reading: &mut Reading,
        comment: RawComment<'_>,
    ) -> ControlFlow<Reading> {
        reading.comment_start.extend_from_slice(comment.as_bytes());
        ControlFlow::Continue(())
    }

    fn comment(&mut self, reading: &mut Reading, comment: RawComment<'_>) -> ControlFlow<Reading> {
        let mut bytes = std::mem::take(&mut reading.comment_start);
        bytes.extend_from_slice(comment.as_bytes());
        reading
            .items
            .push(format!("{{{}}}", String::from_utf8_lossy(&bytes)));
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        reading: &mut Reading,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Reading> {
        reading.items.push(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, reading: Reading) -> Reading {
        reading
    }
}

/// `pgn-reader`'s reading: `Ok(None)` for no game, `Err` for a broken text.
fn reference(text: &str, keep_variations: bool) -> Result<Option<Reading>, ()> {
    Reader::new(io::Cursor::new(text.as_bytes()))
        .read_game(&mut Reference { keep_variations })
        .map_err(|_| ())
}

/// The lexer's reading, in the same form.
fn lexer(text: &str, keep_variations: bool) -> Result<Option<Reading>, ()> {
    let game = read_first_game(text, keep_variations).map_err(|_| ())?;
    Ok(game.map(|game| Reading {
        tags: game
            .tags
            .into_iter()
            .map(|tag| (tag.name, tag.value))
            .collect(),
        items: game
            .movetext
            .iter()
            .map(crate::pgn_lexer::tests::print)
            .collect(),
        comment_start: Vec::new(),
    }))
}

/// Pieces that PGN texts, and broken ones, are made of.
const PIECES: &[&str] = &[
    "[Event \"x\"]",
    "[White \"A \\\"q\\\" b\"]",
    "[Junk]",
    "[Site \"open",
    "[",
    "]",
    "\"",
    "\n",
    "\n\n",
    "\r\n",
    " ",
    "\t",
    "%esc",
    "1.",
    "12...",
    "3",
    " e4",
    " e5",
    " Nf3",
    "Nc6",
    " exd5",
    " e8=Q+",
    " O-O",
    " 0-0",
    " 0-0-0#",
    " O-O-O",
    "--",
    " Zz",
    "hello",
    "x",
    "{c}",
    "{",
    "}",
    "{multi\nline}",
    ";line",
    "(",
    ")",
    "$1",
    "$12 ",
    "$300 ",
    "!",
    "?",
    "!!",
    "??",
    "!?",
    "?!",
    " 1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "1\u{2013}0",
    "\u{bd}-\u{bd}",
    "\u{bd}",
    "\u{feff}",
    ".",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn lexer_reads_as_pgn_reader(
        pieces in prop::collection::vec(prop::sample::select(PIECES), 0..40),
        keep_variations: bool,
    ) {
        let mut text: String = pieces.concat();
        // pgn-reader drops a NAG at the very end of the text; the lexer keeps it.
        text.push(' ');
        let expected = reference(&text, keep_variations);
        let read = lexer(&text, keep_variations);
        match (&expected, &read) {
            (Ok(Some(expected)), Ok(Some(read))) => {
                prop_assert_eq!(&expected.tags, &read.tags, "tags of {:?}", text);
                prop_assert_eq!(&expected.items, &read.items, "items of {:?}", text);
            }
            (Ok(None), Ok(None)) | (Err(()), Err(())) => {}
            _ => prop_assert!(
                false,
                "{:?}: pgn-reader {:?}, lexer {:?}",
                text,
                expected.as_ref().map(|game| game.as_ref().map(|game| game.items.clone())),
                read.as_ref().map(|game| game.as_ref().map(|game| game.items.clone())),
            ),
        }
    }
}
