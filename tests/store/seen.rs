//! The interactions seen lately (`store/seen_interactions.rs`), on every backend: an id is
//! first once, whichever store of the database notes it (two stores stand for two processes),
//! also when its arrivals race; and the ids past their time are deleted by a later arrival.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use sqlx::Row;
use tripeaks::store::{SEEN_FOR, Store};

use crate::on_every_backend;
use crate::support::TestDb;

on_every_backend!(an_interaction_is_first_once_on_any_process_until_forgotten);

/// A snowflake as Discord makes them, and one with the top bit set (stored with the same bits).
const ID: u64 = 1_300_000_000_000_000_001;
const HIGH_ID: u64 = u64::MAX - 7;

async fn an_interaction_is_first_once_on_any_process_until_forgotten(db: TestDb) {
    let now = Arc::new(AtomicI64::new(1_800_000_000_000));
    let clocked = |store: Store| {
        let now = Arc::clone(&now);
        store.with_clock(Arc::new(move || now.load(Ordering::SeqCst)))
    };
    let one = clocked(db.store().await);
    let other = clocked(db.store().await);

    assert!(one.first_arrival(ID).await.unwrap(), "its first arrival");
    assert!(
        !one.first_arrival(ID).await.unwrap(),
        "again, at the same process"
    );
    assert!(!other.first_arrival(ID).await.unwrap(), "again, at another");
    assert!(other.first_arrival(HIGH_ID).await.unwrap());
    assert!(!one.first_arrival(HIGH_ID).await.unwrap());

    let racing = (0..8).map(|n| {
        let store = if n % 2 == 0 {
            one.clone()
        } else {
            other.clone()
        };
        async move { store.first_arrival(ID + 1).await.unwrap() }
    });
    let firsts = futures_util::future::join_all(racing).await;
    assert_eq!(
        firsts.iter().filter(|first| **first).count(),
        1,
        "one first among arrivals racing: {firsts:?}"
    );

    // Past their time, the next arrival at a process deletes them.
    let later = SEEN_FOR + Duration::from_secs(60);
    now.fetch_add(i64::try_from(later.as_millis()).unwrap(), Ordering::SeqCst);
    assert!(one.first_arrival(ID + 2).await.unwrap());
    let raw = db.raw().await;
    let kept: Vec<i64> = sqlx::query("SELECT interaction_id FROM seen_interactions")
        .fetch_all(&raw)
        .await
        .unwrap()
        .iter()
        .map(|row| row.get::<i64, _>(0))
        .collect();
    assert_eq!(
        kept,
        [i64::try_from(ID + 2).unwrap()],
        "only the new one is kept"
    );
    raw.close().await;
    one.close().await;
    other.close().await;
}
