//! How the messages travel between the page and the engine worker: postcard's compact
//! encoding of their serde form, as bytes (gloo-worker's `Codec`, which both sides name
//! when they set up the bridge).
//!
//! Not gloo-worker's default, bincode: bincode's errors are made by formatting serde's
//! description of the unexpected value, whose `Display` formats floats, and so the
//! worker carried 13 KB of float formatting for error messages that nobody reads.
//! postcard's errors carry no text.

use gloo_worker::Codec;
use js_sys::Uint8Array;
use serde::{Deserialize, Serialize};

/// postcard over `Uint8Array`s.
#[derive(Debug)]
pub struct Postcard;

impl Codec for Postcard {
    fn encode<I: Serialize>(input: I) -> wasm_bindgen::JsValue {
        // The messages are plain data (no maps with non-string keys, no sequences of
        // unknown length): encoding cannot fail.
        let bytes = postcard::to_allocvec(&input).expect("a worker message encodes");
        Uint8Array::from(bytes.as_slice()).into()
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: wasm_bindgen::JsValue) -> O {
        let bytes = Uint8Array::from(input).to_vec();
        // Both sides are of one build (`Request::Ping` tells its protocol version); a
        // message that does not decode is a bug, as with gloo-worker's own codec.
        postcard::from_bytes(&bytes).expect("a worker message decodes")
    }
}
