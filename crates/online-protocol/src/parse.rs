//! Reading what a client sends: the server's one door for socket frames, bounded in
//! size and in every string, and the rule for display names.

use thiserror::Error;

use crate::client::ClientMessage;

/// The largest text frame a client may send, in bytes. The longest legitimate message
/// (a `Hello` with a token) is under 200 bytes.
pub const MAX_FRAME_BYTES: usize = 1024;

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 20;

/// The longest seat token a client may present, in bytes (the server issues 22).
const MAX_TOKEN_BYTES: usize = 64;

/// The longest protocol version string.
const MAX_PROTOCOL_BYTES: usize = 16;

/// Why a frame or a name was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The frame is over [`MAX_FRAME_BYTES`].
    #[error("message too long ({0} bytes; the limit is {MAX_FRAME_BYTES})")]
    TooLong(usize),
    /// Not JSON, or not one of the messages.
    #[error("not a message of this protocol: {0}")]
    NotAMessage(String),
    /// A move that is not UCI notation.
    #[error("not a move in UCI notation: {0:?}")]
    BadMove(String),
    /// A token or version string of the wrong shape.
    #[error("malformed {0}")]
    Malformed(&'static str),
    /// A display name over [`MAX_NAME_CHARS`].
    #[error("a name has at most {MAX_NAME_CHARS} characters")]
    NameTooLong,
}

/// Reads one text frame from a client.
///
/// # Errors
///
/// [`ParseError`] for a frame that is too long, not one of the messages, or carries a
/// move, token or version of the wrong shape.
pub fn parse_client(text: &str) -> Result<ClientMessage, ParseError> {
    if text.len() > MAX_FRAME_BYTES {
        return Err(ParseError::TooLong(text.len()));
    }
    let message: ClientMessage = serde_json::from_str(text).map_err(|error| {
        // serde's words, without echoing the client's text back at length.
        let mut words = error.to_string();
        words.truncate(120);
        ParseError::NotAMessage(words)
    })?;
    match &message {
        ClientMessage::Hello {
            protocol, token, ..
        } => {
            if protocol.len() > MAX_PROTOCOL_BYTES {
                return Err(ParseError::Malformed("protocol version"));
            }
            if let Some(token) = token
                && !is_token_shaped(token)
            {
                return Err(ParseError::Malformed("seat token"));
            }
        }
        ClientMessage::Move { uci, .. } if !is_uci_shaped(uci) => {
            return Err(ParseError::BadMove(uci.chars().take(8).collect()));
        }
        _ => {}
    }
    Ok(message)
}

/// A token as the server issues them: URL-safe base64, bounded.
fn is_token_shaped(token: &str) -> bool {
    !token.is_empty()
        && token.len() <= MAX_TOKEN_BYTES
        && token
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
}

/// `e2e4` or `e7e8q`: two squares and an optional promotion piece (the rules check
/// the rest).
fn is_uci_shaped(uci: &str) -> bool {
    let bytes = uci.as_bytes();
    let square =
        |file: u8, rank: u8| (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank);
    match bytes {
        [f1, r1, f2, r2] => square(*f1, *r1) && square(*f2, *r2),
        [f1, r1, f2, r2, piece] => square(*f1, *r1) && square(*f2, *r2) && b"qrbn".contains(piece),
        _ => false,
    }
}

