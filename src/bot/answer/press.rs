//! A button press answered whatever brought it (a gateway event, a signed POST): handed to its
//! flow (`Bot::press`), through `pipeline::answer` (once per interaction: `once.rs`) with the
//! REST responder of `responders.rs`, which reaches Discord's callback and webhook endpoints
//! the same way for both transports.
//! The transports only translate: both hand over the [`Press`] of `interaction.rs` (the
//! custom_id, the component's type and who pressed; the pressed message is never read). A
//! slash command's counterpart is `slash.rs`.

use std::time::Instant;

use poise::serenity_prelude as serenity;
use tracing::info;

use crate::bot::answer::first_response::Acknowledged;
use crate::bot::answer::interaction::Press;
use crate::bot::answer::once;
use crate::bot::answer::pipeline::Answered;
use crate::bot::answer::responders::PressResponder;
use crate::bot::game::bot::Bot;
use crate::bot::ops::metrics::Arrival;

/// Answers a component interaction: a button's press by its flow, anything else (a select
/// menu carrying a button's custom_id) as forged. Logs one line.
pub async fn answer(
    bot: &Bot,
    http: &serenity::Http,
    press: &Press,
    arrival: Arrival,
    acknowledged: Acknowledged,
) -> Answered {
    let started = Instant::now();
    let who = &press.who;
    // Only buttons are this bot's: a select menu or an unknown component carrying a button's
    // custom_id is forged, and changes nothing.
    let handling = async {
        match press.is_button {
            true => bot.press(who, &press.custom_id).await,
            false => bot.forged_component(who),
        }
    };
    let responder = PressResponder {
        http,
        address: &press.address,
        locale: who.locale,
        acknowledged,
    };
    let id = press.address.id.get();
    let answered = once::answer(bot, id, who, arrival, handling, &responder).await;
    let Answered {
        delivery,
        deferred,
        answered: went_through,
    } = answered;
    let millis = started.elapsed().as_secs_f64() * 1000.0;
    // A failure to answer was logged where it happened, once.
    info!(transport = arrival.transport.name(), shard = arrival.shard, user = who.user, custom_id = ?press.custom_id, ?delivery, deferred, answered = went_through, millis, "button handled");
    answered
}
