//! Discord's 3 seconds, whatever the store does: an interaction's handling is awaited for
//! [`DEFER_AFTER`]; if it has not finished by then, the bot tells Discord that the answer comes
//! later (a deferral) and keeps waiting, up to [`GIVE_UP_AFTER`] in all; past that, the handling
//! is dropped (cancelled: a move is saved whole or not at all) and the player is told that the
//! game store is not answering.
//!
//! No Discord types here: the deferral is a closure that `discord.rs` and `deferred.rs` fill
//! in, so the timing is tested with tokio's paused clock.

use std::future::Future;
use std::time::Duration;

use tracing::warn;

use super::reply::Reply;
use crate::i18n::{Locale, Message};

/// How long the bot waits for its answer before deferring. Discord allows 3 s for the first
/// response; the deferral itself is one more REST call.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// How long an interaction may take in all before the bot apologises. Above the store's own
/// bounds (the pool's acquire timeout and SQLite's busy timeout, 5 s each), so those normally
/// answer first, with an error the flows turn into the same apology; this one catches a query
/// that hangs on a connection that went silent.
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(10);

/// The reply, and whether Discord was told to wait for it (then it goes out as an edit or a
/// follow-up, not as the interaction's response).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timed {
    pub reply: Reply,
    pub deferred: bool,
}

/// Awaits `handling`; past [`DEFER_AFTER`] calls `defer` once (its result: whether Discord took
/// the deferral), and past [`GIVE_UP_AFTER`] answers with the store-not-answering apology.
pub async fn in_time<H, D, F>(locale: Locale, handling: H, defer: D) -> Timed
where
    H: Future<Output = Reply>,
    D: FnOnce() -> F,
    F: Future<Output = bool>,
{
    let mut handling = std::pin::pin!(handling);
    if let Ok(reply) = tokio::time::timeout(DEFER_AFTER, &mut handling).await {
        return Timed {
            reply,
            deferred: false,
        };
    }
    let deferred = defer().await;
    let rest = GIVE_UP_AFTER.saturating_sub(DEFER_AFTER);
    let reply = match tokio::time::timeout(rest, handling).await {
        Ok(reply) => reply,
        Err(_) => {
            warn!(
                seconds = GIVE_UP_AFTER.as_secs(),
                "gave up waiting for an interaction's handling"
            );
            Reply::ephemeral(Message::ErrorStoreUnavailable.text(locale))
        }
    };
    Timed { reply, deferred }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;
    use crate::bot::reply::Delivery;

    fn counting() -> (Arc<AtomicU32>, impl FnOnce() -> std::future::Ready<bool>) {
        let calls = Arc::new(AtomicU32::new(0));
        let counted = Arc::clone(&calls);
        let defer = move || {
            counted.fetch_add(1, Ordering::SeqCst);
            std::future::ready(true)
        };
        (calls, defer)
    }

    async fn after(delay: Duration) -> Reply {
        tokio::time::sleep(delay).await;
        Reply::ephemeral("done")
    }

    #[tokio::test(start_paused = true)]
    async fn a_quick_answer_is_not_deferred() {
        let (calls, defer) = counting();
        let timed = in_time(Locale::EnUs, after(Duration::from_millis(1400)), defer).await;
        assert_eq!((timed.reply.text.as_str(), timed.deferred), ("done", false));
        assert_eq!(calls.load(Ordering::SeqCst), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_answer_is_deferred_once_then_delivered() {
        let (calls, defer) = counting();
        let started = tokio::time::Instant::now();
        let timed = in_time(Locale::EnUs, after(Duration::from_secs(6)), defer).await;
        assert_eq!((timed.reply.text.as_str(), timed.deferred), ("done", true));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert_eq!(started.elapsed(), Duration::from_secs(6));
    }

    #[tokio::test(start_paused = true)]
    async fn a_hanging_answer_becomes_the_apology_at_the_bound() {
        let (calls, defer) = counting();
        let started = tokio::time::Instant::now();
        let timed = in_time(Locale::Nl, std::future::pending(), defer).await;
        assert_eq!(started.elapsed(), GIVE_UP_AFTER);
        assert!(timed.deferred);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert_eq!(timed.reply.delivery, Delivery::Ephemeral);
        assert_eq!(
            timed.reply.text,
            Message::ErrorStoreUnavailable.text(Locale::Nl)
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_refused_deferral_is_reported() {
        let timed = in_time(Locale::EnUs, after(Duration::from_secs(2)), || {
            std::future::ready(false)
        })
        .await;
        assert!(!timed.deferred);
    }
}
