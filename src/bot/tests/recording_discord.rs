//! A stand-in for Discord's REST API for the event tests: it keeps what the bot asked (posts,
//! edits, listings and their ends) and refuses what Discord would (a post over Discord's limits
//! or with no words), or everything while it is told Discord is unreachable. It answers the
//! bot's own messages in a channel from the posts it took and the follow-ups a test says
//! Discord took (`took_follow_up`), whatever their time.

use std::sync::Mutex;

use futures_util::future::BoxFuture;

use crate::bot::game::discord::{ChannelPost, Discord, Listing, ListingEnd, OwnMessage, Refused};
use crate::bot::game::reply::Reply;

/// What the bot asked of Discord.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Call {
    Post(u64, ChannelPost),
    Edit(u64, u64, ChannelPost),
    List(u64, Listing),
    EndListing(u64, u64, ListingEnd),
}

/// A stand-in for Discord's REST API that keeps what it was asked and refuses what Discord
/// would: a post over Discord's limits, or with no words.
#[derive(Default)]
pub(super) struct Recording {
    calls: Mutex<Vec<Call>>,
    /// Posts fail (as Discord being unreachable would) while this is set.
    pub(super) failing: Mutex<bool>,
    /// Posts are taken, but their answer is lost on the way (a timeout after Discord made the
    /// message): the bot hears a failure, while this is set.
    pub(super) answers_lost: Mutex<bool>,
    /// Follow-ups Discord took (of interactions, not through the port): channel, id, reply.
    follow_ups: Mutex<Vec<(u64, u64, Reply)>>,
    /// Reading a channel's messages is refused (no Read Message History) while this is set.
    pub(super) history_unreadable: Mutex<bool>,
}

impl Recording {
    /// Discord took `reply` as a follow-up in `channel` (the bot may not have heard back).
    pub(super) fn took_follow_up(&self, channel: u64, reply: &Reply) {
        let mut follow_ups = self.follow_ups.lock().unwrap();
        let id = 50_000 + follow_ups.len() as u64;
        follow_ups.push((channel, id, reply.clone()));
    }

    pub(super) fn calls(&self) -> Vec<Call> {
        self.calls.lock().unwrap().clone()
    }

    pub(super) fn posts(&self) -> Vec<(u64, ChannelPost)> {
        self.calls()
            .into_iter()
            .filter_map(|call| match call {
                Call::Post(channel, post) => Some((channel, post)),
                _ => None,
            })
            .collect()
    }

    fn record(&self, call: Call) -> Result<u64, Refused> {
        if *self.failing.lock().unwrap() {
            return Err(Refused::Failed("Discord is unreachable".into()));
        }
        let post = match &call {
            Call::Post(_, post) | Call::Edit(_, _, post) => Some(post),
            _ => None,
        };
        if let Some(post) = post {
            assert!(post.reply.fits_discord(), "{:#?}", post.reply);
            assert!(!post.reply.text.is_empty());
        }
        let mut calls = self.calls.lock().unwrap();
        calls.push(call);
        Ok(9_000 + calls.len() as u64)
    }
}

impl Discord for Recording {
    fn post<'a>(
        &'a self,
        channel: u64,
        post: &'a ChannelPost,
    ) -> BoxFuture<'a, Result<u64, Refused>> {
        Box::pin(async move {
            let made = self.record(Call::Post(channel, post.clone()))?;
            match *self.answers_lost.lock().unwrap() {
                true => Err(Refused::Failed("the connection was reset".into())),
                false => Ok(made),
            }
        })
    }

    fn edit<'a>(
        &'a self,
        channel: u64,
        message: u64,
        post: &'a ChannelPost,
    ) -> BoxFuture<'a, Result<(), Refused>> {
        Box::pin(async move {
            self.record(Call::Edit(channel, message, post.clone()))
                .map(drop)
        })
    }

    fn list<'a>(&'a self, guild: u64, listing: &'a Listing) -> BoxFuture<'a, Result<u64, Refused>> {
        Box::pin(async move { self.record(Call::List(guild, listing.clone())) })
    }

    fn end_listing(
        &self,
        guild: u64,
        listing: u64,
        end: ListingEnd,
    ) -> BoxFuture<'_, Result<(), Refused>> {
        Box::pin(async move { self.record(Call::EndListing(guild, listing, end)).map(drop) })
    }

    fn own_messages_since(
        &self,
        channel: u64,
        _since: i64,
    ) -> BoxFuture<'_, Result<Vec<OwnMessage>, Refused>> {
        Box::pin(async move {
            if *self.history_unreadable.lock().unwrap() {
                return Err(Refused::MissingPermissions("50001: Missing Access".into()));
            }
            let own = |id: u64, reply: &Reply| OwnMessage {
                id,
                custom_ids: reply
                    .rows
                    .iter()
                    .flatten()
                    .map(|b| b.action.to_string())
                    .collect(),
            };
            let mut messages: Vec<OwnMessage> = self
                .calls()
                .iter()
                .enumerate()
                .filter_map(|(index, call)| match call {
                    Call::Post(to, post) if *to == channel => {
                        Some(own(9_001 + index as u64, &post.reply))
                    }
                    _ => None,
                })
                .collect();
            let follow_ups = self.follow_ups.lock().unwrap();
            messages.extend(
                follow_ups
                    .iter()
                    .filter(|(to, _, _)| *to == channel)
                    .map(|(_, id, reply)| own(*id, reply)),
            );
            Ok(messages)
        })
    }
}
