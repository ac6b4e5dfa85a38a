//! When a server event starts and when it comes back: a local date and time in an IANA time zone
//! (`Europe/Madrid`), turned into an instant, and "every week at the same local time" across
//! daylight-saving changes. jiff does the zone arithmetic with its bundled zone database, so the
//! answers are the same on every machine and in the slim image; nothing here reads a clock.

use jiff::civil::DateTime;
use jiff::tz::TimeZone;
use jiff::{Timestamp, ToSpan};
use thiserror::Error;

/// The zone an event's time is read in when the manager names none.
pub const DEFAULT_ZONE: &str = "UTC";

/// Why a start was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartError {
    /// Not an IANA zone name the bundled database knows.
    #[error("unknown time zone `{0}`: use a name such as Europe/Madrid or America/New_York")]
    UnknownZone(String),
    /// Not `YYYY-MM-DD HH:MM`.
    #[error("not a date and time: write it like 2026-12-24 20:00")]
    Unreadable,
}

/// The zone of that name (case as the database spells it, or any case).
pub fn zone(name: &str) -> Result<TimeZone, StartError> {
    let name = name.trim();
    if name.is_empty() || name.len() > 64 {
        return Err(StartError::UnknownZone(name.chars().take(64).collect()));
    }
    TimeZone::get(name).map_err(|_| StartError::UnknownZone(name.to_owned()))
}

/// The instant (Unix milliseconds) of `YYYY-MM-DD HH:MM` (seconds optional) in the zone named
/// `zone_name`. A local time that a daylight-saving change skips is read as the one after the
/// gap, and one that happens twice as the earlier, as calendars do.
pub fn local_start(text: &str, zone_name: &str) -> Result<i64, StartError> {
    let zone = zone(zone_name)?;
    let text = text.trim();
    if text.len() > 32 {
        return Err(StartError::Unreadable);
    }
    // A date and a time, both: a date alone would silently mean midnight.
    let (date, time) = text.split_once([' ', 'T']).ok_or(StartError::Unreadable)?;
    let date: jiff::civil::Date = date.parse().map_err(|_| StartError::Unreadable)?;
    let time: jiff::civil::Time = time.trim().parse().map_err(|_| StartError::Unreadable)?;
    let civil: DateTime = date.to_datetime(time);
    let zoned = civil
        .to_zoned_datetime(zone)
        .map_err(|_| StartError::Unreadable)?;
    Ok(zoned.timestamp().as_millisecond())
}

/// The same local time one week after `at` (Unix milliseconds) in `zone`: 20:00 in Madrid stays
/// 20:00 in Madrid when the clocks change in between, so the instant moves by 167 or 169 hours.
pub fn a_week_later(at: i64, zone: &TimeZone) -> Option<i64> {
    let zoned = Timestamp::from_millisecond(at)
        .ok()?
        .to_zoned_datetime(zone.clone());
    let next = zoned.checked_add(1.week()).ok()?;
    Some(next.timestamp().as_millisecond())
}

/// Zone names for an autocomplete: those containing what was typed (any case, `_` or a space
/// alike), names starting with it first, then alphabetically; at most `limit` (Discord shows 25).
pub fn zones_matching(typed: &str, limit: usize) -> Vec<String> {
    let wanted = typed.trim().to_lowercase().replace(' ', "_");
    let mut names: Vec<String> = jiff::tz::db()
        .available()
        .map(|name| name.as_str().to_owned())
        .filter(|name| name.to_lowercase().contains(&wanted))
        .collect();
    names.sort_by_key(|name| {
        let lower = name.to_lowercase();
        let starts = lower.starts_with(&wanted)
            || lower
                .rsplit('/')
                .next()
                .is_some_and(|city| city.starts_with(&wanted));
        (!starts, name.clone())
    });
    names.truncate(limit);
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR_MS: i64 = 3_600_000;

    #[test]
    fn a_local_time_in_a_zone_is_its_instant() {
        // 2026-12-24 20:00 in Madrid is 19:00 UTC (CET, UTC+1).
        let madrid = local_start("2026-12-24 20:00", "Europe/Madrid").unwrap();
        let utc = local_start("2026-12-24 19:00", "UTC").unwrap();
        assert_eq!(madrid, utc);
        assert_eq!(utc, 1_798_138_800_000);
        // Seconds may be given; case of the zone does not matter.
        assert_eq!(
            local_start("2026-12-24 20:00:00", "europe/madrid"),
            Ok(madrid)
        );
    }

    #[test]
    fn unknown_zones_and_unreadable_times_say_how() {
        assert_eq!(
            local_start("2026-12-24 20:00", "Mars/Olympus"),
            Err(StartError::UnknownZone("Mars/Olympus".into()))
        );
        assert!(matches!(
            local_start("2026-12-24 20:00", ""),
            Err(StartError::UnknownZone(_))
        ));
        for bad in [
            "tomorrow",
            "2026-13-01 10:00",
            "2026-12-24",
            "24/12/2026 20:00",
            "2026-12-24 25:00",
        ] {
            assert_eq!(
                local_start(bad, "UTC"),
                Err(StartError::Unreadable),
                "{bad}"
            );
        }
        assert!(
            StartError::Unreadable
                .to_string()
                .contains("2026-12-24 20:00")
        );
    }

    #[test]
    fn a_weekly_event_keeps_its_local_time_across_daylight_saving() {
        let madrid = zone("Europe/Madrid").unwrap();
        // Saturday 2027-03-27 20:00 CET; Europe goes to summer time on Sunday 2027-03-28.
        let before = local_start("2027-03-27 20:00", "Europe/Madrid").unwrap();
        let after = a_week_later(before, &madrid).unwrap();
        assert_eq!(
            after,
            local_start("2027-04-03 20:00", "Europe/Madrid").unwrap()
        );
        assert_eq!(after - before, 167 * HOUR_MS);
        // And back in October (2027-10-31): 169 hours.
        let autumn = local_start("2027-10-30 20:00", "Europe/Madrid").unwrap();
        assert_eq!(
            a_week_later(autumn, &madrid).unwrap() - autumn,
            169 * HOUR_MS
        );
        // A zone without daylight saving: always 168 hours.
        let utc = zone(DEFAULT_ZONE).unwrap();
        assert_eq!(a_week_later(before, &utc).unwrap() - before, 168 * HOUR_MS);
    }

    #[test]
    fn a_skipped_local_time_is_read_after_the_gap() {
        // 2027-03-28 02:30 does not exist in Madrid (02:00 -> 03:00): read as 03:30 CEST.
        let skipped = local_start("2027-03-28 02:30", "Europe/Madrid").unwrap();
        assert_eq!(skipped, local_start("2027-03-28 01:30", "UTC").unwrap());
    }

    #[test]
    fn zones_are_offered_by_what_was_typed() {
        let found = zones_matching("madr", 25);
        assert_eq!(found.first().map(String::as_str), Some("Europe/Madrid"));
        let new_york = zones_matching("new york", 25);
        assert!(
            new_york.iter().any(|z| z == "America/New_York"),
            "{new_york:?}"
        );
        assert_eq!(zones_matching("", 25).len(), 25);
        assert!(zones_matching("no such zone at all", 25).is_empty());
    }
}
