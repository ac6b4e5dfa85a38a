//! Getting a `Reply` to Discord when it is late or Discord errs.
//!
//! Late: a press whose handling passed [`super::deadline::DEFER_AFTER`] was answered with a
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
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::{error, warn};

use super::app::answer_even_on_panic;
use super::command::{SlashCommand, Visibility};
use super::deadline::{Timed, age_of_snowflake, in_time, slow_notice};
use super::reply::{Delivery, Reply};
use super::wire::{Context, command_player, edit, follow_up, message, send};

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

/// The deferral of a press: a deferred update (type 6), the message stays as it is.
pub async fn defer_press(http: &serenity::Http, press: &serenity::ComponentInteraction) -> bool {
    super::metrics::deferred(super::metrics::Kind::Button);
    with_retries(Call::Callback, press.id.get(), || {
        press.create_response(http, serenity::CreateInteractionResponse::Acknowledge)
    })
    .await
}

/// The notice of a slow press: a follow-up only the presser sees; the board itself is edited
/// when the answer comes.
pub async fn notify_slow_press(http: &serenity::Http, press: &serenity::ComponentInteraction) {
    let locale = crate::i18n::Locale::negotiate(&press.locale);
    let notice = follow_up(slow_notice(locale)).ephemeral(true);
    with_retries(Call::FollowUp, press.id.get(), || {
        press.create_followup(http, notice.clone())
    })
    .await;
}

/// A late press's reply: the pressed message edited, or a follow-up.
pub async fn finish_press(
    http: &serenity::Http,
    press: &serenity::ComponentInteraction,
    reply: Reply,
) -> bool {
    let id = press.id.get();
    match reply.delivery {
        Delivery::Acknowledge => true,
        Delivery::UpdateMessage => {
            let edit = edit(reply);
            with_retries(Call::Edit, id, || press.edit_response(http, edit.clone())).await
        }
        Delivery::Ephemeral | Delivery::NewMessage => {
            let ephemeral = reply.delivery == Delivery::Ephemeral;
            let follow_up = follow_up(reply).ephemeral(ephemeral);
            with_retries(Call::FollowUp, id, || {
                press.create_followup(http, follow_up.clone())
            })
            .await
        }
    }
}

/// The follow-ups a reply carries (`Reply::follow_up`), sent one after the other once its
/// answer went through: public for a `NewMessage`, else for the player only. A follow-up is
/// never repeated on a 5xx (it may have been posted). The challenges whose results Discord
/// took (`Reply::announces`).
pub async fn send_follow_ups<F, Fut>(
    interaction: u64,
    mut next: Option<Box<Reply>>,
    send: F,
) -> Vec<i64>
where
    F: Fn(serenity::CreateInteractionResponseFollowup) -> Fut,
    Fut: Future<Output = Result<serenity::Message, serenity::Error>>,
{
    let mut posted = Vec::new();
    while let Some(reply) = next {
        let mut reply = *reply;
        next = reply.follow_up.take();
        let announces = reply.announces;
        let ephemeral = reply.delivery != Delivery::NewMessage;
        let message = follow_up(reply).ephemeral(ephemeral);
        if with_retries(Call::FollowUp, interaction, || send(message.clone())).await {
            posted.extend(announces);
        }
    }
    posted
}

/// What became of each result an answer claimed (`Reply::announcements`, read before anything
/// could replace the reply): posted if Discord took the message that carried it.
pub fn announcement_report(claimed: &[i64], posted: &[i64]) -> Vec<(i64, bool)> {
    claimed
        .iter()
        .map(|id| (*id, posted.contains(id)))
        .collect()
}

/// Answers a slash command: runs it for the player who sent it ([`crate::bot::app::Bot::execute`],
/// where a failure becomes a reply) and defers, as its answer is usually seen, when it is slow.
/// A failure to answer is logged here, once; the command then ends well (poise would otherwise
/// try an apology on an interaction already answered).
///
/// The command is handled as a press is: in place, going on while the deferral is sent (a
/// SQLite write transaction never waits on Discord: `deadline::in_time`), and a panic still gets
/// an apology.
pub async fn answer<C: SlashCommand>(ctx: Context<'_>, command: C) -> anyhow::Result<()> {
    let player = command_player(ctx);
    let bot = Arc::clone(ctx.data());
    let locale = player.locale;
    let handling = answer_even_on_panic(locale, async move { bot.execute(&player, command).await });
    reply_in_time(ctx, C::VISIBILITY, handling).await
}

