//! A slash command's answer from poise's `Context` (the gateway): the flows' poise functions
//! call [`answer`] with their command's value, `commands.rs` calls [`reply_in_time`]; both go
//! through `answer::command`, as the interactions endpoint's commands do.

use std::future::Future;
use std::sync::Arc;

use super::answer;
use super::command::{SlashCommand, Visibility};
use super::reply::Reply;
use super::wire::{Context, command_player, send};

/// Answers a slash command: runs it for the player who sent it ([`crate::bot::app::Bot::execute`],
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
    let nobody = answer::Acknowledged::NOBODY;
    answer::command(
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
