//! The built app (`--dist`), served as a static host should (see `docs/hosting.md`):
//! the `.br`/`.gz` copies the build writes beside each file, sent with their
//! `Content-Encoding` when the browser accepts them; every path without a file
//! extension answered with `index.html` (the app routes itself), a missing file with
//! an extension a 404; file names with a content hash cached for a year
//! (`public, max-age=31536000, immutable`), everything else (`index.html`, `sw.js`)
//! `no-cache`, so a new deployment is seen on the next visit.

use std::convert::Infallible;
use std::path::Path;
use std::sync::LazyLock;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use regex::Regex;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// Hashed names, as `xtask/src/serve.mjs` knows them: Trunk's `name-<hash>.js|wasm|css`
/// (and `_bg.wasm`), the page's build directory (`page-<hash>/`: its wasm, chunks and
/// scripts), wasm-bindgen's snippets' directories.
static HASHED: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css)$|^/page-[0-9a-f]{16}/|/snippets/[^/]+-[0-9a-f]{8,16}/",
    )
    .ok()
});

/// The caching a path gets.
pub fn cache_control(path: &str) -> &'static str {
    if HASHED.as_ref().is_some_and(|hashed| hashed.is_match(path)) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// Whether the last segment of `path` has a file extension.
fn has_extension(path: &str) -> bool {
    path.rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'))
}

/// The service answering every request the routes do not.
pub fn service(dist: &Path) -> MethodRouter {
    let files = ServeDir::new(dist)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(true);
    let index = ServeFile::new(dist.join("index.html"))
        .precompressed_br()
        .precompressed_gzip();
    axum::routing::get(move |request: Request| {
        let files = files.clone();
        let index = index.clone();
        async move { serve(files, index, request).await }
    })
}

async fn serve(
    files: ServeDir,
    index: ServeFile,
    request: Request,
) -> Result<Response, Infallible> {
    let path = request.uri().path().to_owned();
    let (parts, body) = request.into_parts();
    let retry = Request::from_parts(parts.clone(), Body::empty());
    let response = match files.oneshot(Request::from_parts(parts, body)).await {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    };
    let mut response = if response.status() == StatusCode::NOT_FOUND && !has_extension(&path) {
        match index.oneshot(retry).await {
            Ok(response) => response.map(Body::new),
            Err(never) => match never {},
        }
    } else if response.status() == StatusCode::NOT_FOUND {
        (StatusCode::NOT_FOUND, "not found").into_response()
    } else {
        response
    };
    let cache = if response.status().is_success() {
        cache_control(&path)
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_are_cached_for_a_year() {
        for path in [
            "/gambit-40273f1faa86cba_bg.wasm",
            "/gambit-40273f1faa86cba.js",
            "/style-0123456789abcdef.css",
            "/page-0123456789abcdef/boot.js",
            "/page-0123456789abcdef/split_analysis.wasm",
            "/snippets/gambit-0123456789abcdef/inline0.js",
        ] {
            assert_eq!(
                cache_control(path),
                "public, max-age=31536000, immutable",
                "{path}"
            );
        }
        for path in [
            "/",
            "/index.html",
            "/sw.js",
            "/manifest.webmanifest",
            "/icon-192.png",
        ] {
            assert_eq!(cache_control(path), "no-cache", "{path}");
        }
        assert!(has_extension("/a/b.js"));
        assert!(!has_extension("/play/AbCd1234"));
    }
}