/// Answers a slash command with the reply `handling` gives, deferring as `visibility` says
/// when it is slow.
pub async fn reply_in_time(
    ctx: Context<'_>,
    visibility: Visibility,
    handling: impl Future<Output = Reply>,
) -> anyhow::Result<()> {
    let locale = crate::i18n::Locale::negotiate(ctx.locale().unwrap_or_default());
    let ephemeral = visibility == Visibility::Ephemeral;
    let poise::Context::Application(app) = ctx else {
        return send(ctx, handling.await).await;
    };
    let (http, command) = (&ctx.serenity_context().http, app.interaction);
    let id = command.id.get();
    let defer = || async move {
        super::metrics::deferred(super::metrics::Kind::Command);
        let deferral = serenity::CreateInteractionResponseMessage::new().ephemeral(ephemeral);
        let response = serenity::CreateInteractionResponse::Defer(deferral);
        with_retries(Call::Callback, id, || {
            command.create_response(http, response.clone())
        })
        .await
    };
    // Said once when the answer is slow: the "thinking…" message says so until the answer
    // replaces it.
    let notify_slow = || async move {
        let notice = edit(slow_notice(locale));
        with_retries(Call::Edit, id, || {
            command.edit_response(http, notice.clone())
        })
        .await;
    };
    let age = age_of_snowflake(id);
    let Timed { reply, deferred } = in_time(locale, age, handling, defer, notify_slow).await;
    let claimed = reply.announcements();
    let mut reply = reply.or_apology(locale);
    let follow_ups = reply.follow_up.take();
    let mut posted: Vec<i64> = reply.announces.into_iter().collect();
    let answered = if deferred {
        finish_command(http, command, ephemeral, reply).await
    } else {
        answer_command(http, command, reply).await
    };
    if answered {
        posted.extend(
            send_follow_ups(id, follow_ups, |message| {
                command.create_followup(http, message)
            })
            .await,
        );
    } else {
        posted.clear();
    }
    if !claimed.is_empty() {
        let bot = ctx.data();
        bot.delivered(&announcement_report(&claimed, &posted)).await;
    }
    app.has_sent_initial_response
        .store(true, std::sync::atomic::Ordering::SeqCst);
    Ok(())
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

async fn answer_command(
    http: &serenity::Http,
    command: &serenity::CommandInteraction,
    reply: Reply,
) -> bool {
    let id = command.id.get();
    let silent = reply.delivery == Delivery::Acknowledge;
    let response = command_response(reply);
    let answered = with_retries(Call::Callback, id, || {
        command.create_response(http, response.clone())
    })
    .await;
    if answered && silent {
        return with_retries(Call::Delete, id, || command.delete_response(http)).await;
    }
    answered
}

/// A late command's reply: the deferred message edited when it was deferred as the reply must
/// be seen, else deleted and replaced by a follow-up seen as it must be.
async fn finish_command(
    http: &serenity::Http,
    command: &serenity::CommandInteraction,
    deferred_ephemeral: bool,
    reply: Reply,
) -> bool {
    let id = command.id.get();
    let ephemeral = match reply.delivery {
        Delivery::Acknowledge => {
            return with_retries(Call::Delete, id, || command.delete_response(http)).await;
        }
        Delivery::Ephemeral => true,
        Delivery::NewMessage | Delivery::UpdateMessage => false,
    };
    if ephemeral == deferred_ephemeral {
        let edit = edit(reply);
        return with_retries(Call::Edit, id, || command.edit_response(http, edit.clone())).await;
    }
    // Deleting the "thinking…" message first makes the follow-up a message of its own, with
    // its own flags (the first follow-up after a deferral otherwise takes the deferral's).
    with_retries(Call::Delete, id, || command.delete_response(http)).await;
    let follow_up = follow_up(reply).ephemeral(ephemeral);
    with_retries(Call::FollowUp, id, || {
        command.create_followup(http, follow_up.clone())
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::reply::Delivery;

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
