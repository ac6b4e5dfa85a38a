//! The rules of a server event that do not need a database: how long one may run, how many deals
//! and how many events at once, what a duration option says (`30m`, `1h30m`, `3d`), and the
//! order of its standings. The store keeps one row per player and event with the numbers below,
//! so the first places come from an index in this order; the bot says them.
//!
//! A player's total is the sum of the final scores of their counted games (the first finished
//! game of each deal), as their boards showed them. Ties (docs/players.md, "Server events"): more
//! deals cleared first, then fewer hints, then whoever finished their last counted game first,
//! then the lower user id (so the order is total and the same on every read).

use std::cmp::Reverse;

use thiserror::Error;

/// The shortest event: a sprint on a game night.
pub const MIN_DURATION_MS: i64 = 5 * MINUTE_MS;
/// The longest event: two weeks.
pub const MAX_DURATION_MS: i64 = 14 * 24 * HOUR_MS;
/// The most deals of one event.
pub const MAX_DEALS: usize = 10;
/// The most events scheduled or running in one server at once.
pub const MAX_OPEN_PER_SERVER: usize = 3;

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
const DAY_MS: i64 = 24 * HOUR_MS;

/// Why a duration option was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum DurationError {
    /// Not a sequence of numbers with units `d`, `h` or `m`.
    #[error("not a duration: write it like 30m, 2h, 1h30m or 3d")]
    Unreadable,
    /// Under [`MIN_DURATION_MS`].
    #[error("shorter than 5 minutes")]
    TooShort,
    /// Over [`MAX_DURATION_MS`].
    #[error("longer than 14 days")]
    TooLong,
}

/// Reads a duration option: one or more parts of a whole number and a unit, days (`d`), hours
/// (`h`) or minutes (`m`), each unit at most once and largest first (`1d12h`, `1h30m`);
/// spaces between parts and upper-case units are accepted. Returns milliseconds, within
/// [`MIN_DURATION_MS`]..=[`MAX_DURATION_MS`].
pub fn parse_duration(text: &str) -> Result<i64, DurationError> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if compact.is_empty() || compact.len() > 16 {
        return Err(DurationError::Unreadable);
    }
    let mut total: i64 = 0;
    let mut digits = String::new();
    // The units seen so far must come largest first, each once.
    let mut last_unit = i64::MAX;
    for c in compact.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let unit = match c {
            'd' => DAY_MS,
            'h' => HOUR_MS,
            'm' => MINUTE_MS,
            _ => return Err(DurationError::Unreadable),
        };
        if digits.is_empty() || unit >= last_unit {
            return Err(DurationError::Unreadable);
        }
        let amount: i64 = digits.parse().map_err(|_| DurationError::Unreadable)?;
        total = amount
            .checked_mul(unit)
            .and_then(|part| total.checked_add(part))
            .ok_or(DurationError::TooLong)?;
        digits.clear();
        last_unit = unit;
    }
    if !digits.is_empty() {
        return Err(DurationError::Unreadable);
    }
    match total {
        t if t < MIN_DURATION_MS => Err(DurationError::TooShort),
        t if t > MAX_DURATION_MS => Err(DurationError::TooLong),
        t => Ok(t),
    }
}

/// A duration as the shortest option that reads back to it (`1h30m`, `3d`, `14d`).
pub fn format_duration(ms: i64) -> String {
    let minutes = ms / MINUTE_MS;
    let (days, hours, minutes) = (minutes / (24 * 60), minutes / 60 % 24, minutes % 60);
    let mut text = String::new();
    for (amount, unit) in [(days, 'd'), (hours, 'h'), (minutes, 'm')] {
        if amount > 0 {
            text.push_str(&amount.to_string());
            text.push(unit);
        }
    }
    if text.is_empty() {
        text.push_str("0m");
    }
    text
}

/// One player's standing in an event: what their counted games add up to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventStanding {
    pub user: u64,
    /// The sum of the final scores of the counted games.
    pub total: i64,
    /// Counted games that were won.
    pub cleared: u32,
    /// Hints taken in the counted games.
    pub hints: u32,
    /// When the last counted game finished (Unix milliseconds).
    pub last_finish_at: i64,
}

impl EventStanding {
    /// The sort key, best first: the higher total, more deals cleared, fewer hints, the earlier
    /// last finish, the lower user id.
    pub fn rank_key(&self) -> (Reverse<i64>, Reverse<u32>, u32, i64, u64) {
        (
            Reverse(self.total),
            Reverse(self.cleared),
            self.hints,
            self.last_finish_at,
            self.user,
        )
    }

    /// Whether `self` and `other` are equal on every key but the user id, so share a place.
    pub fn ties(&self, other: &EventStanding) -> bool {
        let (a, b) = (self.rank_key(), other.rank_key());
        (a.0, a.1, a.2, a.3) == (b.0, b.1, b.2, b.3)
    }
}

/// A place in an event's standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventPlace {
    /// 1 for the first; players equal on every key but the user id share it (1, 2, 2, 4).
    pub place: u32,
    pub standing: EventStanding,
}

/// Every standing in order, with its place.
pub fn event_places(standings: &[EventStanding]) -> Vec<EventPlace> {
    let mut sorted = standings.to_vec();
    sorted.sort_by_key(EventStanding::rank_key);
    let mut places: Vec<EventPlace> = Vec::with_capacity(sorted.len());
    for (index, standing) in sorted.into_iter().enumerate() {
        let place = match places.last() {
            Some(previous) if previous.standing.ties(&standing) => previous.place,
            _ => index as u32 + 1,
        };
        places.push(EventPlace { place, standing });
    }
    places
}

