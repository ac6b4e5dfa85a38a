//! A slash command answered whatever brought it, the one entry of both transports: the gateway
//! (poise's dispatch, through the action `registration.rs` gives every command) and the HTTP
//! endpoint hand over the [`Command`] of `interaction.rs`; [`answer`] reads it through the
//! command's declaration (`invocation.rs`), runs it for its player (`Bot::execute`, where a
//! failure becomes a reply) through `pipeline::answer` (once per interaction: `once.rs`) with
//! the REST responder of `responders.rs`, and logs one line. [`complete`] is the same for the suggestions of an
//! option being typed (autocomplete).

use std::time::Instant;

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use crate::bot::answer::deadline::DEFER_AFTER;
use crate::bot::answer::first_response::Acknowledged;
use crate::bot::answer::interaction::Command;
use crate::bot::answer::invocation;
use crate::bot::answer::once;
use crate::bot::answer::pipeline::Answered;
use crate::bot::answer::responders::CommandResponder;
use crate::bot::game::bot::Bot;
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{Handling, Visibility};
use crate::bot::ops::metrics::{self, Arrival, Handled};
use crate::i18n::Message;

/// Answers a slash command, deferring as its answer is usually seen when it is slow. One that
/// cannot be read (a subcommand the bot does not have, an option of the wrong type, a required
/// one missing) is answered with an apology for the player only, and logged. A failure to
/// answer is logged where it happened, once.
pub async fn answer(
    bot: &Bot,
    http: &serenity::Http,
    command: &Command,
    arrival: Arrival,
    acknowledged: Acknowledged,
) -> Answered {
    let started = Instant::now();
    let who = &command.who;
    let read = invocation::find(&command.data).and_then(|(declared, options)| {
        let handling = declared.start(&options, bot, who)?;
        Ok((declared.name, declared.visibility, handling))
    });
    let (name, visibility, handling): (_, _, Handling) = match read {
        Ok(read) => read,
        Err(unreadable) => {
            metrics::note(Handled::Invalid);
            warn!(command = ?command.data.name, "a command that cannot be read: {unreadable}");
            let apology = Reply::ephemeral(Message::ErrorGeneric.text(who.locale));
            (
                "invalid",
                Visibility::Ephemeral,
                Box::pin(async { apology }),
            )
        }
    };
    let responder = CommandResponder {
        http,
        address: &command.address,
        ephemeral: visibility == Visibility::Ephemeral,
        locale: who.locale,
        acknowledged,
    };
    let id = command.address.id.get();
    let answered = once::answer(bot, id, who, arrival, handling, &responder).await;
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    info!(
        transport = arrival.transport.name(),
        shard = arrival.shard,
        user = who.user,
        command = name,
        deferred = answered.deferred,
        answered = answered.answered,
        millis,
        "command handled"
    );
    answered
}

/// The suggestions for the option being typed, as (shown, value) pairs: its declaration's
/// completer's, within [`DEFER_AFTER`] (an autocomplete cannot be deferred: a slow store gives
/// no choices rather than none in time). An option with no suggestions gets none, logged.
pub async fn complete(bot: &Bot, command: &Command) -> Vec<(String, String)> {
    let (option, typed) = match invocation::focused(&command.data) {
        Ok(focused) => focused,
        Err(unreadable) => {
            metrics::note(Handled::Invalid);
            warn!(command = ?command.data.name, "an autocomplete that cannot be read: {unreadable}");
            return Vec::new();
        }
    };
    let Some(completer) = option.completer else {
        return Vec::new();
    };
    let suggestions = completer(bot, &command.who, typed);
    tokio::time::timeout(DEFER_AFTER, suggestions)
        .await
        .unwrap_or_default()
}

/// Suggestions as Discord's autocomplete response.
pub fn suggestions(choices: Vec<(String, String)>) -> serenity::CreateAutocompleteResponse {
    let choices = choices
        .into_iter()
        .map(|(label, value)| serenity::AutocompleteChoice::new(label, value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}
