//! The REST [`Responder`]s (a press's, a command's): how each step of `pipeline::answer`
//! reaches Discord over serenity's HTTP client, in time or late, and what is repeated when
//! Discord errs. Both transports answer through them, by the interaction's [`Address`] (its id
//! and token).
//!
//! Over HTTP, Discord's POST waits for the interaction's first response ([`Acknowledged`]),
//! made by the callback; the POST is then answered 202 (`http/request.rs`).
//!
//! Late: a press whose handling passed [`crate::bot::answer::deadline::DEFER_AFTER`] was answered with a
//! deferred update (type 6); its reply then goes out as an edit of the pressed message or as a
//! follow-up. A slash command was answered with a deferred reply (type 5, ephemeral if its
//! answer usually is); its reply then edits that "thinking…" message, or, when it must be seen
//! by someone else than the deferral said, replaces it (deleted, then a follow-up).
//!
//! Errors: every REST call of an answer goes through [`with_retries`]: a 429 is tried again
//! after a pause (serenity's rate limiter already waits for `retry_after` and repeats when it is
//! on; it is off when `DISCORD_API_BASE` is set), a 5xx again where repeating cannot post twice
//! (the callback, edits, deletions), and at most [`ATTEMPTS`] times in all. Each failure is
//! logged once, with the interaction.
//!
//! A silent acknowledgement of a slash command is a deferred ephemeral reply that is deleted:
//! Discord refuses an empty message.

use std::future::Future;
use std::sync::Mutex;
use std::time::Duration;

use ::serenity::builder::Builder;
use poise::serenity_prelude as serenity;
use tokio::sync::oneshot;
use tracing::{error, warn};

use crate::bot::answer::deadline::slow_notice;
use crate::bot::answer::interaction::Address;
use crate::bot::answer::pipeline::Responder;
use crate::bot::answer::wire::{edit, follow_up, message};
use crate::bot::game::reply::{Delivery, Reply};
use crate::bot::ops::metrics::{self, Kind};
use crate::i18n::Locale;

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

/// Who waits for an interaction's first response: the endpoint's POST, which answers Discord
/// with 202 only then, as Discord asks. Nobody over the gateway.
#[derive(Debug, Default)]
pub struct Acknowledged(Mutex<Option<oneshot::Sender<()>>>);

impl Acknowledged {
    /// Nobody waits (the gateway).
    pub fn nobody() -> Acknowledged {
        Acknowledged::default()
    }

    /// The sender's receiver hears once the first response was made (whether Discord took it
    /// or not), or hears the sender dropped if the answer ended without one.
    pub fn to(sender: oneshot::Sender<()>) -> Acknowledged {
        Acknowledged(Mutex::new(Some(sender)))
    }

    /// Tells whoever waits that the first response was made.
    fn made(&self) {
        let waiting = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        if let Some(sender) = waiting {
            let _ = sender.send(());
        }
    }
}

/// The interaction's first response, by the callback (repeated as [`with_retries`] allows).
/// Whether Discord took it.
async fn first_response(
    http: &serenity::Http,
    address: &Address,
    acknowledged: &Acknowledged,
    response: serenity::CreateInteractionResponse,
) -> bool {
    let taken = with_retries(Call::Callback, address.id.get(), || {
        response.clone().execute(http, (address.id, &address.token))
    })
    .await;
    acknowledged.made();
    taken
}

/// A follow-up message of the interaction.
async fn send_follow_up(
    http: &serenity::Http,
    address: &Address,
    message: serenity::CreateInteractionResponseFollowup,
) -> bool {
    with_retries(Call::FollowUp, address.id.get(), || {
        message.clone().execute(http, (None, &address.token))
    })
    .await
}

/// An edit of the interaction's first message.
async fn edit_first(
    http: &serenity::Http,
    address: &Address,
    edit: serenity::EditInteractionResponse,
) -> bool {
    with_retries(Call::Edit, address.id.get(), || {
        edit.clone().execute(http, &address.token)
    })
    .await
}

/// Deletes the interaction's first message.
async fn delete_first(http: &serenity::Http, address: &Address) -> bool {
    with_retries(Call::Delete, address.id.get(), || {
        http.delete_original_interaction_response(&address.token)
    })
    .await
}

/// The way to answer a button press (both transports): its callbacks and webhooks over
/// serenity's HTTP client, each through [`with_retries`].
pub struct PressResponder<'a> {
    pub http: &'a serenity::Http,
    pub address: &'a Address,
    pub locale: Locale,
    pub acknowledged: Acknowledged,
}

impl Responder for PressResponder<'_> {
    /// A deferred update (type 6): the message stays as it is.
    async fn defer(&self) -> bool {
        metrics::deferred(Kind::Button);
        let acknowledge = serenity::CreateInteractionResponse::Acknowledge;
        first_response(self.http, self.address, &self.acknowledged, acknowledge).await
    }

    /// A follow-up only the presser sees; the board itself is edited when the answer comes.
    async fn notify_slow(&self) {
        let notice = follow_up(slow_notice(self.locale)).ephemeral(true);
        send_follow_up(self.http, self.address, notice).await;
    }

    async fn respond(&self, reply: Reply) -> bool {
        let response = match reply.delivery {
            Delivery::Acknowledge => serenity::CreateInteractionResponse::Acknowledge,
            Delivery::UpdateMessage => {
                serenity::CreateInteractionResponse::UpdateMessage(message(reply))
            }
            Delivery::Ephemeral => {
                serenity::CreateInteractionResponse::Message(message(reply).ephemeral(true))
            }
            Delivery::NewMessage => serenity::CreateInteractionResponse::Message(message(reply)),
        };
        first_response(self.http, self.address, &self.acknowledged, response).await
    }

    /// A late press's reply: the pressed message edited, or a follow-up.
    async fn finish(&self, reply: Reply) -> bool {
        match reply.delivery {
            Delivery::Acknowledge => true,
            Delivery::UpdateMessage => edit_first(self.http, self.address, edit(reply)).await,
            Delivery::Ephemeral | Delivery::NewMessage => self.follow_up(reply).await,
        }
    }

    async fn follow_up(&self, reply: Reply) -> bool {
        send_follow_up(self.http, self.address, follow_up_as_seen(reply)).await
    }
}

