//! Who sent a request: the connection's address, or (behind a reverse proxy, with
//! `--client-ip-header`) the last address in the named header. The rate limit counts per
//! client: an IPv4 address, or an IPv6 /64 (one subscriber's network, which can change its
//! last 64 bits at will).

use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::http::{HeaderMap, HeaderName};

/// A request's client, as known (a request log field and the rate limit's key).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Client(Option<IpAddr>);

impl Client {
    /// A client whose address is not known.
    pub const UNKNOWN: Client = Client(None);

    /// The key the rate limit counts under: IPv4 addresses as they are (also when mapped
    /// into IPv6), IPv6 ones cut to their /64; all unknown clients share one key.
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
    pub fn new(header: Option<&str>) -> anyhow::Result<ClientIdentity> {
        let header = header
            .map(|name| {
                HeaderName::try_from(name)
                    .map_err(|error| anyhow::anyhow!("--client-ip-header {name:?}: {error}"))
            })
            .transpose()?;
        Ok(ClientIdentity { header })
    }

    /// The client of a request with `headers` that came over a connection from `peer`.
    /// A named header that is missing or unreadable falls back to the connection.
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

    fn peer(text: &str) -> Option<SocketAddr> {
        Some(text.parse().expect("a socket address"))
    }

    #[test]
    fn the_connection_names_the_client_unless_a_header_is_trusted() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("10.0.0.1, 192.0.2.7"),
        );
        let direct = ClientIdentity::new(None).expect("no header");
        assert_eq!(
            direct.of(&headers, peer("127.0.0.1:5000")).to_string(),
            "127.0.0.1"
        );
        let proxied = ClientIdentity::new(Some("X-Forwarded-For")).expect("a header name");
        assert_eq!(
            proxied.of(&headers, peer("127.0.0.1:5000")).to_string(),
            "192.0.2.7"
        );
        headers.insert("x-forwarded-for", HeaderValue::from_static("garbage"));
        assert_eq!(
            proxied.of(&headers, peer("127.0.0.1:5000")).to_string(),
            "127.0.0.1"
        );
        assert_eq!(direct.of(&headers, None).to_string(), "unknown");
        assert!(ClientIdentity::new(Some("bad header")).is_err());
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64_bit_prefix() {
        let direct = ClientIdentity::new(None).expect("no header");
        let headers = HeaderMap::new();
        let one = direct.of(&headers, peer("[2001:db8:1:2:aaaa::1]:80"));
        let same_network = direct.of(&headers, peer("[2001:db8:1:2:bbbb::9]:80"));
        let other_network = direct.of(&headers, peer("[2001:db8:1:3::1]:80"));
        assert_eq!(one.rate_key(), same_network.rate_key());
        assert_ne!(one.rate_key(), other_network.rate_key());
        let mapped = direct.of(&headers, peer("[::ffff:192.0.2.1]:80"));
        assert_eq!(
            mapped.rate_key(),
            "192.0.2.1".parse::<IpAddr>().expect("IPv4")
        );
        assert_eq!(mapped.to_string(), "192.0.2.1");
    }
}
