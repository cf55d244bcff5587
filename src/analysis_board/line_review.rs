//! The review of the analysis board's main line: its evaluations and marks in the move
//! tree and the PGN, the better move's arrow, the better move under the board and the
//! review panel.
//!
//! The page holds only what reads the review (all empty until there is one): the
//! [`Review`] itself, with its runner, stored analyses, panel and better-move line, is
//! made by the views of the `review` chunk (the one the game pages' review uses). That
//! chunk is fetched with the first view when analyses are stored (one may be this
//! line's, shown with the page), else on first use: until then the panel's controls
//! stand in its place, in plain HTML, and work. The pointer coming over them, or the
//! focus into them, fetches the chunk; a budget picked there and "Analyse" pressed
//! there carry over to the panel, which then starts the analysis.

use gambit_rules::Eval;
use gambit_rules::shakmaty::{Chess, Square};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::chunks::Chunk;
use crate::review::view::best_move_line::BestMoveLine;
use crate::review::view::panel::ReviewPanel;
use crate::review::{AnalysedLine, Budget, PlyMark, Review, shelf};

/// The review of the board's main line. Cheap to copy.
#[derive(Clone, Copy)]
pub struct LineReview {
    /// The main line.
    line: Signal<AnalysedLine>,
    /// Its review, once made (by the `review` chunk's views).
    review: RwSignal<Option<Review>>,
    /// The page's owner, under which the review is made (it lives as long as the page).
    owner: StoredValue<Option<Owner>>,
    /// Whether the views are wanted yet (the chunk is fetched when they are).
    wanted: RwSignal<bool>,
    /// Whether the panel is drawn (its place is held until then).
    panel_in: RwSignal<bool>,
    /// What the player did with the controls standing in the panel's place, for the
    /// panel to carry on.
    pending: StoredValue<PendingUse>,
    /// The main-line ply the panel's graph and summary point at.
    anchor: Signal<usize>,
    /// The main-line ply on the board (its better move is shown under it).
    viewed: Signal<usize>,
    /// Shows main-line ply `n` (a graph point, a count of marked moves).
    go_to_ply: Callback<usize>,
    /// A position of the better line shown on the board instead of the tree's.
    preview: RwSignal<Option<Chess>>,
}

impl LineReview {
    /// The review of `line`, whose panel points at main-line ply `anchor`, whose better
    /// move is the one of main-line ply `viewed`, which shows a ply with `go_to_ply` and
    /// previews a position in `preview`. Call inside the page's component.
    pub fn new(
        line: Signal<AnalysedLine>,
        anchor: Signal<usize>,
        viewed: Signal<usize>,
        go_to_ply: Callback<usize>,
        preview: RwSignal<Option<Chess>>,
    ) -> LineReview {
        LineReview {
            line,
            review: RwSignal::new(None),
            owner: StoredValue::new(Owner::current()),
            wanted: RwSignal::new(shelf::shelf_stored()),
            panel_in: RwSignal::new(false),
            pending: StoredValue::new(PendingUse::default()),
            anchor,
            viewed,
            go_to_ply,
            preview,
        }
    }

    /// The review, made the first time a view of the chunk asks for it, under the
    /// page's owner.
    fn review(&self) -> Review {
        if let Some(review) = self.review.get_untracked() {
            return review;
        }
        let line = self.line;
        let review = match self.owner.get_value() {
            Some(owner) => owner.with(|| Review::new(line)),
            None => Review::new(line),
        };
        self.review.set(Some(review));
        review
    }

    /// Asks for the review's chunk, if not yet asked: the review has something to show
    /// (a PGN brought evaluations).
    pub fn want(&self) {
        if !self.wanted.get_untracked() {
            self.wanted.set(true);
        }
    }

    /// The mark of main-line move `ply`; reactive.
    pub fn mark(&self, ply: usize) -> Option<PlyMark> {
        self.review.get()?.mark(ply)
    }

    /// The evaluation of main-line position `ply`; reactive.
    pub fn eval(&self, ply: usize) -> Option<Eval> {
        self.review.get()?.eval(ply)
    }

    /// `data-eval` of main-line move `ply`; reactive.
    pub fn eval_attr(&self, ply: usize) -> Option<String> {
        self.review.get()?.eval_attr(ply)
    }

    /// `data-best` of main-line move `ply`; reactive.
    pub fn best_attr(&self, ply: usize) -> Option<String> {
        self.review.get()?.best_attr(ply)
    }

    /// The better move of the main-line move played at ply `viewed`, as an arrow;
    /// reactive.
    pub fn best_arrow(&self, viewed: usize) -> Option<(Square, Square)> {
        self.review.get()?.best_arrow(viewed)
    }
}

