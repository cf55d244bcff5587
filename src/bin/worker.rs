//! The engine worker binary: registers the engine reactor; the search lives in
//! `gambit-engine`, the message loop in `gambit::opponent::engine_worker`.

use gloo_worker::Registrable;

fn main() {
    console_error_panic_hook::set_once();
    gambit::opponent::engine_worker::EngineReactor::registrar().register();
}
