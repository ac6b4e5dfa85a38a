//! The store's schema: the migrations of each backend (`migrations/sqlite`, `migrations/postgres`,
//! embedded in the binary by `sqlx::migrate!`) and running the ones a database lacks at start-up,
//! one at a time, each logged with its time.

use sqlx::AnyPool;
use sqlx::migrate::Migrator;

use super::{Backend, StoreError};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("migrations/postgres");

pub(super) fn migrator(backend: Backend) -> &'static Migrator {
    match backend {
        Backend::Sqlite => &SQLITE_MIGRATIONS,
        Backend::Postgres => &POSTGRES_MIGRATIONS,
    }
}

/// Runs the migrations not yet applied, one at a time, and logs each with the time it took, so
/// that an operator whose upgrade is slow sees which step it is in and which one was slow.
pub(super) async fn run(backend: Backend, pool: &AnyPool) -> Result<(), StoreError> {
    let migrator = migrator(backend);
    let applied = applied_migrations(pool).await;
    let pending: Vec<_> = migrator
        .iter()
        .filter(|m| !m.migration_type.is_down_migration() && !applied.contains(&m.version))
        .collect();
    let started = std::time::Instant::now();
    // A bar on a terminal only (an upgrade over a big store takes minutes); the log says the same.
    let progress = crate::progress::Progress::bar(pending.len() as u64, "migrations");
    for migration in &pending {
        tracing::info!(
            version = migration.version,
            name = %migration.description,
            "running a store migration"
        );
        let step = std::time::Instant::now();
        migrator.run_to(migration.version, pool).await?;
        tracing::info!(
            version = migration.version,
            name = %migration.description,
            seconds = step.elapsed().as_secs_f64(),
            "store migration done"
        );
        progress.step();
    }
    progress.finish();
    if !pending.is_empty() {
        tracing::info!(
            ran = pending.len(),
            seconds = started.elapsed().as_secs_f64(),
            "store migrations done"
        );
    }
    Ok(())
}

/// The versions of the migrations this database has (none before the first run).
async fn applied_migrations(pool: &AnyPool) -> Vec<i64> {
    sqlx::query_scalar::<_, i64>("SELECT version FROM _sqlx_migrations WHERE success")
        .fetch_all(pool)
        .await
        .unwrap_or_default()
}
