//! Which gateway shards this process runs, and how processes that share a PostgreSQL store take
//! turns to IDENTIFY.
//!
//! Without settings a process runs every shard Discord recommends (`start_autosharded`): one
//! process for small deployments. With `SHARD_COUNT=N` and `SHARDS=a-b` it runs shards a..=b of
//! N, so several processes on one PostgreSQL carry a bot past one process (and past Discord's
//! 2,500 servers per shard). A SQLite file belongs to one process, so shard settings with a
//! SQLite store are refused.
//!
//! Discord allows one IDENTIFY per 5 s per concurrency bucket, and serenity paces them only
//! inside one process. So a process that shares PostgreSQL holds an advisory lock (the same key
//! for every process of the bot) from before its first shard connects until 5 s after its last
//! shard is ready: processes start one after another, each pacing its own shards. The lock lives
//! in a session of its own, so a crashed process releases it with its connection. Simpler than a
//! lock per bucket, and start-ups are rare; the cost is that N processes take N times as long to
//! start as one.

use std::fmt;
use std::ops::RangeInclusive;
use std::sync::OnceLock;
use std::time::Duration;

use thiserror::Error;

/// The shards of this process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sharding {
    /// Every shard Discord recommends (`GET /gateway/bot`), in this process.
    Auto,
    /// Shards `first..=last` of `count`.
    Range { first: u32, last: u32, count: u32 },
}

impl fmt::Display for Sharding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sharding::Auto => f.write_str("all shards (Discord's recommended count)"),
            Sharding::Range { first, last, count } => {
                write!(f, "shards {first}-{last} of {count}")
            }
        }
    }
}

/// Shard settings that cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShardingError {
    #[error(
        "SHARD_COUNT and SHARDS go together: set both (e.g. SHARD_COUNT=8 SHARDS=0-3) or neither"
    )]
    Incomplete,
    #[error("SHARD_COUNT must be a number of shards from 1, not `{0}`")]
    BadCount(String),
    #[error("SHARDS must be a range `first-last` within 0..SHARD_COUNT (e.g. 0-3), not `{0}`")]
    BadRange(String),
    #[error(
        "SHARD_COUNT and SHARDS are for several processes, which need PostgreSQL: set DATABASE_URL=postgres://… (a SQLite file serves one process, which runs every shard by default)"
    )]
    NeedsPostgres,
}

impl Sharding {
    /// The sharding of `SHARD_COUNT` and `SHARDS` (both or neither) for a store at
    /// `database_url`.
    pub fn from_settings(
        count: Option<&str>,
        shards: Option<&str>,
        database_url: &str,
    ) -> Result<Sharding, ShardingError> {
        let (count_text, range_text) = match (count, shards) {
            (None, None) => return Ok(Sharding::Auto),
            (Some(count), Some(range)) => (count, range),
            _ => return Err(ShardingError::Incomplete),
        };
        let count: u32 = count_text
            .trim()
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| ShardingError::BadCount(count_text.to_string()))?;
        let bad_range = || ShardingError::BadRange(range_text.to_string());
        let (first, last) = range_text.trim().split_once('-').ok_or_else(bad_range)?;
        let (first, last): (u32, u32) = (
            first.trim().parse().map_err(|_| bad_range())?,
            last.trim().parse().map_err(|_| bad_range())?,
        );
        if first > last || last >= count {
            return Err(bad_range());
        }
        if !database_url.trim_start().starts_with("postgres") {
            return Err(ShardingError::NeedsPostgres);
        }
        Ok(Sharding::Range { first, last, count })
    }

    /// How many shards this process runs, if known before connecting.
    pub fn shards_here(self) -> Option<u32> {
        match self {
            Sharding::Auto => None,
            Sharding::Range { first, last, .. } => Some(last - first + 1),
        }
    }
}

/// The shards this process should run, as the health check counts them: known from the settings
/// for a range, and once Discord has recommended a count (`GET /gateway/bot`) for every shard.
/// Set once: a shard not yet started is counted as not connected, not left out.
#[derive(Debug, Default)]
pub struct ExpectedShards {
    range: OnceLock<RangeInclusive<u32>>,
}

impl ExpectedShards {
    /// What `sharding` says before connecting: the range, or nothing yet under `Auto`.
    pub fn of(sharding: Sharding) -> ExpectedShards {
        let expected = ExpectedShards::default();
        if let Sharding::Range { first, last, .. } = sharding {
            let _ = expected.range.set(first..=last);
        }
        expected
    }

