//! More than one search thread ("lazy SMP"), for the native UCI binary's `Threads`.
//!
//! Helper threads search the same position with the same limits, each with its own
//! move-ordering histories ([`Engine::helper`]) but all with the main engine's
//! transposition table, every other helper a ply ahead of the main search at each
//! step. They report no progress of their own: what they find reaches the main search
//! through the table, which then completes its iterations sooner, and the nodes they
//! search are counted in the main search's reports. When the main search ends, the
//! helpers are told to stop and are joined; a helper whose last completed iteration is
//! deeper than the main search's gives the move. The browser's worker is
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
    search::{BestMove, Engine, Iteration, Search},
};

/// Stack size of every search thread: the search recurses up to
/// [`crate::score::MAX_PLY`] plies deep.
pub const SEARCH_STACK_BYTES: usize = 64 * 1024 * 1024;

/// Searches `root` on the calling thread with `engine`, and on one more thread per
/// engine in `helpers` (made by [`Engine::helper`] from `engine`), until the main
/// search ends by its limits or by `stop`. Returns the move of the search that completed
/// the deepest iteration (the main search's on a tie); calls `on_iteration` for the main
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
        // A helper that completed a deeper iteration than the main search knows better.
        for handle in running {
            if let Ok(Some(theirs)) = handle.join()
                && best.as_ref().is_none_or(|ours| theirs.depth > ours.depth)
            {
                best = Some(theirs);
            }
        }
        best
    })
}
