//! The seats this browser holds in online games, kept in `localStorage` under
//! [`SEATS_KEY`]: per game id the seat token (the secret that makes the server seat this
//! browser), the side, the name given, the time control, when it was created and
//! whether the game is still going on (for the home page's list). Unreadable data is
//! set aside as the other keys' is, never destroyed, and never a panic.

use std::collections::BTreeMap;

use gambit_online_protocol::{Side, TimeControlSpec};
use serde::{Deserialize, Serialize};

use crate::storage;

/// Where the seats are kept.
pub const SEATS_KEY: &str = "gambit.v1.online";

/// The format's version, inside the record.
const VERSION: u32 = 1;

/// At most this many games are remembered; the oldest finished ones go first.
const MAX_GAMES: usize = 50;

/// One seat in one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// The seat token the server issued.
    pub token: String,
    /// The side the seat plays.
    pub side: Side,
    /// The display name given when taking the seat, if any.
    pub name: Option<String>,
    /// The game's time control, when known (`None`: no clocks or not known).
    pub time_control: Option<TimeControlSpec>,
    /// When the seat was taken, in wall-clock milliseconds.
    #[serde(serialize_with = "crate::game::stored_time::whole_ms")]
    pub created_ms: f64,
    /// Whether the game is still going on, as far as this browser last saw.
    pub ongoing: bool,
}

/// Every seat this browser holds, by game id.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Seats {
    /// The format's version ([`VERSION`]).
    version: u32,
    /// The seats, by game id.
    games: BTreeMap<String, SeatRecord>,
}

impl Seats {
    /// No seats.
    pub fn new() -> Seats {
        Seats {
            version: VERSION,
            games: BTreeMap::new(),
        }
    }

    /// Reads the stored text; the reason in words when it is not a record of this
    /// format.
    pub fn decode(text: &str) -> Result<Seats, String> {
        let seats: Seats = serde_json::from_str(text).map_err(|error| error.to_string())?;
        if seats.version != VERSION {
            return Err(format!("unknown version {}", seats.version));
        }
        Ok(seats)
    }

    /// The text to store.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The seat held in game `id`.
    pub fn get(&self, id: &str) -> Option<&SeatRecord> {
        self.games.get(id)
    }

    /// Keeps `record` for game `id` (replacing an older one), forgetting the oldest
    /// games beyond the 50 kept (finished ones first).
    pub fn insert(&mut self, id: &str, record: SeatRecord) {
        self.games.insert(id.to_owned(), record);
        while self.games.len() > MAX_GAMES {
            let oldest = self
                .games
                .iter()
                .filter(|(key, _)| key.as_str() != id)
                .min_by(|(_, a), (_, b)| {
                    (a.ongoing, a.created_ms)
                        .partial_cmp(&(b.ongoing, b.created_ms))
                        .unwrap_or(std::cmp::Ordering::Equal)
                })
                .map(|(key, _)| key.clone());
            match oldest {
                Some(key) => self.games.remove(&key),
                None => break,
            };
        }
    }

    /// Marks game `id` as over; whether anything changed.
    pub fn mark_over(&mut self, id: &str) -> bool {
        match self.games.get_mut(id) {
            Some(record) if record.ongoing => {
                record.ongoing = false;
                true
            }
            _ => false,
        }
    }

    /// The rematch of game `from` is game `to`: the same token holds the seat there,
    /// with colours swapped. Whether there was a seat to copy.
    pub fn copy_for_rematch(&mut self, from: &str, to: &str, now_ms: f64) -> bool {
        let Some(old) = self.games.get(from).cloned() else {
            return false;
        };
        if self.games.contains_key(to) {
            return true;
        }
        self.mark_over(from);
        self.insert(
            to,
            SeatRecord {
                side: old.side.other(),
                created_ms: now_ms,
                ongoing: true,
                ..old
            },
        );
        true
    }

