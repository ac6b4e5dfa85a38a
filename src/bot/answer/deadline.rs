//! Discord's 3 seconds, whatever the store does, and never a failure reported for something that
//! may have happened.
//!
//! Every bound counts from the interaction's creation (its snowflake), not from its arrival: a
//! gateway that delivers late leaves less time. The handling runs until [`DEFER_AFTER`]; if it
//! has not finished by then, the bot tells Discord that the answer comes later (a deferral,
//! whose token lives 15 minutes) and keeps waiting. A handling that may have written is never
//! cancelled on a timer: a write whose acknowledgement is late still shows its true result when
//! it comes. Past [`SLOW_AFTER`] the player is told, once, that the store is slow and that the
//! answer will follow by itself ([`Message::ErrorStoreSlow`]). Only at [`GIVE_UP_AFTER`], near
//! the end of the token's life, is the handling dropped, and the player is told that whether it
//! was saved will show later, never that it failed.
//!
//! Failures the store reports itself (the pool's acquire timeout, SQLite's busy timeout,
//! PostgreSQL's statement and lock timeouts) come back as replies of the flows long before.
//!
//! No Discord types here: the deferral and the notice are closures that `pipeline.rs` and
//! `responders.rs` fill in, so the timing is tested with tokio's paused clock.

use std::future::Future;
use std::time::Duration;

use tokio::time::Instant;
use tracing::warn;

use crate::bot::game::reply::Reply;
use crate::i18n::{Locale, Message};

/// How long after its creation the bot waits for its answer before deferring. Discord allows
/// 3 s for the first response; the deferral itself is one more REST call.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// When the player is told that the store is slow and the answer will follow: above the
/// store's own bounds (the pool's 5 s acquire timeout, SQLite's 5 s busy timeout, PostgreSQL's
/// statement timeout), so only a write whose answer is held on its way back gets here.
pub const SLOW_AFTER: Duration = Duration::from_secs(10);

/// When the bot stops waiting: a minute before the interaction's token expires (15 minutes), so
/// that the last word still reaches the player.
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(14 * 60);

/// The reply, and whether Discord was told to wait for it (then it goes out as an edit or a
/// follow-up, not as the interaction's response).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timed {
    pub reply: Reply,
    pub deferred: bool,
}

/// Awaits `handling` for an interaction created `age` ago: past [`DEFER_AFTER`] calls `defer`
/// once (its result: whether Discord took the deferral), past [`SLOW_AFTER`] calls `notify_slow`
/// once (if deferred), and past [`GIVE_UP_AFTER`] answers that the outcome will show later.
/// `handling` goes on while the deferral and the notice are sent (see [`alongside`]).
pub async fn in_time<H, D, F, N, G>(
    locale: Locale,
    age: Duration,
    handling: H,
    defer: D,
    notify_slow: N,
) -> Timed
where
    H: Future<Output = Reply>,
    D: FnOnce() -> F,
    F: Future<Output = bool>,
    N: FnOnce() -> G,
    G: Future<Output = ()>,
{
    let now = Instant::now();
    let created = now.checked_sub(age).unwrap_or(now);
    let mut handling = std::pin::pin!(handling);
    if let Ok(reply) = tokio::time::timeout_at(created + DEFER_AFTER, &mut handling).await {
        return Timed {
            reply,
            deferred: false,
        };
    }
    let (deferred, finished) = alongside(&mut handling, defer()).await;
    if let Some(reply) = finished {
        return Timed { reply, deferred };
    }
    if let Ok(reply) = tokio::time::timeout_at(created + SLOW_AFTER, &mut handling).await {
        return Timed { reply, deferred };
    }
    warn!(
        seconds = SLOW_AFTER.as_secs(),
        "an interaction's handling is slow; the player is told its answer will follow"
    );
    if deferred && let ((), Some(reply)) = alongside(&mut handling, notify_slow()).await {
        return Timed { reply, deferred };
    }
    let reply = match tokio::time::timeout_at(created + GIVE_UP_AFTER, handling).await {
        Ok(reply) => reply,
        Err(_) => {
            warn!(
                seconds = GIVE_UP_AFTER.as_secs(),
                "gave up waiting for an interaction's handling"
            );
            gave_up(locale)
        }
    };
    Timed { reply, deferred }
}

