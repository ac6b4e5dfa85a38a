//! The bot's `Discord` port over Discord's REST API (serenity's `Http`), for what is posted
//! outside an answer: a server event's messages in its channel and its listing in the server's
//! Events list (an EXTERNAL guild scheduled event). The same on both transports: the gateway
//! and the HTTP endpoint each hand the bot one at start (`run.rs`).
//!
//! Every message carries no mentions (`wire::no_mentions`); a reply that does not fit Discord's
//! limits is refused here, before Discord sees it. Discord's refusals become a `Refused` that
//! says whether a server's managers can fix it (a missing permission) or it is gone.

use futures_util::future::BoxFuture;
use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CreateAttachment, CreateMessage, CreateScheduledEvent, EditAttachments, EditMessage,
    EditScheduledEvent, GuildId, MessageId, ScheduledEventId, ScheduledEventStatus,
    ScheduledEventType, Timestamp,
};

use tracing::warn;

use super::channel_history::own_messages_since;
use crate::bot::answer::wire::{attachment, components, no_mentions};
use crate::bot::game::discord::{ChannelPost, Discord, Listing, ListingEnd, OwnMessage, Refused};

/// Discord's REST API with the bot's token.
pub struct RestDiscord {
    http: serenity::Http,
    /// The bot's own user id, asked of Discord once, when first needed.
    me: tokio::sync::OnceCell<serenity::UserId>,
}

impl RestDiscord {
    pub fn new(http: serenity::Http) -> RestDiscord {
        RestDiscord {
            http,
            me: tokio::sync::OnceCell::new(),
        }
    }

    async fn me(&self) -> Result<serenity::UserId, serenity::Error> {
        let me = self.me.get_or_try_init(|| async {
            Ok::<_, serenity::Error>(self.http.get_current_user().await?.id)
        });
        Ok(*me.await?)
    }
}

/// Discord's JSON error codes that mean a permission is missing, or the thing is gone.
const MISSING_ACCESS: isize = 50001;
const MISSING_PERMISSIONS: isize = 50013;
const UNKNOWN_CHANNEL: isize = 10003;
const UNKNOWN_MESSAGE: isize = 10008;
const UNKNOWN_SCHEDULED_EVENT: isize = 10070;

fn refused(error: serenity::Error) -> Refused {
    if let serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) = &error {
        let code = response.error.code;
        let text = format!(
            "{} ({code}): {}",
            response.status_code, response.error.message
        );
        return match code {
            MISSING_ACCESS | MISSING_PERMISSIONS => Refused::MissingPermissions(text),
            UNKNOWN_CHANNEL | UNKNOWN_MESSAGE | UNKNOWN_SCHEDULED_EVENT => Refused::Gone(text),
            _ => Refused::Failed(text),
        };
    }
    Refused::Failed(error.to_string())
}

/// How far ahead of now a listing must start for Discord to take it.
const LISTING_LEAD_MS: i64 = 60_000;

fn too_big() -> Refused {
    Refused::Failed("the post exceeds Discord's limits".into())
}

/// The post's files: its picture and its text file.
fn files(post: &ChannelPost) -> Vec<CreateAttachment> {
    let mut files: Vec<CreateAttachment> = post
        .reply
        .picture
        .clone()
        .into_iter()
        .map(attachment)
        .collect();
    if let Some(file) = &post.file {
        files.push(CreateAttachment::bytes(
            file.text.clone().into_bytes(),
            file.name.clone(),
        ));
    }
    files
}

fn time(millis: i64) -> Result<Timestamp, Refused> {
    Timestamp::from_millis(millis).map_err(|error| Refused::Failed(error.to_string()))
}