    /// The games still going on, newest first: `(id, seat)`.
    pub fn ongoing(&self) -> Vec<(String, SeatRecord)> {
        let mut games: Vec<_> = self
            .games
            .iter()
            .filter(|(_, record)| record.ongoing)
            .map(|(id, record)| (id.clone(), record.clone()))
            .collect();
        games.sort_by(|(_, a), (_, b)| {
            b.created_ms
                .partial_cmp(&a.created_ms)
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        games
    }
}

/// The stored seats. Unreadable data is set aside (kept under
/// `gambit.v1.online.unreadable.<time>`) and the answer is empty, with the notice to show;
/// when it cannot be set aside, `Err` says so, and nothing should be written.
pub fn load() -> Result<(Seats, Option<String>), String> {
    let text = storage::read(SEATS_KEY).map_err(|error| error.to_string())?;
    let Some(text) = text else {
        return Ok((Seats::new(), None));
    };
    match Seats::decode(&text) {
        Ok(seats) => Ok((seats, None)),
        Err(reason) => match storage::set_aside(SEATS_KEY) {
            Ok(_) => Ok((
                Seats::new(),
                Some(format!(
                    "Your online games' seats could not be read ({reason}); they were kept \
                     aside."
                )),
            )),
            Err(error) => Err(format!(
                "Your online games' seats could not be read ({reason}) nor kept aside \
                 ({error})."
            )),
        },
    }
}

/// Changes the stored seats with `change` and saves them; the reason in words when
/// they could not be read or saved (a notice for the player, if any, comes back too).
pub fn update(change: impl FnOnce(&mut Seats)) -> Result<Option<String>, String> {
    let (mut seats, notice) = load()?;
    change(&mut seats);
    storage::write(SEATS_KEY, &seats.encode()).map_err(|error| error.to_string())?;
    Ok(notice)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(side: Side, created_ms: f64, ongoing: bool) -> SeatRecord {
        SeatRecord {
            token: "tok_EN-1".to_owned(),
            side,
            name: Some("Ada".to_owned()),
            time_control: Some(TimeControlSpec {
                initial_s: 300,
                increment_s: 3,
            }),
            created_ms,
            ongoing,
        }
    }

    #[test]
    fn a_seat_is_stored_with_whole_milliseconds_and_the_older_form_still_reads() {
        let mut seats = Seats::new();
        seats.insert("abcdefgh", record(Side::White, 1_765_000_000_123.0, true));
        let text = seats.encode();
        assert!(text.contains(r#""created_ms":1765000000123,"#), "{text}");
        assert_eq!(Seats::decode(&text), Ok(seats.clone()));
        let older = text.replace("1765000000123", "1765000000123.0");
        assert_eq!(Seats::decode(&older), Ok(seats));
    }

    #[test]
    fn round_trips_through_text() {
        let mut seats = Seats::new();
        seats.insert("abcd1234", record(Side::White, 1.0, true));
        let text = seats.encode();
        assert!(text.contains(r#""version":1"#), "{text}");
        assert!(text.contains(r#""side":"white""#), "{text}");
        assert_eq!(Seats::decode(&text), Ok(seats));
    }

    #[test]
    fn refuses_what_is_not_a_record_of_this_format() {
        for text in [
            "",
            "null",
            "[]",
            r#"{"version":2,"games":{}}"#,
            r#"{"games":{}}"#,
        ] {
            assert!(Seats::decode(text).is_err(), "{text}");
        }
    }

    #[test]
    fn a_rematch_holds_the_other_colour_with_the_same_token() {
        let mut seats = Seats::new();
        seats.insert("game0001", record(Side::White, 1.0, true));
        assert!(seats.copy_for_rematch("game0001", "game0002", 5.0));
        let new = seats.get("game0002").expect("copied");
        assert_eq!(new.side, Side::Black);
        assert_eq!(new.token, "tok_EN-1");
        assert!(new.ongoing);
        assert!(!seats.get("game0001").expect("kept").ongoing);
        assert!(!seats.copy_for_rematch("unknown1", "game0003", 6.0));
    }

    #[test]
    fn lists_ongoing_games_newest_first() {
        let mut seats = Seats::new();
        seats.insert("old00001", record(Side::White, 1.0, true));
        seats.insert("new00001", record(Side::Black, 9.0, true));
        seats.insert("over0001", record(Side::Black, 5.0, false));
        let ids: Vec<String> = seats.ongoing().into_iter().map(|(id, _)| id).collect();
        assert_eq!(ids, ["new00001", "old00001"]);
        assert!(seats.mark_over("new00001"));
        assert!(!seats.mark_over("new00001"));
        assert_eq!(seats.ongoing().len(), 1);
    }

    #[test]
    fn forgets_the_oldest_finished_games_first() {
        let mut seats = Seats::new();
        seats.insert("finished", record(Side::White, 100.0, false));
        for n in 0..MAX_GAMES {
            seats.insert(&format!("game{n:04}"), record(Side::White, n as f64, true));
        }
        assert_eq!(seats.games.len(), MAX_GAMES);
        assert!(seats.get("finished").is_none());
        assert!(seats.get("game0000").is_some());
    }
}
