//! `worstfish`: plays the move the engine thinks best for the opponent. Each legal move
//! is played and the position after it searched from the opponent's side (a short
//! full-strength search: [`DEPTH_PER_REPLY`] plies, at most [`NODES_PER_REPLY`] nodes);
//! the move leaving the opponent the highest score is played. A forced mate for the
//! opponent beats any score (the sooner the better), a mate for the mover is the last
//! resort (the later the better), and mating at once is the very worst. Ties are broken
//! by the seed.
//!
//! tom7 used Stockfish at skill 20; this uses our own search with one small table per
//! move, so the same position and seed always give the same move. The search assumes a
//! good opponent, so the bot does not lay traps to get itself beaten.

use shakmaty::{Chess, Move, Position};

use super::pick;
use crate::{
    clock::{Clock, ManualClock},
    level::Level,
    limits::SearchLimits,
    protocol::Score,
    root::Root,
    search::{Engine, Search},
};

/// Depth of the search of each reply position.
pub const DEPTH_PER_REPLY: u8 = 5;
/// Most nodes searched in each reply position.
pub const NODES_PER_REPLY: u64 = 5_000;
/// Transposition table of the searches of one move, in mebibytes.
const HASH_MB: usize = 1;

/// Above any score in centipawns and any mate distance.
const MATE: i64 = 1 << 40;

/// The legal move of `position` whose reply position the engine scores best for the
/// opponent, one of the equals chosen under `seed`; `None` without legal moves.
#[must_use]
pub fn choose(position: &Chess, seed: u64) -> Option<Move> {
    choose_within(position, seed, DEPTH_PER_REPLY, NODES_PER_REPLY)
}

/// [`choose`] with another budget for each reply position: `depth` plies, at most
/// `nodes` nodes (for tests that play many games).
#[must_use]
pub fn choose_within(position: &Chess, seed: u64, depth: u8, nodes: u64) -> Option<Move> {
    choose_with_clock(position, seed, depth, nodes, ManualClock::new())
}

/// [`choose_within`] whose searches read `clock`. The searches have no time limit, so
/// the clock changes nothing in the choice; it is the caller's so that the search is
/// compiled once for the clock the caller's own searches use (the worker's: a second
/// copy of the search would cost its download some 30 KiB).
#[must_use]
pub fn choose_with_clock<C: Clock>(
    position: &Chess,
    seed: u64,
    depth: u8,
    nodes: u64,
    clock: C,
) -> Option<Move> {
    let mut engine = Engine::with_hash_mb(HASH_MB);
    let limits = SearchLimits {
        depth: Some(depth.max(1)),
        nodes: Some(nodes.max(1)),
        ..SearchLimits::default()
    };
    // Each search takes the clock and gives it back.
    let mut clock = Some(clock);
    pick::least_by(position, seed, |m| {
        let reply = pick::after(position, m);
        let (score, back) = opponent_score(&mut engine, reply, limits, clock.take());
        clock = back;
        penalty(score)
    })
}

/// The score of `reply` for its side to move (the opponent): searched, or mate or
/// stalemate when it has no legal move; and the clock back (`None` only when none was
/// given, which the caller never does).
fn opponent_score<C: Clock>(
    engine: &mut Engine,
    reply: Chess,
    limits: SearchLimits,
    clock: Option<C>,
) -> (Score, Option<C>) {
    if reply.legal_moves().is_empty() {
        let score = if reply.is_check() {
            Score::Mate(0)
        } else {
            Score::Cp(0)
        };
        return (score, clock);
    }
    let Some(clock) = clock else {
        return (Score::Cp(0), None);
    };
    let mut search = Search::new(engine, Root::new(reply), Level::full(), limits, clock);
    let score = search.run(|_| {}).map_or(Score::Cp(0), |best| best.score);
    (score, Some(search.into_clock()))
}

/// How bad a reply score is for worstfish: the higher the opponent's score, the lower.
fn penalty(opponent: Score) -> i64 {
    match opponent {
        Score::Cp(cp) => -i64::from(cp),
        // The opponent mates in n: the sooner, the better for worstfish.
        Score::Mate(n) if n > 0 => -MATE + i64::from(n),
        // The opponent is mated in -n (0: already): the sooner, the worse.
        Score::Mate(n) => MATE + i64::from(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_order_around_the_scores() {
        let order = [
            Score::Mate(1),
            Score::Mate(5),
            Score::Cp(900),
            Score::Cp(0),
            Score::Cp(-900),
            Score::Mate(-7),
            Score::Mate(-1),
            Score::Mate(0),
        ];
        let penalties: Vec<i64> = order.into_iter().map(penalty).collect();
        assert!(penalties.windows(2).all(|w| w[0] < w[1]), "{penalties:?}");
    }
}
