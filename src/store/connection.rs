//! How the store talks to its database: the URL completed, SQLite's write-ahead log, the settings
//! every connection gets, and the connection a move runs on (on a SQLite file, one kept for
//! moves; elsewhere one of the pool).

use sqlx::any::AnyConnectOptions;
use sqlx::{AnyConnection, Connection, Row};

use super::{
    ACQUIRE_TIMEOUT, Backend, POSTGRES_TIMEOUTS, SQLITE_BUSY_TIMEOUT_PRAGMA, Store, StoreError,
};

/// A connection a move holds from its load to its save.
pub(crate) enum MovesConnection<'a> {
    Kept(tokio::sync::MutexGuard<'a, AnyConnection>),
    Pooled(sqlx::pool::PoolConnection<sqlx::Any>),
}

impl std::ops::Deref for MovesConnection<'_> {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        match self {
            MovesConnection::Kept(kept) => kept,
            MovesConnection::Pooled(pooled) => pooled,
        }
    }
}

impl std::ops::DerefMut for MovesConnection<'_> {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match self {
            MovesConnection::Kept(kept) => kept,
            MovesConnection::Pooled(pooled) => pooled,
        }
    }
}

impl Store {
    /// The connection a move is loaded and saved on. On a SQLite file it is one connection kept
    /// for moves: SQLite writes one at a time anyway, and a pool's connection is tested on its
    /// way back, one more hand-off to its thread per move (a third of a tap's). Elsewhere a
    /// connection of the pool: PostgreSQL writes side by side, and an in-memory database is the
    /// pool's one connection.
    ///
    /// The wait for the kept connection is bounded like the pool's ([`ACQUIRE_TIMEOUT`]): behind
    /// a move stuck on a database another process holds (an operator's shell, a backup), the
    /// moves queued after it are told the store is busy within that bound, not one busy timeout
    /// after another. A bound passed is `PoolTimedOut`, as the pool's own.
    pub(crate) async fn connection_for_moves(&self) -> Result<MovesConnection<'_>, StoreError> {
        Ok(match &self.moves {
            Some(moves) => match tokio::time::timeout(ACQUIRE_TIMEOUT, moves.lock()).await {
                Ok(kept) => MovesConnection::Kept(kept),
                Err(_) => return Err(StoreError::Database(sqlx::Error::PoolTimedOut)),
            },
            None => MovesConnection::Pooled(self.pool.acquire().await?),
        })
    }
}

/// A SQLite URL without a `mode` gets `mode=rwc`, so that the file is created on first use.
pub(super) fn complete_url(backend: Backend, url: &str) -> String {
    let has_mode = url
        .split_once('?')
        .is_some_and(|(_, query)| query.split('&').any(|pair| pair.starts_with("mode=")));
    match backend {
        Backend::Sqlite if !has_mode && !is_sqlite_memory(url) => {
            let separator = if url.contains('?') { '&' } else { '?' };
            format!("{url}{separator}mode=rwc")
        }
        _ => url.to_string(),
    }
}

pub(super) fn is_sqlite_memory(url: &str) -> bool {
    url.contains(":memory:") || url.contains("mode=memory")
}

/// Switches the database file to write-ahead logging: readers never wait for the writer, and a
/// commit is one append. The mode is kept in the file, so this is done once, before the pool
/// opens (changing it needs a lock that the busy timeout does not wait for).
pub(super) async fn use_write_ahead_log(
    options: &AnyConnectOptions,
    flush: bool,
) -> Result<(), StoreError> {
    let mut connection = AnyConnection::connect_with(options).await?;
    configure_connection(Backend::Sqlite, &mut connection, flush).await?;
    let row = sqlx::query("PRAGMA journal_mode = WAL")
        .fetch_one(&mut connection)
        .await?;
    let mode: String = row.try_get(0)?;
    connection.close().await?;
    if mode.eq_ignore_ascii_case("wal") {
        Ok(())
    } else {
        Err(StoreError::NoWal(mode))
    }
}

/// Per-connection settings. SQLite: wait for a busy database instead of failing at once. Both:
/// flush each commit to disk or not (see [`super::StoreOptions::flush_every_commit`]).
pub(super) async fn configure_connection(
    backend: Backend,
    connection: &mut AnyConnection,
    flush_every_commit: bool,
) -> Result<(), sqlx::Error> {
    let settings: &[&'static str] = match (backend, flush_every_commit) {
        (Backend::Sqlite, false) => &[SQLITE_BUSY_TIMEOUT_PRAGMA, "PRAGMA synchronous = NORMAL"],
        (Backend::Sqlite, true) => &[SQLITE_BUSY_TIMEOUT_PRAGMA, "PRAGMA synchronous = FULL"],
        (Backend::Postgres, false) => &["SET synchronous_commit = off", POSTGRES_TIMEOUTS],
        (Backend::Postgres, true) => &["SET synchronous_commit = on", POSTGRES_TIMEOUTS],
    };
    for &setting in settings {
        sqlx::raw_sql(setting).execute(&mut *connection).await?;
    }
    Ok(())
}