/// A display name as the server keeps it: trimmed, control characters removed, inner
/// whitespace collapsed; `None` when nothing is left. The page shows names as text,
/// never as markup, so no other character is special.
///
/// # Errors
///
/// [`ParseError::NameTooLong`] over [`MAX_NAME_CHARS`] characters (after cleaning).
pub fn clean_name(name: Option<&str>) -> Result<Option<String>, ParseError> {
    let Some(name) = name else {
        return Ok(None);
    };
    let cleaned = name
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if cleaned.chars().count() > MAX_NAME_CHARS {
        return Err(ParseError::NameTooLong);
    }
    Ok((!cleaned.is_empty()).then_some(cleaned))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_message_kind() {
        let cases = [
            (
                r#"{"t":"hello","protocol":"1.0.0","token":"abc_DEF-123","since":4}"#,
                ClientMessage::Hello {
                    protocol: "1.0.0".into(),
                    token: Some("abc_DEF-123".into()),
                    since: 4,
                },
            ),
            (
                r#"{"t":"move","id":7,"uci":"e7e8q","ply":12}"#,
                ClientMessage::Move {
                    id: 7,
                    uci: "e7e8q".into(),
                    ply: 12,
                },
            ),
            (r#"{"t":"resign"}"#, ClientMessage::Resign),
            (r#"{"t":"claim_victory"}"#, ClientMessage::ClaimVictory),
            (r#"{"t":"ping","n":3}"#, ClientMessage::Ping { n: 3 }),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_client(text), Ok(expected), "{text}");
        }
    }

    #[test]
    fn a_message_without_fields_ignores_extra_ones() {
        // serde's internally tagged enums check unknown fields only for variants that
        // have fields: an action with extra fields is the action (nothing is read
        // from them).
        assert_eq!(
            parse_client(r#"{"t":"resign","extra":1}"#),
            Ok(ClientMessage::Resign)
        );
    }

    #[test]
    fn round_trips_through_json() {
        let message = ClientMessage::Move {
            id: 1,
            uci: "g1f3".into(),
            ply: 0,
        };
        let text = serde_json::to_string(&message).expect("serialises");
        assert_eq!(parse_client(&text), Ok(message));
    }

    #[test]
    fn refuses_what_is_not_a_message() {
        let too_long = format!(r#"{{"t":"ping","n":1,"pad":"{}"}}"#, "x".repeat(2000));
        assert!(matches!(
            parse_client(&too_long),
            Err(ParseError::TooLong(_))
        ));
        for text in [
            "",
            "null",
            "[]",
            r#"{"t":"fly"}"#,
            r#"{"t":"move","id":1,"uci":"e2e4"}"#,
            r#"{"t":"move","id":-1,"uci":"e2e4","ply":0}"#,
            r#"{"t":"move","id":1,"uci":"e2e4","ply":0,"extra":1}"#,
        ] {
            assert!(
                matches!(parse_client(text), Err(ParseError::NotAMessage(_))),
                "{text}"
            );
        }
        for uci in ["e2e9", "e2", "e2e4k", "E2E4", "e2e4qq", "é2e4"] {
            let text = format!(r#"{{"t":"move","id":1,"uci":"{uci}","ply":0}}"#);
            assert!(
                matches!(parse_client(&text), Err(ParseError::BadMove(_))),
                "{uci}"
            );
        }
        for token in ["", "has space", "<script>", &"a".repeat(65)] {
            let text = format!(r#"{{"t":"hello","protocol":"1","token":"{token}","since":0}}"#);
            assert_eq!(
                parse_client(&text),
                Err(ParseError::Malformed("seat token")),
                "{token}"
            );
        }
    }

    #[test]
    fn names_are_cleaned_and_bounded() {
        assert_eq!(clean_name(None), Ok(None));
        assert_eq!(clean_name(Some("   ")), Ok(None));
        assert_eq!(
            clean_name(Some("  Ada \u{7}\n Lovelace ")),
            Ok(Some("Ada Lovelace".into()))
        );
        assert_eq!(
            clean_name(Some("<b>bold</b>")),
            Ok(Some("<b>bold</b>".into())),
            "markup is kept as text: the page never renders it"
        );
        assert_eq!(clean_name(Some(&"é".repeat(20))), Ok(Some("é".repeat(20))));
        assert_eq!(
            clean_name(Some(&"x".repeat(21))),
            Err(ParseError::NameTooLong)
        );
    }
}
