//! The engine's side of the Web Worker: a gloo-worker reactor that answers
//! [`Request`]s with [`Event`]s. It runs inside the worker binary, never on the page.

use futures::{SinkExt, StreamExt};
use gambit_engine::protocol::{Event, PROTOCOL_VERSION, Request};
use gloo_worker::reactor::{ReactorScope, reactor};

/// The engine reactor: reads requests one by one and answers each.
#[reactor]
pub async fn EngineReactor(mut scope: ReactorScope<Request, Event>) {
    while let Some(request) = scope.next().await {
        let answer = match request {
            Request::Ping => Event::Pong {
                version: PROTOCOL_VERSION.to_owned(),
            },
            Request::Search { id, .. } => Event::Error {
                id,
                message: "the built-in engine is not available yet".to_owned(),
            },
        };
        if scope.send(answer).await.is_err() {
            break;
        }
    }
}
