//! Store speed: one action (load + apply + save) on a SQLite file and on PostgreSQL, the
//! throughput of many simulated players through a pool of 2 connections, and the stored size of
//! games.
//!
//! `cargo bench --bench store`. PostgreSQL runs when `TEST_DATABASE_URL` names a server (each run
//! in a schema of its own, dropped afterwards). `STORE_BENCH_PLAYERS` and `STORE_BENCH_ACTIONS`
//! scale the throughput run (default 10,000 players × 50 actions); `STORE_BENCH_FLUSH=1` runs it
//! with every commit flushed to disk.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::Criterion;
use sqlx::{Connection, PgConnection};
use tokio::runtime::Runtime;
use tripeaks::game::{Action, DealCode, DealNumber, Game, Rule, Status};
use tripeaks::store::{ApplyOutcome, GameKind, Over, Store, StoreOptions, UserId};

/// Players acting at the same time in the throughput run (the pool has 2 connections).
const IN_FLIGHT: usize = 64;

struct BenchDb {
    name: &'static str,
    url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Directory(#[allow(dead_code)] tempfile::TempDir),
    Schema { admin_url: String, schema: String },
}

impl BenchDb {
    fn sqlite_file() -> BenchDb {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("bench.db").display());
        BenchDb {
            name: "sqlite file",
            url,
            cleanup: Cleanup::Directory(dir),
        }
    }

    async fn postgres(tag: &str) -> Option<BenchDb> {
        let admin_url = std::env::var("TEST_DATABASE_URL")
            .ok()
            .filter(|url| !url.is_empty())?;
        let schema = format!("tripeaks_bench_{tag}_{}", std::process::id());
        let mut admin = PgConnection::connect(&admin_url)
            .await
            .expect("TEST_DATABASE_URL");
        execute(&mut admin, &format!("CREATE SCHEMA {schema}")).await;
        let separator = if admin_url.contains('?') { '&' } else { '?' };
        let url = format!("{admin_url}{separator}options=-c%20search_path%3D{schema}");
        Some(BenchDb {
            name: "postgres",
            url,
            cleanup: Cleanup::Schema { admin_url, schema },
        })
    }

    async fn store(&self, max_connections: u32, flush_every_commit: bool) -> Store {
        let options = StoreOptions {
            max_connections,
            flush_every_commit,
        };
        Store::connect_with(&self.url, options)
            .await
            .expect("the bench database opens")
    }

    /// Bytes on disk, for SQLite (database and write-ahead log).
    fn file_bytes(&self) -> Option<u64> {
        let Cleanup::Directory(dir) = &self.cleanup else {
            return None;
        };
        let files = std::fs::read_dir(dir.path()).ok()?;
        Some(
            files
                .filter_map(|f| f.ok()?.metadata().ok())
                .map(|m| m.len())
                .sum(),
        )
    }

    async fn drop_database(self) {
        if let Cleanup::Schema { admin_url, schema } = &self.cleanup {
            let mut admin = PgConnection::connect(admin_url)
                .await
                .expect("TEST_DATABASE_URL");
            execute(&mut admin, &format!("DROP SCHEMA {schema} CASCADE")).await;
        }
    }
}

async fn execute(connection: &mut PgConnection, sql: &str) {
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql.to_string()))
        .execute(connection)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"));
}

fn deal(n: u64) -> Game {
    Game::from_code(DealCode::new(DealNumber::new(n).unwrap(), Rule::Easy))
}

/// What a simple player does next: a card that fits, else a draw, else an undo.
fn next_action(game: &Game) -> Action {
    let fitting = game
        .free_cards()
        .into_iter()
        .find(|&(_, card)| game.fits(card));
    match fitting {
        Some((_, card)) => Action::Remove(card),
        None if game.stock_len() > 0 => Action::Draw,
        None => Action::Undo,
    }
}

fn one_action(criterion: &mut Criterion, runtime: &Runtime) {
    let mut group = criterion.benchmark_group("store");
    for flush in [false, true] {
        let mut databases = vec![BenchDb::sqlite_file()];
        databases.extend(runtime.block_on(BenchDb::postgres("one")));
        for db in databases {
            one_action_on(&mut group, runtime, db, flush);
        }
    }
    group.finish();
}

