//! The classic weak players of tom7's "Elo World" (SIGBOVIK 2019): each a rule you can
//! state in one sentence, a pure function from a position and a seed to a move.
//!
//! [`choose`] plays a [`Bot`] on a position: the same position and seed give the same
//! move, and only a position without legal moves gives `None`. Where the rule leaves
//! several moves equally good, the seed breaks the tie uniformly (tom7 broke ties at
//! random). The seed is mixed with the position (its key and move counters) before it is
//! used, so a caller can keep one seed for a whole game and still see different choices
//! from move to move; a fixed seed replays the same game.
//!
//! ```
//! use gambit_engine::bots::{self, Bot};
//! use shakmaty::{Chess, Position};
//!
//! let start = Chess::default();
//! let first = bots::choose(Bot::Alphabetical, &start, 7).expect("a legal move");
//! assert!(start.is_legal(first));
//! assert_eq!(bots::choose(Bot::Alphabetical, &start, 7), Some(first));
//! assert_eq!(Bot::from_uci_name("min_oppt_moves"), Some(Bot::MinOpptMoves));
//! ```
//!
//! The rules follow tom7's definitions (material is counted pawn 1, knight and bishop 3,
//! rook 5, queen 9, king 0; distances are king steps). `equalizer`, which moves its
//! least-moved piece, needs the game's history rather than a position and is not here.
//! The ratings tom7 measured for these players are on his own scale, not ours.

pub mod alphabetical;
pub mod cccp;
pub mod dilution;
pub mod generous;
pub mod king_distance;
pub mod min_oppt_moves;
pub mod pacifist;
mod pick;
pub mod random_move;
pub mod square_color;
pub mod worstfish;

use gambit_protocol::{BOTS, BotProfile};
use shakmaty::{Chess, Move};

use crate::clock::{Clock, ManualClock};

/// One of the weak players; see each variant for its rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bot {
    /// A uniformly random legal move.
    RandomMove,
    /// The first legal move in alphabetical order of standard algebraic notation.
    Alphabetical,
    /// Avoids giving mate, then check, then capturing (or captures the least).
    Pacifist,
    /// Offers material: the most material the opponent can then capture.
    Generous,
    /// Gathers its pieces around its own king.
    Huddle,
    /// Sends its pieces towards the enemy king.
    Swarm,
    /// Checkmate, else check, else the biggest capture, else the deepest push.
    Cccp,
    /// Leaves the opponent the fewest legal replies.
    MinOpptMoves,
    /// The move the engine scores best for the opponent.
    Worstfish,
    /// Puts its pieces on squares of its own colour.
    SameColor,
    /// Puts its pieces on squares of the other colour.
    OppositeColor,
}

impl Bot {
    /// Every bot, in the order the UCI `Bot` option lists them.
    pub const ALL: [Bot; 11] = [
        Bot::RandomMove,
        Bot::Alphabetical,
        Bot::Pacifist,
        Bot::Generous,
        Bot::Huddle,
        Bot::Swarm,
        Bot::Cccp,
        Bot::MinOpptMoves,
        Bot::Worstfish,
        Bot::SameColor,
        Bot::OppositeColor,
    ];

    /// What the page says of the bot: names and sentence (one table, in the protocol
    /// crate, for the page and the engine).
    #[must_use]
    pub fn profile(self) -> &'static BotProfile {
        let index = Bot::ALL.iter().position(|&bot| bot == self).unwrap_or(0);
        &BOTS[index]
    }

    /// The bot's name as tom7 wrote it, which is also its UCI `Bot` value.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.profile().name
    }

    /// The bot's name for people.
    #[must_use]
    pub fn display_name(self) -> &'static str {
        self.profile().display_name
    }

    /// How the bot plays, in one sentence.
    #[must_use]
    pub fn description(self) -> &'static str {
        self.profile().description
    }

    /// The bot named `name` (as [`Bot::name`] spells it, in any case).
    #[must_use]
    pub fn from_uci_name(name: &str) -> Option<Bot> {
        Bot::ALL
            .into_iter()
            .find(|bot| bot.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl core::fmt::Display for Bot {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The move `bot` plays in `position` with `seed`: always a legal move, the same one for
/// the same position and seed; `None` only when the position has no legal move.
///
/// Every bot answers at once except [`Bot::Worstfish`], which searches each reply
/// position (see [`worstfish`]); the worker calls this between two messages.
#[must_use]
pub fn choose(bot: Bot, position: &Chess, seed: u64) -> Option<Move> {
    choose_with_clock(bot, position, seed, ManualClock::new())
}

/// [`choose`], with the clock that [`Bot::Worstfish`]'s searches read (they have no time
/// limit, so it changes nothing in the choice; see [`worstfish::choose_with_clock`]).
#[must_use]
pub fn choose_with_clock<C: Clock>(
    bot: Bot,
    position: &Chess,
    seed: u64,
    clock: C,
) -> Option<Move> {
    match bot {
        Bot::RandomMove => random_move::choose(position, seed),
        Bot::Alphabetical => alphabetical::choose(position, seed),
        Bot::Pacifist => pacifist::choose(position, seed),
        Bot::Generous => generous::choose(position, seed),
        Bot::Huddle => king_distance::huddle(position, seed),
        Bot::Swarm => king_distance::swarm(position, seed),
        Bot::Cccp => cccp::choose(position, seed),
        Bot::MinOpptMoves => min_oppt_moves::choose(position, seed),
        Bot::Worstfish => worstfish::choose_with_clock(
            position,
            seed,
            worstfish::DEPTH_PER_REPLY,
            worstfish::NODES_PER_REPLY,
            clock,
        ),
        Bot::SameColor => square_color::same_color(position, seed),
        Bot::OppositeColor => square_color::opposite_color(position, seed),
    }
}
