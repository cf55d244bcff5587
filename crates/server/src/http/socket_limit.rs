//! The cap on game sockets open at once from one client (`--max-sockets-per-client`,
//! 200 by default): a handshake over it is answered 429. Clients are told apart as for
//! the other limits ([`super::client::Client::rate_key`]: an IPv4 address or an IPv6
//! /64, or the proxy's header). A page needs one socket per game it shows, so the cap
//! stops one address from holding thousands of sockets without bothering players; a
//! load test run from one machine raises it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use super::client::Client;

/// The open sockets per client.
#[derive(Debug)]
pub struct SocketLimit {
    max: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open socket's place under the cap; dropping it frees the place.
#[derive(Debug)]
pub struct SocketSlot {
    limit: Arc<SocketLimit>,
    key: IpAddr,
}

impl SocketLimit {
    /// At most `max` sockets per client (0: no cap).
    pub fn new(max: usize) -> Arc<SocketLimit> {
        Arc::new(SocketLimit {
            max,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A place for one more socket from `client`, or `None` when it has as many open
    /// as it may.
    pub fn try_open(self: &Arc<SocketLimit>, client: Client) -> Option<SocketSlot> {
        let key = client.rate_key();
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(key).or_insert(0);
        if self.max != 0 && *count >= self.max {
            return None;
        }
        *count += 1;
        Some(SocketSlot {
            limit: Arc::clone(self),
            key,
        })
    }

    /// The sockets `client` has open.
    pub fn open_for(&self, client: Client) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&client.rate_key()).copied().unwrap_or(0)
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut open = self
            .limit
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderMap;

    use super::*;
    use crate::http::client::ClientIdentity;

    fn client(address: &str) -> Client {
        let identity = ClientIdentity::new(None).expect("no header");
        identity.of(&HeaderMap::new(), address.parse().ok())
    }

    #[test]
    fn a_client_gets_its_cap_and_a_place_back_when_a_socket_closes() {
        let limit = SocketLimit::new(2);
        let ada = client("192.0.2.1:1000");
        let bob = client("192.0.2.2:1000");
        let first = limit.try_open(ada).expect("the first");
        let _second = limit.try_open(ada).expect("the second");
        assert!(limit.try_open(ada).is_none(), "the third is over the cap");
        assert!(limit.try_open(bob).is_some(), "another client has its own");
        drop(first);
        assert_eq!(limit.open_for(ada), 1);
        assert!(limit.try_open(ada).is_some());
    }

    #[test]
    fn zero_means_no_cap() {
        let limit = SocketLimit::new(0);
        let ada = client("192.0.2.1:1000");
        let slots: Vec<_> = (0..1000).filter_map(|_| limit.try_open(ada)).collect();
        assert_eq!(slots.len(), 1000);
    }
}
