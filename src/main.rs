//! The app binary: installs the panic hook and mounts [`gambit::App`]; nothing else.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(gambit::App);
}
