//! The game: a start position, the plies played, the outcome, and the time control.

use shakmaty::{
    CastlingMode, Chess, Color, Move, Position,
    san::{SanError, SanPlus},
    uci::UciMove,
};

use crate::{FenError, Outcome, PlayError, Ply, Reason, TimeControl, fen};

/// A chess game: where it started, every ply since, and how it ended.
///
/// Plies are numbered `0..=len()`: ply 0 is the start position and ply `k` the
/// position after `k` half-moves. Methods taking a ply never change the game
/// (replay is a view); a ply past the end is clamped to the last position.
///
/// Moves are only ever added at the end. Every way of changing the game checks
/// first and leaves the game unchanged when it returns an error.
///
/// Automatic endings (checkmate, stalemate, insufficient material, threefold
/// repetition, the fifty-move rule) are detected after every move, in that
/// order of precedence, as lichess does; a checkmate on the hundredth
/// half-move without capture or pawn move therefore wins.
#[derive(Debug, Clone)]
pub struct Game {
    /// `positions[k]` is the position at ply `k`; never empty.
    positions: Vec<Chess>,
    plies: Vec<Ply>,
    outcome: Option<Outcome>,
    time_control: Option<TimeControl>,
}

/// Two games are equal when they start from the same position (move counters
/// included) and have the same plies, clocks, outcome and time control.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        let (a, b) = (self.start_position(), other.start_position());
        a == b
            && a.halfmoves() == b.halfmoves()
            && a.fullmoves() == b.fullmoves()
            && self.plies == other.plies
            && self.outcome == other.outcome
            && self.time_control == other.time_control
    }
}

