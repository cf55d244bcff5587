//! Reading an analysis request: the query string `fen=…&depth=…` checked into a legal
//! position with a move to play and a depth from 1 to [`MAX_DEPTH`]. Pure functions, so
//! that they can be tested and fuzzed without a server.

use serde::Deserialize;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// The deepest search the API allows (as the public service).
pub const MAX_DEPTH: u8 = 15;

/// A checked analysis request.
#[derive(Debug, Clone)]
pub struct AnalyseRequest {
    /// The position, legal and not finished.
    pub position: Chess,
    /// Its FEN as sent to Stockfish (normalised by shakmaty, so never anything else).
    pub fen: String,
    /// The search depth, from 1 to [`MAX_DEPTH`].
    pub depth: u8,
}

/// The query's fields; both are checked by hand so that every problem gets a clear
/// message.
#[derive(Debug, Deserialize)]
struct AnalyseQuery {
    fen: Option<String>,
    depth: Option<String>,
}

/// Checks the raw query string of an analysis request (`None` when the URI has none);
/// the error is the reason to show the client.
pub fn parse_analyse_query(query: Option<&str>) -> Result<AnalyseRequest, String> {
    let fields: AnalyseQuery = serde_urlencoded::from_str(query.unwrap_or(""))
        .map_err(|error| format!("invalid query: {error}"))?;
    let (position, fen) = parse_position(fields.fen.as_deref())?;
    let depth = parse_depth(fields.depth.as_deref())?;
    Ok(AnalyseRequest {
        position,
        fen,
        depth,
    })
}

/// A legal position with at least one legal move, and its normalised FEN.
pub fn parse_position(fen: Option<&str>) -> Result<(Chess, String), String> {
    let text = fen
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .ok_or("missing fen")?;
    let parsed: Fen = text
        .parse()
        .map_err(|error| format!("invalid FEN: {error}"))?;
    let position: Chess = parsed
        .into_position(CastlingMode::Standard)
        .map_err(|error| format!("invalid position: {error}"))?;
    if position.legal_moves().is_empty() {
        let why = if position.is_checkmate() {
            "checkmate"
        } else {
            "stalemate"
        };
        return Err(format!("game over: {why}"));
    }
    let normalised = Fen::from_position(&position, EnPassantMode::Legal).to_string();
    Ok((position, normalised))
}

/// An integer depth of at least 1, capped at [`MAX_DEPTH`].
pub fn parse_depth(depth: Option<&str>) -> Result<u8, String> {
    let text = depth.map(str::trim).ok_or("missing depth")?;
    let value: u64 = text
        .parse()
        .map_err(|_| format!("invalid depth: {text:?}"))?;
    if value == 0 {
        return Err("depth must be at least 1".to_owned());
    }
    // Capped at 15, so the value fits.
    Ok(value.min(u64::from(MAX_DEPTH)) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_is_checked_and_capped() {
        assert_eq!(parse_depth(Some("10")), Ok(10));
        assert_eq!(parse_depth(Some("99")), Ok(15));
        assert_eq!(parse_depth(Some("99999999999999999999999")).ok(), None);
        assert!(parse_depth(Some("0")).is_err());
        assert!(parse_depth(Some("-3")).is_err());
        assert!(parse_depth(Some("abc")).is_err());
        assert!(parse_depth(None).is_err());
    }

    #[test]
    fn positions_are_validated() {
        assert!(
            parse_position(Some(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            ))
            .is_ok()
        );
        assert!(parse_position(Some("nonsense")).is_err());
        assert!(parse_position(None).is_err());
        // Two white kings.
        assert!(parse_position(Some("K6K/8/8/8/8/8/8/k7 w - - 0 1")).is_err());
        let mate = parse_position(Some("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"));
        assert_eq!(mate.err().as_deref(), Some("game over: checkmate"));
    }

    #[test]
    fn the_query_string_is_decoded_then_checked() {
        let request = parse_analyse_query(Some(
            "fen=rnbqkbnr%2Fpppppppp%2F8%2F8%2F8%2F8%2FPPPPPPPP%2FRNBQKBNR+w+KQkq+-+0+1&depth=40",
        ))
        .expect("a good request");
        assert_eq!(request.depth, MAX_DEPTH);
        assert_eq!(
            request.fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(
            parse_analyse_query(None).err().as_deref(),
            Some("missing fen")
        );
        assert_eq!(
            parse_analyse_query(Some("fen=8%2F8&fen=8%2F8&depth=3"))
                .err()
                .map(|reason| reason.starts_with("invalid query")),
            Some(true)
        );
        // Anything after the FEN's fields would reach Stockfish's command line: refused.
        assert!(
            parse_analyse_query(Some(
                "fen=8%2F8%2F4k3%2F8%2F8%2F8%2F8%2F4K3+w+-+-+0+1%0Ago+infinite&depth=3"
            ))
            .is_err()
        );
    }
}