    /// Discord recommended `count` shards, all run here (`Auto`). A range set before stays.
    pub fn recommended(&self, count: u32) {
        let _ = self.range.set(0..=count.max(1) - 1);
    }

    /// The shards this process should run, once known.
    pub fn get(&self) -> Option<RangeInclusive<u32>> {
        self.range.get().cloned()
    }
}

/// The shard an interaction of `guild` arrives on, as Discord routes it: `(guild_id >> 22) %
/// count`, and shard 0 for direct messages.
pub fn shard_of(guild: Option<u64>, count: u32) -> u32 {
    match guild {
        Some(guild) => ((guild >> 22) % u64::from(count.max(1))) as u32,
        None => 0,
    }
}

/// Discord's pause between two IDENTIFYs of one concurrency bucket.
pub const IDENTIFY_INTERVAL: Duration = Duration::from_secs(5);

/// The advisory lock key the bot's processes take turns on to IDENTIFY ("TPKS" in ASCII).
pub const IDENTIFY_LOCK_KEY: i64 = 0x5450_4b53;

#[cfg(test)]
mod tests {
    use super::*;

    const PG: &str = "postgres://u@127.0.0.1/test";

    #[test]
    fn no_settings_run_every_shard() {
        assert_eq!(
            Sharding::from_settings(None, None, "sqlite://x.db"),
            Ok(Sharding::Auto)
        );
        assert_eq!(Sharding::Auto.shards_here(), None);
    }

    #[test]
    fn a_range_is_inclusive_and_checked() {
        let range = Sharding::from_settings(Some("8"), Some(" 4-7 "), PG).unwrap();
        assert_eq!(
            range,
            Sharding::Range {
                first: 4,
                last: 7,
                count: 8
            }
        );
        assert_eq!(range.shards_here(), Some(4));
        assert_eq!(range.to_string(), "shards 4-7 of 8");
        let one = Sharding::from_settings(Some("1"), Some("0-0"), PG).unwrap();
        assert_eq!(one.shards_here(), Some(1));
        for (count, shards) in [
            ("8", "4-8"),
            ("8", "5-4"),
            ("8", "3"),
            ("8", "a-b"),
            ("8", "-1-2"),
        ] {
            assert!(
                matches!(
                    Sharding::from_settings(Some(count), Some(shards), PG),
                    Err(ShardingError::BadRange(_))
                ),
                "{count} {shards}"
            );
        }
        for count in ["0", "x", "-2"] {
            assert_eq!(
                Sharding::from_settings(Some(count), Some("0-0"), PG),
                Err(ShardingError::BadCount(count.into()))
            );
        }
        assert_eq!(
            Sharding::from_settings(Some("4"), None, PG),
            Err(ShardingError::Incomplete)
        );
        assert_eq!(
            Sharding::from_settings(None, Some("0-1"), PG),
            Err(ShardingError::Incomplete)
        );
    }

    #[test]
    fn several_processes_need_postgres() {
        let error =
            Sharding::from_settings(Some("4"), Some("0-1"), "sqlite://tripeaks.db?mode=rwc")
                .unwrap_err();
        assert_eq!(error, ShardingError::NeedsPostgres);
        assert!(error.to_string().contains("PostgreSQL"));
        assert!(!error.to_string().contains('\n'), "one line");
    }

    #[test]
    fn the_expected_shards_come_from_the_range_or_discords_count() {
        let range = ExpectedShards::of(Sharding::Range {
            first: 4,
            last: 7,
            count: 8,
        });
        assert_eq!(range.get(), Some(4..=7));
        range.recommended(16);
        assert_eq!(range.get(), Some(4..=7), "the settings win");
        let auto = ExpectedShards::of(Sharding::Auto);
        assert_eq!(auto.get(), None, "unknown until Discord says");
        auto.recommended(3);
        assert_eq!(auto.get(), Some(0..=2));
    }

    #[test]
    fn interactions_arrive_on_discords_shard() {
        assert_eq!(shard_of(None, 4), 0, "direct messages are on shard 0");
        assert_eq!(shard_of(Some(3 << 22), 4), 3);
        assert_eq!(shard_of(Some((5 << 22) | 12345), 4), 1);
        assert_eq!(shard_of(Some(81_384_788_765_712_384), 1), 0);
    }
}
