//! The daily deal: one Easy deal per UTC day, the same for every player, that can always be won.
//!
//! Day numbers and deals follow a frozen formula (docs/RULES.md, "The daily deal"), so that anyone
//! can recompute any day's deal, past or future, and two versions of the bot never disagree about
//! "today's daily": daily #1 is 2026-12-01 (UTC) and each UTC day after adds 1. The deal of day n
//! is the first candidate of a ChaCha8 stream keyed by n (and the tag `TPDAILY1`) whose Easy game
//! the exact solver can win. `tests/data/daily_vectors.txt` pins it.
//!
//! Pure: no clock, no I/O. The shells pass the time in as Unix milliseconds (or a date) and get
//! back day numbers, codes and the instants at which days start and end. [`DailyNumber`] can only
//! hold a day from #1 to the last day the `time` crate's calendar has (9999-12-31), so every
//! value converts to a date and back without failing.

use std::fmt;
use std::num::NonZeroU32;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use thiserror::Error;
use time::{Date, Month};

use super::deal::{DEAL_COUNT, DealCode, DealNumber};
use super::rule::Rule;
use super::solver::solve;
use super::state::Game;

/// The day of daily #1 (UTC).
pub const FIRST_DAILY_DATE: Date = match Date::from_calendar_date(2026, Month::December, 1) {
    Ok(date) => date,
    Err(_) => panic!("2026-12-01 is a date"),
};

/// The tag in bytes 8..16 of a daily seed, which keeps daily streams apart from deal streams.
pub(crate) const DAILY_TAG: [u8; 8] = *b"TPDAILY1";

/// Milliseconds in a UTC day (Unix time has no leap seconds).
pub(crate) const DAY_MILLIS: i64 = 86_400_000;

/// The Julian day of 1970-01-01, the Unix epoch.
const UNIX_EPOCH_JULIAN_DAY: i32 = 2_440_588;

/// The number of the last day a `DailyNumber` can hold: 9999-12-31, the end of `time`'s calendar.
const LAST_DAILY: u32 = (Date::MAX.to_julian_day() - FIRST_DAILY_DATE.to_julian_day() + 1) as u32;

/// The number of a daily deal: 1 for 2026-12-01, 2 for the day after, and so on up to the last
/// day of 9999 (about 2.9 million). Any value names a real day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DailyNumber(NonZeroU32);

/// A date with no daily deal, or text that is not a date.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DailyError {
    #[error("{0} has no daily deal: daily #1 is {FIRST_DAILY_DATE}")]
    BeforeFirst(Date),
    #[error("`{0}` is not a date: the form is YYYY-MM-DD, such as {FIRST_DAILY_DATE}")]
    NotADate(String),
}

impl DailyNumber {
    /// Daily #1, on 2026-12-01.
    pub const FIRST: DailyNumber = DailyNumber(NonZeroU32::MIN);

    /// Daily #n, if n is at least 1 and its day is in the calendar (up to 9999-12-31).
    pub fn new(n: u32) -> Option<DailyNumber> {
        NonZeroU32::new(n)
            .filter(|n| n.get() <= LAST_DAILY)
            .map(DailyNumber)
    }

    /// The number n of daily #n.
    pub fn get(self) -> u32 {
        self.0.get()
    }

    /// The daily of a UTC date; an error for a date before daily #1.
    pub fn of_date(date: Date) -> Result<DailyNumber, DailyError> {
        let offset = date.to_julian_day() - FIRST_DAILY_DATE.to_julian_day();
        u32::try_from(offset)
            .ok()
            .and_then(|offset| DailyNumber::new(offset + 1))
            .ok_or(DailyError::BeforeFirst(date))
    }

    /// The UTC date of this daily.
    pub fn date(self) -> Date {
        let julian_day = FIRST_DAILY_DATE.to_julian_day() + (self.get() - 1) as i32;
        Date::from_julian_day(julian_day).expect("a DailyNumber's day is in the calendar")
    }

    /// The daily of the UTC day that contains this instant (Unix milliseconds); `None` before
    /// 2026-12-01 00:00 UTC (or after the calendar ends).
    pub fn of_unix_millis(ms: i64) -> Option<DailyNumber> {
        let first_day = i64::from(FIRST_DAILY_DATE.to_julian_day() - UNIX_EPOCH_JULIAN_DAY);
        let n = ms.div_euclid(DAY_MILLIS) - first_day + 1;
        DailyNumber::new(u32::try_from(n).ok()?)
    }

