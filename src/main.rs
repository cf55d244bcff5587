//! The app binary: installs the panic hook, mounts [`gambit::App`] and removes the page
//! shell that `index.html` painted while the WebAssembly was on its way, once the first
//! view's chunks are in (`gambit::chunks`) and its pieces drawn (`gambit::ui::start`),
//! then has the reader of a stored game made ready (`gambit::game::persistence`);
//! nothing else.

/// The `id` of the shell's element in `index.html`.
const SHELL_ID: &str = "shell";
/// The attribute on `<html>` that hides the app's boxes while the shell stands in for
/// them (style/gambit.css).
const WAITING: &str = "data-app-waiting";

fn main() {
    gambit::panic_banner::install();
    let root = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.document_element());
    if let Some(root) = &root {
        // Cannot fail for this name; if it did, the app would show beside the shell.
        let _ = root.set_attribute(WAITING, "");
    }
    // Data stored from an earlier visit, read in the `saved_game` and `saved_analysis`
    // chunks.
    let game_stored = gambit::game::persistence::game_stored();
    let analysis_stored = gambit::analysis_board::persistence::board_stored()
        || gambit::review::shelf::shelf_stored();
    leptos::mount::mount_to_body(gambit::App);
    // In the next task: the router builds the first page once this one is done (its
    // routes load asynchronously), and that page's chunks and pieces are only counted
    // (`gambit::chunks`) while it is built.
    leptos::prelude::set_timeout(
        move || {
            gambit::chunks::when_first_view_is_in(move || {
                remove_shell();
                if game_stored {
                    gambit::game::persistence::prepare_to_read_saved_game();
                }
                if analysis_stored {
                    gambit::analysis_board::persistence::prepare_to_read_saved_analysis();
                }
            });
        },
        std::time::Duration::ZERO,
    );
    gambit::panic_banner::panic_if_asked_by_test();
}

/// Removes the shell and shows the app in one task: no frame shows both or neither,
/// and the app's boxes take the places of the shell's, which had the same sizes.
fn remove_shell() {
    let document = web_sys::window().and_then(|window| window.document());
    let Some(document) = document else {
        return;
    };
    if let Some(shell) = document.get_element_by_id(SHELL_ID) {
        shell.remove();
    }
    if let Some(root) = document.document_element() {
        let _ = root.remove_attribute(WAITING);
    }
}
