//! Offline use and updates: registers the service worker of the release build (`sw.js`,
//! made by `xtask/src/finish-build.mjs`), which precaches the whole build so the app
//! works offline after the first visit, and offers a reload when a new build has been
//! installed beside the running one.
//!
//! The new service worker waits until the player reloads through the notice: until
//! then this page, its engine worker and every file they load come from one build.
//! When it takes over, every page of the app that an older one controlled reloads
//! (the game is saved), so that no page of the old build spawns the new engine worker.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState};

/// The service worker's address: at the root, so that it controls every route.
const SCRIPT: &str = "/sw.js";

/// The message type that tells a waiting Workbox service worker to take over
/// (`{ type: "SKIP_WAITING" }`).
const SKIP_WAITING: &str = "SKIP_WAITING";

/// Registers the service worker and shows "a new version is ready — reload" once a
/// newer build than this page's is installed.
#[component]
pub fn UpdateNotice() -> impl IntoView {
    let ready = RwSignal::new(false);
    let registration = StoredValue::new_local(None::<ServiceWorkerRegistration>);
    if let Some(container) = container() {
        reload_when_replaced(&container);
        leptos::task::spawn_local(async move {
            if let Some(found) = register(&container).await {
                watch(&container, &found, ready);
                registration.set_value(Some(found));
            }
        });
    }
    let reload = move |_| {
        let waiting = registration.with_value(|found| found.as_ref().and_then(|r| r.waiting()));
        match waiting {
            // The page reloads when the new worker takes over (`reload_when_replaced`).
            Some(waiting) => {
                if waiting.post_message(&skip_waiting_message()).is_err() {
                    reload_page();
                }
            }
            None => reload_page(),
        }
    };
    view! {
        <Show when=move || ready.get()>
            <div class="notice update-ready" data-testid="update-ready" role="status">
                <span>"A new version of Gambit is ready."</span>
                <button type="button" data-testid="update-reload" on:click=reload>
                    "Reload"
                </button>
            </div>
        </Show>
    }
}

/// The page's service worker container, where the browser has one.
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    let value = js_sys::Reflect::get(&navigator, &"serviceWorker".into()).ok()?;
    value.dyn_into::<ServiceWorkerContainer>().ok()
}

/// Registers [`SCRIPT`]; `None` (with a console warning) when it cannot be, as under
/// Trunk's development server, which has no service worker.
async fn register(container: &ServiceWorkerContainer) -> Option<ServiceWorkerRegistration> {
    match JsFuture::from(container.register(SCRIPT)).await {
        Ok(value) => value.dyn_into::<ServiceWorkerRegistration>().ok(),
        Err(error) => {
            leptos::logging::warn!("no offline use: the service worker failed ({error:?})");
            None
        }
    }
}

/// Sets `ready` when a new service worker is installed and waiting while this page is
/// controlled by the previous one (on the very first visit there is nothing to update).
fn watch(
    container: &ServiceWorkerContainer,
    registration: &ServiceWorkerRegistration,
    ready: RwSignal<bool>,
) {
    if registration.waiting().is_some() && container.controller().is_some() {
        ready.set(true);
    }
    let found = registration.clone();
    let container = container.clone();
    let on_update_found = Closure::<dyn FnMut()>::new(move || {
        let Some(installing) = found.installing() else {
            return;
        };
        let watched = installing.clone();
        let container = container.clone();
        let on_state_change = Closure::<dyn FnMut()>::new(move || {
            if watched.state() == ServiceWorkerState::Installed && container.controller().is_some()
            {
                ready.set(true);
            }
        });
        installing.set_onstatechange(Some(on_state_change.as_ref().unchecked_ref()));
        // Lives as long as the worker it watches, which the page never outlives.
        on_state_change.forget();
    });
    registration.set_onupdatefound(Some(on_update_found.as_ref().unchecked_ref()));
    // The registration lasts as long as the page.
    on_update_found.forget();
}

/// `{ type: "SKIP_WAITING" }`, the message Workbox's generated worker listens for.
fn skip_waiting_message() -> JsValue {
    let message = js_sys::Object::new();
    // Setting a property on a fresh plain object cannot fail.
    let _ = js_sys::Reflect::set(&message, &"type".into(), &SKIP_WAITING.into());
    message.into()
}

/// Reloads the page when another service worker takes over from the one that served
/// it; a page that no worker served (the first visit) stays as it is.
fn reload_when_replaced(container: &ServiceWorkerContainer) {
    if container.controller().is_none() {
        return;
    }
    let on_change = Closure::once_into_js(reload_page);
    container.set_oncontrollerchange(Some(on_change.unchecked_ref()));
}

fn reload_page() {
    if let Some(window) = web_sys::window() {
        // A failed reload leaves the notice on screen, to be tried again.
        let _ = window.location().reload();
    }
}
