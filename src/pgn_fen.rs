//! PGN and FEN in and out: export (shown, copied, downloadable), import of pasted PGN,
//! the current position's FEN, and set-up from a pasted FEN. A rejected import shows
//! its error inline and keeps the game. A pasted PGN is read in the engine worker
//! (`engine_worker::read_pgn`) and checked here. Pasted text is read only when submitted, is
//! refused beyond a size no real game reaches (so no paste can freeze the page), and is
//! only ever shown as text. The game pages use it on their game and its review (the
//! exported PGN carries a finished game's analysis, an imported one's evaluations
//! become the game's analysis); the online game passes its own export and set-up, and
//! the analysis board its FEN and its own panel (in the same chunk, with its export,
//! import and set-up: `analysis_board::view::pgn_panel`). The FEN line and the buttons are in the main module; an open panel is in
//! the `pgn_fen` chunk, fetched when one is first opened, and so is all that writes or
//! reads PGN.

use gambit_rules::{Game, PgnReading};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::chunks::Chunk;
use crate::engine_worker::read_pgn::read_pgn;
use crate::game::store::GameStore;
use crate::review::game_page::PageReview;

/// The largest PGN read: a long game with comments is a few tens of KB.
pub const MAX_PGN_BYTES: usize = 512 * 1024;

/// The largest FEN read: a FEN is under 100 characters.
pub const MAX_FEN_BYTES: usize = 256;

/// Which panel is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Panel {
    Export,
    ImportPgn,
    SetupFen,
}

/// The PGN/FEN tools of a page. By default they work on the page's [`GameStore`] (the
/// game pages); a page with a model of its own (the analysis board) passes its export,
/// FEN, import and set-up instead, each optional and each replacing the default.
#[component]
pub fn PgnFen(
    /// Called after a successful import or set-up (the computer page restarts its
    /// opponent); the new position is already shown then.
    #[prop(optional)]
    on_new_position: Option<Callback<()>>,
    /// The page's review (the game pages): the PGN exported carries its analysis, and
    /// an imported PGN's evaluations become the game's analysis.
    #[prop(optional)]
    review: Option<PageReview>,
    /// The PGN to export; by default the page's review's, else the store's game.
    #[prop(optional, into)]
    export: Option<Signal<String>>,
    /// The FEN of the position shown; by default the store's viewed position.
    #[prop(optional, into)]
    fen: Option<Signal<String>>,
    /// Shows a pasted PGN, read by the engine worker (`engine_worker::read_pgn`) but
    /// not yet checked, or says why not; by default it starts the store's game from it.
    #[prop(optional)]
    import: Option<Callback<PgnReading, Result<(), String>>>,
    /// Why this page takes no pasted PGN (the online game): shown at once on import,
    /// without reading the text.
    #[prop(optional)]
    import_refusal: Option<&'static str>,
    /// Sets up a pasted FEN (trimmed, already checked for size), or says why not; by
    /// default it starts the store's game from it.
    #[prop(optional)]
    setup: Option<Callback<String, Result<(), String>>>,
    /// The open panel of a page that brings its own export, import and set-up in a
    /// chunk (the analysis board's): drawn with the page's [`Tools`] in context, which
    /// it completes with [`Tools::with_page`]. By default, this module's panel.
    #[prop(optional, into)]
    panel: Option<ViewFn>,
) -> impl IntoView {
    let store = use_context::<GameStore>();
    let complete = export.is_some() && import.is_some() && setup.is_some();
    if store.is_none() && (fen.is_none() || !(complete || panel.is_some())) {
        return ().into_any();
    }
    let fen = fen.unwrap_or_else(|| {
        Signal::derive(move || {
            store
                .map(|store| {
                    let ply = store.ply();
                    store.game().with(|game| game.fen_at(ply))
                })
                .unwrap_or_default()
        })
    });
    let tools = Tools {
        panel: RwSignal::new(None),
        error: RwSignal::new(None),
        copied: RwSignal::new(None),
        reading: RwSignal::new(false),
        export,
        review,
        store,
        page_import: import,
        import_refusal,
        page_setup: setup,
        on_new_position,
    };
    let toggle = move |which: Panel| {
        tools.error.set(None);
        tools.copied.set(None);
        tools.panel.update(|open| {
            *open = if *open == Some(which) {
                None
            } else {
                Some(which)
            }
        });
    };
    let fen = move || fen.get();

    view! {
        <div class="pgn-fen">
            <div class="fen-line">
                <label for="fen-text">"FEN"</label>
                // In a box of its own: see "What a move changes" in the styles.
                <span class="fen-field">
                    <input id="fen-text" class="fen-text" data-testid="fen-text" readonly
                        prop:value=fen on:focus=move |ev| select_all(&ev) />
                </span>
                <button type="button" data-testid="copy-fen" on:click=move |_| tools.copy(fen(), "FEN")>
                    "Copy"
                </button>
            </div>
            <div class="pgn-fen-buttons">
                <button type="button" data-testid="export-pgn" on:click=move |_| toggle(Panel::Export)>
                    "Export PGN"
                </button>
                <button type="button" data-testid="import-pgn" on:click=move |_| toggle(Panel::ImportPgn)>
                    "Import PGN"
                </button>
                <button type="button" data-testid="setup-fen" on:click=move |_| toggle(Panel::SetupFen)>
                    "Set up from FEN"
                </button>
            </div>
            <Show when=move || tools.panel.with(Option::is_some)>
                // In the shown panel's own scope: every page's tools have their own.
                {provide_context(tools);
                match panel.clone() {
                    Some(panel) => panel.run(),
                    None => view! { <Chunk load=tool_panel /> }.into_any(),
                }}
            </Show>
        </div>
    }
    .into_any()
}

