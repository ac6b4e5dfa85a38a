//! Whether an earlier try at a result's post reached Discord after all, so that a result is
//! posted once, also across a crash between Discord's answer and the store's confirmation, or an
//! answer lost on the way (`store/post_attempts.rs` says why and when a try is noted).
//!
//! A later try reads the bot's own messages in each channel tried before, since that try, and
//! looks for the post by a button only it carries (a challenge's Rematch, an event's Standings
//! on a message other than its announcement). Found: the post is confirmed, not made again.
//! Where Discord does not let the bot read a channel (no Read Message History there), nothing
//! can be told: the result is posted, and the log says that it may show twice.

use tracing::{info, warn};

use crate::bot::game::bot::Bot;
use crate::store::{PostKey, StoreError};

/// How far before an earlier try a message is looked for: Discord's clock and the store's may
/// differ a little.
const CLOCKS_DIFFER_MS: i64 = 60_000;

/// The post a later try looks for: the bot's own message with a button whose custom_id is
/// `marker`, other than message `except` (an event's announcement carries the same button).
#[derive(Debug, Clone, Copy)]
pub struct Marker<'a> {
    pub custom_id: &'a str,
    pub except: Option<u64>,
}

/// Before a try at `post`: `true` if an earlier try made it after all (then it is not made
/// again, and the caller confirms it); `false` when there was no earlier try, or none reached
/// Discord, or Discord did not say (logged).
pub async fn made_earlier(
    bot: &Bot,
    post: PostKey,
    marker: Marker<'_>,
) -> Result<bool, StoreError> {
    for attempt in bot.store.post_attempts(post).await? {
        let since = attempt.since.saturating_sub(CLOCKS_DIFFER_MS);
        let messages = match bot.discord.own_messages_since(attempt.channel, since).await {
            Ok(messages) => messages,
            Err(error) => {
                warn!(
                    ?post,
                    channel = attempt.channel,
                    "cannot tell whether an earlier try at this post reached Discord; posting it, so it may show twice: {error}"
                );
                continue;
            }
        };
        let found = messages.iter().find(|message| {
            Some(message.id) != marker.except
                && message.custom_ids.iter().any(|id| id == marker.custom_id)
        });
        if let Some(message) = found {
            info!(
                ?post,
                channel = attempt.channel,
                message = message.id,
                "an earlier try at this post reached Discord: not posted again"
            );
            return Ok(true);
        }
    }
    Ok(false)
}
