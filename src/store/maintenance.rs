//! What an operator does to a store without running the bot: look at its schema without changing
//! it (`tripeaks check`: which migrations it has, which it lacks) and copy a SQLite store while
//! the bot runs (`tripeaks backup`).
//!
//! The copy is SQLite's `VACUUM INTO`: one read transaction, so a consistent snapshot even while
//! moves are written (in WAL mode readers never block the writer), written beside the target,
//! checked with `PRAGMA integrity_check` and only then renamed to the name asked for, so a
//! file under that name is always a whole, checked copy. PostgreSQL has `pg_dump` for that.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyConnection, ConnectOptions, Connection, Row};
use thiserror::Error;

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

/// Why a backup was not made.
#[derive(Debug, Error)]
pub enum BackupError {
    #[error(
        "the store is on PostgreSQL: back it up with pg_dump (e.g. `pg_dump -Fc -f tripeaks.dump \"$DATABASE_URL\"`), which copies a consistent snapshot while the bot runs; this command copies SQLite files only"
    )]
    Postgres,
    #[error("an in-memory SQLite store lives only inside its process: there is nothing to copy")]
    InMemory,
    #[error("there is no SQLite store at {0}")]
    NoStore(PathBuf),
    #[error("{0} exists already: name a new file, backups never overwrite")]
    Exists(PathBuf),
    #[error("the copy failed its integrity check ({0}); it was removed")]
    Damaged(String),
    #[error("{context}: {source}")]
    Io {
        context: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for BackupError {
    fn from(error: sqlx::Error) -> Self {
        BackupError::Store(StoreError::Database(error))
    }
}

/// A backup made and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    pub path: PathBuf,
    pub bytes: u64,
    /// The store's newest migration in the copy, and its name.
    pub version: Option<(i64, String)>,
    /// Finished games in the copy.
    pub finished_games: i64,
}

/// Copies the SQLite store at `url` to `out` while the bot may be writing to it: `VACUUM INTO`
/// a file beside `out`, `PRAGMA integrity_check` on that copy, then a rename to `out`.
pub async fn backup(url: &str, out: &Path) -> Result<Backup, BackupError> {
    match Backend::of_url(url)? {
        Backend::Postgres => return Err(BackupError::Postgres),
        Backend::Sqlite if super::connection::is_sqlite_memory(url) => {
            return Err(BackupError::InMemory);
        }
        Backend::Sqlite => {}
    }
    if out.exists() {
        return Err(BackupError::Exists(out.to_owned()));
    }
    let options = SqliteConnectOptions::from_str(url)?;
    let source = options.get_filename().to_owned();
    if !source.exists() {
        return Err(BackupError::NoStore(source));
    }
    let partial = partial_name(out);
    let _ = std::fs::remove_file(&partial);
    let mut connection = options
        .create_if_missing(false)
        .busy_timeout(SQLITE_BUSY_TIMEOUT)
        .connect()
        .await?;
    let copied = sqlx::query("VACUUM INTO $1")
        .bind(partial.to_string_lossy().into_owned())
        .execute(&mut connection)
        .await;
    connection.close().await?;
    copied?;
    match check_copy(&partial).await {
        Ok((version, finished_games)) => {
            std::fs::rename(&partial, out).map_err(|source| BackupError::Io {
                context: format!("renaming the copy to {}", out.display()),
                source,
            })?;
            let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
            Ok(Backup {
                path: out.to_owned(),
                bytes,
                version,
                finished_games,
            })
        }
        Err(error) => {
            let _ = std::fs::remove_file(&partial);
            Err(error)
        }
    }
}

/// `FILE.partial` beside `FILE`.
fn partial_name(out: &Path) -> PathBuf {
    let mut name = out.file_name().unwrap_or_default().to_owned();
    name.push(".partial");
    out.with_file_name(name)
}

/// Opens a copy read-only: its integrity check, its newest migration and its finished games.
async fn check_copy(path: &Path) -> Result<(Option<(i64, String)>, i64), BackupError> {
    let mut copy = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .connect()
        .await?;
    let verdicts: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(&mut copy)
        .await?;
    if verdicts != ["ok"] {
        return Err(BackupError::Damaged(verdicts.join("; ")));
    }
    let version = sqlx::query(
        "SELECT version, description FROM _sqlx_migrations WHERE success \
         ORDER BY version DESC LIMIT 1",
    )
    .fetch_optional(&mut copy)
    .await?
    .map(|row| -> Result<_, sqlx::Error> { Ok((row.try_get(0)?, row.try_get(1)?)) })
    .transpose()?;
    let finished_games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM finished_games")
        .fetch_one(&mut copy)
        .await?;
    copy.close().await?;
    Ok((version, finished_games))
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

    #[test]
    fn the_copy_is_written_beside_its_target() {
        assert_eq!(
            partial_name(Path::new("/backups/tripeaks.db")),
            Path::new("/backups/tripeaks.db.partial")
        );
    }

    #[tokio::test]
    async fn a_backup_opens_and_holds_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("s.db").display());
        let before = inspect(&url).await.unwrap();
        assert!(!before.exists, "inspecting creates nothing");
        assert!(!dir.path().join("s.db").exists());
        let store = super::super::Store::connect(&url).await.unwrap();
        store.close().await;
        let schema = inspect(&url).await.unwrap();
        assert!(schema.exists && schema.missing.is_empty(), "{schema:?}");
        let out = dir.path().join("copy.db");
        let backup = backup(&url, &out).await.unwrap();
        assert_eq!(backup.version.map(|v| v.0), schema.version());
        assert_eq!(backup.finished_games, 0);
        assert!(backup.bytes > 0 && !partial_name(&out).exists());
        assert!(matches!(
            super::backup(&url, &out).await,
            Err(BackupError::Exists(_))
        ));
        assert!(matches!(
            super::backup("postgres://u@127.0.0.1:1/x", &dir.path().join("p")).await,
            Err(BackupError::Postgres)
        ));
    }
}
