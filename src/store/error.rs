//! What can go wrong in the store. Every variant is an answer the caller can act on: tell the
//! operator (bad URL, database down), tell the player to start a new game (corrupt game), or ask
//! again (contention).
//!
//! Every deadlock or serialization failure the database reports is counted as it becomes a
//! `StoreError` ([`conflicts_seen`]), whichever of the store's loops then tries its transaction
//! again: the one lock order (`store/mod.rs`) should keep the count at 0, so a test can tell a
//! broken order from one that retries its way through, and operators see it in `/metrics`.

use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

use super::model::UserId;
use super::stored_kind::UnknownKind;
use crate::game::StoredGameError;

#[derive(Debug, Error)]
pub enum StoreError {
    /// The URL names no backend this store speaks. Only the scheme is kept: URLs carry passwords.
    #[error("unsupported database URL scheme `{0}`: use sqlite://… or postgres://…")]
    UnsupportedUrl(String),
    /// SQLite did not switch the database file to write-ahead logging.
    #[error("the SQLite database stays in journal mode `{0}`; it must support WAL")]
    NoWal(String),
    #[error("database error: {0}")]
    Database(#[source] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The stored game of a player cannot be read back (its game or its kind). It stays in
    /// place (and is kept in `corrupt_games` when the player starts a new game over it).
    #[error("the stored game {game_id} of user {user} cannot be read: {error}")]
    Corrupt {
        user: UserId,
        game_id: i64,
        error: Unreadable,
    },
    /// Another stored record of a player (settings, a finished game) holds a value this version
    /// does not know.
    #[error("a stored record of user {user} cannot be read: {detail}")]
    CorruptRecord { user: UserId, detail: String },
    /// The player's game changed under every one of several attempts to save an action.
    #[error("gave up after {attempts} attempts: the game of user {user} kept changing")]
    Contention { user: UserId, attempts: u32 },
}

/// What of a stored game cannot be read.
#[derive(Debug, Error)]
pub enum Unreadable {
    /// The game itself (`current_games.state`): it does not replay through the rules.
    #[error(transparent)]
    Game(#[from] StoredGameError),
    /// What it was started as (`current_games.kind`).
    #[error(transparent)]
    Kind(#[from] UnknownKind),
}

impl From<sqlx::Error> for StoreError {
    /// Every database error the store meets passes here (`?`): a conflict is counted once.
    fn from(error: sqlx::Error) -> Self {
        if is_conflict(&error) {
            CONFLICTS.fetch_add(1, Ordering::Relaxed);
        }
        StoreError::Database(error)
    }
}

/// Deadlocks and serialization failures met by this process's stores.
static CONFLICTS: AtomicU64 = AtomicU64::new(0);

/// How many times, since the process started, the database rolled a transaction of a store back
/// for a deadlock (40P01) or a serialization failure (40001). Each was tried again (or, past its
/// attempts, told to the player as a busy store), so nobody saw it; but with one lock order
/// everywhere and no transaction above READ COMMITTED, it should stay 0.
pub fn conflicts_seen() -> u64 {
    CONFLICTS.load(Ordering::Relaxed)
}

impl StoreError {
    /// Whether the database rolled the transaction back for a deadlock (40P01) or a
    /// serialization failure (40001): nothing was done, and the same transaction tried again
    /// may go through, as after a lost compare-and-swap.
    pub fn is_conflict(&self) -> bool {
        matches!(self, StoreError::Database(error) if is_conflict(error))
    }

    /// Whether the database did not answer in time or could not be reached (a connection
    /// refused or cut, the pool's acquire timeout, a SQLite lock held past the busy timeout, a
    /// PostgreSQL server shutting down or starting): asking again in a moment may work. Other
    /// errors are bugs or damaged data.
    ///
    /// A game that kept changing under every attempt (`Contention`), and a conflict that
    /// outlived its retries, are answered the same way: nothing was done, ask again.
    pub fn is_unavailable(&self) -> bool {
        let error = match self {
            StoreError::Contention { .. } => return true,
            StoreError::Database(error) if is_conflict(error) => return true,
            StoreError::Database(error) => error,
            _ => return false,
        };
        match error {
            sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::WorkerCrashed => true,
            sqlx::Error::Database(database) => database
                .code()
                .is_some_and(|code| is_unavailable_code(&code)),
            _ => false,
        }
    }
}

/// PostgreSQL's deadlock_detected (40P01) and serialization_failure (40001).
pub(crate) fn is_conflict(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(database) => database
            .code()
            .is_some_and(|code| matches!(&*code, "40P01" | "40001")),
        _ => false,
    }
}

/// How many times a whole transaction that hit a conflict ([`StoreError::is_conflict`]) is
/// tried again before the caller is told the store is busy.
pub(crate) const CONFLICT_ATTEMPTS: u32 = 8;

/// Runs `attempt` (one whole transaction) again while the database rolls it back for a deadlock
/// or a serialization failure, up to [`CONFLICT_ATTEMPTS`] times, with the growing pause of a lost
/// race; then `Contention`, which the player is told as a busy store.
pub(crate) async fn retry_conflicts<T, F, Fut>(
    user: UserId,
    mut attempt: F,
) -> Result<T, StoreError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, StoreError>>,
{
    for n in 0..CONFLICT_ATTEMPTS {
        match attempt().await {
            Err(error) if error.is_conflict() => {
                tracing::warn!(
                    user = user.0,
                    attempt = n + 1,
                    "a transaction conflicted: {error}"
                );
                back_off(n + 1).await;
            }
            done => return done,
        }
    }
    Err(StoreError::Contention {
        user,
        attempts: CONFLICT_ATTEMPTS,
    })
}

/// SQLite: BUSY (5) and LOCKED (6), with their extended codes (the low byte). PostgreSQL:
/// connection exceptions (class 08), too many connections, a shutdown or start-up (57P0x), a
/// statement cancelled by `statement_timeout` (57014), a lock not had within `lock_timeout`
/// (55P03) and a transaction ended by `idle_in_transaction_session_timeout` (25P03). A PostgreSQL SQLSTATE has five characters; SQLite's codes at most four
/// digits.
fn is_unavailable_code(code: &str) -> bool {
    if code.len() == 5 {
        return code.starts_with("08")
            || matches!(
                code,
                "53300" | "57P01" | "57P02" | "57P03" | "57014" | "55P03" | "25P03"
            );
    }
    code.parse::<u32>()
        .is_ok_and(|sqlite| matches!(sqlite & 0xff, 5 | 6))
}

/// How many times a write that lost a race is tried again before giving up.
pub(crate) const MAX_ATTEMPTS: u32 = 64;

/// The pause after the `attempt`-th lost race (0-based): none at first, then growing by a
/// millisecond per attempt up to 10 ms, so that writers that keep colliding spread out instead of
/// retrying in lockstep; 64 attempts wait at most about half a second in all.
pub(crate) async fn back_off(attempt: u32) {
    if attempt > 0 {
        let millis = u64::from(attempt.min(10));
        tokio::time::sleep(std::time::Duration::from_millis(millis)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_unreachable_or_busy_database_is_unavailable() {
        let unavailable = |error: sqlx::Error| StoreError::Database(error).is_unavailable();
        assert!(unavailable(sqlx::Error::PoolTimedOut));
        assert!(unavailable(sqlx::Error::Io(std::io::Error::from(
            std::io::ErrorKind::ConnectionReset
        ))));
        assert!(!unavailable(sqlx::Error::RowNotFound));
        assert!(!StoreError::NoWal("delete".into()).is_unavailable());
        for busy in [
            "5", "261", "517", "773", "6", "262", "08006", "57P01", "53300", "57014", "55P03",
            "25P03",
        ] {
            assert!(is_unavailable_code(busy), "{busy}");
        }
        for other in ["19", "2067", "1", "23505", "42P01", "40001"] {
            assert!(!is_unavailable_code(other), "{other}");
        }
        let contended = StoreError::Contention {
            user: UserId(1),
            attempts: 64,
        };
        assert!(contended.is_unavailable() && !contended.is_conflict());
    }
}