impl Eq for Game {}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game from the standard starting position.
    pub fn new() -> Game {
        Game::from_position(Chess::default())
    }

    /// A game from a FEN (see [`parse_fen`](crate::parse_fen) for what is accepted).
    ///
    /// A position that is already over (checkmate, stalemate, insufficient
    /// material, a half-move clock of 100 or more) gives a game that is over
    /// at ply 0.
    ///
    /// # Errors
    ///
    /// [`FenError`] when the text is not FEN or the position is illegal.
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        fen::parse_fen(fen).map(Game::from_position)
    }

    /// A game from a legal position.
    pub fn from_position(position: Chess) -> Game {
        let mut game = Game {
            positions: vec![position],
            plies: Vec::new(),
            outcome: None,
            time_control: None,
        };
        game.outcome = game.automatic_outcome();
        game
    }

    // ----- the record ----------------------------------------------------

    /// Number of half-moves played; also the index of the current ply.
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// Whether no move has been played yet.
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// Every ply played, in order: `plies()[k - 1]` led to ply `k`.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The last ply played, if any.
    pub fn last_ply(&self) -> Option<&Ply> {
        self.plies.last()
    }

    /// The SAN of every move, in order (what the move list shows).
    pub fn san_moves(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.plies.iter().map(|ply| ply.san.as_str())
    }

    /// The UCI of every move, in order (what an engine is sent after the start FEN).
    pub fn uci_moves(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.plies.iter().map(|ply| ply.uci.as_str())
    }

    /// The position at `ply` (clamped to [`len`](Game::len)).
    pub fn position_at(&self, ply: usize) -> &Chess {
        &self.positions[self.clamp(ply)]
    }

    /// The current position (after the last ply).
    pub fn position(&self) -> &Chess {
        &self.positions[self.len()]
    }

    /// The start position.
    pub fn start_position(&self) -> &Chess {
        &self.positions[0]
    }

    /// The FEN of the start position.
    pub fn start_fen(&self) -> String {
        fen::fen_of(self.start_position())
    }

    /// Whether the game started from the standard starting position (so PGN
    /// needs no `SetUp`/`FEN` tags). Move counters count: a FEN of the
    /// standard placement with other counters is a non-standard start.
    pub fn is_standard_start(&self) -> bool {
        self.start_fen() == fen::STARTING_FEN
    }

    /// The FEN at `ply` (clamped to [`len`](Game::len)).
    pub fn fen_at(&self, ply: usize) -> String {
        fen::fen_of(self.position_at(ply))
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        fen::fen_of(self.position())
    }

    /// The side to move in the current position.
    pub fn turn(&self) -> Color {
        self.position().turn()
    }

    /// How the game ended, or `None` while it is in progress.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The PGN result: `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while playing.
    pub fn result_str(&self) -> &'static str {
        self.outcome.map_or("*", Outcome::result_str)
    }

    /// Whether a move may be played from `ply`: the game is not over and `ply`
    /// is the current one (moves are refused while looking at the past).
    pub fn can_play_at(&self, ply: usize) -> bool {
        ply == self.len() && !self.is_over()
    }

    /// The time control, when the game is played with clocks.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.time_control
    }

    /// Sets or removes the time control.
    pub fn set_time_control(&mut self, time_control: Option<TimeControl>) {
        self.time_control = time_control;
    }

    /// How many times the position at `ply` (clamped) has occurred up to and
    /// including that ply: same placement, side to move, castling rights and
    /// legal en passant square (shakmaty's equality of positions). Positions are
    /// compared whole, not by hash keys: a game is short, and the page links no
    /// table of keys.
    pub fn repetitions_at(&self, ply: usize) -> usize {
        let ply = self.clamp(ply);
        let position = &self.positions[ply];
        // A capture or pawn move cannot be undone: look back only as far as
        // the half-move clock (and the start of the game).
        let horizon = (position.halfmoves() as usize).min(ply);
        (2..=horizon)
            .step_by(2)
            .filter(|back| {
                let earlier = ply - back;
                self.positions[earlier] == *position
            })
            .count()
            + 1
    }

    // ----- playing -------------------------------------------------------

    /// Plays a move in the current position.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game has ended, [`PlayError::Illegal`]
    /// when the move is not legal here. The game is unchanged then.
    pub fn play(&mut self, mv: &Move) -> Result<&Ply, PlayError> {
        self.play_with_clock(mv, None)
    }

    /// Plays a move and records the mover's time left after it.
    ///
    /// # Errors
    ///
    /// As [`play`](Game::play).
    pub fn play_with_clock(&mut self, mv: &Move, clock_ms: Option<u64>) -> Result<&Ply, PlayError> {
        self.check_not_over()?;
        if !self.position().is_legal(*mv) {
            return Err(PlayError::Illegal {
                notation: mv.to_uci(CastlingMode::Standard).to_string(),
            });
        }
        Ok(self.push(*mv, clock_ms))
    }

    /// Plays a move given in UCI (`e2e4`, `e7e8q`; castling as `e1g1` or `e1h1`).
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`], [`PlayError::Parse`] for text that is not UCI,
    /// [`PlayError::Illegal`]. The game is unchanged then.
    pub fn play_uci(&mut self, uci: &str) -> Result<&Ply, PlayError> {
        let mv = self.parse_uci(uci)?;
        Ok(self.push(mv, None))
    }

    /// Plays a move given in SAN (`Nf3`, `exd6`, `O-O`, `e8=Q+`); check and
    /// mate suffixes are optional and not verified.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`], [`PlayError::Parse`], [`PlayError::Illegal`],
    /// [`PlayError::Ambiguous`]. The game is unchanged then.
    pub fn play_san(&mut self, san: &str) -> Result<&Ply, PlayError> {
        let mv = self.parse_san(san)?;
        Ok(self.push(mv, None))
    }

    /// Sets the clock of the last ply (the mover's time left after it), e.g.
    /// once the app has stopped the mover's clock. Returns `false` when no
    /// move has been played.
    pub fn set_last_clock(&mut self, clock_ms: Option<u64>) -> bool {
        match self.plies.last_mut() {
            Some(ply) => {
                ply.clock_ms = clock_ms;
                true
            }
            None => false,
        }
    }

    /// Whether any ply carries a clock reading.
    pub fn has_clocks(&self) -> bool {
        self.plies.iter().any(|ply| ply.clock_ms.is_some())
    }

    /// `loser` resigns.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game has already ended.
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, PlayError> {
        self.end(Outcome::resignation(loser))
    }

    /// The players agree a draw.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game has already ended.
    pub fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        self.end(Outcome::draw(Reason::Agreement))
    }

    /// The opponent of a player who left claims the game: the win for `winner`, or a
    /// draw with `None` ([`Reason::Abandonment`]).
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game has already ended.
    pub fn claim_abandoned(&mut self, winner: Option<Color>) -> Result<Outcome, PlayError> {
        self.end(Outcome::abandonment(winner))
    }

    /// `flagged` ran out of time. A loss, unless the opponent has no material
    /// to checkmate by any sequence of legal moves (a lone king, a king and a
    /// single minor piece, ...), which is a draw
    /// ([`Reason::TimeoutVsInsufficientMaterial`]), as in FIDE rules and on lichess.
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] when the game has already ended.
    pub fn flag(&mut self, flagged: Color) -> Result<Outcome, PlayError> {
        self.end(flag_outcome(self.position(), flagged))
    }

    /// Takes back the last `plies` half-moves (1 for one's own move, 2 to get
    /// back to one's turn after the opponent's reply).
    ///
    /// A takeback always reopens the game: an automatic ending disappears with
    /// the move that caused it, and a resignation, agreed draw or flag fall is
    /// cleared too (whether to offer a takeback after those is the app's
    /// choice). The remaining plies keep their clocks.
    ///
    /// # Errors
    ///
    /// [`PlayError::CannotTakeBack`] for 0 plies or more than were played;
    /// the game is unchanged then.
    pub fn takeback(&mut self, plies: usize) -> Result<(), PlayError> {
        if plies == 0 || plies > self.len() {
            return Err(PlayError::CannotTakeBack {
                requested: plies,
                available: self.len(),
            });
        }
        let keep = self.len() - plies;
        self.plies.truncate(keep);
        self.positions.truncate(keep + 1);
        self.outcome = self.automatic_outcome();
        Ok(())
    }

    // ----- internals shared with the importers ---------------------------

    /// Reads UCI into a legal move of the current position.
    pub(crate) fn parse_uci(&self, uci: &str) -> Result<Move, PlayError> {
        self.check_not_over()?;
        parse_uci_in(self.position(), uci)
    }

    /// Reads SAN into a legal move of the current position.
    pub(crate) fn parse_san(&self, san: &str) -> Result<Move, PlayError> {
        self.check_not_over()?;
        parse_san_in(self.position(), san)
    }

    /// Appends a move already known to be legal in the current position, and
    /// recomputes the automatic outcome. Does not look at the current outcome:
    /// PGN import uses it to play on after an unclaimed repetition.
    pub(crate) fn push(&mut self, mv: Move, clock_ms: Option<u64>) -> &Ply {
        let (ply, after) = make_ply(self.position(), mv, clock_ms);
        self.positions.push(after);
        self.plies.push(ply);
        self.outcome = self.automatic_outcome();
        &self.plies[self.plies.len() - 1]
    }

    /// Ends the game with a non-automatic outcome.
    pub(crate) fn end(&mut self, outcome: Outcome) -> Result<Outcome, PlayError> {
        self.check_not_over()?;
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    fn check_not_over(&self) -> Result<(), PlayError> {
        match self.outcome {
            Some(outcome) => Err(PlayError::GameOver(outcome)),
            None => Ok(()),
        }
    }

    /// The ending the current position and history impose, if any.
    fn automatic_outcome(&self) -> Option<Outcome> {
        let position = self.position();
        if position.legal_moves().is_empty() {
            return Some(if position.is_check() {
                Outcome::checkmate(position.turn().other())
            } else {
                Outcome::draw(Reason::Stalemate)
            });
        }
        if position.is_insufficient_material() {
            return Some(Outcome::draw(Reason::InsufficientMaterial));
        }
        if self.repetitions_at(self.len()) >= 3 {
            return Some(Outcome::draw(Reason::ThreefoldRepetition));
        }
        if position.halfmoves() >= 100 {
            return Some(Outcome::draw(Reason::FiftyMoveRule));
        }
        None
    }

    fn clamp(&self, ply: usize) -> usize {
        ply.min(self.len())
    }
}

