//! A slash command answered through the pipeline: [`command`] runs a reply's handling with the
//! REST responder of `responders.rs`, for both transports. From poise's `Context` (the
//! gateway), the flows' poise functions call [`answer`] with their command's value and
//! `answer/registration.rs` calls [`reply_in_time`]; the interactions endpoint calls [`command`] with what
//! `invocation.rs` read.

use std::future::Future;
use std::sync::Arc;

use poise::serenity_prelude as serenity;

use crate::bot::answer::pipeline::{self, Acknowledged, Answered};
use crate::bot::answer::responders::CommandResponder;
use crate::bot::answer::wire::{Context, command_player, send};
use crate::bot::game::bot::Bot;
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::i18n::Locale;

/// Answers a slash command: runs it for the player who sent it ([`crate::bot::game::bot::Bot::execute`],
/// where a failure becomes a reply) through `pipeline::answer`, deferring as its answer is
/// usually seen when it is slow. A failure to answer is logged where it happened, once; the
/// command then ends well (poise would otherwise try an apology on an interaction already
/// answered).
pub async fn answer<C: SlashCommand>(ctx: Context<'_>, command: C) -> anyhow::Result<()> {
    let player = command_player(ctx);
    let bot = Arc::clone(ctx.data());
    reply_in_time(ctx, C::VISIBILITY, async move {
        bot.execute(&player, command).await
    })
    .await
}

/// Answers a slash command with the reply `handling` gives, through `pipeline::answer`,
/// deferring as `visibility` says when it is slow.
pub async fn reply_in_time(
    ctx: Context<'_>,
    visibility: Visibility,
    handling: impl Future<Output = Reply>,
) -> anyhow::Result<()> {
    let poise::Context::Application(app) = ctx else {
        return send(ctx, handling.await).await;
    };
    let http = &ctx.serenity_context().http;
    let nobody = Acknowledged::NOBODY;
    command(
        ctx.data(),
        http,
        app.interaction,
        visibility,
        handling,
        nobody,
    )
    .await;
    app.has_sent_initial_response
        .store(true, std::sync::atomic::Ordering::SeqCst);
    Ok(())
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
