//! The app binary: installs the panic hook, mounts [`gambit::App`] and removes the page
//! shell that `index.html` painted while the WebAssembly was on its way; nothing else.

/// The `id` of the shell's element in `index.html`.
const SHELL_ID: &str = "shell";

fn main() {
    gambit::panic_banner::install();
    leptos::mount::mount_to_body(gambit::App);
    remove_shell();
    gambit::panic_banner::panic_if_asked_by_test();
}

/// Removes the shell in the task that mounted the app: no frame shows both or neither,
/// and the app's boxes take the places of the shell's, which had the same sizes.
fn remove_shell() {
    let shell = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.get_element_by_id(SHELL_ID));
    if let Some(shell) = shell {
        shell.remove();
    }
}
