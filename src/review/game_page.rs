//! The review on a game page (`/friend`, `/computer`): the game's line, analysed only
//! once the game is over (analysis of a live game would be cheating), the better move
//! as an arrow, the engine's line previewed on the board, the link to `/analysis`, and
//! PGN that carries the analysis (`[%eval …]`, NAGs) out and back in.

use gambit_rules::shakmaty::Square;
use gambit_rules::{AnnotatedGame, Chess, Eval, PgnReading};
use leptos::prelude::*;

use super::{AnalysedLine, Review, adopt_imported};
use crate::chunks::Chunk;
use crate::game::store::GameStore;
use crate::game::view::move_list::MoveNotes;
use crate::review::view::best_move_line::BestMoveLine;
use crate::review::view::panel::ReviewPanel;

/// The review of a game page's game. Cheap to copy.
///
/// The page's main module holds only what a live game reads (the better move's arrow and
/// the move list's marks, both empty until there is a review): the [`Review`] itself,
/// with its runner, stored analyses and engine worker, is made by [`PageReview::review`],
/// which only the `review` chunk's views (once the game is over) and the online page (a
/// chunk too) call; the PGN export and import are called only by the `pgn_fen` chunk. So
/// none of it is in the main module.
#[derive(Clone, Copy)]
pub struct PageReview {
    /// The game's store.
    store: GameStore,
    /// The review of its line, once made.
    review: RwSignal<Option<Review>>,
    /// The page's owner, under which the review is made (it lives as long as the page).
    owner: StoredValue<Option<Owner>>,
    /// A position of the engine's line shown on the board instead of the game's.
    preview: RwSignal<Option<Chess>>,
}

impl PageReview {
    /// The review of `store`'s game. Call inside the page's component.
    pub fn new(store: GameStore) -> PageReview {
        PageReview {
            store,
            review: RwSignal::new(None),
            owner: StoredValue::new(Owner::current()),
            preview: RwSignal::new(None),
        }
    }

    /// Whether the game is over (and so may be reviewed); reactive.
    pub fn is_open(&self) -> bool {
        self.store.outcome().is_some()
    }

    /// The review, made the first time it is asked for, under the page's owner. A live
    /// game has no review (analysing it would be cheating): its line is read only once
    /// the game is over (`Review::gated`).
    pub fn review(&self) -> Review {
        if let Some(review) = self.review.get_untracked() {
            return review;
        }
        let store = self.store;
        let make = move || {
            let line = Memo::new(move |_| store.game().with(AnalysedLine::of_game));
            let over = Memo::new(move |_| store.outcome().is_some());
            Review::gated(line.into(), over.into())
        };
        let review = match self.owner.get_value() {
            Some(owner) => owner.with(make),
            None => make(),
        };
        self.review.set(Some(review));
        review
    }

    /// The better move at the viewed position, as an arrow; reactive.
    pub fn arrow(&self) -> Option<(Square, Square)> {
        if !self.is_open() {
            return None;
        }
        let ply = self.store.ply();
        self.review.get()?.best_arrow(ply)
    }

    /// The review's marks as the game's move list shows them (none until there is a
    /// review).
    pub fn move_notes(self) -> MoveNotes {
        MoveNotes {
            note: Callback::new(move |ply| self.review.get()?.move_note(ply)),
            progress: Signal::derive(move || {
                self.review.get().map_or((0, 0), |review| review.progress())
            }),
        }
    }

    /// The game's PGN, with the analysis of a finished game when there is one; reactive.
    pub fn pgn(&self) -> String {
        self.pgn_tagged(&crate::game::pgn_tags())
    }

    /// The game's PGN with these tags (the online page names its players and site), as
    /// [`PageReview::pgn`]; reactive.
    pub fn pgn_tagged(&self, tags: &gambit_rules::PgnTags) -> String {
        let review = self
            .review
            .get()
            .filter(|review| self.is_open() && review.has_evaluations());
        match review {
            Some(review) => {
                let annotations = review.annotations();
                self.store
                    .game()
                    .with(|game| game.to_pgn_annotated(tags, &annotations))
            }
            None => self.store.game().with(|game| game.to_pgn(tags)),
        }
    }

    /// Starts the page's game from a pasted PGN (as the engine worker read it), keeping
    /// its evaluations (`[%eval …]`) as the game's analysis; the error in words when it
    /// is not a game.
    pub fn import(&self, reading: PgnReading) -> Result<(), String> {
        let annotated =
            AnnotatedGame::from_pgn_reading(reading).map_err(|error| error.to_string())?;
        let evals: Vec<Option<Eval>> = annotated.moves.iter().map(|m| m.eval).collect();
        adopt_imported(&AnalysedLine::of_game(&annotated.game), &evals);
        self.store.start(annotated.game, None);
        // The same game again keeps its line, so the review shows what was adopted.
        if let Some(review) = self.review.get_untracked() {
            review.reload();
        }
        Ok(())
    }

    /// The previewed position, if any.
    pub fn preview(&self) -> Signal<Option<Chess>> {
        self.preview.into()
    }
}

/// The better move under the board, once the game is over. Its view is in the page's
/// `review` chunk, fetched when a game of the page is first over.
#[component]
pub fn ReviewUnderBoard(
    /// The page's review.
    page: PageReview,
) -> impl IntoView {
    provide_context(page);
    view! {
        <Show when=move || page.is_open()>
            <Chunk load=review_under_board />
        </Show>
    }
}

crate::chunk_view!(
    /// [`ReviewUnderBoard`]'s view, of the [`PageReview`] in context.
    fn review_under_board() in review {
        use_context::<PageReview>().map(|page| {
            let store = page.store;
            view! {
                <BestMoveLine
                    review=page.review()
                    viewed=Signal::derive(move || store.ply())
                    on_preview=Callback::new(move |position| {
                        page.preview.try_set(position);
                    })
                />
            }
        })
    }
);

/// The page's name in `/analysis?game=` (`friend` or `computer`), for the review
/// section's view in its chunk.
#[derive(Clone, Copy)]
struct AnalysisLinkGame(&'static str);

/// The review panel and the link to the analysis board, once the game is over.
/// `game` names the page for `/analysis?game=…`: `friend` or `computer`. Its view is
/// in the page's `review` chunk, fetched when a game of the page is first over.
#[component]
pub fn ReviewSection(
    /// The page's review.
    page: PageReview,
    /// The page's name in `/analysis?game=`.
    game: &'static str,
) -> impl IntoView {
    provide_context(page);
    provide_context(AnalysisLinkGame(game));
    view! {
        <Show when=move || page.is_open()>
            <Chunk load=review_section />
        </Show>
    }
}

crate::chunk_view!(
    /// [`ReviewSection`]'s view, of the [`PageReview`] and page name in context.
    fn review_section() in review {
        use_context::<PageReview>().zip(use_context::<AnalysisLinkGame>()).map(
            |(page, AnalysisLinkGame(game))| {
                let store = page.store;
                view! {
                    <ReviewPanel
                        review=page.review()
                        viewed=Signal::derive(move || store.ply())
                        on_go=Callback::new(move |ply| store.view(ply))
                    />
                    <a class="analyse-this-game" data-testid="analyse-this-game"
                        href=format!("/analysis?game={game}")>
                        "Analyse this game on the analysis board"
                    </a>
                }
            },
        )
    }
);