/// The review panel (budget, "Analyse", progress, graph, summary). Until it is drawn,
/// its controls, not yet usable, hold its place (they stay above the message of a chunk
/// that could not be fetched).
#[component]
pub fn LineReviewPanel(
    /// The board's review.
    line: LineReview,
) -> impl IntoView {
    provide_context(line);
    view! {
        {move || (!line.panel_in.get()).then(|| view! { <PendingReviewPanel line=line /> })}
        <Show when=move || line.wanted.get()>
            <Chunk load=line_review_panel />
        </Show>
    }
}

/// What the player did with the controls standing in the panel's place.
#[derive(Debug, Clone, Copy, Default)]
struct PendingUse {
    /// The budget picked there, if one was.
    budget: Option<Budget>,
    /// Whether "Analyse" was pressed there.
    start: bool,
}

/// The panel's controls as they first show (`ReviewPanel`'s), in plain HTML: they hold
/// its place until its chunk is in, so that nothing moves when it comes (a test
/// compares the two boxes), and they work (see [`PendingReviewPanel`]).
const PENDING_CONTROLS: &str = "<div class=\"analysis-start\">\
    <fieldset class=\"analysis-budgets\"><legend>Depth</legend>\
    <label class=\"analysis-budget\"><input type=\"radio\" name=\"analysis-budget\" \
    value=\"quick\" data-analysis-budget=\"quick\" checked>Quick</label>\
    <label class=\"analysis-budget\"><input type=\"radio\" name=\"analysis-budget\" \
    value=\"standard\" data-analysis-budget=\"standard\">Standard</label>\
    <label class=\"analysis-budget\"><input type=\"radio\" name=\"analysis-budget\" \
    value=\"deep\" data-analysis-budget=\"deep\">Deep</label></fieldset>\
    <button type=\"button\" class=\"analyse\" data-testid=\"analyse\">Analyse</button></div>";

/// The review panel's place until its chunk is in. The pointer coming over it or the
/// focus coming into it asks for the chunk; a budget picked and "Analyse" pressed are
/// kept for the panel (which starts the analysis), and the button waits meanwhile.
#[component]
fn PendingReviewPanel(line: LineReview) -> impl IntoView {
    let want = move || line.want();
    let on_change = move |event: web_sys::Event| {
        let picked = event
            .target()
            .and_then(|target| target.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|input| Budget::named(&input.value()));
        if let Some(budget) = picked {
            line.pending
                .update_value(|pending| pending.budget = Some(budget));
        }
    };
    let on_click = move |event: web_sys::MouseEvent| {
        let button = event
            .target()
            .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
            .and_then(|element| element.closest(".analyse").ok().flatten());
        if let Some(button) = button {
            line.pending.update_value(|pending| pending.start = true);
            let _ = button.set_attribute("disabled", "");
            want();
        }
    };
    view! {
        <section class="review-panel" aria-label="Game review" data-testid="review-pending"
            on:pointerover=move |_| want() on:focusin=move |_| want()
            on:change=on_change on:click=on_click
            inner_html=PENDING_CONTROLS></section>
    }
}

crate::chunk_view!(
    /// [`LineReviewPanel`]'s view, of the [`LineReview`] in context.
    fn line_review_panel() in review {
        use_context::<LineReview>().map(|line| {
            // Its place is given up in the task that draws it: in the same frame.
            line.panel_in.set(true);
            let review = line.review();
            let pending = line.pending.get_value();
            if let Some(budget) = pending.budget {
                review.budget().set(budget);
            }
            if pending.start {
                start_once_read(review);
            }
            view! { <ReviewPanel review=review viewed=line.anchor on_go=line.go_to_ply /> }
        })
    }
);

/// Starts `review`'s analysis once its stored analyses are read ("Analyse" was pressed
/// before its panel was in). The review reads them in an effect made before this one,
/// so this one sees them being read, or read.
fn start_once_read(review: Review) {
    Effect::new(move |started: Option<bool>| {
        if started == Some(true) {
            return true;
        }
        if review.is_reading() {
            return false;
        }
        untrack(move || review.start());
        true
    });
}

/// The better move under the board, once the chunk is wanted.
#[component]
pub fn LineBestMove(
    /// The board's review.
    line: LineReview,
) -> impl IntoView {
    provide_context(line);
    view! {
        <Show when=move || line.wanted.get()>
            <Chunk load=line_best_move />
        </Show>
    }
}

crate::chunk_view!(
    /// [`LineBestMove`]'s view, of the [`LineReview`] in context.
    fn line_best_move() in review {
        use_context::<LineReview>().map(|line| {
            let preview = line.preview;
            view! {
                <BestMoveLine review=line.review() viewed=line.viewed
                    on_preview=Callback::new(move |position| {
                        preview.try_set(position);
                    }) />
            }
        })
    }
);
