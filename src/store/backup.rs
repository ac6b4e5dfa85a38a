//! `tripeaks backup`: a copy of a SQLite store while the bot runs, that never replaces a file
//! and leaves nothing behind when it fails.
//!
//! The copy is SQLite's `VACUUM INTO`: one read transaction, so a consistent snapshot even while
//! moves are written (in WAL mode readers never block the writer). It is written into a file of
//! its own beside the target, created exclusively with a name nobody else has and mode 0600 (a
//! store holds every player's games; `VACUUM INTO` would make a new file as the umask says).
//! `VACUUM INTO` refuses a file that holds anything but accepts an empty one, so it writes into
//! that file as it is. The copy is then synced (`VACUUM INTO` does not sync what it wrote),
//! opened and checked (`PRAGMA integrity_check`, its newest migration, its finished games), and
//! only then given the name asked for, by a rename that refuses to replace (`RENAME_NOREPLACE`,
//! or a hard link where the filesystem lacks it): "never overwrites" holds at that instant, not
//! only before a copy that may take minutes. On every error path the temporary file is removed
//! (it is a `tempfile::NamedTempFile`, removed when dropped). PostgreSQL has `pg_dump` for this.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row};
use tempfile::NamedTempFile;
use thiserror::Error;

use super::{Backend, SQLITE_BUSY_TIMEOUT, StoreError};

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

/// Copies the SQLite store at `url` to `out`, which must not exist: a checked copy beside it
/// ([`CheckedCopy::make`]), then given the name `out` unless something has that name by then.
pub async fn backup(url: &str, out: &Path) -> Result<Backup, BackupError> {
    let source = sqlite_source(url)?;
    // Said at once rather than after a copy that may take minutes; checked again at the end.
    if out.symlink_metadata().is_ok() {
        return Err(BackupError::Exists(out.to_owned()));
    }
    CheckedCopy::make(source, out).await?.publish(out)
}

/// The store a URL names, if it is a SQLite file that is there.
fn sqlite_source(url: &str) -> Result<SqliteConnectOptions, BackupError> {
    match Backend::of_url(url)? {
        Backend::Postgres => return Err(BackupError::Postgres),
        Backend::Sqlite if super::connection::is_sqlite_memory(url) => {
            return Err(BackupError::InMemory);
        }
        Backend::Sqlite => {}
    }
    let options = SqliteConnectOptions::from_str(url)?;
    let file = options.get_filename();
    if !file.exists() {
        return Err(BackupError::NoStore(file.to_owned()));
    }
    Ok(options)
}

/// A whole, checked copy of a store in a temporary file beside its target, not yet named; the
/// file is removed if the copy is dropped unpublished.
#[derive(Debug)]
pub struct CheckedCopy {
    file: NamedTempFile,
    bytes: u64,
    version: Option<(i64, String)>,
    finished_games: i64,
}

impl CheckedCopy {
    /// Copies the store `source` into a new temporary file in the folder of `out`
    /// (`OUT.xxxxxx.partial`, mode 0600), syncs it and checks it by opening it.
    pub async fn make(
        source: SqliteConnectOptions,
        out: &Path,
    ) -> Result<CheckedCopy, BackupError> {
        let folder = match out.parent() {
            Some(folder) if !folder.as_os_str().is_empty() => folder,
            _ => Path::new("."),
        };
        let name = out.file_name().unwrap_or_default().to_string_lossy();
        let file = tempfile::Builder::new()
            .prefix(&format!("{name}."))
            .suffix(".partial")
            .tempfile_in(folder)
            .map_err(|source| BackupError::Io {
                context: format!("creating the copy in {}", folder.display()),
                source,
            })?;
        let mut connection = source
            .create_if_missing(false)
            .busy_timeout(SQLITE_BUSY_TIMEOUT)
            .connect()
            .await?;
        // The file is empty, which `VACUUM INTO` accepts (it refuses one that holds anything).
        let copied = sqlx::query("VACUUM INTO $1")
            .bind(file.path().to_string_lossy().into_owned())
            .execute(&mut connection)
            .await;
        connection.close().await?;
        copied?;
        let synced = file
            .as_file()
            .sync_all()
            .and_then(|()| file.as_file().metadata());
        let bytes = synced
            .map_err(|source| BackupError::Io {
                context: format!("writing the copy {} to disk", file.path().display()),
                source,
            })?
            .len();
        let (version, finished_games) = check_copy(file.path()).await?;
        Ok(CheckedCopy {
            file,
            bytes,
            version,
            finished_games,
        })
    }

