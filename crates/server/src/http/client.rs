//! Who sent a request: the connection's address, or (behind a reverse proxy, with
//! `--client-ip-header`) the last address in the named header. Limits count per
//! client: an IPv4 address, or an IPv6 /64 (one subscriber's network).

use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::http::{HeaderMap, HeaderName};

/// A request's client, as known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Client(Option<IpAddr>);

impl Client {
    /// The key limits count under: IPv4 addresses as they are, IPv6 ones cut to their
    /// /64; all unknown clients share one key.
    pub fn rate_key(self) -> IpAddr {
        match self.0.map(|address| address.to_canonical()) {
            Some(IpAddr::V6(address)) => {
                let prefix = u128::from(address) & !u128::from(u64::MAX);
                IpAddr::V6(Ipv6Addr::from(prefix))
            }
            Some(address) => address,
            None => IpAddr::V6(Ipv6Addr::UNSPECIFIED),
        }
    }
}

impl fmt::Display for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(address) => write!(f, "{}", address.to_canonical()),
            None => f.write_str("unknown"),
        }
    }
}

/// How clients are told apart (from `--client-ip-header`).
#[derive(Debug, Clone)]
pub struct ClientIdentity {
    header: Option<HeaderName>,
}

impl ClientIdentity {
    /// Clients by connection address, or by `header` when one is named.
    ///
    /// # Errors
    ///
    /// A header name that is not one.
    pub fn new(header: Option<&str>) -> anyhow::Result<ClientIdentity> {
        let header = header
            .map(|name| {
                HeaderName::try_from(name)
                    .map_err(|error| anyhow::anyhow!("--client-ip-header {name:?}: {error}"))
            })
            .transpose()?;
        Ok(ClientIdentity { header })
    }

    /// The client of a request with `headers` over a connection from `peer`. A named
    /// header that is missing or unreadable falls back to the connection.
    pub fn of(&self, headers: &HeaderMap, peer: Option<SocketAddr>) -> Client {
        let from_header = self.header.as_ref().and_then(|name| {
            let last = headers.get_all(name).iter().next_back()?;
            let address = last.to_str().ok()?.rsplit(',').next()?.trim();
            address.parse::<IpAddr>().ok()
        });
        Client(from_header.or(peer.map(|peer| peer.ip())))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn the_connection_names_the_client_unless_a_header_is_trusted() {
        let peer: Option<SocketAddr> = "127.0.0.1:5000".parse().ok();
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("10.0.0.1, 192.0.2.7"),
        );
        let direct = ClientIdentity::new(None).expect("no header");
        assert_eq!(direct.of(&headers, peer).to_string(), "127.0.0.1");
        let proxied = ClientIdentity::new(Some("X-Forwarded-For")).expect("a header name");
        assert_eq!(proxied.of(&headers, peer).to_string(), "192.0.2.7");
        assert_eq!(direct.of(&headers, None).to_string(), "unknown");
        let v6 = direct.of(&headers, "[2001:db8:1:2:aaaa::1]:80".parse().ok());
        let same = direct.of(&headers, "[2001:db8:1:2:bbbb::9]:80".parse().ok());
        assert_eq!(v6.rate_key(), same.rate_key());
    }
}
