//! The start-up lock the bot's processes take turns on: a PostgreSQL advisory lock held by one
//! session. Several processes on one PostgreSQL use it to IDENTIFY with Discord one after
//! another (`bot::startup`). A crashed process loses its session, and with it the lock.

use sqlx::pool::PoolConnection;
use sqlx::{Any, Connection};

use super::{Backend, Store, StoreError};

/// The lock, held: released by [`StartupLock::release`], or when the process ends.
pub struct StartupLock {
    key: i64,
    connection: PoolConnection<Any>,
}

impl Store {
    /// Waits for the lock named `key` and holds it; `None` on SQLite, which serves one process
    /// and has nobody to take turns with.
    pub async fn take_startup_lock(&self, key: i64) -> Result<Option<StartupLock>, StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        // A connection of its own for as long as the lock is held: an advisory lock belongs to
        // its session.
        // Waiting for another process's start-up takes as long as it takes: no statement or lock
        // timeout on this connection (the pool's are set back when it is returned).
        let mut connection = self.pool.acquire().await?;
        sqlx::raw_sql(super::POSTGRES_NO_TIMEOUTS)
            .execute(&mut *connection)
            .await?;
        sqlx::query("SELECT pg_advisory_lock($1)::text")
            .bind(key)
            .fetch_one(&mut *connection)
            .await?;
        Ok(Some(StartupLock { key, connection }))
    }
}

impl StartupLock {
    /// Gives the lock to whoever waits for it next.
    pub async fn release(mut self) -> Result<(), StoreError> {
        let unlocked = sqlx::query("SELECT pg_advisory_unlock($1)::text")
            .bind(self.key)
            .fetch_one(&mut *self.connection)
            .await;
        let restored = sqlx::raw_sql(super::POSTGRES_TIMEOUTS)
            .execute(&mut *self.connection)
            .await;
        if unlocked.is_err() || restored.is_err() {
            // The session is in doubt: close it, which releases the lock for certain.
            let _ = self.connection.detach().close().await;
        }
        unlocked.map(|_| ()).map_err(StoreError::from)
    }
}
