//! Reservations (`store/reservations.rs`), on every backend: one holder at a time across the
//! stores of one database (two stores stand for two processes), also when reservations race;
//! let go, or lapsed, it is free again; forget-me deletes the player's.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use tripeaks::store::{Reservation, Store, UserId};

use crate::on_every_backend;
use crate::support::TestDb;

on_every_backend!(a_reservation_has_one_holder_until_let_go_or_lapsed);

const ANN: UserId = UserId(1_300_000_000_000_000_001);
const BEN: UserId = UserId(1_300_000_000_000_000_002);
const LASTING: Duration = Duration::from_secs(30);

async fn a_reservation_has_one_holder_until_let_go_or_lapsed(db: TestDb) {
    let now = Arc::new(AtomicI64::new(1_800_000_000_000));
    let clocked = |store: Store| {
        let now = Arc::clone(&now);
        store.with_clock(Arc::new(move || now.load(Ordering::SeqCst)))
    };
    let (one, other) = (clocked(db.store().await), clocked(db.store().await));
    let challenge = Reservation::Challenge;

    assert!(one.reserve(ANN, challenge, LASTING).await.unwrap());
    assert!(!one.reserve(ANN, challenge, LASTING).await.unwrap(), "held");
    assert!(
        !other.reserve(ANN, challenge, LASTING).await.unwrap(),
        "held, for another process too"
    );
    assert!(
        other.reserve(BEN, challenge, LASTING).await.unwrap(),
        "another player's"
    );
    one.release(ANN, challenge).await.unwrap();
    assert!(
        other.reserve(ANN, challenge, LASTING).await.unwrap(),
        "let go"
    );

    // A holder that never lets go (its process stopped): free once it lapsed, not before.
    now.fetch_add(29_999, Ordering::SeqCst);
    assert!(!one.reserve(ANN, challenge, LASTING).await.unwrap());
    now.fetch_add(1, Ordering::SeqCst);
    assert!(
        one.reserve(ANN, challenge, LASTING).await.unwrap(),
        "lapsed"
    );

    // Racing on two processes: one holder.
    one.release(ANN, challenge).await.unwrap();
    let racing = (0..8).map(|n| {
        let store = if n % 2 == 0 {
            one.clone()
        } else {
            other.clone()
        };
        async move { store.reserve(ANN, challenge, LASTING).await.unwrap() }
    });
    let held = futures_util::future::join_all(racing).await;
    assert_eq!(
        held.iter().filter(|h| **h).count(),
        1,
        "one holder: {held:?}"
    );

    // Forget-me deletes the player's reservations.
    one.forget(ANN).await.unwrap();
    assert!(other.reserve(ANN, challenge, LASTING).await.unwrap());
}
