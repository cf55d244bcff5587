//! Game ids and seat tokens: drawn from the operating system's random source, and
//! tokens kept only as their SHA-256 hash.
//!
//! A game id is 8 characters of `[a-zA-Z0-9]` (about 47 bits: ids are public, they
//! are in the link). A seat token is 16 random bytes (128 bits) written as 22
//! characters of URL-safe base64 without padding; the server stores and compares only
//! its hash, so a copy of the database does not let anyone play a seat, and a lookup
//! by hash compares nothing secret character by character.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// The characters of a game id.
const ID_ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The length of a game id.
pub const GAME_ID_LEN: usize = 8;

/// The SHA-256 hash of a seat token: what the database keeps.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenHash(pub [u8; 32]);

impl TokenHash {
    /// The hash of `token`.
    pub fn of(token: &str) -> TokenHash {
        TokenHash(Sha256::digest(token.as_bytes()).into())
    }
}

/// Never printed: even a hash stays out of logs.
impl std::fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenHash(..)")
    }
}

/// A fresh game id, or an error when the OS random source fails.
pub fn new_game_id() -> Result<String, getrandom::Error> {
    let mut id = String::with_capacity(GAME_ID_LEN);
    while id.len() < GAME_ID_LEN {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes)?;
        // 62 × 4 = 248: bytes from 248 up are skipped so every character is equally likely.
        for byte in bytes {
            if id.len() < GAME_ID_LEN && usize::from(byte) < ID_ALPHABET.len() * 4 {
                id.push(char::from(
                    ID_ALPHABET[usize::from(byte) % ID_ALPHABET.len()],
                ));
            }
        }
    }
    Ok(id)
}

/// Whether `id` has the shape of a game id (checked before any lookup).
pub fn is_game_id(id: &str) -> bool {
    id.len() == GAME_ID_LEN && id.bytes().all(|byte| byte.is_ascii_alphanumeric())
}

/// A fresh seat token (22 characters) and its hash.
pub fn new_token() -> Result<(String, TokenHash), getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = TokenHash::of(&token);
    Ok((token, hash))
}

/// A fair coin from the OS random source.
pub fn coin() -> Result<bool, getrandom::Error> {
    let mut byte = [0u8; 1];
    getrandom::fill(&mut byte)?;
    Ok(byte[0] & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_have_their_shapes() {
        let id = new_game_id().expect("random");
        assert!(is_game_id(&id), "{id}");
        assert_ne!(id, new_game_id().expect("random"));
        let (token, hash) = new_token().expect("random");
        assert_eq!(token.len(), 22);
        assert!(
            token
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
        assert_eq!(hash, TokenHash::of(&token));
        assert_ne!(hash, TokenHash::of("another"));
        assert_eq!(format!("{hash:?}"), "TokenHash(..)");
        assert!(!is_game_id("abc"));
        assert!(!is_game_id("abcd/fgh"));
    }
}
