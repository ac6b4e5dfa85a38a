//! What an operator does to a store without running the bot: look at its schema without changing
//! it (`tripeaks check`: which migrations it has, which it lacks). Copying a SQLite store while
//! the bot runs (`tripeaks backup`) is `backup.rs`.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyConnection, ConnectOptions, Connection};

use super::migrations::migrator;
use super::{Backend, SQLITE_BUSY_TIMEOUT, StoreError};

/// How long inspecting a database waits for it to answer.
pub const INSPECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A database's schema against the migrations this binary carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schema {
    pub backend: Backend,
    /// False for a SQLite file that is not there yet (the bot creates it at start).
    pub exists: bool,
    /// The versions applied, oldest first.
    pub applied: Vec<i64>,
    /// The migrations this binary has and the database lacks: version and name.
    pub missing: Vec<(i64, String)>,
    /// Versions the database has and this binary does not know (a newer version migrated it).
    pub unknown: Vec<i64>,
}

impl Schema {
    /// The newest migration applied.
    pub fn version(&self) -> Option<i64> {
        self.applied.iter().max().copied()
    }

    /// Compares what a database has with what the binary carries (pure).
    pub fn compare(backend: Backend, exists: bool, mut applied: Vec<i64>) -> Schema {
        applied.sort_unstable();
        let known: Vec<(i64, String)> = migrator(backend)
            .iter()
            .filter(|m| !m.migration_type.is_down_migration())
            .map(|m| (m.version, m.description.to_string()))
            .collect();
        let missing = known
            .iter()
            .filter(|(version, _)| !applied.contains(version))
            .cloned()
            .collect();
        let unknown = applied
            .iter()
            .filter(|version| !known.iter().any(|(k, _)| k == *version))
            .copied()
            .collect();
        Schema {
            backend,
            exists,
            applied,
            missing,
            unknown,
        }
    }
}

/// Opens the database a URL names, read-only where the backend allows it, and reads which
/// migrations it has. Creates nothing and applies nothing.
pub async fn inspect(url: &str) -> Result<Schema, StoreError> {
    sqlx::any::install_default_drivers();
    let backend = Backend::of_url(url)?;
    let read = async {
        match backend {
            Backend::Sqlite => {
                let options = SqliteConnectOptions::from_str(url)?;
                if !options.get_filename().exists() {
                    return Ok(Schema::compare(backend, false, Vec::new()));
                }
                let mut connection = options
                    .read_only(true)
                    .create_if_missing(false)
                    .busy_timeout(SQLITE_BUSY_TIMEOUT)
                    .connect()
                    .await?;
                let applied = sqlx::query_scalar::<_, i64>(APPLIED)
                    .fetch_all(&mut connection)
                    .await;
                connection.close().await?;
                Ok(Schema::compare(backend, true, tolerate_no_table(applied)?))
            }
            Backend::Postgres => {
                let mut connection = AnyConnection::connect(url).await?;
                let applied = sqlx::query_scalar::<_, i64>(APPLIED)
                    .fetch_all(&mut connection)
                    .await;
                connection.close().await?;
                Ok(Schema::compare(backend, true, tolerate_no_table(applied)?))
            }
        }
    };
    tokio::time::timeout(INSPECT_TIMEOUT, read)
        .await
        .unwrap_or(Err(StoreError::Database(sqlx::Error::PoolTimedOut)))
}

const APPLIED: &str = "SELECT version FROM _sqlx_migrations WHERE success ORDER BY version";

/// A database the bot never started on has no migrations table: nothing applied.
fn tolerate_no_table(read: Result<Vec<i64>, sqlx::Error>) -> Result<Vec<i64>, StoreError> {
    match read {
        Ok(applied) => Ok(applied),
        Err(sqlx::Error::Database(error)) if is_missing_table(error.message()) => Ok(Vec::new()),
        Err(error) => Err(error.into()),
    }
}

fn is_missing_table(message: &str) -> bool {
    message.contains("no such table") || message.contains("does not exist")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schema_is_compared_with_the_binarys_migrations() {
        let fresh = Schema::compare(Backend::Sqlite, false, Vec::new());
        assert!(fresh.applied.is_empty() && fresh.unknown.is_empty());
        assert_eq!(fresh.missing.first().map(|m| m.0), Some(20260101000001));
        let all: Vec<i64> = fresh.missing.iter().map(|m| m.0).collect();
        let current = Schema::compare(Backend::Sqlite, true, all.clone());
        assert!(current.missing.is_empty());
        assert_eq!(current.version(), all.last().copied());
        let newer = Schema::compare(Backend::Sqlite, true, vec![all[0], 99990101000001]);
        assert_eq!(newer.unknown, vec![99990101000001]);
        assert_eq!(newer.missing.len(), all.len() - 1);
    }

    #[tokio::test]
    async fn inspecting_creates_nothing_and_reads_what_the_bot_applied() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("s.db").display());
        let before = inspect(&url).await.unwrap();
        assert!(!before.exists, "inspecting creates nothing");
        assert!(!dir.path().join("s.db").exists());
        let store = super::super::Store::connect(&url).await.unwrap();
        store.close().await;
        let schema = inspect(&url).await.unwrap();
        assert!(schema.exists && schema.missing.is_empty(), "{schema:?}");
    }
}
