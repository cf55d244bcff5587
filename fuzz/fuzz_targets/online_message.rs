//! The game server's reading of a socket frame, as any client on the internet can send
//! it: `gambit_online_protocol::parse_client` on any text. Never panics; what it
//! accepts is within the frame limit, carries a move of UCI shape and a token of the
//! issued alphabet, and survives a round trip through JSON unchanged.

#![no_main]

use gambit_online_protocol::{ClientMessage, MAX_FRAME_BYTES, parse_client};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(message) = parse_client(text) else {
        return;
    };
    assert!(text.len() <= MAX_FRAME_BYTES);
    match &message {
        ClientMessage::Move { uci, .. } => {
            assert!(uci.len() == 4 || uci.len() == 5, "{uci:?}");
            assert!(uci.is_ascii());
        }
        ClientMessage::Hello {
            token: Some(token), ..
        } => {
            assert!(!token.is_empty() && token.len() <= 64);
            assert!(
                token
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            );
        }
        _ => {}
    }
    let again = serde_json::to_string(&message).expect("a parsed message serialises");
    assert_eq!(parse_client(&again).ok(), Some(message));
});
