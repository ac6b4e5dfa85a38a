//! An interaction's first response (its answer on time, or its deferral), and who waits for
//! it. Over HTTP, Discord's POST waits for it ([`Acknowledged`]): an answer on time that
//! carries no file and is all there is to send (a refusal, a confirmation, a silent
//! acknowledgement of a press) goes in the POST's 200 body, as Discord's "respond to the HTTP
//! request" allows, with no callback request at all; any other (a board with its picture, an
//! answer with follow-ups, a deferral) is made by the callback, then the POST is answered 202
//! (`http/request.rs`). Over the gateway nobody waits: every first response is a callback.

use std::sync::Mutex;

use ::serenity::builder::Builder;
use poise::serenity_prelude as serenity;
use tokio::sync::oneshot;
use tracing::warn;

use crate::bot::answer::interaction::Address;
use crate::bot::answer::retries::{Call, with_retries};
use crate::bot::game::reply::Reply;

/// How the POST that brought an interaction is answered (`http/`), once its first response
/// was made.
#[derive(Debug)]
pub enum FirstResponse {
    /// The response itself, as JSON, for the 200's body: no callback was made.
    Inline(Vec<u8>),
    /// The callback made it (or tried): 202.
    Called,
}

/// Who waits for an interaction's first response: the endpoint's POST, which answers Discord
/// only then, as Discord asks. Nobody over the gateway.
#[derive(Debug, Default)]
pub struct Acknowledged(Mutex<Option<oneshot::Sender<FirstResponse>>>);

impl Acknowledged {
    /// Nobody waits (the gateway): every response is a callback.
    pub fn nobody() -> Acknowledged {
        Acknowledged::default()
    }

    /// The sender's receiver hears of the first response once it was made (whether Discord took
    /// it or not), or hears the sender dropped if the answer ended without one.
    pub fn to(sender: oneshot::Sender<FirstResponse>) -> Acknowledged {
        Acknowledged(Mutex::new(Some(sender)))
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, Option<oneshot::Sender<FirstResponse>>> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Hands `response` to the POST waiting for it, as its body: whether someone (still)
    /// waited for it.
    fn inline(&self, response: &serenity::CreateInteractionResponse) -> bool {
        let mut waiting = self.waiting();
        if waiting.is_none() {
            return false;
        }
        let body = match serde_json::to_vec(response) {
            Ok(body) => body,
            Err(error) => {
                warn!(%error, "a response could not be written as JSON; it goes by the callback");
                return false;
            }
        };
        waiting
            .take()
            .is_some_and(|sender| sender.send(FirstResponse::Inline(body)).is_ok())
    }

    /// Tells whoever waits that the first response was made by the callback.
    fn called(&self) {
        if let Some(sender) = self.waiting().take() {
            let _ = sender.send(FirstResponse::Called);
        }
    }
}

/// Whether a reply, answered on time, may be the POST's body: it carries no file, and nothing
/// follows it that Discord must have the response for first (follow-ups, a result whose post
/// is confirmed, a challenge withdrawn if its message is lost).
pub fn inline_fits(reply: &Reply, followed: bool) -> bool {
    reply.picture.is_none() && !followed && reply.announces.is_none() && reply.opens.is_none()
}

/// The interaction's first response: in the POST's body when it may be and someone waits,
/// else by the callback (repeated as [`with_retries`] allows). Whether Discord took it.
pub async fn first_response(
    http: &serenity::Http,
    address: &Address,
    acknowledged: &Acknowledged,
    response: serenity::CreateInteractionResponse,
    may_inline: bool,
) -> bool {
    if may_inline && acknowledged.inline(&response) {
        return true;
    }
    let taken = with_retries(Call::Callback, address.id.get(), || {
        response.clone().execute(http, (address.id, &address.token))
    })
    .await;
    acknowledged.called();
    taken
}
