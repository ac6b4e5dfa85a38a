//! The game store: one current game per player, player settings and finished games, in SQLite
//! (the default, one file) or PostgreSQL (for several bot processes sharing one database).
//!
//! One code path serves both backends through sqlx's `Any` driver; the SQL is the portable
//! subset both speak (`$1` parameters, `ON CONFLICT`, `RETURNING`), and only the table
//! definitions differ (`migrations/sqlite`, `migrations/postgres`, embedded in the binary and run
//! by [`Store::connect`]). No query is checked against a live database at build time.
//!
//! Concurrency: every save is compare-and-swap on the game's `version` column, so two taps that
//! race are applied one after the other, or the second one is reported stale; never both to the
//! same state, never lost. A won game's result is written in the same transaction as the winning
//! move, and `finished_games` is keyed by game id, so a result counts exactly once.
//!
//! Lock order: every transaction that writes takes its rows in this order, and never goes back
//! to an earlier kind: (1) the player's `current_games` row; (2) the result tables every game
//! has, a finished game first (`finished_games`, `player_totals`, `board_standings`), then
//! `deal_results` and its buckets; (3) each kind's own rows (`kinds/`), kind after kind in the
//! order of `GameKind`: the daily's `daily_results` and its buckets, then each challenge's row
//! (`lock_challenge`, by ascending id when there are several) and that challenge's
//! `challenge_players`; each set of buckets in the order of its keys; (4) the player's own rows
//! that nobody else writes (settings, names, corrupt games); (5) `posts_due`, the players by
//! ascending id. A finishing move, a new game replacing one (a challenge's board among them),
//! `settle`, a post confirmed and forget-me all follow it (`tests/store/challenges.rs` races
//! forget-me against a finish on PostgreSQL). A deadlock (40P01) or a serialization failure
//! (40001) that happens all the same is tried again like a lost compare-and-swap
//! (`error::retry_conflicts`), then told to the player as a busy store.

mod apply;
mod backup;
mod challenges;
mod connection;
mod convert;
mod dues;
mod error;
mod events;
mod finished_row;
mod games;
mod history;
mod kinds;
mod leaderboards;
mod maintenance;
mod migrations;
mod model;
mod post_attempts;
mod privacy;
mod recent;
mod records;
mod reservations;
mod results;
mod seen_interactions;
mod startup_lock;
mod stored_kind;
mod totals;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyConnection, AnyPool, Connection, Row};

use connection::{complete_url, configure_connection, is_sqlite_memory, use_write_ahead_log};

pub use backup::{Backup, BackupError, CheckedCopy, backup};
pub use challenges::challenge_model::{
    Challenge, ChallengePlayer, ChallengeState, NewChallenge, Taken,
};
pub use dues::Due;
pub use error::{StoreError, Unreadable, conflicts_seen};
pub use events::event_model::{Closed, CountedGame, Event, EventDeal, EventState, NewEvent};
pub(crate) use games::GameRow;
pub use games::Over;
pub use leaderboards::{BoardKey, board_statements};
pub use maintenance::{INSPECT_TIMEOUT, Schema, inspect};
pub use model::{
    ApplyOutcome, CurrentGame, EventDealRef, FinishedGame, Forgotten, GameKind, GameTurn, Outcome,
    Settings, UserId,
};
pub use post_attempts::{PostAttempt, PostKey};
pub use reservations::Reservation;
pub use results::{
    DAILY_LEADERBOARD_SQL, DEAL_LEADERBOARD_SQL, ResultEntry, Results, ResultsLeaderboard,
};
pub use seen_interactions::SEEN_FOR;
pub use startup_lock::StartupLock;
pub use stored_kind::UnknownKind;
pub use totals::PlayerStats;

/// The database of a bot started without `DATABASE_URL`: a SQLite file in the working directory,
/// created on first use.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://tripeaks.db?mode=rwc";

/// How long a SQLite connection waits for another connection's write lock before giving up.
pub const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);
const SQLITE_BUSY_TIMEOUT_PRAGMA: &str = "PRAGMA busy_timeout = 5000";

/// How long an operation waits for a connection (opening one included: a refused connection is
/// tried again with backoff until then) before it fails with a timeout that
/// [`StoreError::is_unavailable`] recognises. sqlx's default is 30 s, ten times Discord's
/// deadline; the bot defers its answer after 1.5 s.
pub const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// PostgreSQL's own bounds on every connection of the pool, so that no statement, lock wait or
/// forgotten transaction keeps working on the server after the bot gave up on it: a statement
/// runs at most as long as the pool waits for a connection, a lock is waited for as long, and a
/// transaction left idle is ended. Their errors (57014, 55P03, 25P03) read as "not answering".
pub(crate) const POSTGRES_TIMEOUTS: &str = "SET statement_timeout = '5s'; \
     SET lock_timeout = '5s'; SET idle_in_transaction_session_timeout = '10s'";
/// For the connection that runs the migrations or waits for the start-up lock, whose work is
/// long by nature.
pub(crate) const POSTGRES_NO_TIMEOUTS: &str = "SET statement_timeout = 0; SET lock_timeout = 0; \
     SET idle_in_transaction_session_timeout = 0";

