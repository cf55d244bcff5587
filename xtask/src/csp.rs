//! The Content-Security-Policy of the release build, and the rewrite of Trunk's
//! `index.html` that lets so strict a policy hold: Trunk starts the app with an inline
//! module script, which the policy would block, so that script moves to a file of its
//! own (`loader-<hash>.js`) and the policy goes into a `<meta>` at the top of `<head>`.
//!
//! `deploy/nginx.conf` sends the same policy as a header (its end-to-end test checks
//! that the two agree); a host that proxies `stockfish-rest` under its own origin needs
//! no change, any other Stockfish address must be added to `connect-src` in both.

use std::fs;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;

/// What the app needs and nothing else:
/// - its own scripts, and WebAssembly compiled from them (`'wasm-unsafe-eval'`);
/// - its engine worker, a script of its own origin;
/// - fetches of its own files (the wasm) and of the Stockfish REST services: the public
///   one and one run on this machine (`cargo run -p stockfish-rest`, README);
/// - its stylesheet, and inline `style` attributes only (the board sets positions and
///   sizes through them), no `<style>` elements;
/// - its own images (pieces, icons) and manifest.
pub const POLICY: &str = "default-src 'none'; \
    script-src 'self' 'wasm-unsafe-eval'; \
    worker-src 'self'; \
    connect-src 'self' https://stockfish.online http://127.0.0.1:* http://localhost:*; \
    style-src 'self'; style-src-attr 'unsafe-inline'; \
    img-src 'self' data:; \
    manifest-src 'self'; \
    base-uri 'self'; \
    form-action 'none'";

/// Rewrites `dist/index.html`: the inline loader into its own file, the policy in.
pub fn apply(dist: &Path) -> Result<(), String> {
    let index = dist.join("index.html");
    let html = fs::read_to_string(&index)
        .map_err(|error| format!("cannot read {}: {error}", index.display()))?;
    let (html, loader) = externalise_loader(&html)?;
    if let Some((name, script)) = loader {
        fs::write(dist.join(&name), script)
            .map_err(|error| format!("cannot write {name}: {error}"))?;
    }
    let html = insert_policy(&html)?;
    fs::write(&index, html).map_err(|error| format!("cannot write {}: {error}", index.display()))
}

/// Moves the first inline `<script type="module">` into a file named after its
/// content's hash; returns the new page and that file (name, text), if there was one.
fn externalise_loader(html: &str) -> Result<(String, Option<(String, String)>), String> {
    const OPEN: &str = "<script type=\"module\">";
    let Some(start) = html.find(OPEN) else {
        return Ok((html.to_owned(), None));
    };
    let body_start = start + OPEN.len();
    let body_end = html[body_start..]
        .find("</script>")
        .map(|offset| body_start + offset)
        .ok_or("index.html: an inline module script is not closed")?;
    let script = html[body_start..body_end].trim().to_owned();
    let mut hasher = DefaultHasher::new();
    script.hash(&mut hasher);
    let name = format!("loader-{:016x}.js", hasher.finish());
    let tag = format!("<script type=\"module\" src=\"/{name}\"></script>");
    let rewritten = format!(
        "{}{tag}{}",
        &html[..start],
        &html[body_end + "</script>".len()..]
    );
    Ok((rewritten, Some((name, format!("{script}\n")))))
}

/// Puts the policy's `<meta>` first in `<head>`, before anything it governs.
fn insert_policy(html: &str) -> Result<String, String> {
    if html.contains("http-equiv=\"Content-Security-Policy\"") {
        return Err("index.html already has a Content-Security-Policy".to_owned());
    }
    let head = html.find("<head>").ok_or("index.html has no <head>")? + "<head>".len();
    let meta = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{POLICY}\">");
    Ok(format!("{}{meta}{}", &html[..head], &html[head..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<html><head><title>t</title>\n<script type=\"module\">\nimport init from '/gambit-1.js';\nawait init();\n</script></head><body></body></html>";

    #[test]
    fn the_inline_loader_becomes_a_file_named_by_its_content() {
        let (html, loader) = externalise_loader(PAGE).expect("a page with a loader");
        let (name, script) = loader.expect("the loader's file");
        assert!(name.starts_with("loader-") && name.ends_with(".js"));
        assert_eq!(script, "import init from '/gambit-1.js';\nawait init();\n");
        assert!(html.contains(&format!(
            "<script type=\"module\" src=\"/{name}\"></script>"
        )));
        assert!(!html.contains("await init()"));

        let other = PAGE.replace("gambit-1", "gambit-2");
        let (_, other_loader) = externalise_loader(&other).expect("a page with a loader");
        assert_ne!(other_loader.map(|(name, _)| name), Some(name));
    }

    #[test]
    fn a_page_without_an_inline_loader_is_left_as_it_is() {
        let page = "<html><head><script type=\"module\" src=\"/a.js\"></script></head></html>";
        assert_eq!(
            externalise_loader(page).expect("no error"),
            (page.to_owned(), None)
        );
    }

    #[test]
    fn the_policy_comes_first_in_head_and_only_once() {
        let html = insert_policy(PAGE).expect("a page with a head");
        assert!(html.starts_with(
            "<html><head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
        ));
        assert!(insert_policy(&html).is_err());
        assert!(insert_policy("<html></html>").is_err());
    }

    #[test]
    fn the_policy_allows_wasm_and_the_stockfish_services_but_no_inline_script() {
        let script_src = POLICY
            .split(';')
            .map(str::trim)
            .find(|directive| directive.starts_with("script-src"))
            .expect("a script-src directive");
        assert_eq!(script_src, "script-src 'self' 'wasm-unsafe-eval'");
        assert!(POLICY.contains("https://stockfish.online"));
        assert!(!POLICY.contains("'unsafe-eval'"));
    }
}
