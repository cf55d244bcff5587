//! Which web pages may open a game socket: a browser always sends the page's `Origin`
//! with a WebSocket handshake, and a socket opened by another site's page would act
//! with the visitor's stored seat token, so only the configured origins are accepted
//! (`--origin`, repeatable; by default the server's own addresses). A handshake without
//! `Origin` comes from a program, not a page: refused unless `--allow-no-origin`.

use std::collections::HashSet;

use axum::http::HeaderMap;
use axum::http::header::ORIGIN;

/// The accepted origins.
#[derive(Debug, Clone)]
pub struct Origins {
    allowed: HashSet<String>,
    allow_missing: bool,
}

impl Origins {
    /// `configured` origins, or when there are none, `http://{bind}:{port}`,
    /// `http://localhost:{port}` and `http://127.0.0.1:{port}`.
    pub fn new(configured: &[String], bind: &str, port: u16, allow_missing: bool) -> Origins {
        let allowed = if configured.is_empty() {
            let host = if bind.contains(':') {
                format!("[{bind}]")
            } else {
                bind.to_owned()
            };
            [
                format!("http://{host}:{port}"),
                format!("http://localhost:{port}"),
                format!("http://127.0.0.1:{port}"),
            ]
            .into_iter()
            .collect()
        } else {
            configured
                .iter()
                .map(|origin| origin.trim_end_matches('/').to_ascii_lowercase())
                .collect()
        };
        Origins {
            allowed,
            allow_missing,
        }
    }

    /// Whether a handshake with `headers` may go on.
    pub fn allows(&self, headers: &HeaderMap) -> bool {
        match headers.get(ORIGIN) {
            None => self.allow_missing,
            Some(origin) => origin
                .to_str()
                .is_ok_and(|origin| self.allowed.contains(&origin.to_ascii_lowercase())),
        }
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn with_origin(origin: &'static str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(ORIGIN, HeaderValue::from_static(origin));
        headers
    }

    #[test]
    fn the_servers_own_addresses_by_default() {
        let origins = Origins::new(&[], "127.0.0.1", 8080, false);
        assert!(origins.allows(&with_origin("http://127.0.0.1:8080")));
        assert!(origins.allows(&with_origin("http://localhost:8080")));
        assert!(!origins.allows(&with_origin("http://localhost:8081")));
        assert!(!origins.allows(&with_origin("https://evil.example")));
        assert!(!origins.allows(&HeaderMap::new()));
        assert!(Origins::new(&[], "127.0.0.1", 8080, true).allows(&HeaderMap::new()));
    }

    #[test]
    fn configured_origins_replace_the_defaults() {
        let origins = Origins::new(&["https://Chess.example.org/".into()], "0.0.0.0", 80, false);
        assert!(origins.allows(&with_origin("https://chess.example.org")));
        assert!(!origins.allows(&with_origin("http://127.0.0.1:80")));
    }
}
