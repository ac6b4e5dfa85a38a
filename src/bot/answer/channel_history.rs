//! The bot's own messages in a channel since a moment, read from Discord's REST API (`GET
//! /channels/{channel}/messages?after=…`, a hundred at a time, oldest pages first): how a
//! later try at a result's post tells whether an earlier one reached Discord
//! (`game/earlier_posts.rs`). Bounded: at most `MAX_MESSAGES_READ` messages are read.

use poise::serenity_prelude as serenity;
use serenity::{ActionRowComponent, ButtonKind, ChannelId, GetMessages, Message, MessageId};

use crate::bot::game::discord::{MAX_MESSAGES_READ, OwnMessage};

/// Discord's epoch (2015-01-01T00:00:00Z) in Unix milliseconds: a snowflake's time counts from
/// it.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// The most messages one request answers.
const PAGE: u8 = 100;

/// The first snowflake of `millis`: every message made at or after it has a larger id.
fn snowflake_at(millis: i64) -> MessageId {
    let since_epoch = u64::try_from(millis.saturating_sub(DISCORD_EPOCH_MS)).unwrap_or(0);
    MessageId::new((since_epoch << 22).max(1))
}

/// The custom_ids of a message's buttons.
fn custom_ids(message: &Message) -> Vec<String> {
    let components = message.components.iter().flat_map(|row| &row.components);
    components
        .filter_map(|component| match component {
            ActionRowComponent::Button(button) => match &button.data {
                ButtonKind::NonLink { custom_id, .. } => Some(custom_id.clone()),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// The messages by `me` in `channel` since `since`, oldest first.
pub(super) async fn own_messages_since(
    http: &serenity::Http,
    me: serenity::UserId,
    channel: u64,
    since: i64,
) -> Result<Vec<OwnMessage>, serenity::Error> {
    let channel = ChannelId::new(channel);
    let mut after = snowflake_at(since);
    let mut own = Vec::new();
    let mut read = 0;
    while read < MAX_MESSAGES_READ {
        let page = channel
            .messages(http, GetMessages::new().after(after).limit(PAGE))
            .await?;
        read += page.len();
        // Discord answers the page after `after` newest first.
        let Some(newest) = page.iter().map(|message| message.id).max() else {
            break;
        };
        let full = page.len() == usize::from(PAGE);
        own.extend(
            page.iter()
                .filter(|message| message.author.id == me)
                .map(|message| OwnMessage {
                    id: message.id.get(),
                    custom_ids: custom_ids(message),
                }),
        );
        if !full {
            break;
        }
        after = newest;
    }
    own.sort_by_key(|message| message.id);
    Ok(own)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moment_becomes_the_first_snowflake_of_its_millisecond() {
        // Discord's own example: 175928847299117063 was made at 1462015105796.
        let made = 175_928_847_299_117_063u64;
        assert!(snowflake_at(1_462_015_105_796).get() <= made);
        assert!(snowflake_at(1_462_015_105_797).get() > made);
        assert_eq!(snowflake_at(0).get(), 1, "before Discord's epoch");
    }
}
