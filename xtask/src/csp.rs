//! The Content-Security-Policy of the release build, in a `<meta>` at the top of
//! `index.html`'s `<head>`. So strict a policy holds because the page has no inline
//! script: it starts from a file (`page-<hash>/boot.js`, `crate::page`).
//!
//! `deploy/nginx.conf` sends the same policy as a header (its end-to-end test checks
//! that the two agree); a host that proxies `stockfish-rest` under its own origin needs
//! no change, any other Stockfish address must be added to `connect-src` in both.

use std::fs;
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

/// Puts the policy into `dist/index.html`, which must have no inline script for it to
/// block (the page starts from `page-<hash>/boot.js`, `crate::page`).
pub fn apply(dist: &Path) -> Result<(), String> {
    let index = dist.join("index.html");
    let html = fs::read_to_string(&index)
        .map_err(|error| format!("cannot read {}: {error}", index.display()))?;
    let html = insert_policy(&html)?;
    fs::write(&index, html).map_err(|error| format!("cannot write {}: {error}", index.display()))
}

/// Whether `html` has a `<script>` with a body of its own (which the policy blocks).
fn has_inline_script(html: &str) -> bool {
    html.match_indices("<script").any(|(start, _)| {
        let rest = &html[start..];
        let Some(open_end) = rest.find('>') else {
            return false;
        };
        !rest[..open_end].contains(" src=")
            && rest[open_end + 1..].trim_start().find("</script>") != Some(0)
    })
}

/// Puts the policy's `<meta>` first in `<head>`, before anything it governs.
fn insert_policy(html: &str) -> Result<String, String> {
    if has_inline_script(html) {
        return Err("index.html has an inline script, which the policy would block".to_owned());
    }
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

    const PAGE: &str = "<html><head><title>t</title>\n<script type=\"module\" src=\"page-1/boot.js\"></script></head><body></body></html>";

    #[test]
    fn a_page_with_an_inline_script_is_refused() {
        let inline = PAGE.replace(
            "<script type=\"module\" src=\"page-1/boot.js\"></script>",
            "<script type=\"module\">await init();</script>",
        );
        assert!(has_inline_script(&inline));
        assert!(insert_policy(&inline).is_err());
        assert!(!has_inline_script(PAGE));
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
