//! Whether the interactions endpoint's signature check lets Discord in: the time of the last
//! request whose signature verified, and the signatures refused since, for `/healthz`.
//!
//! A process whose `DISCORD_PUBLIC_KEY` is wrong (or whose clock is more than 5 minutes off)
//! answers every request of Discord 401: the bot is dead to players while its store answers
//! and it is not draining. A verified request (Discord's PING, any interaction) proves the key,
//! the clock and the route; refused ones alone prove nothing on a quiet bot, since Discord sends
//! a request with a bad signature now and then to check that it is refused, and anyone on the
//! internet may post junk. So the rule ([`Signatures::problem`]) judges only when refusals
//! arrived: unhealthy when at least [`AT_LEAST`] signatures were refused within the last
//! [`WINDOW`] and none verified in it. Only requests that carry both signature headers count,
//! as Discord's do (a scanner's bare POST does not).
//!
//! The choice of [`WINDOW`] (60 s) and [`AT_LEAST`] (3): a bot in use with a wrong key gets a
//! player's interaction, and the player's retries, within seconds, so a fresh process with the
//! wrong key turns unhealthy at its third refused request, and a process that verified before
//! (the clock drifted) 60 s after its last verified one; a bot nobody uses for an hour gets no
//! refusals (or Discord's checks, one at a time) and stays healthy; once refusals stop, the
//! rule stops judging after the window.
//!
//! A signature that verified once proves the key for the process's life (the key is read at
//! the start and never changes), so after that a signature that is not the application's is
//! someone else's junk, not Discord's: it no longer counts, and nobody on the internet can
//! make a replica that served Discord look dead with forged requests. What still counts after
//! it is a signature that verified with a timestamp too far from now: Discord's own request,
//! and this machine's clock is off (forged ones never get that far). A replica that has not
//! yet verified anything may be made to report unhealthy by three forged requests a minute,
//! until its first verified request.
//!
//! The times are tokio's, so the tests pause the clock.

use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

/// How far back the rule looks.
pub const WINDOW: Duration = Duration::from_secs(60);
/// How many refused signatures within [`WINDOW`] make the rule judge.
pub const AT_LEAST: usize = 3;

/// The refusal of a signature made too long ago or in the future (`http/request.rs` says it).
pub const TOO_OLD: &str = "the signature is too old or from the future";

/// What the endpoint saw of signatures.
#[derive(Debug, Default)]
pub struct Signatures {
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// The last request whose signature verified.
    verified: Option<Instant>,
    /// Signatures refused since it (or since the start).
    refused_since: u64,
    /// The last [`AT_LEAST`] refusals, oldest first.
    recent: Vec<Instant>,
    /// Why the last one was refused.
    last_problem: &'static str,
}

impl Signatures {
    /// A request whose signature verified.
    pub fn verified(&self) {
        let mut state = self.state();
        state.verified = Some(Instant::now());
        state.refused_since = 0;
    }

    /// A request with both signature headers whose signature was refused, and why. After a
    /// verified one, only a timestamp too far from now counts (the key is proven).
    pub fn refused(&self, problem: &'static str) {
        let mut state = self.state();
        if state.verified.is_some() && problem != TOO_OLD {
            return;
        }
        state.refused_since += 1;
        state.last_problem = problem;
        if state.recent.len() == AT_LEAST {
            state.recent.remove(0);
        }
        state.recent.push(Instant::now());
    }

    /// Why Discord's requests look refused, in one line; `None` when the rule does not judge
    /// (fewer than [`AT_LEAST`] refusals within [`WINDOW`]) or a request verified within it.
    pub fn problem(&self) -> Option<String> {
        let state = self.state();
        let now = Instant::now();
        let within = |at: Instant| now.saturating_duration_since(at) < WINDOW;
        if state.verified.is_some_and(within) {
            return None;
        }
        let oldest = *state.recent.first()?;
        if state.recent.len() < AT_LEAST || !within(oldest) {
            return None;
        }
        let advice = match state.last_problem {
            TOO_OLD => "check this machine's clock",
            _ => "check DISCORD_PUBLIC_KEY",
        };
        Some(format!(
            "no verified request in the last {} s while {} were refused (the last: {}): {advice}",
            WINDOW.as_secs(),
            state.refused_since,
            state.last_problem,
        ))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WRONG_KEY: &str = "the signature is not the application's";

    fn advance(seconds: u64) -> impl Future<Output = ()> {
        tokio::time::advance(Duration::from_secs(seconds))
    }

    #[tokio::test(start_paused = true)]
    async fn refusals_with_nothing_verified_in_the_window_are_a_problem() {
        let signatures = Signatures::default();
        assert_eq!(signatures.problem(), None, "nothing seen: healthy");
        signatures.refused(WRONG_KEY);
        advance(1).await;
        signatures.refused(WRONG_KEY);
        assert_eq!(
            signatures.problem(),
            None,
            "two may be Discord's own checks"
        );
        signatures.refused(WRONG_KEY);
        assert_eq!(
            signatures.problem().as_deref(),
            Some(
                "no verified request in the last 60 s while 3 were refused (the last: the \
                 signature is not the application's): check DISCORD_PUBLIC_KEY"
            )
        );
        // Nobody tries any more: the rule stops judging once fewer than three are in the window.
        advance(58).await;
        assert!(signatures.problem().is_some(), "all three within 60 s");
        advance(1).await;
        assert_eq!(signatures.problem(), None, "the first is 60 s old");
    }

    #[tokio::test(start_paused = true)]
    async fn a_verified_request_in_the_window_proves_the_key() {
        let signatures = Signatures::default();
        signatures.verified();
        for _ in 0..10 {
            signatures.refused(WRONG_KEY);
        }
        assert_eq!(signatures.problem(), None, "verified just now");
        // The clock drifts: every request is refused from now on.
        advance(30).await;
        for _ in 0..3 {
            signatures.refused(TOO_OLD);
        }
        assert_eq!(signatures.problem(), None, "verified 30 s ago");
        advance(31).await;
        signatures.refused(TOO_OLD);
        let problem = signatures.problem().expect("none verified in 60 s");
        assert!(
            problem.contains("while 4 were refused")
                && problem.ends_with("check this machine's clock"),
            "{problem}"
        );
        signatures.verified();
        assert_eq!(signatures.problem(), None, "healed by one verified request");
    }

    /// Forged requests after Discord's first verified one: however many, for however long,
    /// the replica that served Discord stays healthy.
    #[tokio::test(start_paused = true)]
    async fn once_the_key_is_proven_forged_signatures_do_not_count() {
        let signatures = Signatures::default();
        signatures.verified();
        for _ in 0..120 {
            advance(1).await;
            for _ in 0..100 {
                signatures.refused(WRONG_KEY);
            }
        }
        assert_eq!(signatures.problem(), None);
    }

    #[tokio::test(start_paused = true)]
    async fn refusals_spread_thinner_than_the_window_never_judge() {
        let signatures = Signatures::default();
        // Discord's checks on a bot nobody uses, one every 31 s for an hour.
        for _ in 0..116 {
            signatures.refused(WRONG_KEY);
            assert_eq!(signatures.problem(), None);
            advance(31).await;
        }
    }
}
