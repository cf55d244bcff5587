//! The weak bots the worker plays ([`crate::Request::BotMove`]), as the page presents
//! them: each one's UCI `Bot` name (what a request names it by), its name for people
//! and one sentence on how it plays. The engine's `bots` module holds their rules and
//! reads its names and sentences from here, so the two never disagree.

/// What the page says about one bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotProfile {
    /// The UCI `Bot` value, as tom7 wrote the name (`random_move`).
    pub name: &'static str,
    /// The name for people (`Random Move`).
    pub display_name: &'static str,
    /// How it plays, in one sentence.
    pub description: &'static str,
}

/// Every bot, in the order the engine's UCI `Bot` option lists them.
pub const BOTS: [BotProfile; 11] = [
    BotProfile {
        name: "random_move",
        display_name: "Random Move",
        description: "Plays a legal move chosen uniformly at random.",
    },
    BotProfile {
        name: "alphabetical",
        display_name: "Alphabetical",
        description: "Plays the move whose algebraic notation comes first in alphabetical \
                      order.",
    },
    BotProfile {
        name: "pacifist",
        display_name: "Pacifist",
        description: "Avoids giving mate, then giving check, then capturing, and captures \
                      the least it can when it must.",
    },
    BotProfile {
        name: "generous",
        display_name: "Generous",
        description: "Plays the move after which the opponent's captures take the most \
                      material, counting each way to capture.",
    },
    BotProfile {
        name: "huddle",
        display_name: "Huddle",
        description: "Plays the move that brings its pieces closest, in total, to its own \
                      king.",
    },
    BotProfile {
        name: "swarm",
        display_name: "Swarm",
        description: "Plays the move that brings its pieces closest, in total, to the \
                      enemy king.",
    },
    BotProfile {
        name: "cccp",
        display_name: "CCCP",
        description: "Checkmates if it can, else checks, else captures the most valuable \
                      piece, else pushes a piece as deep into enemy territory as it can.",
    },
    BotProfile {
        name: "min_oppt_moves",
        display_name: "Min Opponent Moves",
        description: "Plays the move that leaves the opponent the fewest legal replies.",
    },
    BotProfile {
        name: "worstfish",
        display_name: "Worstfish",
        description: "Plays the move that the engine's own short search scores best for \
                      the opponent.",
    },
    BotProfile {
        name: "same_color",
        display_name: "Same Color",
        description: "Plays the move that puts the most of its pieces on squares of its \
                      own colour.",
    },
    BotProfile {
        name: "opposite_color",
        display_name: "Opposite Color",
        description: "Plays the move that puts the most of its pieces on squares of the \
                      other colour.",
    },
];

/// The bot whose UCI name is `name` (in any case, spaces around ignored).
#[must_use]
pub fn bot_profile(name: &str) -> Option<&'static BotProfile> {
    BOTS.iter()
        .find(|bot| bot.name.eq_ignore_ascii_case(name.trim()))
}
