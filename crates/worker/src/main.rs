//! The engine worker binary: registers [`reactor::EngineReactor`], which answers the
//! page's requests with the engine's own request loop (`gambit_engine::serve`).
//!
//! Trunk builds it from `index.html` into `worker.js` and `worker_bg.wasm`; the page
//! spawns it knowing only the messages of `gambit-protocol`.

mod clock;
mod reactor;

use gloo_worker::Registrable;

fn main() {
    console_error_panic_hook::set_once();
    reactor::EngineReactor::registrar().register();
}
