//! `/analysis`: the analysis board. It opens with the saved board, with another page's
//! game (`?game=friend`, `?game=computer`), a pasted PGN or FEN, or the start position;
//! pieces of either side move freely, a move from an earlier position starts a side
//! line, and the engine shows its best lines of the position on the board.

use gambit_rules::shakmaty::{Chess, Color, Position};
use gambit_rules::{GameTree, Judgement};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::use_navigate;

use crate::analysis_board::line_review::{LineBestMove, LineReview, LineReviewPanel};
use crate::analysis_board::live_engine::LiveEngine;
use crate::analysis_board::opening::{GameSource, read_game, tree_for};
use crate::analysis_board::persistence::{fetch_writer_on_approach, restore_then, save_on_change};
use crate::analysis_board::pgn::Notes;
use crate::analysis_board::shortcuts::{tree_keys, use_board_shortcuts};
use crate::analysis_board::store::TreeStore;
use crate::analysis_board::view::engine_lines::EngineLines;
use crate::analysis_board::view::pgn_panel::{BoardPgn, board_pgn_panel};
use crate::analysis_board::view::variation_list::{MoveMark, VariationList};
use crate::board::Board;
use crate::board::promotion_dialog::PromotionDialog;
use crate::board::shapes::DrawnShapes;
use crate::chunks::spawn_first_view_part;
use crate::game::view::history_nav::StepButtons;
use crate::pgn_fen::PgnFen;
use crate::review::AnalysedLine;
use crate::ui::start::{Later, Piece};

crate::chunk_view!(
    /// The page, in the chunk `analysis` of the release build (`crate::chunks`).
    pub fn page() in analysis {
        view! { <AnalysisPage /> }
    }
);

/// The analysis board page.
#[component]
pub fn AnalysisPage() -> AnyView {
    // The start position until the saved board is read (`restore_then`); the engine is
    // off and nothing is saved meanwhile.
    let tree = GameTree::new();
    let root = tree.root();
    let store = TreeStore::new(tree, Notes::new(), None, root, Color::White);
    let notice = RwSignal::new(None);
    let engine = LiveEngine::new(store, false);
    let saving = StoredValue::new(false);
    save_on_change(store, engine.enabled().into(), saving, notice);
    let requested = requested_game(notice);
    restore_then(move |restored| {
        // Gone meanwhile (the page was left): nothing to restore into.
        if store.tree().try_with_untracked(|_| ()).is_none() {
            return;
        }
        saving.set_value(restored.saving);
        store.replace(
            restored.tree,
            restored.notes,
            restored.tags,
            restored.current,
        );
        store.turn_to(restored.orientation);
        engine.set_enabled(restored.engine);
        if restored.notice.is_some() {
            notice.set(restored.notice);
        }
        // Another page's game, asked for by the address, over the saved board.
        if let Some(source) = requested {
            open_game(store, notice, source);
        }
    });
    use_board_shortcuts(store);

    // The review of the main line (its evaluations, marks and better moves).
    let line = Memo::new(move |_| {
        store
            .tree()
            .with(|tree| AnalysedLine::of_game(&tree.main_game()))
    });
    let anchor = Signal::derive(move || store.main_line_anchor());
    let main_ply = Signal::derive(move || store.main_line_ply(store.current().get()).unwrap_or(0));
    let go_to_ply = Callback::new(move |ply: usize| store.go_to_main_ply(ply));
    let preview = RwSignal::new(None::<Chess>);
    let review = LineReview::new(line.into(), anchor, main_ply, go_to_ply, preview);
    let mark = Callback::new(move |ply: usize| {
        let judgement = review.mark(ply).and_then(|mark| mark.judgement);
        MoveMark {
            judgement: judgement.map(Judgement::name),
            symbol: judgement.map(Judgement::symbol),
            eval: review.eval_attr(ply),
            best: review.best_attr(ply),
        }
    });

    // The engine's best move, else the review's better move of the main-line move
    // shown.
    let arrow = Signal::derive(move || {
        engine.best_arrow().or_else(|| {
            review
                .best_arrow(main_ply.get())
                .filter(|_| main_ply.get() > 0)
        })
    });
    let fen = Signal::derive(move || store.fen());
    let pgn_panel = board_pgn_panel(BoardPgn { store, review });

    view! {
        <section class="game-page analysis-page" data-testid="analysis-page">
            <h1 class="visually-hidden">"Analysis board"</h1>
            {move || notice.get().map(|message| view! {
                <div class="notice" data-testid="notice" role="status">
                    <span>{message}</span>
                    <button type="button" aria-label="Dismiss" on:click=move |_| notice.set(None)>
                        "×"
                    </button>
                </div>
            })}
            <div class="game-layout">
                // The board's writer comes as the person comes to the board.
                <div
                    class="board-column"
                    on:pointerover=|_| fetch_writer_on_approach()
                    on:focusin=|_| fetch_writer_on_approach()
                >
                    <Later piece=Piece::Board>
                        <AnalysisBoard store=store arrow=arrow preview=preview />
                        <LineBestMove line=review />
                    </Later>
                </div>
                <aside class="side-panel">
                    <Later piece=Piece::SidePanel>
                        <TreeNav store=store />
                        <VariationList store=store mark=mark />
                        <LineActions store=store />
                        <EngineLines engine=engine on_play=Callback::new(move |uci: String| store.play_uci(&uci)) />
                    </Later>
                    <Later piece=Piece::Rest>
                        <LineReviewPanel line=review />
                        <PgnFen fen=fen panel=pgn_panel.clone() />
                    </Later>
                </aside>
            </div>
        </section>
    }
    .into_any()
}