fn one_action_on(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    runtime: &Runtime,
    db: BenchDb,
    flush: bool,
) {
    let name = format!(
        "{}{}",
        db.name,
        if flush { ", flush every commit" } else { "" }
    );
    let store = runtime.block_on(db.store(2, flush));
    let user = UserId(1);
    runtime.block_on(async {
        store
            .start(user, deal(1), None, GameKind::Free, Over::Anything)
            .await
            .unwrap();
        // A game in progress: ten cards on the waste.
        for _ in 0..10 {
            store.apply(user, Action::Draw, None).await.unwrap();
        }
    });
    let turn = Arc::new(AtomicU64::new(0));
    let timings = Arc::new(Mutex::new(Vec::new()));
    group.bench_function(format!("load + apply + save, {name}"), |b| {
        b.to_async(runtime).iter_custom(|iterations| {
            let (store, turn, timings) = (store.clone(), turn.clone(), timings.clone());
            async move {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let action = match turn.fetch_add(1, Ordering::Relaxed) % 2 {
                        0 => Action::Draw,
                        _ => Action::Undo,
                    };
                    let started = Instant::now();
                    let outcome = store.apply(user, action, None).await.unwrap();
                    let took = started.elapsed();
                    assert!(
                        matches!(outcome, ApplyOutcome::Applied { .. }),
                        "{outcome:?}"
                    );
                    timings.lock().unwrap().push(took);
                    total += took;
                }
                total
            }
        })
    });
    let mut timings = timings.lock().unwrap().clone();
    timings.sort();
    if !timings.is_empty() {
        let percentile = |p: usize| timings[(timings.len() - 1) * p / 100];
        println!(
            "load + apply + save, {name}: median {:?}, p99 {:?} over {} actions",
            percentile(50),
            percentile(99),
            timings.len()
        );
    }
    first_arrival(group, runtime, &store, &db, &name);
    runtime.block_on(store.close());
    runtime.block_on(db.drop_database());
}

/// The ids of interactions kept at the biggest user's pace: 100 taps a second for the 15
/// minutes an id is kept (`store::SEEN_FOR`).
const SEEN_KEPT: i64 = 90_000;

/// What noting an interaction as seen adds to each interaction over HTTP (`Store::first_arrival`,
/// one insert-if-absent), with [`SEEN_KEPT`] ids already kept, beside the tap's own store work.
fn first_arrival(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    runtime: &Runtime,
    store: &Store,
    db: &BenchDb,
    name: &str,
) {
    runtime.block_on(async {
        let fill = format!(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {SEEN_KEPT}) \
             INSERT INTO seen_interactions (interaction_id, seen_at) SELECT i, {} FROM n",
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis()
        );
        let mut connection = sqlx::AnyConnection::connect(&db.url).await.unwrap();
        sqlx::raw_sql(sqlx::AssertSqlSafe(fill))
            .execute(&mut connection)
            .await
            .unwrap();
        connection.close().await.unwrap();
    });
    let next = Arc::new(AtomicU64::new(SEEN_KEPT as u64 + 1));
    group.bench_function(
        format!("first arrival, {SEEN_KEPT} ids kept, {name}"),
        |b| {
            b.to_async(runtime).iter_custom(|iterations| {
                let (store, next) = (store.clone(), next.clone());
                async move {
                    let started = Instant::now();
                    for _ in 0..iterations {
                        let id = next.fetch_add(1, Ordering::Relaxed);
                        assert!(store.first_arrival(id).await.unwrap());
                    }
                    started.elapsed()
                }
            })
        },
    );
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Many players, each making `actions` actions one after another, `IN_FLIGHT` at a time.
async fn throughput(db: BenchDb, players: usize, actions: usize, flush: bool) {
    let store = db.store(2, flush).await;
    let started = Instant::now();
    let starts = Arc::new(AtomicUsize::new(0));
    run_players(players, |player| {
        let store = store.clone();
        let starts = starts.clone();
        async move {
            let user = UserId(player as u64 + 1);
            store
                .start(
                    user,
                    deal(player as u64),
                    Some(7),
                    GameKind::Free,
                    Over::Anything,
                )
                .await
                .unwrap();
            starts.fetch_add(1, Ordering::Relaxed);
        }
    })
    .await;
    let start_time = started.elapsed();

    let applied = Arc::new(AtomicUsize::new(0));
    let refused = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    run_players(players, |player| {
        let (store, applied, refused) = (store.clone(), applied.clone(), refused.clone());
        async move {
            let user = UserId(player as u64 + 1);
            let mut current = store.current_game(user).await.unwrap().unwrap();
            for _ in 0..actions {
                let action = next_action(&current.game);
                let expected = Some(current.at());
                match store.apply(user, action, expected).await.unwrap() {
                    ApplyOutcome::Applied { game, .. } => {
                        applied.fetch_add(1, Ordering::Relaxed);
                        current = game;
                    }
                    ApplyOutcome::Refused { game, .. } => {
                        refused.fetch_add(1, Ordering::Relaxed);
                        current = game;
                    }
                    other => panic!("a lone player's action: {other:?}"),
                }
                if current.game.status() == Status::Won {
                    break;
                }
            }
        }
    })
    .await;
    let action_time = started.elapsed();
    let (applied, refused) = (
        applied.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
    );
    let per_second = |n: usize, time: Duration| n as f64 / time.as_secs_f64();
    println!(
        "throughput, {}{}, 2 connections: {players} players started in {:.1} s ({:.0} starts/s); \
         {applied} actions applied (+{refused} refused) in {:.1} s = {:.0} actions/s",
        db.name,
        if flush { ", flush every commit" } else { "" },
        start_time.as_secs_f64(),
        per_second(players, start_time),
        action_time.as_secs_f64(),
        per_second(applied + refused, action_time),
    );
    store.close().await;
    if let Some(bytes) = db.file_bytes() {
        println!(
            "sqlite file after the run: {:.1} MB, {:.0} bytes per player",
            bytes as f64 / 1e6,
            bytes as f64 / players as f64
        );
    }
    db.drop_database().await;
}

