//! Discord's side of a reply: the serenity builders a `Reply` becomes (a message, an edit, a
//! follow-up, buttons, the picture as an attachment), the mentions no message may make, and
//! poise's types as this bot instantiates them.
//!
//! A leaf: it knows serenity, poise and the reply, and nothing of the commands, the deadlines or
//! the start-up, which all build on it (`responders.rs`, `registration.rs`, `gateway/`).

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tracing::error;

use crate::bot::game::bot::Bot;
use crate::bot::game::reply::{
    Button, ButtonStyle, Delivery, PICTURE_FILE_NAME, Picture, REPLAY_FILE_NAME, Reply,
};
use crate::i18n::Locale;

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Arc<Bot>, Error>;
/// A slash command as poise declares it.
pub type PoiseCommand = poise::Command<Arc<Bot>, Error>;

/// A reply as the body of an interaction response. `files` replaces the old picture on update.
pub fn message(reply: Reply) -> serenity::CreateInteractionResponseMessage {
    let attachments: Vec<_> = reply.picture.into_iter().map(attachment).collect();
    serenity::CreateInteractionResponseMessage::new()
        .allowed_mentions(no_mentions())
        .content(reply.text)
        .files(attachments)
        .components(components(&reply.rows))
}

/// A reply as an edit of the interaction's message: its picture replaces the old one.
pub fn edit(reply: Reply) -> serenity::EditInteractionResponse {
    let mut attachments = serenity::EditAttachments::new();
    if let Some(picture) = reply.picture {
        attachments = attachments.add(attachment(picture));
    }
    serenity::EditInteractionResponse::new()
        .allowed_mentions(no_mentions())
        .content(reply.text)
        .components(components(&reply.rows))
        .attachments(attachments)
}

/// A reply as a follow-up message of the interaction.
pub fn follow_up(reply: Reply) -> serenity::CreateInteractionResponseFollowup {
    serenity::CreateInteractionResponseFollowup::new()
        .allowed_mentions(no_mentions())
        .content(reply.text)
        .components(components(&reply.rows))
        .files(reply.picture.map(attachment))
}

/// The board picture as an attachment, with its alt text; a replay (GIF bytes) is named
/// `.gif` so that clients animate it.
pub fn attachment(picture: Picture) -> serenity::CreateAttachment {
    let name = if picture.png.starts_with(b"GIF89a") {
        REPLAY_FILE_NAME
    } else {
        PICTURE_FILE_NAME
    };
    serenity::CreateAttachment::bytes(picture.png, name).description(picture.alt)
}

/// Rows of buttons as Discord's action rows.
pub fn components(rows: &[Vec<Button>]) -> Vec<serenity::CreateActionRow> {
    rows.iter()
        .map(|row| {
            serenity::CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        serenity::CreateButton::new(b.action.to_string())
                            .label(&b.label)
                            .style(match b.style {
                                ButtonStyle::Success => serenity::ButtonStyle::Success,
                                ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                                ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                                ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                            })
                            .disabled(b.disabled)
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Mentions that may ping: none. Every reply and post carries this, so a name or text that
/// players wrote (`@everyone`, `<@123>`) can never notify anyone.
pub fn no_mentions() -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .everyone(false)
        .all_users(false)
        .all_roles(false)
        .replied_user(false)
}

/// Sends a reply to a slash command (an apology instead if Discord would refuse it).
pub async fn send(ctx: Context<'_>, reply: Reply) -> anyhow::Result<()> {
    if !reply.fits_discord() {
        error!(command = %ctx.command().qualified_name, rows = reply.rows.len(), text_chars = reply.text.chars().count(), "a reply exceeds Discord's limits; an apology is sent instead");
    }
    let reply = reply.or_apology(Locale::negotiate(ctx.locale().unwrap_or_default()));
    let mut create = poise::CreateReply::default()
        .allowed_mentions(no_mentions())
        .content(reply.text)
        .components(components(&reply.rows))
        .ephemeral(matches!(
            reply.delivery,
            Delivery::Ephemeral | Delivery::Acknowledge
        ));
    if let Some(picture) = reply.picture {
        create = create.attachment(attachment(picture));
    }
    ctx.send(create).await?;
    Ok(())
}