/// The way to answer a slash command over Discord's REST API (both transports).
pub struct CommandResponder<'a> {
    pub http: &'a serenity::Http,
    pub address: &'a Address,
    /// Whether its deferral is seen by the player only (as its answer usually is).
    pub ephemeral: bool,
    pub locale: Locale,
    pub acknowledged: Acknowledged,
}

impl Responder for CommandResponder<'_> {
    async fn defer(&self) -> bool {
        metrics::deferred(Kind::Command);
        let deferral = serenity::CreateInteractionResponseMessage::new().ephemeral(self.ephemeral);
        let response = serenity::CreateInteractionResponse::Defer(deferral);
        first_response(self.http, self.address, &self.acknowledged, response).await
    }

    /// Said once: the "thinking…" message says so until the answer replaces it.
    async fn notify_slow(&self) {
        edit_first(self.http, self.address, edit(slow_notice(self.locale))).await;
    }

    /// The answer on time. A silent acknowledgement is a deferral, deleted afterwards: a
    /// command cannot be answered with nothing.
    async fn respond(&self, reply: Reply) -> bool {
        let silent = reply.delivery == Delivery::Acknowledge;
        let response = command_response(reply);
        let (http, address) = (self.http, self.address);
        let answered = first_response(http, address, &self.acknowledged, response).await;
        if answered && silent {
            return delete_first(http, address).await;
        }
        answered
    }

    async fn finish(&self, reply: Reply) -> bool {
        finish_command(self.http, self.address, self.ephemeral, reply).await
    }

    async fn follow_up(&self, reply: Reply) -> bool {
        send_follow_up(self.http, self.address, follow_up_as_seen(reply)).await
    }
}

/// A follow-up as its reply must be seen: public for a `NewMessage`, else for the player only.
fn follow_up_as_seen(reply: Reply) -> serenity::CreateInteractionResponseFollowup {
    let ephemeral = reply.delivery != Delivery::NewMessage;
    follow_up(reply).ephemeral(ephemeral)
}

/// The interaction response that answers a command with this reply, on time. A silent
/// acknowledgement is a deferral, deleted afterwards: a command cannot be answered with nothing.
pub fn command_response(reply: Reply) -> serenity::CreateInteractionResponse {
    match reply.delivery {
        Delivery::Acknowledge => serenity::CreateInteractionResponse::Defer(
            serenity::CreateInteractionResponseMessage::new().ephemeral(true),
        ),
        Delivery::Ephemeral => {
            serenity::CreateInteractionResponse::Message(message(reply).ephemeral(true))
        }
        Delivery::NewMessage | Delivery::UpdateMessage => {
            serenity::CreateInteractionResponse::Message(message(reply))
        }
    }
}

/// A late command's reply: the deferred message edited when it was deferred as the reply must
/// be seen, else deleted and replaced by a follow-up seen as it must be.
async fn finish_command(
    http: &serenity::Http,
    address: &Address,
    deferred_ephemeral: bool,
    reply: Reply,
) -> bool {
    let ephemeral = match reply.delivery {
        Delivery::Acknowledge => return delete_first(http, address).await,
        Delivery::Ephemeral => true,
        Delivery::NewMessage | Delivery::UpdateMessage => false,
    };
    if ephemeral == deferred_ephemeral {
        return edit_first(http, address, edit(reply)).await;
    }
    // Deleting the "thinking…" message first makes the follow-up a message of its own, with
    // its own flags (the first follow-up after a deferral otherwise takes the deferral's).
    delete_first(http, address).await;
    send_follow_up(http, address, follow_up(reply).ephemeral(ephemeral)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::game::reply::Delivery;

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

    /// Was: `Delivery::Acknowledge` for a command became an ephemeral message with empty
    /// content, which Discord refuses ("Cannot send an empty message").
    #[test]
    fn a_command_is_never_answered_with_an_empty_message() {
        for delivery in [
            Delivery::Acknowledge,
            Delivery::Ephemeral,
            Delivery::NewMessage,
            Delivery::UpdateMessage,
        ] {
            let reply = Reply {
                text: match delivery {
                    Delivery::Acknowledge => String::new(),
                    _ => "a board".to_string(),
                },
                ..Reply::ephemeral("")
            }
            .delivered(delivery);
            let json = serde_json::to_value(command_response(reply)).unwrap();
            let data = &json["data"];
            match json["type"].as_u64() {
                Some(4) => assert!(
                    data["content"].as_str().is_some_and(|c| !c.is_empty()),
                    "{delivery:?}: {json}"
                ),
                Some(5) => assert_eq!(delivery, Delivery::Acknowledge, "{json}"),
                other => panic!("{delivery:?}: a command answered with type {other:?}"),
            }
        }
    }
}
