//! More than one search thread ("lazy SMP"), for the native UCI binary's `Threads`.
//!
//! Helper threads search the same position with the same limits, each with its own
//! move-ordering histories ([`Engine::helper`]) but all with the main engine's
//! transposition table, every other helper a ply ahead of the main search at each
//! step. They report no progress of their own: what they find reaches the main search
//! through the table, which then completes its iterations sooner, and the nodes they
//! search are counted in the main search's reports. When the main search ends, the
//! helpers are told to stop and are joined; a helper whose last completed iteration is
//! deeper than the main search's and scores better gives the move (Stockfish 8's rule:
//! a deeper helper that scores worse has not seen what the main search found, such as a
//! mate). The browser's worker is
//! single-threaded and never gets here.

use std::sync::{
    Arc,
    atomic::{AtomicBool, AtomicU64, Ordering},
};

use crate::{
    clock::Clock,
    level::Level,
    limits::SearchLimits,
    root::Root,
    score::from_score,
    search::{BestMove, Engine, Iteration, Search},
};

/// Stack size of every search thread: the search recurses up to
/// [`crate::score::MAX_PLY`] plies deep.
pub const SEARCH_STACK_BYTES: usize = 64 * 1024 * 1024;

/// Searches `root` on the calling thread with `engine`, and on one more thread per
/// engine in `helpers` (made by [`Engine::helper`] from `engine`), until the main
/// search ends by its limits or by `stop`. Returns the main search's move, or a helper's
/// that completed a deeper iteration with a better score ([`helper_knows_better`]); calls `on_iteration` for the main
/// search's iterations only, their `nodes` counting the helpers' nodes too (to within
/// [`crate::search::CHECK_EVERY`] a helper). The main search finds `multipv` best lines
/// (see [`Search::set_multipv`]); the helpers look for the best only.
///
/// A helper thread that cannot be started is left out (the search goes on with fewer).
#[allow(clippy::too_many_arguments)] // `Search::new`'s five, helpers, stop, lines, output
pub fn search<C: Clock + Clone + Send>(
    engine: &mut Engine,
    helpers: &mut [Engine],
    root: &Root,
    level: Level,
    limits: SearchLimits,
    clock: &C,
    stop: &Arc<AtomicBool>,
    multipv: usize,
    mut on_iteration: impl FnMut(&Iteration),
) -> Option<BestMove> {
    let helpers_stop = Arc::new(AtomicBool::new(false));
    let helper_nodes = Arc::new(AtomicU64::new(0));
    // The main search first: it starts the table's new generation.
    let mut search = Search::new(engine, root.clone(), level, limits, clock.clone());
    search.set_stop_flag(Arc::clone(stop));
    search.set_multipv(multipv);
    std::thread::scope(|scope| {
        let mut running = Vec::new();
        for (i, helper) in helpers.iter_mut().enumerate() {
            let root = root.clone();
            let clock = clock.clone();
            let stop = Arc::clone(&helpers_stop);
            let nodes = Arc::clone(&helper_nodes);
            let spawned = std::thread::Builder::new()
                .name("search helper".into())
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || {
                    let mut search = Search::new(helper, root, level, limits, clock);
                    search.set_stop_flag(stop);
                    search.share_node_count(nodes);
                    // Every other helper runs ahead, a ply deeper at each step.
                    if i % 2 == 0 {
                        search.skip_depths(1);
                    }
                    while search.next_iteration().is_some() {}
                    search.best_move()
                });
            // Not started (out of threads or memory): the others search without it.
            if let Ok(handle) = spawned {
                running.push(handle);
            }
        }
        let mut best = search.run(|it| {
            let all = Iteration {
                nodes: it.nodes + helper_nodes.load(Ordering::Relaxed),
                ..it.clone()
            };
            on_iteration(&all);
        });
        helpers_stop.store(true, Ordering::Relaxed);
        for handle in running {
            if let Ok(Some(theirs)) = handle.join()
                && best
                    .as_ref()
                    .is_none_or(|ours| helper_knows_better(ours, &theirs))
            {
                best = Some(theirs);
            }
        }
        best
    })
}

/// Whether a helper's move should replace `ours`: it completed a deeper iteration and
/// scores better for the side to move.
fn helper_knows_better(ours: &BestMove, theirs: &BestMove) -> bool {
    theirs.depth > ours.depth && from_score(theirs.score) > from_score(ours.score)
}

#[cfg(test)]
mod tests {
    use shakmaty::{Move, Role, Square};

    use super::helper_knows_better;
    use crate::protocol::Score;
    use crate::search::BestMove;

    fn best(uci: &str, score: Score, depth: u8) -> BestMove {
        BestMove {
            mv: Move::Normal {
                role: Role::Queen,
                from: Square::G3,
                capture: None,
                to: Square::G6,
                promotion: None,
            },
            uci: uci.into(),
            score,
            depth,
        }
    }

    #[test]
    fn a_deeper_helper_gives_the_move_only_when_it_scores_better() {
        let mate = best("g3g6", Score::Mate(2), 5);
        // WAC.001 with two threads: a helper a ply ahead that had not seen the mate.
        assert!(!helper_knows_better(
            &mate,
            &best("f6e8", Score::Cp(111), 6)
        ));
        let even = best("e2e4", Score::Cp(20), 5);
        assert!(helper_knows_better(&even, &best("d2d4", Score::Cp(35), 6)));
        assert!(!helper_knows_better(&even, &best("d2d4", Score::Cp(35), 5)));
        assert!(helper_knows_better(&even, &best("g3g6", Score::Mate(3), 6)));
        assert!(helper_knows_better(
            &best("a", Score::Mate(-2), 5),
            &best("b", Score::Mate(-4), 6)
        ));
        assert!(helper_knows_better(
            &best("a", Score::Mate(3), 5),
            &best("b", Score::Mate(2), 6)
        ));
    }
}