/// The database behind a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend a database URL names.
    pub fn of_url(url: &str) -> Result<Backend, StoreError> {
        let scheme = url.split_once(':').map_or("", |(scheme, _)| scheme);
        match scheme {
            "sqlite" => Ok(Backend::Sqlite),
            "postgres" | "postgresql" => Ok(Backend::Postgres),
            _ => Err(StoreError::UnsupportedUrl(scheme.to_string())),
        }
    }

    /// How a transaction that writes begins. SQLite takes the write lock at once (waiting up to
    /// the busy timeout), so a transaction never fails half-way on upgrading a read lock.
    fn begin_write(self) -> &'static str {
        match self {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        }
    }

    /// The query that numbers a new game: PostgreSQL's sequence, which takes no row lock, so
    /// processes never queue for it; SQLite's counter row, whose write lock the transaction
    /// holds anyway (one writer at a time is SQLite's way).
    pub(crate) fn next_game_id(self) -> &'static str {
        match self {
            Backend::Sqlite => {
                "UPDATE counters SET value = value + 1 WHERE name = 'game_id' RETURNING value"
            }
            Backend::Postgres => "SELECT nextval('game_ids')",
        }
    }
}

/// Connection settings beyond the URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreOptions {
    /// The most connections the pool opens. An in-memory SQLite database always uses one, since
    /// every connection to `:memory:` would open a database of its own.
    pub max_connections: u32,
    /// Wait for every commit to reach the disk before answering. Off by default: then a crash
    /// of the bot loses nothing, and a crash of the machine (or of the PostgreSQL server) may
    /// lose the moves of the last moment, never consistency (SQLite `synchronous = NORMAL` in WAL
    /// mode, PostgreSQL `synchronous_commit = off`). On: `FULL` and `on`, at several times the
    /// cost per move on PostgreSQL (see docs/performance.md for figures).
    pub flush_every_commit: bool,
}

impl StoreOptions {
    /// 4 connections for SQLite (one writer at a time anyway; readers run beside it in WAL mode),
    /// 8 for PostgreSQL; commits not flushed one by one.
    pub fn for_backend(backend: Backend) -> StoreOptions {
        let max_connections = match backend {
            Backend::Sqlite => 4,
            Backend::Postgres => 8,
        };
        StoreOptions {
            max_connections,
            flush_every_commit: false,
        }
    }
}

/// The time now, as Unix milliseconds. The store files times from it (a game's finish, a
/// setting's change), so that they agree with the flows' clock; tests set it.
pub type Clock = std::sync::Arc<dyn Fn() -> i64 + Send + Sync>;

/// The system clock.
pub fn system_clock() -> Clock {
    std::sync::Arc::new(convert::now_millis)
}

