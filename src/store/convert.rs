//! Column encodings shared by both backends: ids bit-cast to i64, times as Unix milliseconds,
//! flags as 0/1. Kept in one place so that every query encodes the same way.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A Discord snowflake (u64) as the i64 with the same bits.
pub(crate) fn id_to_db(id: u64) -> i64 {
    i64::from_ne_bytes(id.to_ne_bytes())
}

/// The inverse of [`id_to_db`].
pub(crate) fn id_from_db(value: i64) -> u64 {
    u64::from_ne_bytes(value.to_ne_bytes())
}

pub(crate) fn now_millis() -> i64 {
    millis_of(SystemTime::now())
}

/// A stored time; times before 1970 (never written by this store) read as the epoch.
pub(crate) fn time_from_millis(millis: i64) -> SystemTime {
    let millis = u64::try_from(millis).unwrap_or(0);
    UNIX_EPOCH
        .checked_add(Duration::from_millis(millis))
        .unwrap_or(UNIX_EPOCH)
}

/// A time as Unix milliseconds (times before 1970 read as 0).
pub(crate) fn millis_of(time: SystemTime) -> i64 {
    let since_epoch = time.duration_since(UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since_epoch.as_millis()).unwrap_or(i64::MAX)
}

pub(crate) fn flag_to_db(flag: bool) -> i64 {
    i64::from(flag)
}

pub(crate) fn flag_from_db(value: i64) -> bool {
    value != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_snowflake_survives_the_round_trip() {
        for id in [
            0,
            1,
            80_351_110_224_678_912,
            i64::MAX as u64,
            1 << 63,
            u64::MAX,
        ] {
            assert_eq!(id_from_db(id_to_db(id)), id);
        }
        assert_eq!(id_to_db(u64::MAX), -1);
    }

    #[test]
    fn times_round_trip_to_the_millisecond() {
        let now = now_millis();
        let time = time_from_millis(now);
        let back = time.duration_since(UNIX_EPOCH).unwrap().as_millis() as i64;
        assert_eq!(back, now);
        assert_eq!(time_from_millis(-5), UNIX_EPOCH);
    }
}
