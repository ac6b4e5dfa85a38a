//! Every REST call of an answer (the callback, edits, follow-ups, deletions) goes through
//! [`with_retries`]: a 429 is tried again after a pause (serenity's rate limiter already waits
//! for `retry_after` and repeats when it is on; it is off when `DISCORD_API_BASE` is set), a 5xx
//! again where repeating cannot post twice (the callback, edits, deletions), and at most
//! [`ATTEMPTS`] times in all. Each failure is logged once, with the interaction.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::{error, warn};

/// The most times one REST call of an answer is made.
pub const ATTEMPTS: usize = 3;
/// The pause before repeating a call Discord answered 429. serenity's error does not carry
/// Discord's `retry_after`; its rate limiter, when on, has already waited for it.
pub const RATE_LIMITED_PAUSE: Duration = Duration::from_millis(500);
/// The pause before repeating a call Discord answered with a server error.
pub const SERVER_ERROR_PAUSE: Duration = Duration::from_millis(250);
/// Discord's "Interaction has already been acknowledged": after a repeated callback, the first
/// one went through after all.
const ALREADY_ACKNOWLEDGED: isize = 40060;

/// A REST call of an answer, for the log and for what may be repeated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Call {
    /// The interaction's response (type 4 to 7).
    Callback,
    /// `PATCH …/messages/@original`.
    Edit,
    /// `POST /webhooks/…`: a follow-up (a 5xx may have posted it: not repeated).
    FollowUp,
    /// `DELETE …/messages/@original`.
    Delete,
}

/// How long to wait before repeating a call that failed with `status`; `None`: do not repeat.
pub fn pause_before_retry(call: Call, status: u16) -> Option<Duration> {
    match (call, status) {
        (_, 429) => Some(RATE_LIMITED_PAUSE),
        (Call::Callback | Call::Edit | Call::Delete, 500..=599) => Some(SERVER_ERROR_PAUSE),
        _ => None,
    }
}

fn status_and_code(error: &serenity::Error) -> (Option<u16>, Option<isize>) {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => (
            Some(response.status_code.as_u16()),
            Some(response.error.code),
        ),
        _ => (None, None),
    }
}

/// Makes a call, repeating it as [`pause_before_retry`] allows; logs a failure once (also one
/// that went through when repeated). Whether the call went through.
pub async fn with_retries<F, Fut, T>(call: Call, interaction: u64, mut attempt: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    let mut statuses: Vec<u16> = Vec::new();
    loop {
        let error = match attempt().await {
            Ok(_) => {
                if !statuses.is_empty() {
                    warn!(
                        interaction,
                        ?call,
                        ?statuses,
                        "Discord refused an answer; it went through when repeated"
                    );
                }
                return true;
            }
            Err(error) => error,
        };
        let (status, code) = status_and_code(&error);
        if call == Call::Callback && !statuses.is_empty() && code == Some(ALREADY_ACKNOWLEDGED) {
            warn!(
                interaction,
                ?call,
                ?statuses,
                "Discord refused an answer, then said it had taken it"
            );
            return true;
        }
        statuses.extend(status);
        let pause = status.and_then(|status| pause_before_retry(call, status));
        match pause {
            Some(pause) if statuses.len() < ATTEMPTS => tokio::time::sleep(pause).await,
            _ => {
                error!(
                    interaction,
                    ?call,
                    ?statuses,
                    "an answer did not reach Discord: {error}"
                );
                return false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_cannot_have_been_done_twice_is_repeated() {
        assert_eq!(
            pause_before_retry(Call::FollowUp, 429),
            Some(RATE_LIMITED_PAUSE)
        );
        assert_eq!(
            pause_before_retry(Call::Edit, 429),
            Some(RATE_LIMITED_PAUSE)
        );
        assert_eq!(
            pause_before_retry(Call::Callback, 500),
            Some(SERVER_ERROR_PAUSE)
        );
        assert_eq!(
            pause_before_retry(Call::Edit, 503),
            Some(SERVER_ERROR_PAUSE)
        );
        assert_eq!(pause_before_retry(Call::FollowUp, 500), None);
        for call in [Call::Callback, Call::Edit, Call::FollowUp, Call::Delete] {
            for status in [400, 401, 403, 404] {
                assert_eq!(pause_before_retry(call, status), None);
            }
        }
    }
}
