//! The stored form: round trips, and every kind of bad data is an error.

use crate::common::game_after;
use gambit_rules::{
    Color, Game, GameRecord, Outcome, Reason, RecordEnd, RecordError, RecordSide, TimeControl,
};

fn sample() -> Game {
    let mut game = Game::new();
    game.set_time_control(Some(TimeControl::minutes(3, 2)));
    for (san, clock) in [("e4", 181_500), ("c5", 180_900), ("Nf3", 175_000)] {
        game.play_san(san).expect("legal sample move");
        game.set_last_clock(Some(clock));
    }
    game
}

#[test]
fn round_trip_with_clocks_and_time_control() {
    let game = sample();
    let json = game.encode();
    assert_eq!(
        json,
        r#"{"version":1,"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4","c7c5","g1f3"],"clocks":[181500,180900,175000],"time_control":{"initial_ms":180000,"increment_ms":2000}}"#
    );
    assert_eq!(Game::decode(&json).unwrap(), game);
}

#[test]
fn minimal_record_has_no_optional_fields() {
    let json = game_after(None, "d4").encode();
    assert_eq!(
        json,
        r#"{"version":1,"start_fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["d2d4"]}"#
    );
}

#[test]
fn endings_by_the_players_and_the_clock_are_stored() {
    let mut resigned = sample();
    resigned.resign(Color::Black).unwrap();
    let record = resigned.to_record();
    assert_eq!(
        record.end,
        Some(RecordEnd::Resignation {
            side: RecordSide::Black
        })
    );
    assert!(
        resigned
            .encode()
            .ends_with(r#""end":{"by":"resignation","side":"black"}}"#)
    );
    assert_eq!(Game::decode(&resigned.encode()).unwrap(), resigned);

    let mut agreed = sample();
    agreed.agree_draw().unwrap();
    assert!(agreed.encode().ends_with(r#""end":{"by":"agreement"}}"#));
    assert_eq!(Game::decode(&agreed.encode()).unwrap(), agreed);

    let mut flagged = Game::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
    flagged.flag(Color::White).unwrap();
    let again = Game::decode(&flagged.encode()).unwrap();
    assert_eq!(
        again.outcome(),
        Some(Outcome::draw(Reason::TimeoutVsInsufficientMaterial {
            flagged: Color::White
        }))
    );
    let mut lost = sample();
    lost.flag(Color::Black).unwrap();
    assert_eq!(
        Game::decode(&lost.encode()).unwrap().outcome(),
        Some(Outcome::timeout(Color::Black))
    );
}

#[test]
fn automatic_endings_are_found_again_not_stored() {
    let game = game_after(None, "f3 e5 g4 Qh4#");
    let record = game.to_record();
    assert_eq!(record.end, None);
    assert_eq!(
        Game::from_record(&record).unwrap().outcome(),
        game.outcome()
    );
}

#[test]
fn from_a_fen() {
    let game = game_after(Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), "e4 Kd7");
    let again = Game::decode(&game.encode()).unwrap();
    assert_eq!(again.start_fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(again, game);
}

fn record_with(edit: impl FnOnce(&mut GameRecord)) -> GameRecord {
    let mut record = sample().to_record();
    edit(&mut record);
    record
}

#[test]
fn bad_records_are_errors() {
    let cases: Vec<(&str, String)> = vec![
        ("empty", String::new()),
        ("garbage", "}{ not json".to_owned()),
        ("not an object", "[1, 2, 3]".to_owned()),
        ("no version", r#"{"start_fen":"x","moves":[]}"#.to_owned()),
        (
            "version as text",
            r#"{"version":"1","start_fen":"x","moves":[]}"#.to_owned(),
        ),
        (
            "missing moves",
            r#"{"version":1,"start_fen":"8/8/8/8/8/8/8/8 w - - 0 1"}"#.to_owned(),
        ),
        (
            "unknown field",
            r#"{"version":1,"start_fen":"x","moves":[],"extra":1}"#.to_owned(),
        ),
        (
            "bad end",
            r#"{"version":1,"start_fen":"x","moves":[],"end":{"by":"boredom"}}"#.to_owned(),
        ),
        (
            "negative clock",
            record_with(|_| {}).encode().replace("181500", "-1"),
        ),
    ];
    for (name, json) in cases {
        assert!(
            matches!(Game::decode(&json), Err(RecordError::Malformed(_))),
            "{name}: {:?}",
            Game::decode(&json)
        );
    }
}

#[test]
fn versions_are_checked_first() {
    let json = r#"{"version":2,"whatever":"new format"}"#;
    assert_eq!(
        Game::decode(json),
        Err(RecordError::UnsupportedVersion {
            found: 2,
            expected: 1
        })
    );
    let record = record_with(|record| record.version = 7);
    assert!(matches!(
        Game::from_record(&record),
        Err(RecordError::UnsupportedVersion { .. })
    ));
}

#[test]
fn illegal_content_is_an_error() {
    let bad_fen = record_with(|record| record.start_fen = "8/8/8/8/8/8/8/8 w - - 0 1".to_owned());
    assert!(matches!(
        Game::from_record(&bad_fen),
        Err(RecordError::Fen(_))
    ));

    let illegal = record_with(|record| record.moves[1] = "e7e4".to_owned());
    let err = Game::from_record(&illegal).unwrap_err();
    assert_eq!(err.to_string(), "move 2 'e7e4': illegal move 'e7e4'");

    let unreadable = record_with(|record| record.moves[0] = "castle".to_owned());
    assert!(matches!(
        Game::from_record(&unreadable),
        Err(RecordError::Move { index: 1, .. })
    ));

    let clocks = record_with(|record| record.clocks.pop().map(|_| ()).unwrap_or(()));
    assert_eq!(
        Game::from_record(&clocks),
        Err(RecordError::Clocks {
            moves: 3,
            clocks: 2
        })
    );

    let mut after_mate = game_after(None, "f3 e5 g4 Qh4#").to_record();
    after_mate.moves.push("a2a3".to_owned());
    assert!(matches!(
        Game::from_record(&after_mate),
        Err(RecordError::Move { index: 5, .. })
    ));

    let mut resign_after_mate = game_after(None, "f3 e5 g4 Qh4#").to_record();
    resign_after_mate.end = Some(RecordEnd::Agreement);
    assert!(matches!(
        Game::from_record(&resign_after_mate),
        Err(RecordError::Outcome(_))
    ));
}

#[test]
fn decoded_json_keeps_the_version_constant() {
    assert_eq!(GameRecord::VERSION, 1);
    let record = GameRecord::decode(&sample().encode()).unwrap();
    assert_eq!(record.version, 1);
    assert_eq!(record, sample().to_record());
}
