//! New games per second from two "processes" on one PostgreSQL: two stores (two connection
//! pools, as two bot processes have), each with 8 tasks starting new games for players of
//! their own as fast as they can, for a few seconds. It measures how numbering games scales
//! across writers (issue 14: a single counters row queued every new game behind one lock).
//!
//! ```sh
//! cargo run --release --example new_games -- postgres://postgres@127.0.0.1:5432/test 5
//! ```
//! It works in a schema of its own on that database, created for the run and dropped after.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sqlx::Connection;
use tripeaks::game::{DealCode, DealNumber, Game, Rule};
use tripeaks::store::{GameKind, Over, Store, UserId};

const PROCESSES: u64 = 2;
const TASKS_PER_PROCESS: u64 = 8;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let url = args
        .next()
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".to_string());
    let seconds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    sqlx::any::install_default_drivers();
    let schema = format!("tripeaks_new_games_{}", std::process::id());
    let mut admin = sqlx::AnyConnection::connect(&url).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}")))
        .execute(&mut admin)
        .await?;
    let separator = if url.contains('?') { '&' } else { '?' };
    let url = format!("{url}{separator}options=-c%20search_path%3D{schema}");
    let result = run(&url, seconds).await;
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP SCHEMA {schema} CASCADE")))
        .execute(&mut admin)
        .await?;
    result
}

async fn run(url: &str, seconds: u64) -> anyhow::Result<()> {
    let started = Arc::new(AtomicU64::new(0));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for process in 0..PROCESSES {
        let store = Store::connect(url).await?;
        for task in 0..TASKS_PER_PROCESS {
            let (store, started) = (store.clone(), Arc::clone(&started));
            tasks.push(tokio::spawn(async move {
                let user = UserId(9_000_000_000_000_000 + process * 1_000 + task);
                let mut n = 0u64;
                while Instant::now() < deadline {
                    let number = DealNumber::new(n % 1_000).expect("below 26^7");
                    let game = Game::from_code(DealCode::new(number, Rule::Easy));
                    store
                        .start(user, game, None, GameKind::Free, Over::Anything)
                        .await?;
                    started.fetch_add(1, Ordering::Relaxed);
                    n += 1;
                }
                anyhow::Ok(())
            }));
        }
    }
    for task in tasks {
        task.await??;
    }
    let count = started.load(Ordering::Relaxed);
    println!(
        "{count} new games in {seconds} s from {PROCESSES} stores x {TASKS_PER_PROCESS} tasks: {:.0} games/s",
        count as f64 / seconds as f64
    );
    Ok(())
}