    /// The instant this daily starts: 00:00:00.000 UTC of its date, in Unix milliseconds.
    pub fn starts_at_millis(self) -> i64 {
        i64::from(self.date().to_julian_day() - UNIX_EPOCH_JULIAN_DAY) * DAY_MILLIS
    }

    /// The instant this daily ends, exclusive: the next day's 00:00:00.000 UTC, in Unix
    /// milliseconds. Its last instant is one millisecond before.
    pub fn ends_at_millis(self) -> i64 {
        self.starts_at_millis() + DAY_MILLIS
    }

    /// The daily after this one (`None` only after 9999-12-31).
    pub fn next(self) -> Option<DailyNumber> {
        DailyNumber::new(self.get() + 1)
    }
}

impl fmt::Display for DailyNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The UTC date of an instant in Unix milliseconds (`None` outside the calendar, years ±9999).
pub fn date_of_unix_millis(ms: i64) -> Option<Date> {
    let day = ms.div_euclid(DAY_MILLIS) + i64::from(UNIX_EPOCH_JULIAN_DAY);
    Date::from_julian_day(i32::try_from(day).ok()?).ok()
}

/// Milliseconds from `now_ms` (Unix milliseconds) to the next 00:00:00.000 UTC, when the next
/// daily starts: from 1 (one millisecond before midnight) to a whole day (at midnight itself).
pub fn millis_until_next_daily(now_ms: i64) -> i64 {
    DAY_MILLIS - now_ms.rem_euclid(DAY_MILLIS)
}

/// Parses a date written strictly as `YYYY-MM-DD` (spaces around are ignored): four-digit year,
/// two-digit month and day, a day that exists. The error shows the expected form.
pub fn parse_date(text: &str) -> Result<Date, DailyError> {
    let trimmed = text.trim();
    let error = || DailyError::NotADate(trimmed.chars().take(40).collect());
    let bytes = trimmed.as_bytes();
    let digits = |range: std::ops::Range<usize>| -> Option<u16> {
        let part = bytes.get(range)?;
        part.iter()
            .all(u8::is_ascii_digit)
            .then(|| part.iter().fold(0, |n, &b| n * 10 + u16::from(b - b'0')))
    };
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return Err(error());
    }
    let (Some(year), Some(month), Some(day)) = (digits(0..4), digits(5..7), digits(8..10)) else {
        return Err(error());
    };
    let month = Month::try_from(month as u8).map_err(|_| error())?;
    Date::from_calendar_date(i32::from(year), month, day as u8).map_err(|_| error())
}

/// The candidate deals of a daily, in order: a ChaCha8 stream keyed by n (little-endian, bytes
/// 0..8) and [`DAILY_TAG`] (bytes 8..16), read as pairs of words (lo, hi), each pair giving
/// (hi × 2³² + lo) mod 26⁷. Endless; the daily deal is the first winnable one.
pub(crate) fn daily_candidates(n: DailyNumber) -> impl Iterator<Item = DealNumber> {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&u64::from(n.get()).to_le_bytes());
    seed[8..16].copy_from_slice(&DAILY_TAG);
    let mut rng = ChaCha8Rng::from_seed(seed);
    std::iter::repeat_with(move || {
        let lo = u64::from(rng.next_u32());
        let hi = u64::from(rng.next_u32());
        DealNumber::new(((hi << 32) | lo) % DEAL_COUNT).expect("below 26⁷")
    })
}

/// A daily's deal and how it was picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(feature = "bench"), allow(unreachable_pub))] // public for the benches only
pub struct DailyDeal {
    pub number: DailyNumber,
    /// Always Easy, with no modes.
    pub code: DealCode,
    /// Which candidate it is, from 1: those before it cannot be won.
    pub candidate: u32,
}

/// Picks the deal of daily #n: the first of its candidates whose Easy game can be won.
///
/// About 97 % of Easy deals can be won, so this is nearly always the first or second candidate;
/// each check is one exact solve (microseconds for most deals, a few milliseconds at worst).
#[cfg_attr(not(feature = "bench"), allow(unreachable_pub))] // public for the benches only
pub fn daily_deal(n: DailyNumber) -> DailyDeal {
    daily_candidates(n)
        .map(|number| DealCode::new(number, Rule::Easy))
        .zip(1..)
        .find(|&(code, _)| solve(&Game::from_code(code)).winnable)
        .map(|(code, candidate)| DailyDeal {
            number: n,
            code,
            candidate,
        })
        .expect("the candidates never end")
}

/// The deal code of daily #n (`TP1-E-…`).
pub fn daily_code(n: DailyNumber) -> DealCode {
    daily_deal(n).code
}

#[cfg(test)]
mod tests;