impl Discord for RestDiscord {
    fn post<'a>(
        &'a self,
        channel: u64,
        post: &'a ChannelPost,
    ) -> BoxFuture<'a, Result<u64, Refused>> {
        Box::pin(async move {
            if !post.reply.fits_discord() {
                return Err(too_big());
            }
            let message = CreateMessage::new()
                .allowed_mentions(no_mentions())
                .content(post.reply.text.clone())
                .components(components(&post.reply.rows))
                .files(files(post));
            let sent = ChannelId::new(channel)
                .send_message(&self.http, message)
                .await
                .map_err(refused)?;
            Ok(sent.id.get())
        })
    }

    fn edit<'a>(
        &'a self,
        channel: u64,
        message: u64,
        post: &'a ChannelPost,
    ) -> BoxFuture<'a, Result<(), Refused>> {
        Box::pin(async move {
            if !post.reply.fits_discord() {
                return Err(too_big());
            }
            let mut attachments = EditAttachments::new();
            for file in files(post) {
                attachments = attachments.add(file);
            }
            let edit = EditMessage::new()
                .allowed_mentions(no_mentions())
                .content(post.reply.text.clone())
                .components(components(&post.reply.rows))
                .attachments(attachments);
            ChannelId::new(channel)
                .edit_message(&self.http, MessageId::new(message), edit)
                .await
                .map_err(refused)?;
            Ok(())
        })
    }

    /// Discord lists only what starts later: an event that runs already (or starts within
    /// [`LISTING_LEAD_MS`]) is listed a little ahead and started at once, so that it shows as
    /// happening now.
    fn list<'a>(&'a self, guild: u64, listing: &'a Listing) -> BoxFuture<'a, Result<u64, Refused>> {
        Box::pin(async move {
            let now = Timestamp::now().unix_timestamp() * 1000;
            let starts_now = listing.starts_at < now + LISTING_LEAD_MS;
            let start = listing.starts_at.max(now + LISTING_LEAD_MS);
            let end = listing.ends_at.max(start + LISTING_LEAD_MS);
            let create = CreateScheduledEvent::new(
                ScheduledEventType::External,
                listing.name.clone(),
                time(start)?,
            )
            .end_time(time(end)?)
            .location(listing.location.clone())
            .description(listing.description.clone());
            let guild = GuildId::new(guild);
            let created = guild
                .create_scheduled_event(&self.http, create)
                .await
                .map_err(refused)?;
            // Listed either way: a listing that did not start says when the event began instead.
            if starts_now {
                let start = EditScheduledEvent::new().status(ScheduledEventStatus::Active);
                if let Err(error) = guild
                    .edit_scheduled_event(&self.http, created.id, start)
                    .await
                {
                    warn!(
                        listing = created.id.get(),
                        "a listing not started: {}",
                        refused(error)
                    );
                }
            }
            Ok(created.id.get())
        })
    }

    /// Discord lets a listing go SCHEDULED → ACTIVE → COMPLETED, or SCHEDULED → CANCELED, and
    /// never changes a completed or cancelled one: the steps follow its status as it is now. A
    /// listing cancelled while it is active is deleted (Discord has no way to cancel it).
    fn end_listing(
        &self,
        guild: u64,
        listing: u64,
        end: ListingEnd,
    ) -> BoxFuture<'_, Result<(), Refused>> {
        Box::pin(async move {
            let guild = GuildId::new(guild);
            let id = ScheduledEventId::new(listing);
            let now = guild
                .scheduled_event(&self.http, id, false)
                .await
                .map_err(refused)?
                .status;
            let set = |status| async move {
                guild
                    .edit_scheduled_event(&self.http, id, EditScheduledEvent::new().status(status))
                    .await
                    .map(drop)
                    .map_err(refused)
            };
            match (now, end) {
                (ScheduledEventStatus::Scheduled, ListingEnd::Cancelled) => {
                    set(ScheduledEventStatus::Canceled).await
                }
                (ScheduledEventStatus::Active, ListingEnd::Cancelled) => guild
                    .delete_scheduled_event(&self.http, id)
                    .await
                    .map_err(refused),
                (ScheduledEventStatus::Scheduled, ListingEnd::Ended) => {
                    set(ScheduledEventStatus::Active).await?;
                    set(ScheduledEventStatus::Completed).await
                }
                (ScheduledEventStatus::Active, ListingEnd::Ended) => {
                    set(ScheduledEventStatus::Completed).await
                }
                _ => Ok(()),
            }
        })
    }

    fn own_messages_since(
        &self,
        channel: u64,
        since: i64,
    ) -> BoxFuture<'_, Result<Vec<OwnMessage>, Refused>> {
        Box::pin(async move {
            let me = self.me().await.map_err(refused)?;
            own_messages_since(&self.http, me, channel, since)
                .await
                .map_err(refused)
        })
    }
}