/// What a [`PgnFen`]'s open panel works with: its state and the page's export, import
/// and set-up. The panel's view is in the page's `pgn_fen` chunk, fetched when a panel
/// is first opened.
#[derive(Clone, Copy)]
pub struct Tools {
    /// Which panel is open.
    panel: RwSignal<Option<Panel>>,
    /// Why the last import or set-up was refused.
    error: RwSignal<Option<String>>,
    /// What was last copied ("PGN", "FEN").
    copied: RwSignal<Option<&'static str>>,
    /// A PGN is being read (in the engine worker): the import button waits.
    reading: RwSignal<bool>,
    /// The page's PGN to export, if not the default.
    export: Option<Signal<String>>,
    /// The page's review, for the default export and import.
    review: Option<PageReview>,
    /// The page's game, for the default import and set-up.
    store: Option<GameStore>,
    /// The page's import, if not the default.
    page_import: Option<Callback<PgnReading, Result<(), String>>>,
    /// Why this page takes no pasted PGN.
    import_refusal: Option<&'static str>,
    /// The page's set-up, if not the default.
    page_setup: Option<Callback<String, Result<(), String>>>,
    /// Called after a successful import or set-up.
    on_new_position: Option<Callback<()>>,
}

impl Tools {
    /// These tools with the page's own `export`, `import` and `setup` (a page's panel
    /// makes them in its chunk, so that their code is the chunk's).
    pub fn with_page(
        self,
        export: Signal<String>,
        import: Callback<PgnReading, Result<(), String>>,
        setup: Callback<String, Result<(), String>>,
    ) -> Tools {
        Tools {
            export: Some(export),
            page_import: Some(import),
            page_setup: Some(setup),
            ..self
        }
    }

    /// The PGN to export: the page's, else its review's (with the analysis), else the
    /// store's game; reactive. Only the panel (in the chunk) asks, so writing PGN is
    /// code of the chunk.
    fn pgn(self) -> String {
        if let Some(export) = self.export {
            return export.get();
        }
        if let Some(review) = self.review {
            return review.pgn();
        }
        self.store
            .map(|store| {
                store
                    .game()
                    .with(|game| game.to_pgn(&crate::game::pgn_tags()))
            })
            .unwrap_or_default()
    }

    /// Puts `text` on the clipboard; says "`what` copied" once it is there.
    fn copy(self, text: String, what: &'static str) {
        let Some(window) = web_sys::window() else {
            return;
        };
        let promise = window.navigator().clipboard().write_text(&text);
        let copied = self.copied;
        spawn_local(async move {
            // The page may be gone by the time the clipboard answers.
            if wasm_bindgen_futures::JsFuture::from(promise).await.is_ok() {
                copied.try_set(Some(what));
            }
        });
    }

    /// The end of an import or set-up: the panel closes, or says why not.
    fn finish(self, done: Result<(), String>) {
        match done {
            Ok(()) => {
                self.panel.set(None);
                self.error.set(None);
                if let Some(callback) = self.on_new_position {
                    callback.run(());
                }
            }
            Err(message) => self.error.set(Some(message)),
        }
    }

    /// Starts the game from a read PGN: the page's import, or the store's game.
    fn import(self, reading: PgnReading) -> Option<Result<(), String>> {
        match (self.page_import, self.review) {
            (Some(import), _) => import.try_run(reading),
            (None, Some(review)) => Some(review.import(reading)),
            (None, None) => Some(
                Game::from_pgn_reading(reading)
                    .map_err(|e| e.to_string())
                    .map(|(game, _)| self.start(game)),
            ),
        }
    }

    /// Sets up a pasted FEN: the page's set-up, or the store's game.
    fn setup(self, text: String) -> Result<(), String> {
        match self.page_setup {
            Some(setup) => setup.run(text),
            None => Game::from_fen(&text)
                .map_err(|e| e.to_string())
                .map(|game| self.start(game)),
        }
    }

