//! Test databases: a SQLite database in memory, a SQLite file in a temporary directory, and a
//! fresh schema on the PostgreSQL server that `TEST_DATABASE_URL` names.
//!
//! Every PostgreSQL test gets a schema of its own (`search_path` set in the URL), so tests run in
//! parallel on one database without seeing each other, and the schema is dropped afterwards,
//! whether the test passed or not. Without `TEST_DATABASE_URL` the PostgreSQL variants say
//! "skipped" on the terminal, unless `CI` is set: then they fail.

use std::future::Future;
use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::{Connection, PgConnection};
use tripeaks::game::{Action, Card, Game, Status};
use tripeaks::store::{CurrentGame, GameKind, Over, Store, StoreError, UserId};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    SqliteMemory,
    SqliteFile,
    Postgres,
}

/// One test's database.
#[derive(Debug, Clone)]
pub struct TestDb {
    pub target: Target,
    pub url: String,
}

impl TestDb {
    /// A store on this database with the default options.
    pub async fn store(&self) -> Store {
        Store::connect(&self.url)
            .await
            .unwrap_or_else(|error| panic!("cannot open {:?}: {error}", self.target))
    }

    /// A second, plain connection pool on the same database, to look at or damage rows the way
    /// no store operation would.
    pub async fn raw(&self) -> sqlx::AnyPool {
        sqlx::any::install_default_drivers();
        sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect(&self.url)
            .await
            .expect("a raw connection to the test database")
    }
}

/// A free game started over whatever the player has, as the command line starts one: the one
/// `Store::start`, for the many tests to which the kind and the game replaced do not matter.
pub trait StartFree {
    fn start_free(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
    ) -> impl Future<Output = Result<CurrentGame, StoreError>> + Send;
}

impl StartFree for Store {
    async fn start_free(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
    ) -> Result<CurrentGame, StoreError> {
        let started = self.start(user, game, guild, GameKind::Free, Over::Anything);
        Ok(started.await?.expect("a free game starts over anything"))
    }
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

fn unique_name(prefix: &str) -> String {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{prefix}_{}_{n}", std::process::id())
}

/// Writes straight to the terminal: the test harness captures `println!`, not this.
pub fn tell(message: &str) {
    let _ = writeln!(std::io::stderr(), "{message}");
}

/// The PostgreSQL server to test against, or `None` (after saying so) outside CI.
pub fn postgres_url(test: &str) -> Option<String> {
    match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ if in_ci() => panic!(
            "CI is set but TEST_DATABASE_URL is not: the PostgreSQL store tests must run in CI"
        ),
        _ => {
            tell(&format!(
                "skipped: TEST_DATABASE_URL not set ({test} on PostgreSQL)"
            ));
            None
        }
    }
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| !matches!(value.as_str(), "" | "0" | "false"))
}

/// Runs one test body on one target and cleans up after it, passing or failing.
pub async fn run<F, Fut>(target: Target, test: &str, body: F)
where
    F: FnOnce(TestDb) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    match target {
        Target::SqliteMemory => {
            // A named in-memory database with a shared cache, so that `raw()` sees it too.
            let url = format!(
                "sqlite:file:{}?mode=memory&cache=shared",
                unique_name("tripeaks_test")
            );
            finish(tokio::spawn(body(TestDb { target, url })).await);
        }
        Target::SqliteFile => {
            let dir = tempfile::tempdir().expect("a temporary directory");
            let url = format!("sqlite://{}", dir.path().join("store.db").display());
            finish(tokio::spawn(body(TestDb { target, url })).await);
            drop(dir);
        }
        Target::Postgres => {
            let Some(base) = postgres_url(test) else {
                return;
            };
            let schema = unique_name("tripeaks_test");
            let mut admin = PgConnection::connect(&base)
                .await
                .unwrap_or_else(|error| panic!("cannot reach TEST_DATABASE_URL: {error}"));
            execute(&mut admin, &format!("CREATE SCHEMA {schema}")).await;
            let separator = if base.contains('?') { '&' } else { '?' };
            let url = format!("{base}{separator}options=-c%20search_path%3D{schema}");
            let result = tokio::spawn(body(TestDb { target, url })).await;
            execute(&mut admin, &format!("DROP SCHEMA {schema} CASCADE")).await;
            finish(result);
        }
    }
}