/// The outcome of `flagged` running out of time in `position`: a loss, or a
/// draw when the opponent cannot mate (see [`Game::flag`]).
pub(crate) fn flag_outcome(position: &Chess, flagged: Color) -> Outcome {
    if position.has_insufficient_material(flagged.other()) {
        Outcome::draw(Reason::TimeoutVsInsufficientMaterial { flagged })
    } else {
        Outcome::timeout(flagged)
    }
}

/// Reads UCI into a legal move of `position`.
pub(crate) fn parse_uci_in(position: &Chess, uci: &str) -> Result<Move, PlayError> {
    let notation = uci.trim();
    let parsed = UciMove::from_ascii(notation.as_bytes()).map_err(|_| PlayError::Parse {
        notation: notation.to_owned(),
    })?;
    parsed.to_move(position).map_err(|_| PlayError::Illegal {
        notation: notation.to_owned(),
    })
}

/// Reads SAN (check and mate suffixes optional, not verified) into a legal
/// move of `position`.
pub(crate) fn parse_san_in(position: &Chess, san: &str) -> Result<Move, PlayError> {
    let notation = san.trim();
    let parsed = SanPlus::from_ascii(notation.as_bytes()).map_err(|_| PlayError::Parse {
        notation: notation.to_owned(),
    })?;
    parsed.san.to_move(position).map_err(|err| match err {
        SanError::AmbiguousSan => PlayError::Ambiguous {
            notation: notation.to_owned(),
        },
        SanError::IllegalSan => PlayError::Illegal {
            notation: notation.to_owned(),
        },
    })
}

/// The ply of `mv`, legal in `before`, and the position after it.
pub(crate) fn make_ply(before: &Chess, mv: Move, clock_ms: Option<u64>) -> (Ply, Chess) {
    let mut after = before.clone();
    let san = SanPlus::from_move_and_play_unchecked(&mut after, mv).to_string();
    let ply = Ply {
        mv,
        san,
        uci: mv.to_uci(CastlingMode::Standard).to_string(),
        captured: mv.capture(),
        clock_ms,
    };
    (ply, after)
}
