//! Time windows of the boards and statistics, all in UTC: weeks start on Monday 00:00, months on
//! the 1st at 00:00, and "the last 30 days" ends now. Times are Unix milliseconds.

use time::{Date, Month};

/// One day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// The Julian day number of 1970-01-01.
const UNIX_EPOCH_JULIAN_DAY: i64 = 2_440_588;

/// Which games a board counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Period {
    /// This week, from Monday 00:00 UTC.
    Week,
    /// This calendar month, from the 1st 00:00 UTC.
    Month,
    /// Every game ever.
    All,
}

/// A span of time: games with `from <= finished_at < to` count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub from: i64,
    pub to: i64,
    /// When the next window starts (the board resets), if it ever does.
    pub resets_at: Option<i64>,
}

impl Period {
    pub fn name(self) -> &'static str {
        match self {
            Period::Week => "week",
            Period::Month => "month",
            Period::All => "all",
        }
    }

    /// The window of this period that contains `now`.
    pub fn window(self, now: i64) -> Window {
        let today = now.div_euclid(DAY_MS);
        match self {
            Period::Week => {
                // 1970-01-01 was a Thursday: day 0 is 3 days after a Monday.
                let monday = today - (today + 3).rem_euclid(7);
                Window {
                    from: monday * DAY_MS,
                    to: (monday + 7) * DAY_MS,
                    resets_at: Some((monday + 7) * DAY_MS),
                }
            }
            Period::Month => {
                let date = date_of_day(today);
                let first = Date::from_calendar_date(date.year(), date.month(), 1)
                    .expect("the 1st of a month exists");
                let (year, month) = match date.month() {
                    Month::December => (date.year() + 1, Month::January),
                    month => (date.year(), month.next()),
                };
                let next = Date::from_calendar_date(year, month, 1).expect("the 1st exists");
                Window {
                    from: day_of_date(first) * DAY_MS,
                    to: day_of_date(next) * DAY_MS,
                    resets_at: Some(day_of_date(next) * DAY_MS),
                }
            }
            Period::All => Window {
                from: i64::MIN,
                to: i64::MAX,
                resets_at: None,
            },
        }
    }
}

/// The last `days` days up to `now` (inclusive of now).
pub fn last_days(now: i64, days: i64) -> Window {
    Window {
        from: now.saturating_sub(days * DAY_MS),
        to: now.saturating_add(1),
        resets_at: None,
    }
}

fn date_of_day(day: i64) -> Date {
    let julian = i32::try_from(day + UNIX_EPOCH_JULIAN_DAY).unwrap_or(i32::MAX);
    Date::from_julian_day(julian).unwrap_or(Date::MAX)
}

fn day_of_date(date: Date) -> i64 {
    i64::from(date.to_julian_day()) - UNIX_EPOCH_JULIAN_DAY
}
