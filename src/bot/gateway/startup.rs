//! Starting this process's gateway shards (`ops/shards.rs` says which), taking turns with the
//! bot's other processes on PostgreSQL so that their IDENTIFYs stay 5 s apart.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use anyhow::{Context as _, Result};
use poise::serenity_prelude as serenity;
use tokio::sync::Notify;
use tracing::{info, warn};

use crate::bot::ops::shards::{ExpectedShards, IDENTIFY_INTERVAL, IDENTIFY_LOCK_KEY, Sharding};
use crate::store::Store;

/// Counts the shards of this process that are ready (one READY per shard session).
#[derive(Clone, Default)]
pub struct ReadyCount {
    inner: Arc<(AtomicU32, Notify)>,
}

impl ReadyCount {
    /// Counts a READY of `shard` (the framework sees it: `gateway/`).
    pub fn ready(&self, shard: serenity::ShardId) {
        let ready = self.inner.0.fetch_add(1, Ordering::SeqCst) + 1;
        info!(shard = shard.0, ready, "shard ready");
        self.inner.1.notify_waiters();
    }

    /// Waits until `shards` shards have been ready, or `limit` has passed.
    async fn reached(&self, shards: u32, limit: Duration) -> bool {
        let wait = async {
            loop {
                let notified = self.inner.1.notified();
                if self.inner.0.load(Ordering::SeqCst) >= shards {
                    return;
                }
                notified.await;
            }
        };
        tokio::time::timeout(limit, wait).await.is_ok()
    }
}

/// Connects the shards of `sharding` and serves until they shut down. With a range of shards
/// on PostgreSQL, waits for the other processes' start-ups first and holds the turn until 5 s
/// after its last shard is ready (or a generous limit, should Discord not answer). Without one,
/// asks Discord how many shards to run (as serenity's `start_autosharded` does) and tells
/// `expected`, so that the health check counts the shards not started yet.
pub async fn start(
    client: &mut serenity::Client,
    sharding: Sharding,
    expected: &ExpectedShards,
    store: &Store,
    ready: ReadyCount,
) -> Result<()> {
    let Sharding::Range { first, last, count } = sharding else {
        let recommended = client
            .http
            .get_bot_gateway()
            .await
            .context("asking Discord how many shards to run (GET /gateway/bot)")?
            .shards
            .max(1);
        expected.recommended(recommended);
        info!(%sharding, shards = recommended, "connecting");
        return client
            .start_shards(recommended)
            .await
            .context("connecting to Discord");
    };
    let turn = store
        .take_startup_lock(IDENTIFY_LOCK_KEY)
        .await
        .context("waiting for the other processes to identify")?;
    let shards = last - first + 1;
    info!(%sharding, "connecting (this process's turn to identify)");
    if let Some(turn) = turn {
        tokio::spawn(async move {
            let limit = IDENTIFY_INTERVAL * (shards + 1) + Duration::from_secs(60);
            if !ready.reached(shards, limit).await {
                warn!(
                    shards,
                    "not every shard was ready in time; letting the next process identify"
                );
            }
            tokio::time::sleep(IDENTIFY_INTERVAL).await;
            if let Err(error) = turn.release().await {
                warn!(
                    "releasing the identify turn failed (the session was closed instead): {error}"
                );
            }
        });
    }
    // serenity's range is inclusive at both ends: `first..last` starts shards first..=last.
    client
        .start_shard_range(first..last, count)
        .await
        .context("connecting to Discord")
}
