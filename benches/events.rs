//! What a server event's standings cost in the biggest server (20,000 players) and in one of 100:
//! `/tripeaks event` reads the first ten places, the reader's own and the count. The standings
//! rows (and five counted games a player) are written straight into a SQLite file (as an event
//! of that size leaves them),
//! then the store reads them. The close of the big event (the one UPDATE that ends it, then the
//! standings and best scores its results post shows) is timed once and printed.
//!
//! `cargo bench --bench events`. Targets (docs/performance.md, "Server events"): standings of
//! 20,000 players ≤ 25 ms and within 3x of 100 players' (medians); the close under a second.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::Criterion;
use tokio::runtime::Runtime;
use tripeaks::store::{Closed, EventDeal, NewEvent, Store, UserId};

const BIG: i64 = 20_000;
const SMALL: i64 = 100;
const START: i64 = 1_796_083_200_000;
const HOUR: i64 = 3_600_000;

fn new_event(guild: u64) -> NewEvent {
    NewEvent {
        guild,
        channel: 1,
        name: "bench".into(),
        created_by: UserId(1),
        deals: (0..10)
            .map(|n| EventDeal {
                code: format!("TP1-E-AAAAAA{}", (b'B' + n) as char)
                    .parse()
                    .unwrap(),
                par: Some(600),
            })
            .collect(),
        hints: false,
        starts_at: START,
        ends_at: START + 2 * HOUR,
        zone: "UTC".into(),
        weekly: false,
        locale: "en-US".into(),
    }
}

/// Fills an event's standings with `players` rows (totals with many ties), as SQL.
fn standings_sql(event: i64, players: i64) -> String {
    format!(
        "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < {players}) \
         INSERT INTO event_standings (event_id, user_id, name, total, cleared, hints, \
         last_finish_at) SELECT {event}, i + 1, 'player ' || i, (i * 7919) % 6000, i % 11, \
         i % 3, {START} + (i * 104729) % 7000000 FROM n"
    )
}

/// Each player's counted games: five deals each, as many finished events have.
fn games_sql(event: i64, players: i64) -> String {
    format!(
        "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < {rows}) \
         INSERT INTO event_games (event_id, deal, user_id, game_id, score, won, hints, \
         finished_at) SELECT {event}, i % 5, i / 5 + 1, {event} * 1000000 + i, (i * 7919) % 1200, \
         i % 2, i % 3, {START} + i FROM n",
        rows = players * 5
    )
}

fn main() {
    let runtime = Runtime::new().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("events.db").display()
    );
    let clock_now = Arc::new(std::sync::atomic::AtomicI64::new(START + HOUR));
    let clock = Arc::clone(&clock_now);
    let store = runtime
        .block_on(Store::connect(&url))
        .unwrap()
        .with_clock(Arc::new(move || {
            clock.load(std::sync::atomic::Ordering::SeqCst)
        }));
    let (big, small) = runtime.block_on(async {
        let big = store.create_event(&new_event(1)).await.unwrap().unwrap().id;
        let small = store.create_event(&new_event(2)).await.unwrap().unwrap().id;
        let raw = sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap();
        for (event, players) in [(big, BIG), (small, SMALL)] {
            // The bands of totals the store keeps with each standing (migration 022).
            let buckets = format!(
                "INSERT INTO event_buckets (event_id, bucket, players) SELECT event_id, \
                 total / 64, COUNT(*) FROM event_standings WHERE event_id = {event} \
                 GROUP BY event_id, total / 64"
            );
            for sql in [
                standings_sql(event, players),
                games_sql(event, players),
                buckets,
            ] {
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .execute(&raw)
                    .await
                    .unwrap();
            }
        }
        sqlx::query("ANALYZE").execute(&raw).await.unwrap();
        (big, small)
    });

    let mut criterion = Criterion::default()
        .configure_from_args()
        .measurement_time(Duration::from_secs(5));
    for (name, event, players) in [("20000", big, BIG), ("100", small, SMALL)] {
        // A reader in the middle of the standings, and one at the very end.
        for (place, reader) in [("middle", players / 2), ("last", players)] {
            let id = format!("event standings/{name} players/reader {place}");
            criterion.bench_function(&id, |b| {
                b.to_async(&runtime).iter(|| async {
                    let board = store
                        .event_board(event, UserId(reader as u64))
                        .await
                        .unwrap();
                    assert_eq!(board.players as i64, players);
                    board
                })
            });
        }
    }

    // The close of the big event: ending it, then what its results post reads.
    clock_now.store(START + 2 * HOUR, std::sync::atomic::Ordering::SeqCst);
    let started = Instant::now();
    runtime.block_on(async {
        let closed = store.close_event(big, None).await.unwrap();
        assert!(matches!(closed, Closed::Now { .. }));
        // Every standing, as the results post reads them (its text, its file, its picture).
        let standings = store.event_standings(big, 100_000).await.unwrap();
        assert_eq!(standings.len() as i64, BIG);
        store.event_best_scores(big).await.unwrap();
    });
    println!(
        "close of an event of {BIG} players (the end, every standing, its best scores): {:.1} ms",
        started.elapsed().as_secs_f64() * 1000.0
    );
    criterion.final_summary();
}