    /// Gives the copy the name `out`, unless a file has that name by now: then the copy is
    /// removed and nothing else is touched.
    pub fn publish(self, out: &Path) -> Result<Backup, BackupError> {
        let CheckedCopy {
            file,
            bytes,
            version,
            finished_games,
        } = self;
        if let Err(refused) = file.persist_noclobber(out) {
            // `refused.file` is the temporary file: removed when dropped here.
            return Err(match refused.error.kind() {
                std::io::ErrorKind::AlreadyExists => BackupError::Exists(out.to_owned()),
                _ => BackupError::Io {
                    context: format!("giving the copy the name {}", out.display()),
                    source: refused.error,
                },
            });
        }
        // The new name lasts a crash only once its folder is on disk too. Some filesystems
        // cannot sync a folder; the copy is whole and named either way.
        if let Some(folder) = out.parent().filter(|f| !f.as_os_str().is_empty()) {
            let _ = std::fs::File::open(folder).and_then(|folder| folder.sync_all());
        }
        Ok(Backup {
            path: out.to_owned(),
            bytes,
            version,
            finished_games,
        })
    }
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

    /// A store made by the bot in a new folder: the folder and the store's URL.
    async fn a_store() -> (tempfile::TempDir, String) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("s.db").display());
        super::super::Store::connect(&url)
            .await
            .unwrap()
            .close()
            .await;
        (dir, url)
    }

    /// The names in a folder, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[tokio::test]
    async fn a_backup_opens_holds_the_store_and_is_for_its_owner_only() {
        let (dir, url) = a_store().await;
        let schema = super::super::inspect(&url).await.unwrap();
        let out = dir.path().join("copy.db");
        let backup = backup(&url, &out).await.unwrap();
        assert_eq!(backup.version.map(|v| v.0), schema.version());
        assert_eq!(backup.finished_games, 0);
        assert_eq!(backup.bytes, std::fs::metadata(&out).unwrap().len());
        assert!(backup.bytes > 0);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&out).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{mode:o}");
        }
        let copy = super::super::Store::connect(&format!("sqlite://{}", out.display()))
            .await
            .expect("the copy opens as a store");
        copy.close().await;
        assert!(
            !names(dir.path()).iter().any(|n| n.contains("partial")),
            "{:?}",
            names(dir.path())
        );
        assert!(matches!(
            super::backup("postgres://u@127.0.0.1:1/x", &dir.path().join("p")).await,
            Err(BackupError::Postgres)
        ));
    }

    #[tokio::test]
    async fn a_file_there_already_is_never_replaced_nor_a_file_beside_it_touched() {
        let (dir, url) = a_store().await;
        let out = dir.path().join("copy.db");
        // An operator's own file with the name the copy was once written under.
        let beside = dir.path().join("copy.db.partial");
        std::fs::write(&beside, "mine").unwrap();
        std::fs::write(&out, "an older backup").unwrap();
        assert!(matches!(
            backup(&url, &out).await,
            Err(BackupError::Exists(_))
        ));
        std::fs::remove_file(&out).unwrap();
        backup(&url, &out).await.unwrap();
        assert_eq!(std::fs::read_to_string(&beside).unwrap(), "mine");
        let before = names(dir.path());
        assert!(matches!(
            backup(&url, &out).await,
            Err(BackupError::Exists(_))
        ));
        assert_eq!(names(dir.path()), before, "nothing left behind");
    }

    #[tokio::test]
    async fn a_file_made_while_the_copy_was_made_is_kept_and_the_copy_removed() {
        let (dir, url) = a_store().await;
        let out = dir.path().join("copy.db");
        let copy = CheckedCopy::make(sqlite_source(&url).unwrap(), &out)
            .await
            .unwrap();
        assert!(
            names(dir.path()).iter().any(|n| n.starts_with("copy.db.")),
            "the copy is beside its target: {:?}",
            names(dir.path())
        );
        std::fs::write(&out, "made meanwhile").unwrap();
        assert!(matches!(copy.publish(&out), Err(BackupError::Exists(_))));
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "made meanwhile");
        assert!(
            !names(dir.path()).iter().any(|n| n.contains("partial")),
            "{:?}",
            names(dir.path())
        );
    }

    #[tokio::test]
    async fn a_copy_that_fails_leaves_nothing() {
        let (dir, _) = a_store().await;
        // Not a database: SQLite refuses to copy it, after the temporary file was made.
        let junk = dir.path().join("junk.db");
        std::fs::write(&junk, vec![7u8; 4096]).unwrap();
        let before = names(dir.path());
        let out = dir.path().join("copy.db");
        let junk_url = format!("sqlite://{}", junk.display());
        assert!(matches!(
            backup(&junk_url, &out).await,
            Err(BackupError::Store(_))
        ));
        assert_eq!(names(dir.path()), before);
    }
}
