//! The app binary: installs the panic hook and mounts [`gambit::App`]; nothing else.

fn main() {
    gambit::panic_banner::install();
    leptos::mount::mount_to_body(gambit::App);
    gambit::panic_banner::panic_if_asked_by_test();
}
