//! The interactions seen lately, by id, so that each is acted on once wherever it arrives: a
//! signed request sent again (captured and replayed within Discord's 5-minute timestamp window,
//! or retried by a proxy) reaches this process or another replica on the same database, and
//! the one table tells both that it came before. The bot notes an interaction here before
//! anything else of it touches the store (`bot/answer/once.rs`); PING and autocomplete change
//! nothing, so they are not noted.
//!
//! The note is one insert-if-absent (`ON CONFLICT DO NOTHING`), so two arrivals racing on two
//! processes cannot both be first. Ids are kept [`SEEN_FOR`], three times the window in which a
//! signature is taken, and deleted lazily: at most once a minute per process, by the arrival
//! that finds the last deletion a minute old. The rows hold no player, so forget-me has
//! nothing to delete here.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use super::convert::id_to_db;
use super::{Store, StoreError};

/// How long an interaction's id is kept after its first arrival: past Discord's 5-minute
/// timestamp window (a request signed longer ago is refused before it gets here), with room for
/// clocks that disagree.
pub const SEEN_FOR: Duration = Duration::from_secs(15 * 60);

/// How often at most a process deletes the ids past [`SEEN_FOR`].
pub const PURGE_EVERY: Duration = Duration::from_secs(60);

/// When this process last deleted old ids (Unix milliseconds by the store's clock), shared by
/// a store's clones.
#[derive(Debug, Default)]
pub(crate) struct LastPurge(AtomicI64);

impl LastPurge {
    /// Whether a deletion is due at `now`; if so, it is this caller's (and no one else's until
    /// [`PURGE_EVERY`] has passed again).
    fn claim(&self, now: i64) -> bool {
        let last = self.0.load(Ordering::Relaxed);
        let due = now.saturating_sub(last) >= millis(PURGE_EVERY);
        due && self
            .0
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    }
}

impl Store {
    /// Notes interaction `id` as seen: `true` on its first arrival, `false` when it had arrived
    /// before (here or at another process on this database). On a SQLite file it runs on the
    /// connection kept for moves, where the interaction's move follows it.
    pub async fn first_arrival(&self, id: u64) -> Result<bool, StoreError> {
        let now = self.now();
        let mut connection = self.connection_for_moves().await?;
        let noted = sqlx::query(
            "INSERT INTO seen_interactions (interaction_id, seen_at) VALUES ($1, $2) \
             ON CONFLICT (interaction_id) DO NOTHING",
        )
        .bind(id_to_db(id))
        .bind(now)
        .execute(&mut *connection)
        .await?;
        if self.seen_purged.claim(now) {
            let deleted = sqlx::query("DELETE FROM seen_interactions WHERE seen_at < $1")
                .bind(now.saturating_sub(millis(SEEN_FOR)))
                .execute(&mut *connection)
                .await;
            // The note stands: a deletion that failed is only done a minute later.
            if let Err(error) = deleted {
                tracing::warn!("old interaction ids could not be deleted: {error}");
            }
        }
        Ok(noted.rows_affected() == 1)
    }
}

fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deletion_is_due_once_a_minute_and_to_one_caller() {
        let last = LastPurge::default();
        let start = 1_800_000_000_000;
        assert!(last.claim(start), "the first arrival deletes");
        assert!(!last.claim(start), "once");
        assert!(!last.claim(start + millis(PURGE_EVERY) - 1));
        assert!(last.claim(start + millis(PURGE_EVERY)));
    }
}