/// The standings as one reader sees them: the first places, their own place when it is not
/// among them, and how many players there are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventBoard {
    pub top: Vec<EventPlace>,
    pub reader: Option<EventPlace>,
    pub players: usize,
}

impl EventBoard {
    /// The place of `user`, the board's reader: among the first places, or their own below.
    pub fn place_of(&self, user: u64) -> Option<&EventPlace> {
        self.reader
            .as_ref()
            .filter(|place| place.standing.user == user)
            .or_else(|| self.top.iter().find(|place| place.standing.user == user))
    }
}

/// How many first places a board shows.
pub const EVENT_BOARD_TOP: usize = 10;

/// The board from what an index gives cheaply at any size: the first places in order (at most
/// [`EVENT_BOARD_TOP`] plus the ones tied with the last of them), the reader's own standing
/// with the number of standings strictly better than it (its place is that plus one), and the
/// number of players. Equal to cutting [`event_places`] of every standing (a test holds them so).
pub fn event_board_from_page(
    first: &[EventStanding],
    reader: Option<(&EventStanding, usize)>,
    players: usize,
) -> EventBoard {
    let top: Vec<EventPlace> = event_places(first)
        .into_iter()
        .take(EVENT_BOARD_TOP)
        .collect();
    let reader = reader.and_then(|(standing, better)| {
        let shown = top.iter().any(|p| p.standing.user == standing.user);
        (!shown).then(|| EventPlace {
            place: better as u32 + 1,
            standing: standing.clone(),
        })
    });
    EventBoard {
        top,
        reader,
        players,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_managers_write_them() {
        assert_eq!(parse_duration("30m"), Ok(30 * MINUTE_MS));
        assert_eq!(parse_duration("2h"), Ok(2 * HOUR_MS));
        assert_eq!(parse_duration("1h30m"), Ok(90 * MINUTE_MS));
        assert_eq!(parse_duration("3d"), Ok(3 * DAY_MS));
        assert_eq!(parse_duration(" 1D 12H "), Ok(36 * HOUR_MS));
        assert_eq!(parse_duration("5m"), Ok(MIN_DURATION_MS));
        assert_eq!(parse_duration("14d"), Ok(MAX_DURATION_MS));
        assert_eq!(parse_duration("336h"), Ok(MAX_DURATION_MS));
    }

    #[test]
    fn durations_out_of_bounds_or_unreadable_say_why() {
        assert_eq!(parse_duration("1m"), Err(DurationError::TooShort));
        assert_eq!(parse_duration("0h"), Err(DurationError::TooShort));
        assert_eq!(parse_duration("15d"), Err(DurationError::TooLong));
        assert_eq!(parse_duration("14d1m"), Err(DurationError::TooLong));
        assert_eq!(parse_duration("99999999999d"), Err(DurationError::TooLong));
        for bad in [
            "", "m", "30", "30s", "1h1h", "30m1h", "1.5h", "-3d", "h30", "一h", "2w",
        ] {
            assert_eq!(
                parse_duration(bad),
                Err(DurationError::Unreadable),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_formatted_duration_reads_back() {
        for text in ["5m", "30m", "1h30m", "2h", "1d12h", "3d", "14d", "1d1h1m"] {
            let ms = parse_duration(text).unwrap();
            assert_eq!(format_duration(ms), text);
            assert_eq!(parse_duration(&format_duration(ms)), Ok(ms));
        }
    }

    fn standing(user: u64, total: i64, cleared: u32, hints: u32, last: i64) -> EventStanding {
        EventStanding {
            user,
            total,
            cleared,
            hints,
            last_finish_at: last,
        }
    }

    #[test]
    fn ties_go_to_more_cleared_then_fewer_hints_then_the_earlier_finish() {
        let places = event_places(&[
            standing(1, 100, 1, 0, 50),
            standing(2, 120, 0, 0, 90),
            standing(3, 100, 2, 3, 70),
            standing(4, 100, 2, 1, 80),
            standing(5, 100, 2, 1, 60),
            standing(6, 100, 2, 1, 60),
        ]);
        let order: Vec<(u64, u32)> = places.iter().map(|p| (p.standing.user, p.place)).collect();
        assert_eq!(order, [(2, 1), (5, 2), (6, 2), (4, 4), (3, 5), (1, 6)]);
    }

    #[test]
    fn the_board_from_a_page_equals_the_board_from_every_standing() {
        // A deterministic spread with many ties: totals in steps, a few hints, finishes.
        let all: Vec<EventStanding> = (0..300u64)
            .map(|u| {
                standing(
                    u,
                    (u as i64 * 37 % 11) * 50,
                    (u % 3) as u32,
                    (u % 2) as u32,
                    (u as i64 * 7) % 5,
                )
            })
            .collect();
        let ordered = event_places(&all);
        for reader in [0u64, 5, 17, 150, 299] {
            let mine = all.iter().find(|s| s.user == reader).unwrap();
            let better = all
                .iter()
                .filter(|s| s.rank_key() < mine.rank_key() && !s.ties(mine))
                .count();
            let first: Vec<EventStanding> = ordered
                .iter()
                .take(EVENT_BOARD_TOP)
                .map(|p| p.standing.clone())
                .collect();
            let board = event_board_from_page(&first, Some((mine, better)), all.len());
            let expected_top: Vec<EventPlace> =
                ordered.iter().take(EVENT_BOARD_TOP).cloned().collect();
            assert_eq!(board.top, expected_top);
            let expected_reader = ordered
                .iter()
                .find(|p| p.standing.user == reader)
                .filter(|_| !expected_top.iter().any(|t| t.standing.user == reader))
                .cloned();
            assert_eq!(board.reader, expected_reader, "reader {reader}");
            assert_eq!(board.players, 300);
        }
    }
}