async fn execute(connection: &mut PgConnection, sql: &str) {
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string()))
        .execute(connection)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"));
}

fn finish(result: Result<(), tokio::task::JoinError>) {
    if let Err(error) = result {
        match error.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(error) => panic!("the test task did not finish: {error}"),
        }
    }
}

/// Generates, for each named async test body `fn(TestDb)`, a module with one test per target.
#[macro_export]
macro_rules! on_every_backend {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            use $crate::support::{run, Target};

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite_memory() {
                run(Target::SqliteMemory, stringify!($name), super::$name).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite_file() {
                run(Target::SqliteFile, stringify!($name), super::$name).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                run(Target::Postgres, stringify!($name), super::$name).await;
            }
        }
    )*};
}

/// A line of actions that wins the game, found by depth-first search over distinct positions,
/// or `None` if none is found within `budget` positions.
pub fn winning_line(game: &Game, budget: usize) -> Option<Vec<Action>> {
    fn search(
        game: &Game,
        seen: &mut std::collections::HashSet<(u32, usize, Option<Card>)>,
        line: &mut Vec<Action>,
        budget: &mut usize,
    ) -> bool {
        if game.status() == Status::Won {
            return true;
        }
        if *budget == 0 || !seen.insert((game.removed(), game.stock_len(), game.waste())) {
            return false;
        }
        *budget -= 1;
        let mut actions: Vec<Action> = game
            .free_cards()
            .into_iter()
            .filter(|&(_, card)| game.fits(card))
            .map(|(_, card)| Action::Remove(card))
            .collect();
        actions.push(Action::Draw);
        for action in actions {
            let mut next = game.clone();
            if next.apply(action).is_ok() {
                line.push(action);
                if search(&next, seen, line, budget) {
                    return true;
                }
                line.pop();
            }
        }
        false
    }
    let mut line = Vec::new();
    let mut budget = budget;
    search(game, &mut Default::default(), &mut line, &mut budget).then_some(line)
}

/// A small deterministic random number generator (xorshift64*), seeded by the test.
pub struct Rng(u64);

impl Rng {
    /// A generator from a fresh random seed, printed so that a failure can be replayed.
    pub fn from_entropy(test: &str) -> Rng {
        let seed = std::env::var("TRIPEAKS_TEST_SEED")
            .ok()
            .and_then(|seed| seed.parse().ok())
            .unwrap_or_else(|| getrandom::u64().expect("randomness"));
        println!("{test}: seed {seed} (TRIPEAKS_TEST_SEED={seed} replays it)");
        Rng::new(seed)
    }

    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The plan the database makes for `sql` (with its parameters written in as literals), as
/// text: `EXPLAIN QUERY PLAN` on SQLite, `EXPLAIN` on PostgreSQL. The test tables are tiny, so
/// PostgreSQL would rightly scan them; sequential scans are switched off to see what it does
/// with the indexes when a table is large.
pub async fn query_plan(db: &TestDb, sql: &str) -> String {
    use sqlx::Row;
    let raw = db.raw().await;
    let mut connection = raw.acquire().await.expect("a connection");
    let (explain, column) = if db.target == Target::Postgres {
        sqlx::query("SET enable_seqscan = off")
            .execute(&mut *connection)
            .await
            .expect("SET enable_seqscan");
        (format!("EXPLAIN {sql}"), 0)
    } else {
        (format!("EXPLAIN QUERY PLAN {sql}"), 3)
    };
    sqlx::query(sqlx::AssertSqlSafe(explain))
        .fetch_all(&mut *connection)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"))
        .iter()
        .map(|row| row.get::<String, _>(column))
        .collect::<Vec<_>>()
        .join("\n")
}
