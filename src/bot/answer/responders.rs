//! The REST [`Responder`]s (a press's, a command's): how each step of `pipeline::answer`
//! reaches Discord over serenity's HTTP client, in time or late. Both transports answer through
//! them, by the interaction's [`Address`] (its id and token); the first response goes in the
//! POST's body over HTTP when it may (`first_response.rs`), every call is repeated as
//! `retries.rs` allows.
//!
//! Late: a press whose handling passed [`crate::bot::answer::deadline::DEFER_AFTER`] was
//! answered with a deferred update (type 6); its reply then goes out as an edit of the pressed
//! message or as a follow-up. A slash command was answered with a deferred reply (type 5,
//! ephemeral if its answer usually is); its reply then edits that "thinking…" message, or, when
//! it must be seen by someone else than the deferral said, replaces it (deleted, then a
//! follow-up).
//!
//! A silent acknowledgement of a slash command is a deferred ephemeral reply that is deleted:
//! Discord refuses an empty message.

use ::serenity::builder::Builder;
use poise::serenity_prelude as serenity;

use crate::bot::answer::deadline::slow_notice;
use crate::bot::answer::first_response::{Acknowledged, first_response, inline_fits};
use crate::bot::answer::interaction::Address;
use crate::bot::answer::pipeline::Responder;
use crate::bot::answer::retries::{Call, with_retries};
use crate::bot::answer::wire::{edit, follow_up, message};
use crate::bot::game::reply::{Delivery, Reply};
use crate::bot::ops::metrics::{self, Kind};
use crate::i18n::Locale;

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
        first_response(
            self.http,
            self.address,
            &self.acknowledged,
            acknowledge,
            false,
        )
        .await
    }

    /// A follow-up only the presser sees; the board itself is edited when the answer comes.
    async fn notify_slow(&self) {
        let notice = follow_up(slow_notice(self.locale)).ephemeral(true);
        send_follow_up(self.http, self.address, notice).await;
    }

    async fn respond(&self, reply: Reply, followed: bool) -> bool {
        let may_inline = inline_fits(&reply, followed);
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
        first_response(
            self.http,
            self.address,
            &self.acknowledged,
            response,
            may_inline,
        )
        .await
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
        first_response(self.http, self.address, &self.acknowledged, response, false).await
    }

    /// Said once: the "thinking…" message says so until the answer replaces it.
    async fn notify_slow(&self) {
        edit_first(self.http, self.address, edit(slow_notice(self.locale))).await;
    }

    /// The answer on time. A silent acknowledgement is a deferral, deleted afterwards: a
    /// command cannot be answered with nothing.
    async fn respond(&self, reply: Reply, followed: bool) -> bool {
        let silent = reply.delivery == Delivery::Acknowledge;
        let may_inline = inline_fits(&reply, followed) && !silent;
        let response = command_response(reply);
        let (http, address) = (self.http, self.address);
        let answered =
            first_response(http, address, &self.acknowledged, response, may_inline).await;
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
mod tests;