/// Runs `call` (a REST call: the deferral, the notice) to its end while `handling` goes on, so
/// that a handling is never paused on Discord: it runs in the interaction's own task, and a
/// SQLite write transaction paused there would hold the database for everyone. Gives the call's
/// result, and the reply if the handling finished meanwhile.
async fn alongside<H, C>(handling: &mut H, call: C) -> (C::Output, Option<Reply>)
where
    H: Future<Output = Reply> + Unpin,
    C: Future,
{
    let mut call = std::pin::pin!(call);
    let mut finished = None;
    loop {
        tokio::select! {
            biased;
            done = &mut call => return (done, finished),
            reply = &mut *handling, if finished.is_none() => finished = Some(reply),
        }
    }
}

/// What the player is told at [`GIVE_UP_AFTER`].
pub fn gave_up(locale: Locale) -> Reply {
    Reply::ephemeral(
        Message::ErrorStoreGaveUp {
            minutes: GIVE_UP_AFTER.as_secs() / 60,
            command: SHOW_COMMAND,
        }
        .text(locale),
    )
}

/// What the player is told at [`SLOW_AFTER`].
pub fn slow_notice(locale: Locale) -> Reply {
    Reply::ephemeral(Message::ErrorStoreSlow.text(locale))
}

/// How texts name the command that shows a game as stored.
const SHOW_COMMAND: &str = "/tripeaks show";