/// The game store. Cheap to clone: clones share one connection pool.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    clock: Clock,
    /// On a SQLite file, the connection every move is loaded and saved on (see
    /// [`Store::connection_for_moves`]); `None` on PostgreSQL and in memory.
    moves: Option<Arc<tokio::sync::Mutex<AnyConnection>>>,
    /// The games last loaded or saved, where a move starts (`recent.rs`).
    recent: Arc<recent::RecentGames>,
    /// How many times it looked for posts due (`dues.rs`), shared by its clones.
    due_lookups: Arc<std::sync::atomic::AtomicU64>,
    /// When it last deleted the interaction ids past their time (`seen_interactions.rs`).
    seen_purged: Arc<seen_interactions::LastPurge>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("pool", &self.pool)
            .field("backend", &self.backend)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Opens the database a URL names (creating a SQLite file if needed) and brings its tables up
    /// to date.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        let options = StoreOptions::for_backend(Backend::of_url(url)?);
        Store::connect_with(url, options).await
    }

    /// [`Store::connect`] with explicit options.
    pub async fn connect_with(url: &str, options: StoreOptions) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url)?;
        let connect_options = AnyConnectOptions::from_str(&complete_url(backend, url))?;
        let in_memory = backend == Backend::Sqlite && is_sqlite_memory(url);
        if backend == Backend::Sqlite && !in_memory {
            use_write_ahead_log(&connect_options, options.flush_every_commit).await?;
        }
        let mut pool_options = AnyPoolOptions::new()
            .max_connections(options.max_connections)
            .acquire_timeout(ACQUIRE_TIMEOUT);
        if backend == Backend::Sqlite {
            // A SQLite connection is a file in this process: it cannot drop away the way a
            // server's can, and testing it on every checkout is one more hand-off to its thread
            // (the pool still tests it when it comes back).
            pool_options = pool_options.test_before_acquire(false);
        }
        if in_memory {
            // The database lives as long as its one connection: never let the pool close it.
            pool_options = pool_options
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None);
        }
        let flush = options.flush_every_commit;
        pool_options = pool_options.after_connect(move |connection, _| {
            Box::pin(async move { configure_connection(backend, connection, flush).await })
        });
        if backend == Backend::Postgres {
            // A pool of its own, without the bounds every connection of the store's pool gets:
            // a migration over a big database takes longer than any move.
            let migrating = AnyPoolOptions::new()
                .max_connections(1)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect_with(connect_options.clone())
                .await?;
            let migrated = migrations::run(backend, &migrating).await;
            migrating.close().await;
            migrated?;
        }
        let pool = pool_options.connect_with(connect_options.clone()).await?;
        if backend == Backend::Sqlite {
            // The store's own pool: an in-memory database lives in its one connection.
            migrations::run(backend, &pool).await?;
        }
        let moves = match backend {
            Backend::Sqlite if !in_memory => {
                let mut connection = AnyConnection::connect_with(&connect_options).await?;
                configure_connection(backend, &mut connection, flush).await?;
                Some(Arc::new(tokio::sync::Mutex::new(connection)))
            }
            _ => None,
        };
        Ok(Store {
            pool,
            backend,
            clock: system_clock(),
            moves,
            recent: Arc::default(),
            due_lookups: Arc::default(),
            seen_purged: Arc::default(),
        })
    }

    /// The same store, filing times from `clock` (the bot's, which tests set).
    pub fn with_clock(self, clock: Clock) -> Store {
        Store { clock, ..self }
    }

    /// Unix milliseconds now, by the store's clock.
    pub(crate) fn now(&self) -> i64 {
        (self.clock)()
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes every connection, waiting for the queries in flight. For a graceful shutdown.
    pub async fn close(&self) {
        self.pool.close().await;
        if let Some(moves) = &self.moves {
            // Waits for the move in flight; the connection closes with the last clone.
            drop(moves.lock().await);
        }
    }

    /// One trivial query: whether the database answers (for the health check, which bounds it).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Whether a commit waits for the disk, as a pooled connection reports it: SQLite's
    /// `synchronous` is FULL (2) or EXTRA (3), PostgreSQL's `synchronous_commit` is `on`.
    pub async fn flushes_every_commit(&self) -> Result<bool, StoreError> {
        Ok(match self.backend {
            Backend::Sqlite => {
                let row = sqlx::query("PRAGMA synchronous")
                    .fetch_one(&self.pool)
                    .await?;
                row.try_get::<i64, _>(0)? >= 2
            }
            Backend::Postgres => {
                let row = sqlx::query("SHOW synchronous_commit")
                    .fetch_one(&self.pool)
                    .await?;
                row.try_get::<String, _>(0)? == "on"
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_picks_the_backend() {
        assert_eq!(
            Backend::of_url(DEFAULT_DATABASE_URL).unwrap(),
            Backend::Sqlite
        );
        assert_eq!(Backend::of_url("sqlite::memory:").unwrap(), Backend::Sqlite);
        assert_eq!(
            Backend::of_url("postgres://u@127.0.0.1/test").unwrap(),
            Backend::Postgres
        );
        assert_eq!(
            Backend::of_url("postgresql://u@h/db").unwrap(),
            Backend::Postgres
        );
        let error = Backend::of_url("mysql://root:secret@h/db").unwrap_err();
        assert!(matches!(&error, StoreError::UnsupportedUrl(s) if s == "mysql"));
        assert!(!error.to_string().contains("secret"));
    }

    #[test]
    fn sqlite_files_are_created_unless_a_mode_is_given() {
        let sqlite = Backend::Sqlite;
        assert_eq!(
            complete_url(sqlite, "sqlite://a.db"),
            "sqlite://a.db?mode=rwc"
        );
        assert_eq!(
            complete_url(sqlite, "sqlite://a.db?cache=private"),
            "sqlite://a.db?cache=private&mode=rwc"
        );
        assert_eq!(
            complete_url(sqlite, "sqlite://a.db?mode=ro"),
            "sqlite://a.db?mode=ro"
        );
        assert_eq!(complete_url(sqlite, "sqlite::memory:"), "sqlite::memory:");
        let postgres = "postgres://u@h/db";
        assert_eq!(complete_url(Backend::Postgres, postgres), postgres);
    }

    #[test]
    fn the_busy_timeout_pragma_says_the_documented_timeout() {
        let millis = SQLITE_BUSY_TIMEOUT.as_millis().to_string();
        assert_eq!(
            SQLITE_BUSY_TIMEOUT_PRAGMA.rsplit(' ').next(),
            Some(millis.as_str())
        );
    }

    #[tokio::test]
    async fn a_plain_memory_url_keeps_one_database_for_the_whole_pool() {
        let store = Store::connect("sqlite::memory:").await.unwrap();
        let user = UserId(1);
        let code = "TP1-E-AAAAAAB".parse().unwrap();
        let game = crate::game::Game::from_code(code);
        let started = store
            .start(user, game, None, GameKind::Free, Over::Anything)
            .await
            .unwrap()
            .expect("a free game starts over anything");
        let loads = (0..4).map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.current_game(user).await })
        });
        for load in loads {
            assert_eq!(load.await.unwrap().unwrap(), Some(started.clone()));
        }
    }

    #[tokio::test]
    async fn other_databases_are_refused_before_connecting() {
        let error = Store::connect("mysql://root@127.0.0.1/test")
            .await
            .unwrap_err();
        assert!(matches!(error, StoreError::UnsupportedUrl(_)));
    }
}
