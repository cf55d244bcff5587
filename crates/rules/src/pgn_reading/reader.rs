//! [`PgnReading::read`]: the first game of a PGN text, tokenised by `pgn-reader` (the
//! default feature `read-pgn`).

use std::{io, ops::ControlFlow};

use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Skip, Visitor};

use super::{PgnReading, PgnToken};
use crate::{PgnError, pgn_export::DERIVED_TAGS};

impl PgnReading {
    /// Reads the first game of a PGN text, with its variations, without checking its
    /// moves. Like `pgn-reader`, it is lenient about text that is not PGN between the
    /// moves: a word that cannot be a move, a move number or a result is skipped.
    ///
    /// # Errors
    ///
    /// [`PgnError::NoGame`] when the text holds no game, [`PgnError::Syntax`] for a
    /// broken comment or tag.
    pub fn read(pgn: &str) -> Result<PgnReading, PgnError> {
        let mut reader = Reader::new(io::Cursor::new(pgn.as_bytes()));
        match reader.read_game(&mut Collector) {
            Ok(Some(collected)) if collected.reading.is_game() => Ok(collected.reading),
            Ok(_) => Err(PgnError::NoGame),
            Err(err) => Err(PgnError::Syntax(err.to_string())),
        }
    }
}

/// A reading under way.
#[derive(Default)]
struct Collected {
    reading: PgnReading,
    /// The start of a comment longer than the reader's buffer.
    comment_start: Vec<u8>,
}

/// The `pgn-reader` visitor: collects the tags and the movetext.
struct Collector;

impl Visitor for Collector {
    type Tags = Collected;
    type Movetext = Collected;
    type Output = Collected;

    fn begin_tags(&mut self) -> ControlFlow<Collected, Collected> {
        ControlFlow::Continue(Collected::default())
    }

    fn tag(
        &mut self,
        collected: &mut Collected,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Collected> {
        let reading = &mut collected.reading;
        reading.any_tag = true;
        let name = String::from_utf8_lossy(name).into_owned();
        let value = value.decode_utf8_lossy().into_owned();
        let tags = &mut reading.tags;
        match name.as_str() {
            "Event" => tags.event = value,
            "Site" => tags.site = value,
            "Date" => tags.date = value,
            "Round" => tags.round = value,
            "White" => tags.white = value,
            "Black" => tags.black = value,
            "FEN" => reading.fen = Some(value),
            "Variant" => reading.variant = Some(value),
            "TimeControl" => reading.time_control = Some(value),
            "Termination" => reading.termination = Some(value),
            "Result" => reading.result_tag = Some(value),
            _ if DERIVED_TAGS.contains(&name.as_str()) => {}
            _ => tags.extra.push((name, value)),
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, collected: Collected) -> ControlFlow<Collected, Collected> {
        ControlFlow::Continue(collected)
    }

    fn san(&mut self, collected: &mut Collected, san_plus: SanPlus) -> ControlFlow<Collected> {
        collected
            .reading
            .movetext
            .push(PgnToken::Move(san_plus.to_string()));
        ControlFlow::Continue(())
    }

    fn nag(&mut self, collected: &mut Collected, nag: pgn_reader::Nag) -> ControlFlow<Collected> {
        collected.reading.movetext.push(PgnToken::Nag(nag.0));
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, collected: &mut Collected) -> ControlFlow<Collected, Skip> {
        collected.reading.movetext.push(PgnToken::Open);
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, collected: &mut Collected) -> ControlFlow<Collected> {
        collected.reading.movetext.push(PgnToken::Close);
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        collected: &mut Collected,
        comment: RawComment<'_>,
    ) -> ControlFlow<Collected> {
        collected
            .comment_start
            .extend_from_slice(comment.as_bytes());
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        collected: &mut Collected,
        comment: RawComment<'_>,
    ) -> ControlFlow<Collected> {
        let mut bytes = std::mem::take(&mut collected.comment_start);
        bytes.extend_from_slice(comment.as_bytes());
        let text = String::from_utf8_lossy(&bytes).into_owned();
        collected.reading.movetext.push(PgnToken::Comment(text));
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        collected: &mut Collected,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Collected> {
        collected.reading.result_token = Some(outcome.as_str().to_owned());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, collected: Collected) -> Collected {
        collected
    }
}