    /// Starts the store's game (if any) from `game`.
    fn start(self, game: Game) {
        if let Some(store) = self.store {
            store.start(game, None);
        }
    }

    /// Reads the open panel's text: imports it, or sets it up.
    fn submit(self, which: Panel, text: String) {
        match which {
            Panel::ImportPgn if self.import_refusal.is_some() => {
                self.finish(Err(self.import_refusal.unwrap_or_default().to_owned()));
            }
            Panel::ImportPgn if text.len() > MAX_PGN_BYTES => {
                self.finish(Err(too_long("PGN", &text, MAX_PGN_BYTES)));
            }
            Panel::ImportPgn => {
                self.error.set(None);
                self.reading.set(true);
                spawn_local(async move {
                    let read = read_pgn(text).await;
                    // The page may have been left meanwhile (the signal is gone, and
                    // `try_set` hands the value back): then nothing is shown.
                    if self.reading.try_set(false).is_some() {
                        return;
                    }
                    let done = match read {
                        Ok(read) => self.import(read),
                        Err(message) => Some(Err(message)),
                    };
                    if let Some(done) = done {
                        self.finish(done);
                    }
                });
            }
            _ if text.trim().len() > MAX_FEN_BYTES => {
                self.finish(Err(too_long("FEN", &text, MAX_FEN_BYTES)));
            }
            _ => self.finish(self.setup(text.trim().to_owned())),
        }
    }
}

crate::chunk_view!(
    /// The open panel of the [`Tools`] in context: the PGN to export, or a text to
    /// import or set up.
    fn tool_panel() in pgn_fen {
        use_context::<Tools>().map(|tools| view! { <ToolPanel tools /> })
    }
);

/// The open panel of `tools`.
#[component]
pub fn ToolPanel(
    /// The page's tools.
    tools: Tools,
) -> impl IntoView {
    let input = NodeRef::<leptos::html::Textarea>::new();
    let pgn = move || tools.pgn();
    let reading = tools.reading;
    let submit = move |which: Panel| {
        let text = input
            .get_untracked()
            .map(|area| area.value())
            .unwrap_or_default();
        tools.submit(which, text);
    };
    move || {
        match tools.panel.get() {
            Some(Panel::Export) => view! {
                <div class="tool-panel">
                    <textarea class="pgn-text" data-testid="pgn-text" readonly rows="8"
                        prop:value=pgn></textarea>
                    <div class="tool-actions">
                        <button type="button" data-testid="copy-pgn" on:click=move |_| tools.copy(pgn(), "PGN")>
                            "Copy"
                        </button>
                        <button type="button" data-testid="download-pgn" on:click=move |_| download(&pgn())>
                            "Download .pgn"
                        </button>
                        <span class="copied" role="status">
                            {move || tools.copied.get().map(|what| format!("{what} copied"))}
                        </span>
                    </div>
                </div>
            }.into_any(),
            Some(which) => {
                let (testid, submit_id, placeholder) = if which == Panel::ImportPgn {
                    ("pgn-input", "pgn-submit", "Paste a PGN here")
                } else {
                    ("fen-input", "fen-submit", "Paste a FEN here")
                };
                view! {
                    <div class="tool-panel">
                        <textarea data-testid=testid rows=if which == Panel::ImportPgn { "8" } else { "2" }
                            placeholder=placeholder aria-label=placeholder
                            node_ref=input></textarea>
                        <div class="tool-actions">
                            <button type="button" class="primary" data-testid=submit_id
                                disabled=move || reading.get()
                                on:click=move |_| submit(which)>
                                {move || match (which, reading.get()) {
                                    (Panel::ImportPgn, true) => "Reading…",
                                    (Panel::ImportPgn, false) => "Import",
                                    _ => "Set up",
                                }}
                            </button>
                        </div>
                        {move || tools.error.get().map(|message| view! {
                            <p class="import-error" data-testid="import-error" role="alert">{message}</p>
                        })}
                    </div>
                }.into_any()
            }
            None => ().into_any(),
    }
    }
}

/// The message for a paste longer than `limit` bytes.
fn too_long(what: &str, text: &str, limit: usize) -> String {
    format!(
        "This {what} is {} KB; Gambit reads up to {} KB.",
        text.len().div_ceil(1024),
        limit / 1024
    )
}

/// Selects the whole text of the focused input (easy manual copy).
fn select_all(event: &web_sys::FocusEvent) {
    if let Some(input) = event
        .target()
        .and_then(|target| target.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        input.select();
    }
}

/// Offers `pgn` as a `gambit.pgn` download.
fn download(pgn: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(pgn));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/x-chess-pgn");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(anchor) = document
        .create_element("a")
        .map(|element| element.unchecked_into::<web_sys::HtmlAnchorElement>())
    {
        anchor.set_href(&url);
        anchor.set_download("gambit.pgn");
        anchor.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}
