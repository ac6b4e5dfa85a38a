//! A stand-in for Discord's REST API for the event tests: it keeps what the bot asked (posts,
//! edits, listings and their ends) and refuses what Discord would (a post over Discord's limits
//! or with no words), or everything while it is told Discord is unreachable.

use std::sync::Mutex;

use futures_util::future::BoxFuture;

use crate::bot::game::discord::{ChannelPost, Discord, Listing, ListingEnd, Refused};

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
}

impl Recording {
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
        Box::pin(async move { self.record(Call::Post(channel, post.clone())) })
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
}
