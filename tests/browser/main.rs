//! Tests of the page's parts in headless Chromium (wasm-bindgen-test): mount, act through
//! real events, read the DOM. One module a topic, in one binary.
#![cfg(target_arch = "wasm32")]

mod board;
mod common;
mod components;
mod prefs;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
