//! An interaction answered whatever brought it (a gateway event, a signed POST): a button press
//! ([`press`]) or a slash command already read ([`command`]) goes through `pipeline::answer`
//! with the REST responders of `responders.rs`, which reach Discord's callback and webhook
//! endpoints the same way for both transports. The transports only translate: `discord.rs`
//! hands over what poise and serenity parsed, `endpoint/` what it verified and parsed itself.

use std::future::Future;
use std::sync::Mutex;
use std::time::Instant;

use poise::serenity_prelude as serenity;
use tokio::sync::oneshot;
use tracing::info;

use super::app::Bot;
use super::command::Visibility;
use super::metrics::Arrival;
use super::pipeline::{self, Answered, Responder};
use super::reply::Reply;
use super::responders::{CommandResponder, PressResponder};
use super::wire::player;
use crate::i18n::Locale;

/// Answers a component interaction: a button's press by its flow, anything else (a select
/// menu carrying a button's custom_id) as forged. Logs one line.
pub async fn press(
    bot: &Bot,
    http: &serenity::Http,
    press: &serenity::ComponentInteraction,
    arrival: Arrival,
    acknowledged: Acknowledged,
) -> Answered {
    let started = Instant::now();
    let who = player(&press.user, &press.locale, press.guild_id, press.channel_id);
    // Only buttons are this bot's: a select menu or an unknown component carrying a button's
    // custom_id is forged, and changes nothing.
    let is_button = matches!(
        press.data.kind,
        serenity::ComponentInteractionDataKind::Button
    );
    let handling = async {
        match is_button {
            true => bot.press(&who, &press.data.custom_id).await,
            false => bot.forged_component(&who),
        }
    };
    let responder = acknowledged.around(PressResponder { http, press });
    let answered = pipeline::answer(bot, press.id.get(), who.locale, handling, &responder).await;
    let Answered {
        delivery,
        deferred,
        answered: went_through,
    } = answered;
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    // A failure to answer was logged where it happened, once.
    info!(transport = arrival.transport.name(), shard = arrival.shard, user = who.user, custom_id = ?press.data.custom_id, ?delivery, deferred, answered = went_through, millis, "button handled");
    answered
}

/// Answers a slash command with the reply `handling` gives, deferring as `visibility` says
/// when it is slow.
pub async fn command(
    bot: &Bot,
    http: &serenity::Http,
    command: &serenity::CommandInteraction,
    visibility: Visibility,
    handling: impl Future<Output = Reply>,
    acknowledged: Acknowledged,
) -> Answered {
    let locale = Locale::negotiate(&command.locale);
    let responder = acknowledged.around(CommandResponder {
        http,
        command,
        ephemeral: visibility == Visibility::Ephemeral,
        locale,
    });
    pipeline::answer(bot, command.id.get(), locale, handling, &responder).await
}

/// Who hears that the interaction's first response (its answer on time, or its deferral) was
/// made: the endpoint answers Discord's POST with 202 only then, as Discord asks. Nobody over
/// the gateway.
pub struct Acknowledged(Option<oneshot::Sender<()>>);

impl Acknowledged {
    /// Nobody waits (the gateway).
    pub const NOBODY: Acknowledged = Acknowledged(None);

    /// The sender's receiver hears it once the first response was made (whether Discord took it
    /// or not), or hears the sender dropped if the answer ended without one.
    pub fn to(sender: oneshot::Sender<()>) -> Acknowledged {
        Acknowledged(Some(sender))
    }

    fn around<R: Responder>(self, responder: R) -> Signalling<R> {
        Signalling {
            responder,
            waiting: Mutex::new(self.0),
        }
    }
}

/// A responder that signals its first response.
struct Signalling<R> {
    responder: R,
    waiting: Mutex<Option<oneshot::Sender<()>>>,
}

impl<R> Signalling<R> {
    fn signal(&self) {
        let waiting = self
            .waiting
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        if let Some(sender) = waiting {
            let _ = sender.send(());
        }
    }
}

impl<R: Responder> Responder for Signalling<R> {
    async fn defer(&self) -> bool {
        let taken = self.responder.defer().await;
        self.signal();
        taken
    }

    async fn notify_slow(&self) {
        self.responder.notify_slow().await;
    }

    async fn respond(&self, reply: Reply) -> bool {
        let taken = self.responder.respond(reply).await;
        self.signal();
        taken
    }

    async fn finish(&self, reply: Reply) -> bool {
        self.responder.finish(reply).await
    }

    async fn follow_up(&self, reply: Reply) -> bool {
        self.responder.follow_up(reply).await
    }
}