/// Runs `play(player)` for every player, `IN_FLIGHT` players at a time.
async fn run_players<F, Fut>(players: usize, play: F)
where
    F: Fn(usize) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let mut tasks = tokio::task::JoinSet::new();
    for player in 0..players {
        if tasks.len() >= IN_FLIGHT {
            tasks.join_next().await.unwrap().expect("a player task");
        }
        tasks.spawn(play(player));
    }
    while let Some(done) = tasks.join_next().await {
        done.expect("a player task");
    }
}

/// The game after the simple player's first `turns` actions, or fewer if it ends before.
fn played(game: &Game, turns: u32) -> Game {
    let mut game = game.clone();
    while game.status() == Status::Playing && game.turn() < turns {
        game.apply(next_action(&game))
            .expect("the simple player picks legal actions");
    }
    game
}

/// The stored size of games at several stages.
fn sizes() {
    let fresh = deal(1);
    let fifty = played(&fresh, 50);
    let longest = played(&fresh, 500);
    let layout = Game::from_layout(fresh.deal().clone(), Rule::Easy);
    let layout_played = played(&layout, 500);
    for (what, game) in [
        ("new game", &fresh),
        ("after 50 actions", &fifty),
        ("played to the end by a simple player", &longest),
        ("new game from a layout", &layout),
        ("layout game played to the end", &layout_played),
    ] {
        println!(
            "stored size, {what}: {} bytes ({} cards played, {})",
            game.to_stored().len(),
            game.played().len(),
            game.status().name()
        );
    }
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let mut criterion = Criterion::default()
        .configure_from_args()
        .measurement_time(Duration::from_secs(5));
    one_action(&mut criterion, &runtime);
    criterion.final_summary();

    sizes();
    // `cargo test --benches` runs every bench once, as a smoke test: keep that run small.
    let smoke_test = std::env::args().any(|arg| arg == "--test");
    let players = env_number("STORE_BENCH_PLAYERS", if smoke_test { 100 } else { 10_000 });
    let actions = env_number("STORE_BENCH_ACTIONS", 50);
    // Flushing every commit costs a disk sync per move: measure it on fewer players (env).
    let flush = std::env::var("STORE_BENCH_FLUSH").is_ok_and(|v| v == "1");
    runtime.block_on(throughput(BenchDb::sqlite_file(), players, actions, flush));
    match runtime.block_on(BenchDb::postgres("throughput")) {
        Some(db) => runtime.block_on(throughput(db, players, actions, flush)),
        None => println!("throughput, postgres: skipped (TEST_DATABASE_URL not set)"),
    }
}