/// How long ago an interaction with this snowflake was created, by the system clock (zero for
/// one from the future, as a skewed clock may say).
pub fn age_of_snowflake(id: u64) -> Duration {
    const DISCORD_EPOCH_MILLIS: u64 = 1_420_070_400_000;
    let created = (id >> 22).saturating_add(DISCORD_EPOCH_MILLIS);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
    Duration::from_millis(now.saturating_sub(created))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;
    use crate::bot::game::reply::Delivery;

    type Counted<T> = (Arc<AtomicU32>, Box<dyn FnOnce() -> std::future::Ready<T>>);

    fn counting<T: 'static>(value: T) -> Counted<T> {
        let calls = Arc::new(AtomicU32::new(0));
        let counted = Arc::clone(&calls);
        let call = move || {
            counted.fetch_add(1, Ordering::SeqCst);
            std::future::ready(value)
        };
        (calls, Box::new(call))
    }

    /// A REST call over which Discord takes a second.
    async fn slow_call<T>(value: T) -> T {
        tokio::time::sleep(Duration::from_secs(1)).await;
        value
    }

    async fn after(delay: Duration) -> Reply {
        tokio::time::sleep(delay).await;
        Reply::ephemeral("done")
    }

    #[tokio::test(start_paused = true)]
    async fn a_quick_answer_is_not_deferred() {
        let (defers, defer) = counting(true);
        let (notices, notice) = counting(());
        let handling = after(Duration::from_millis(1400));
        let timed = in_time(Locale::EnUs, Duration::ZERO, handling, defer, notice).await;
        assert_eq!((timed.reply.text.as_str(), timed.deferred), ("done", false));
        assert_eq!(defers.load(Ordering::SeqCst), 0);
        assert_eq!(notices.load(Ordering::SeqCst), 0);
    }

    /// The bounds count from the interaction's creation: one that arrives 1.2 s old is deferred
    /// 0.3 s after it arrived.
    #[tokio::test(start_paused = true)]
    async fn the_deferral_counts_from_the_interactions_creation() {
        let (defers, defer) = counting(true);
        let (_, notice) = counting(());
        let started = Instant::now();
        let age = Duration::from_millis(1200);
        let handling = after(Duration::from_millis(400));
        let timed = in_time(Locale::EnUs, age, handling, defer, notice).await;
        assert!(timed.deferred);
        assert_eq!(defers.load(Ordering::SeqCst), 1);
        assert_eq!(started.elapsed(), Duration::from_millis(400));
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_answer_is_deferred_once_then_delivered() {
        let (defers, defer) = counting(true);
        let (notices, notice) = counting(());
        let started = Instant::now();
        let handling = after(Duration::from_secs(6));
        let timed = in_time(Locale::EnUs, Duration::ZERO, handling, defer, notice).await;
        assert_eq!((timed.reply.text.as_str(), timed.deferred), ("done", true));
        assert_eq!(defers.load(Ordering::SeqCst), 1);
        assert_eq!(notices.load(Ordering::SeqCst), 0);
        assert_eq!(started.elapsed(), Duration::from_secs(6));
    }

    /// The handling is polled in the interaction's own task: it must not stand still while
    /// Discord takes its time over the deferral or the notice (a write transaction would hold
    /// the database meanwhile).
    #[tokio::test(start_paused = true)]
    async fn the_handling_goes_on_while_the_deferral_and_the_notice_are_sent() {
        for (finishes, reply_at) in [
            (Duration::from_millis(1600), Duration::from_millis(2500)),
            (Duration::from_millis(10_500), Duration::from_secs(11)),
        ] {
            let started = Instant::now();
            let finished_at = Arc::new(std::sync::Mutex::new(None));
            let noted = Arc::clone(&finished_at);
            let handling = async move {
                tokio::time::sleep(finishes).await;
                *noted.lock().unwrap() = Some(started.elapsed());
                Reply::ephemeral("done")
            };
            let defer = || slow_call(true);
            let notice = || slow_call(());
            let timed = in_time(Locale::EnUs, Duration::ZERO, handling, defer, notice).await;
            assert_eq!((timed.reply.text.as_str(), timed.deferred), ("done", true));
            assert_eq!(*finished_at.lock().unwrap(), Some(finishes));
            assert_eq!(started.elapsed(), reply_at);
        }
    }

    /// Was: at 10 s the handling was dropped and the player told the store was not answering,
    /// although a write whose acknowledgement was held (12 s) had reached the database. Now the
    /// player is told once that the answer will follow, and the handling's own reply follows.
    #[tokio::test(start_paused = true)]
    async fn a_held_answer_is_waited_for_and_delivered_after_a_notice() {
        let (defers, defer) = counting(true);
        let (notices, notice) = counting(());
        let started = Instant::now();
        let handling = after(Duration::from_secs(12));
        let timed = in_time(Locale::EnUs, Duration::ZERO, handling, defer, notice).await;
        assert_eq!((timed.reply.text.as_str(), timed.deferred), ("done", true));
        assert_eq!(defers.load(Ordering::SeqCst), 1);
        assert_eq!(notices.load(Ordering::SeqCst), 1);
        assert_eq!(started.elapsed(), Duration::from_secs(12));
    }

    #[tokio::test(start_paused = true)]
    async fn a_hanging_answer_is_given_up_near_the_end_of_the_token() {
        let (defers, defer) = counting(true);
        let (notices, notice) = counting(());
        let started = Instant::now();
        let timed = in_time(
            Locale::Nl,
            Duration::ZERO,
            std::future::pending(),
            defer,
            notice,
        )
        .await;
        assert_eq!(started.elapsed(), GIVE_UP_AFTER);
        assert!(GIVE_UP_AFTER < Duration::from_secs(15 * 60));
        assert!(timed.deferred);
        assert_eq!(defers.load(Ordering::SeqCst), 1);
        assert_eq!(notices.load(Ordering::SeqCst), 1);
        assert_eq!(timed.reply.delivery, Delivery::Ephemeral);
        assert_eq!(timed.reply, gave_up(Locale::Nl));
        assert!(timed.reply.text.contains("14"), "{}", timed.reply.text);
        assert_ne!(
            timed.reply.text,
            Message::ErrorStoreUnavailable.text(Locale::Nl),
            "never \"try again\" for something that may have happened"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_refused_deferral_is_reported_and_no_notice_is_sent() {
        let (_, defer) = counting(false);
        let (notices, notice) = counting(());
        let handling = after(Duration::from_secs(11));
        let timed = in_time(Locale::EnUs, Duration::ZERO, handling, defer, notice).await;
        assert!(!timed.deferred);
        assert_eq!(timed.reply.text, "done");
        assert_eq!(notices.load(Ordering::SeqCst), 0);
    }

    #[test]
    fn a_snowflakes_age_is_read_from_its_timestamp() {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64;
        let two_seconds_ago = (now - 2_000 - 1_420_070_400_000) << 22;
        let age = age_of_snowflake(two_seconds_ago);
        assert!((Duration::from_secs(2)..Duration::from_secs(60)).contains(&age));
        let future = (now + 60_000 - 1_420_070_400_000) << 22;
        assert_eq!(age_of_snowflake(future), Duration::ZERO);
    }
}