/// The game of the page named by `?game=`, if it names one; the parameter is dropped
/// from the address, so that a reload shows the board as it is then.
fn requested_game(notice: RwSignal<Option<String>>) -> Option<GameSource> {
    // The browser's address, which the router has set before it draws the page (its
    // query map would bring the router's parsing of it into this page's chunk).
    let word = web_sys::window()
        .and_then(|window| window.location().search().ok())
        .and_then(|search| web_sys::UrlSearchParams::new_with_str(&search).ok())
        .and_then(|query| query.get("game"))?;
    let navigate = use_navigate();
    let source = GameSource::from_query(&word);
    if source.is_none() {
        notice.set(Some(format!("There is no game called “{word}”.")));
    }
    // Once the page is drawn: the router is not to be changed while it draws.
    Effect::new(move |_| {
        navigate(
            "/analysis",
            NavigateOptions {
                replace: true,
                ..Default::default()
            },
        );
    });
    source
}

/// Opens the game `source` keeps (read in the `saved_game` chunk unless this tab saved
/// it), a part of the first view while the page shell is up.
fn open_game(store: TreeStore, notice: RwSignal<Option<String>>, source: GameSource) {
    spawn_first_view_part(async move {
        match read_game(source).await {
            Ok((game, orientation)) => {
                // Gone meanwhile (the page was left): nothing to open it in.
                let tree = store
                    .tree()
                    .try_with_untracked(|current| tree_for(&game, current));
                if let Some(tree) = tree {
                    if let Some(tree) = tree {
                        let root = tree.root();
                        store.replace(tree, Notes::new(), None, root);
                    }
                    store.last_of_main_line();
                    store.turn_to(orientation);
                }
            }
            Err(message) => {
                notice.try_set(Some(format!("{message}.")));
            }
        }
    });
}

/// The board of the tree's position, with the promotion choice over it.
#[component]
fn AnalysisBoard(
    /// The tree.
    store: TreeStore,
    /// An arrow to draw (the engine's best move).
    arrow: Signal<Option<(gambit_rules::Square, gambit_rules::Square)>>,
    /// A position shown instead of the tree's (a step of the review's better line);
    /// the board takes no move meanwhile.
    preview: RwSignal<Option<Chess>>,
) -> impl IntoView {
    let shown = move || preview.get().unwrap_or_else(|| store.position());
    // The circles and arrows are kept per position, with its notes (and in PGN): the
    // board shows those of the position shown, and what the player draws goes there.
    // They go to the position they were drawn on, even if the position shown has
    // changed by the time the second effect runs.
    let drawn = DrawnShapes::new();
    let drawn_on = StoredValue::new(store.current().get_untracked());
    drawn.set(untrack(|| store.shapes(drawn_on.get_value())));
    Effect::new(move |_| {
        let node = store.current().get();
        drawn_on.set_value(node);
        drawn.set(store.shapes(node));
    });
    Effect::new(move |_| {
        let shapes = drawn.shapes().get();
        store.set_shapes(drawn_on.get_value(), shapes);
    });
    let promotion = move || {
        store.promotion().get().map(|(_, to)| {
            let color = store.position().turn();
            view! {
                <PromotionDialog
                    square=to
                    color=color
                    orientation=store.orientation().get_untracked()
                    on_choose=Callback::new(move |role| store.promote(role))
                />
            }
        })
    };
    view! {
        <Board
            pieces=Signal::derive(move || shown().board().clone())
            orientation=store.orientation()
            movable=Signal::derive(move || {
                if preview.with(Option::is_some) { None } else { store.movable() }
            })
            targets=Callback::new(move |square| store.targets(square))
            last_move=Signal::derive(move || {
                if preview.with(Option::is_some) { None } else { store.last_move() }
            })
            check=Signal::derive(move || {
                let position = shown();
                if position.is_check() { position.board().king_of(position.turn()) } else { None }
            })
            on_move=Callback::new(move |(from, to)| store.attempt(from, to))
            arrow=arrow
            drawn=drawn
        >
            {promotion}
        </Board>
    }
}

/// First / previous / next / last along the line shown.
#[component]
fn TreeNav(
    /// The tree.
    store: TreeStore,
) -> impl IntoView {
    view! {
        <StepButtons
            keys=tree_keys(store)
            at_start=Signal::derive(move || store.at_start())
            at_end=Signal::derive(move || store.at_end())
            label="Moves"
            first="Start position"
            last="End of the line"
        />
    }
}

/// What can be done with the line shown: flip the board, make a side line the main
/// line, delete the moves from the one shown on.
#[component]
fn LineActions(
    /// The tree.
    store: TreeStore,
) -> impl IntoView {
    let on_side_line = move || {
        let node = store.current().get();
        store.main_line_ply(node).is_none()
    };
    view! {
        <div class="line-actions">
            <button type="button" data-testid="flip-board" on:click=move |_| store.flip()>
                "Flip board"
            </button>
            <button type="button" data-testid="promote-line" disabled=move || !on_side_line()
                title="Make this side line the main line" on:click=move |_| store.promote_line()>
                "Make main line"
            </button>
            <button type="button" data-testid="delete-move" disabled=move || store.at_start()
                title="Delete this move and the moves after it"
                on:click=move |_| store.delete_from_here()>
                "Delete from here"
            </button>
        </div>
    }
}
