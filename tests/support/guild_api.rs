//! The test's side of what the fake keeps about servers beyond interactions: the bot's
//! permissions (per channel, per guild), the messages posted in channels, the guilds' scheduled
//! events, and what a test needs to set up around them. Apart from `fake_discord.rs`, which
//! holds the gateway and interaction side of the same [`FakeDiscord`].

use serde_json::{Value, json};

use super::fake_discord::FakeDiscord;
use super::messages::{self, NewMessage};
use super::payloads::{Player, snowflake};

impl FakeDiscord {
    /// The bot's permissions in `channel` from now on (default
    /// [`super::permissions::DEFAULT_BOT_PERMISSIONS`]): what channel messages are checked
    /// against, and the default `app_permissions` of interactions built afterwards there.
    pub fn set_bot_permissions(&self, channel: u64, bits: u64) {
        self.shared
            .update(|state| state.bot_permissions.set_channel(channel, bits));
    }

    /// The bot's permissions at guild level from now on (default
    /// [`super::permissions::DEFAULT_BOT_PERMISSIONS`], without `CREATE_EVENTS`): what scheduled
    /// events are checked against. Channels keep their own (see `set_bot_permissions`).
    pub fn set_guild_bot_permissions(&self, guild: u64, bits: u64) {
        self.shared
            .update(|state| state.bot_permissions.set_guild(guild, bits));
    }

    /// The bot's permissions in `channel` now.
    pub fn bot_permissions(&self, channel: u64) -> u64 {
        self.read(|state| state.bot_permissions.in_channel(channel))
    }

    /// The messages posted in `channel` with `POST /channels/{channel}/messages` (and by
    /// [`FakeDiscord::add_user_message`]), in the order they were posted, as they are now
    /// (edits applied, deleted ones left out). Interaction responses are not among them.
    pub fn channel_messages(&self, channel: u64) -> Vec<Value> {
        self.read(|state| {
            state
                .channel_posts
                .iter()
                .filter_map(|id| state.message(*id))
                .filter(|message| snowflake(&message["channel_id"]) == Some(channel))
                .cloned()
                .collect()
        })
    }

    /// A message `author` posted in `channel` (something the bot did not write, to edit or
    /// reply to); returns its id.
    pub fn add_user_message(&self, channel: u64, author: &Player, content: &str) -> u64 {
        self.shared.update(|state| {
            let id = state.next_id();
            let data = json!({ "content": content });
            let new = NewMessage {
                id,
                kind: 0,
                data: &data,
                files: &[],
                extra_flags: 0,
                interaction_metadata: Value::Null,
                legacy_interaction: None,
            };
            let mut message =
                messages::create(new, &mut || id).expect("a message without files builds");
            message["channel_id"] = json!(channel.to_string());
            message["author"] = author.user_json();
            if let Some(object) = message.as_object_mut() {
                for key in ["webhook_id", "application_id", "interaction_metadata"] {
                    object.remove(key);
                }
            }
            state.messages.insert(id, message);
            state.channel_posts.push(id);
            id
        })
    }

    /// The guild's scheduled events, in the order they were created, as they are now (changes
    /// applied, deleted ones left out).
    pub fn scheduled_events(&self, guild: u64) -> Vec<Value> {
        self.read(|state| {
            state
                .scheduled_events
                .get(&guild)
                .cloned()
                .unwrap_or_default()
        })
    }
}
