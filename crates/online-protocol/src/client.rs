//! What the page sends the server over a game's socket.

use serde::{Deserialize, Serialize};

/// A message from a page to the server, in one JSON text frame tagged by `"t"`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message on every connection: who the page is and what it has seen.
    Hello {
        /// The page's [`crate::PROTOCOL_VERSION`]; another version is refused.
        protocol: String,
        /// The seat token the server issued to this browser for this game, if any;
        /// without one (or with one the game does not know) the page watches.
        token: Option<String>,
        /// The version of the last event the page has applied (0: none).
        since: u64,
    },
    /// Play a move.
    Move {
        /// Chosen by the page, unique within its game; a resend carries the same id.
        id: u32,
        /// The move in UCI notation (`e2e4`, `e7e8q`).
        uci: String,
        /// How many moves the game had when the player made this one: a move made in a
        /// position the game has since left is refused, never played elsewhere.
        ply: u32,
    },
    /// Resign the game.
    Resign,
    /// Offer a draw (or accept the opponent's standing offer).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Ask to take back one's last move.
    ProposeTakeback,
    /// Accept the opponent's takeback proposal.
    AcceptTakeback,
    /// Decline the opponent's takeback proposal.
    DeclineTakeback,
    /// Call the game off (only before both sides have moved).
    Abort,
    /// Offer a rematch with colours swapped (or accept the opponent's offer).
    OfferRematch,
    /// Accept the opponent's rematch offer.
    AcceptRematch,
    /// Decline the opponent's rematch offer.
    DeclineRematch,
    /// Claim the win: the opponent has been gone long enough.
    ClaimVictory,
    /// Claim a draw: the opponent has been gone long enough.
    ClaimDraw,
    /// The page is closing (the tab is going away): the opponent may claim sooner.
    Bye,
    /// Are you there? Answered by `Pong` with the same number.
    Ping {
        /// Any number; echoed.
        n: u64,
    },
}
