//! Reading a PGN text off the page: the text goes to an engine worker of its own, which
//! reads it with `pgn-reader` (`Request::ReadPgn`) and answers with the tokens
//! (`gambit_rules::PgnReading`); the page then checks the moves itself
//! (`Game::from_pgn_reading`, `GameTree::from_pgn_reading`), so a reading is never
//! trusted. The worker is started for the one reading and terminated after it, apart
//! from any engine the page runs; a worker that cannot start, crashes or stays silent
//! gives an error in words, never a wait without end.

use std::cell::RefCell;
use std::rc::Rc;

use futures::channel::oneshot;
use futures::future::{Either, select};
use gambit_protocol::{Event, Request};
use gambit_rules::PgnReading;
use gloo_timers::future::TimeoutFuture;

use super::client::{EngineClient, WorkerNews};

/// How long a reading may take, the worker's start included (its wasm is cached by
/// then, or fetched once): a few seconds on a slow phone, so a minute means it is lost.
const READ_TIMEOUT_MS: u32 = 60_000;

/// Reads `text` (already checked for size) in an engine worker of its own.
///
/// # Errors
///
/// The reader's error in words (no game in the text, a broken comment or tag), or why
/// the worker did not answer.
pub async fn read_pgn(text: String) -> Result<PgnReading, String> {
    let (answer, answered) = oneshot::channel::<Result<PgnReading, String>>();
    let answer = Rc::new(RefCell::new(Some(answer)));
    let client = {
        let answer = Rc::clone(&answer);
        EngineClient::start(move |news| {
            let result = match news {
                WorkerNews::Event(Event::PgnRead { reading, .. }) => reading.map(|boxed| *boxed),
                WorkerNews::Event(other) => Err(format!(
                    "the engine worker answered something else: {other:?}"
                )),
                WorkerNews::Stopped(reason) if reason.is_empty() => {
                    Err("the engine worker stopped".to_owned())
                }
                WorkerNews::Stopped(reason) => Err(format!("the engine worker stopped: {reason}")),
            };
            if let Some(answer) = answer.borrow_mut().take() {
                let _ = answer.send(result);
            }
        })
    };
    if !client.send(Request::ReadPgn { id: 1, text }) {
        return Err("the engine worker did not start".to_owned());
    }
    let reading = match select(answered, TimeoutFuture::new(READ_TIMEOUT_MS)).await {
        Either::Left((Ok(result), _)) => result,
        Either::Left((Err(_), _)) => Err("the engine worker stopped".to_owned()),
        Either::Right(_) => Err("the engine worker did not answer in time".to_owned()),
    };
    // Terminates the worker.
    drop(client);
    reading
}
