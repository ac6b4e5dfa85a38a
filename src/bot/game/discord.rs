//! What the bot asks of Discord outside an interaction's answer: a server event's posts in its
//! channel (the announcement, its edit at the end, the results), its listing in the server's
//! Events list (a guild scheduled event), and the bot's own recent messages in a channel
//! (whether an earlier try at a result's post reached Discord). A port, as the store is one: the flows and
//! the event clock say what to post, `answer/channel_rest.rs` says it to Discord's REST API
//! (with serenity's `Http`, over either transport), and the tests hand the bot a recording
//! stand-in. Nothing here knows serenity.

use std::sync::Arc;

use futures_util::future::BoxFuture;
use thiserror::Error;

use crate::bot::game::reply::Reply;

/// Why Discord did not take a request.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Refused {
    /// The bot lacks a permission there (Discord's 50001 Missing Access, 50013 Missing
    /// Permissions): the server's managers can grant it.
    #[error("missing permissions: {0}")]
    MissingPermissions(String),
    /// What it names is gone (a deleted channel, message or listing).
    #[error("not found: {0}")]
    Gone(String),
    /// Anything else (a refusal, a timeout, Discord unreachable): trying again later may work.
    #[error("{0}")]
    Failed(String),
}

/// A message for a channel: a reply (its text, picture and buttons), and a text file beside
/// it (an event's full standings, which no message's 2,000 characters could hold).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChannelPost {
    pub reply: Reply,
    pub file: Option<TextFile>,
}

/// A text file attached to a post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextFile {
    pub name: String,
    pub text: String,
}

impl ChannelPost {
    /// A post of `reply` alone.
    pub fn of(reply: Reply) -> ChannelPost {
        ChannelPost { reply, file: None }
    }
}

/// A server event as Discord's Events list shows it: an EXTERNAL scheduled event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// 1 to 100 characters.
    pub name: String,
    /// At most 1,000 characters.
    pub description: String,
    /// Where it happens (1 to 100 characters): the command that plays it.
    pub location: String,
    /// Unix milliseconds.
    pub starts_at: i64,
    pub ends_at: i64,
}

/// A message of the bot's own in a channel, as far as telling which post it is: its id and the
/// custom_ids of its buttons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnMessage {
    pub id: u64,
    pub custom_ids: Vec<String>,
}

/// The most messages of a channel [`Discord::own_messages_since`] reads (ten of Discord's
/// pages): a channel busier than this since an earlier try is read no further.
pub const MAX_MESSAGES_READ: usize = 1_000;

/// How a listing ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListingEnd {
    /// The event ended: the listing is completed (or deleted, if it never started there).
    Ended,
    /// The event was cancelled before or while it ran.
    Cancelled,
}

/// Discord's REST API, as far as the bot uses it outside answers. Every post carries no
/// mentions; a reply that does not fit Discord's limits is not sent.
pub trait Discord: Send + Sync + 'static {
    /// Posts `post` as a new message in `channel`: the message's id.
    fn post<'a>(
        &'a self,
        channel: u64,
        post: &'a ChannelPost,
    ) -> BoxFuture<'a, Result<u64, Refused>>;

    /// Replaces message `message` of `channel` (the bot's own) with `post`.
    fn edit<'a>(
        &'a self,
        channel: u64,
        message: u64,
        post: &'a ChannelPost,
    ) -> BoxFuture<'a, Result<(), Refused>>;

    /// Lists an event in `guild`'s Events list: the listing's id.
    fn list<'a>(&'a self, guild: u64, listing: &'a Listing) -> BoxFuture<'a, Result<u64, Refused>>;

    /// Ends listing `listing` of `guild` as the event ended.
    fn end_listing(
        &self,
        guild: u64,
        listing: u64,
        end: ListingEnd,
    ) -> BoxFuture<'_, Result<(), Refused>>;

    /// The bot's own messages in `channel` made since `since` (Unix milliseconds), oldest
    /// first, reading at most [`MAX_MESSAGES_READ`] of the channel's messages: whether an
    /// earlier try at a post reached Discord (`earlier_posts.rs`). Refused without the View
    /// Channel and Read Message History permissions there.
    fn own_messages_since(
        &self,
        channel: u64,
        since: i64,
    ) -> BoxFuture<'_, Result<Vec<OwnMessage>, Refused>>;
}

/// No connection to Discord (the command line, a bot before its transport is up): every
/// request is refused as failed, so an event's posts wait for a process that has one.
pub struct Unconnected;

impl Discord for Unconnected {
    fn post<'a>(&'a self, _: u64, _: &'a ChannelPost) -> BoxFuture<'a, Result<u64, Refused>> {
        Box::pin(async { Err(unconnected()) })
    }

    fn edit<'a>(
        &'a self,
        _: u64,
        _: u64,
        _: &'a ChannelPost,
    ) -> BoxFuture<'a, Result<(), Refused>> {
        Box::pin(async { Err(unconnected()) })
    }

    fn list<'a>(&'a self, _: u64, _: &'a Listing) -> BoxFuture<'a, Result<u64, Refused>> {
        Box::pin(async { Err(unconnected()) })
    }

    fn end_listing(&self, _: u64, _: u64, _: ListingEnd) -> BoxFuture<'_, Result<(), Refused>> {
        Box::pin(async { Err(unconnected()) })
    }

    fn own_messages_since(
        &self,
        _: u64,
        _: i64,
    ) -> BoxFuture<'_, Result<Vec<OwnMessage>, Refused>> {
        Box::pin(async { Err(unconnected()) })
    }
}

fn unconnected() -> Refused {
    Refused::Failed("no connection to Discord".into())
}

/// The port as the bot holds it.
pub type DiscordPort = Arc<dyn Discord>;
