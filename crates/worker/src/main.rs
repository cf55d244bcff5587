//! The engine worker binary: registers [`reactor::EngineReactor`], which answers the
//! page's requests with the engine's own request loop (`gambit_engine::serve`), driven
//! by [`request_loop`]: it reads the page's messages between two events, so that a
//! cancel stops the running search or analysis at once ([`inbox`] sorts them out).
//!
//! Trunk builds it from `index.html` into `worker.js` and `worker_bg.wasm`; the page
//! spawns it knowing only the messages of `gambit-protocol`.

mod clock;
mod inbox;
mod reactor;
mod request_loop;

use gambit_protocol::codec::Postcard;
use gloo_worker::Registrable;

fn main() {
    console_error_panic_hook::set_once();
    reactor::EngineReactor::registrar()
        .encoding::<Postcard>()
        .register();
}
