//! `tripeaks backup --out FILE`: an online, consistent copy of the SQLite store while the bot
//! runs (`store::backup`: `VACUUM INTO` a new file beside FILE, opened and checked, then named
//! FILE unless something has that name by then; never a file replaced, nothing left behind),
//! with the store's migration version in the line it prints. On PostgreSQL it says to use
//! `pg_dump`.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use super::Failed;
use crate::bot::ops::config::{database_url, redact_url};
use crate::progress::Progress;

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The file to write (never overwritten).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The store to copy [default: DATABASE_URL (or the file DATABASE_URL_FILE names) from the
    /// environment or .env, else the bot's default, tripeaks.db in the working directory].
    #[arg(long, value_name = "URL")]
    pub database_url: Option<String>,
}

/// Makes the copy and prints what it holds.
pub fn run(args: BackupArgs, out: &mut impl Write) -> Result<()> {
    let url = match args.database_url {
        Some(url) => url,
        None => {
            let _ = dotenvy::dotenv();
            let (url, warnings) = database_url(|name| std::env::var(name).ok())?;
            for warning in warnings {
                eprintln!("warning: {}", warning.text);
            }
            url
        }
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let progress = Progress::spinner("copying the store");
    let made = runtime.block_on(crate::store::backup(&url, &args.out));
    progress.finish();
    let backup = match made {
        Ok(backup) => backup,
        Err(crate::store::BackupError::Postgres) => {
            return Err(Failed(crate::store::BackupError::Postgres.to_string()).into());
        }
        Err(error) => return Err(error.into()),
    };
    let version = backup.version.map_or("none".to_owned(), |(version, name)| {
        format!("{version} ({name})")
    });
    writeln!(
        out,
        "backup of {} written to {}: {} bytes, integrity ok, migration {version}, {} finished games",
        redact_url(&url),
        backup.path.display(),
        backup.bytes,
        backup.finished_games
    )?;
    Ok(())
}
