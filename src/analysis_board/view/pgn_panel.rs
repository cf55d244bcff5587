//! The analysis board's PGN and FEN panel: the tree exported with its variations,
//! annotations and the main line's review, a pasted PGN imported with its variations
//! and evaluations, a pasted FEN set up. It is drawn in the `pgn_fen` chunk when a panel
//! is first opened, with the tools of `pgn_fen`, and so is all its PGN and FEN work:
//! none of it is in the page's first view.

use gambit_rules::GameTree;
use leptos::prelude::*;

use crate::analysis_board::line_review::LineReview;
use crate::analysis_board::pgn::{Notes, export_pgn, import_pgn, main_line_evals};
use crate::analysis_board::store::TreeStore;
use crate::chunks::Chunk;
use crate::pgn_fen::{ToolPanel, Tools};
use crate::review::{AnalysedLine, adopt_imported};

/// What the board's panel works on. Cheap to copy.
#[derive(Clone, Copy)]
pub struct BoardPgn {
    /// The tree.
    pub store: TreeStore,
    /// The review of its main line.
    pub review: LineReview,
}

/// The panel for `PgnFen`'s `panel`, of `board`. Call inside the page's component.
pub fn board_pgn_panel(board: BoardPgn) -> ViewFn {
    provide_context(board);
    ViewFn::from(|| view! { <Chunk load=board_tool_panel /> })
}

crate::chunk_view!(
    /// The open panel of the [`BoardPgn`] and [`Tools`] in context.
    fn board_tool_panel() in pgn_fen {
        use_context::<BoardPgn>()
            .zip(use_context::<Tools>())
            .map(|(board, tools)| {
                let tools = tools.with_page(export(board), import(board), setup(board.store));
                view! { <ToolPanel tools /> }
            })
    }
);

/// The board's PGN: an imported game keeps its own tags, one played or set up here gets
/// Gambit's; the main line carries its review; reactive.
fn export(BoardPgn { store, review }: BoardPgn) -> Signal<String> {
    Signal::derive(move || {
        let tags = store.tags().get().unwrap_or_else(crate::game::pgn_tags);
        store.tree().with(|tree| {
            store.notes().with(|notes| {
                export_pgn(tree, &tags, notes, &|ply| {
                    (
                        review.eval(ply),
                        review.mark(ply).and_then(|mark| mark.judgement),
                    )
                })
            })
        })
    })
}

/// Opens a pasted PGN (as the engine worker read it) on the board; its evaluations
/// become the main line's review (its marks come back, and so the review's chunk is
/// wanted).
fn import(
    BoardPgn { store, review }: BoardPgn,
) -> Callback<gambit_rules::PgnReading, Result<(), String>> {
    Callback::new(move |reading| {
        let (tree, notes, tags) = import_pgn(reading)?;
        let evals = main_line_evals(&tree, &notes);
        adopt_imported(&AnalysedLine::of_game(&tree.main_game()), &evals);
        let end = tree.main_line().last().copied().unwrap_or(tree.root());
        store.replace(tree, notes, Some(tags), end);
        if evals.iter().any(Option::is_some) {
            review.want();
        }
        Ok(())
    })
}

/// Sets up a pasted FEN on the board.
fn setup(store: TreeStore) -> Callback<String, Result<(), String>> {
    Callback::new(move |text: String| {
        let tree = GameTree::from_fen(&text).map_err(|error| error.to_string())?;
        let root = tree.root();
        store.replace(tree, Notes::new(), None, root);
        Ok(())
    })
}
