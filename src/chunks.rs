//! The page's chunks: features whose code the release build splits off the main
//! WebAssembly module (`cargo xtask page`, docs/architecture.md "The page's chunks"),
//! so that a page downloads and compiles only what it shows. A feature is declared a
//! chunk with [`chunk_view!`](crate::chunk_view!) and shown with [`Chunk`]: the first time, its module is
//! fetched (the service worker has it offline), then its view is drawn; if the fetch
//! fails, the place says so and offers to try again, and nothing else on the page is
//! lost.
//!
//! Work rather than a view (reading stored data, a client) goes into a chunk with
//! [`chunk_fn!`](crate::chunk_fn!), and a piece of a page's first view that waits for
//! such work is spawned with [`spawn_first_view_part`].
//!
//! Without the `split` feature (the tests, `cargo check`) a chunk's view is an ordinary
//! function of the main module; only the release build splits.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use leptos::prelude::*;
use send_wrapper::SendWrapper;

pub use wasm_split_helpers::SplitLoaderError;

/// Declares the function that builds a feature's view in a chunk of its own, named
/// after the chunk: `chunk_view!(pub fn analysis_page() in analysis { view! { … } })`.
/// Everything the view needs and the main module does not goes into that chunk.
/// Show it with [`Chunk`]. With `in board_overlays, preload(preload_name)` it also
/// declares a function that fetches the chunk without drawing anything, so that a page
/// can fetch it in a task of its choosing before the view is first shown (without the
/// `split` feature that function does nothing).
#[macro_export]
macro_rules! chunk_view {
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident() in $chunk:ident $(, preload($preload:ident))? $body:block
    ) => {
        $(#[$meta])*
        #[cfg(feature = "split")]
        #[::wasm_split_helpers::wasm_split($chunk, fallible $(, preload($preload))?)]
        $vis fn $name() -> ::core::result::Result<
            ::leptos::prelude::AnyView,
            $crate::chunks::SplitLoaderError,
        > {
            ::core::result::Result::Ok(::leptos::prelude::IntoAny::into_any($body))
        }
        $(#[$meta])*
        #[cfg(not(feature = "split"))]
        $vis async fn $name() -> ::core::result::Result<
            ::leptos::prelude::AnyView,
            $crate::chunks::SplitLoaderError,
        > {
            ::core::result::Result::Ok(::leptos::prelude::IntoAny::into_any($body))
        }
        $(
            #[cfg(not(feature = "split"))]
            $vis async fn $preload() -> ::core::result::Result<(), $crate::chunks::SplitLoaderError> {
                ::core::result::Result::Ok(())
            }
        )?
    };
}

/// Declares a function whose code goes into a chunk of its own (or a chunk's, with the
/// same name), for work rather than a view: `chunk_fn!(fn decode(text: String) in
/// saved_game -> Restored { … })`, with `in saved_game, preload(preload_name)` for a
/// function that fetches the chunk without calling anything. It is called as
/// `decode(text).await`, which answers `Err` when the chunk cannot be fetched. Without the
/// `split` feature it is an ordinary async function, and the preload does nothing.
#[macro_export]
macro_rules! chunk_fn {
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?)
            in $chunk:ident $(, preload($preload:ident))? -> $ret:ty $body:block
    ) => {
        $(#[$meta])*
        #[cfg(feature = "split")]
        #[::wasm_split_helpers::wasm_split($chunk, fallible $(, preload($preload))?)]
        $vis fn $name($($arg: $ty),*) -> ::core::result::Result<
            $ret,
            $crate::chunks::SplitLoaderError,
        > {
            ::core::result::Result::Ok($body)
        }
        $(#[$meta])*
        #[cfg(not(feature = "split"))]
        $vis async fn $name($($arg: $ty),*) -> ::core::result::Result<
            $ret,
            $crate::chunks::SplitLoaderError,
        > {
            ::core::result::Result::Ok($body)
        }
        $(
            #[cfg(not(feature = "split"))]
            $vis async fn $preload() -> ::core::result::Result<(), $crate::chunks::SplitLoaderError> {
                ::core::result::Result::Ok(())
            }
        )?
    };
}

thread_local! {
    /// Whether the page shell is still up: a chunk asked for meanwhile is part of the
    /// first view, which the shell waits for, and so is a piece of a page drawn later
    /// (`crate::ui::start`).
    static SHELL_UP: Cell<bool> = const { Cell::new(true) };
    /// How many parts of the first view are still to come: chunks being fetched, pieces
    /// not yet drawn, a stored game being read (`game::persistence`).
    static FIRST_LOADS: Cell<usize> = const { Cell::new(0) };
    /// What to do once they are in (`main.rs`: remove the shell).
    static WHEN_FIRST_VIEW_IS_IN: RefCell<Option<Box<dyn FnOnce()>>> = const { RefCell::new(None) };
    /// What waits until then to start ([`after_first_view`]).
    static AFTER_FIRST_VIEW: RefCell<Vec<Box<dyn FnOnce()>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `done` once the chunks the first view asked for are in (or have failed, and say
/// so), the pieces it put off are drawn and the stored game it reads is in: at once if
/// there are none. `main.rs` calls it in the task after the mount (the router builds the
/// first page asynchronously), to keep the page shell until the page is whole.
pub fn when_first_view_is_in(done: impl FnOnce() + 'static) {
    if FIRST_LOADS.get() == 0 {
        first_view_in(done);
    } else {
        WHEN_FIRST_VIEW_IS_IN.set(Some(Box::new(done)));
    }
}

/// The first view is in: the shell goes (`done`), then what waited for it starts.
fn first_view_in(done: impl FnOnce()) {
    SHELL_UP.set(false);
    done();
    for then in AFTER_FIRST_VIEW.take() {
        then();
    }
}

/// Runs `then` once the first view is in and the shell gone (at once when it is): for a
/// chunk a page wants soon but does not draw first, which is then no part of the first
/// view (the analysis board's engine).
pub fn after_first_view(then: impl FnOnce() + 'static) {
    if SHELL_UP.get() {
        AFTER_FIRST_VIEW.with_borrow_mut(|waiting| waiting.push(Box::new(then)));
    } else {
        then();
    }
}

/// Whether the first view is still being built, the shell up: then it waits for one
/// more part, which says [`first_view_part_done`] when it is in.
pub fn first_view_waits_for_part() -> bool {
    let waits = SHELL_UP.get();
    if waits {
        FIRST_LOADS.set(FIRST_LOADS.get() + 1);
    }
    waits
}

/// Runs `task` on this thread; while the page shell is up, it is a part of the first
/// view, which waits for it (a stored game, board or review being read).
pub fn spawn_first_view_part(task: impl Future<Output = ()> + 'static) {
    let part_of_first_view = first_view_waits_for_part();
    leptos::task::spawn_local(async move {
        task.await;
        if part_of_first_view {
            // What the task set is drawn, and the effects it woke run (a stored game's
            // review asks for its stored analyses) before the part counts as done: parts
            // those effects start are then parts of the first view too.
            leptos::task::tick().await;
            first_view_part_done();
        }
    });
}

/// One part of the first view done: a chunk in (or failed), a piece drawn, a stored
/// game read.
pub fn first_view_part_done() {
    let left = FIRST_LOADS.get().saturating_sub(1);
    FIRST_LOADS.set(left);
    if left == 0
        && let Some(done) = WHEN_FIRST_VIEW_IS_IN.take()
    {
        first_view_in(done);
    }
}

/// A chunk's view (declared with [`chunk_view!`](crate::chunk_view!)): drawn once its module is in; until
/// then nothing, and if the module cannot be fetched, a message with a button that
/// tries again.
#[component]
pub fn Chunk<Load, Loading>(
    /// The chunk's view function.
    load: Load,
) -> impl IntoView
where
    Load: Fn() -> Loading + Copy + Send + Sync + 'static,
    Loading: Future<Output = Result<AnyView, SplitLoaderError>> + 'static,
{
    chunk_view(Arc::new(move || Box::pin(load()) as LoadingView))
}

/// A chunk's view being fetched.
type LoadingView = Pin<Box<dyn Future<Output = Result<AnyView, SplitLoaderError>>>>;

/// [`Chunk`]'s view, of one type for every chunk (so that its code is not repeated for
/// each).
fn chunk_view(load: Arc<dyn Fn() -> LoadingView + Send + Sync>) -> impl IntoView {
    let attempt = RwSignal::new(0_u32);
    move || {
        attempt.track();
        let first = first_view_waits_for_part();
        let loading = load();
        Suspend::new(SendWrapper::new(async move {
            let loaded = loading.await;
            if first {
                // After this task has drawn the view: in the same frame as the shell goes.
                Effect::new(first_view_part_done);
            }
            match loaded {
                Ok(view) => view,
                Err(_) => view! {
                    <ChunkFailed retry=move || attempt.update(|count| *count += 1) />
                }
                .into_any(),
            }
        }))
    }
}

/// The place of a chunk that could not be fetched.
#[component]
fn ChunkFailed(retry: impl Fn() + 'static) -> impl IntoView {
    view! {
        <section class="chunk-failed" role="alert" data-testid="chunk-failed">
            <p>"This part of Gambit could not be loaded. Check the connection and try again."</p>
            <button type="button" class="button" on:click=move |_| retry()>
                "Try again"
            </button>
        </section>
    }
}
