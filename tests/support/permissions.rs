//! Discord's permission bits as the fake uses them, and the bot's permissions it keeps: per
//! channel (for channel messages and an interaction's `app_permissions`) and per guild (for
//! scheduled events). By default the bot has what a plain bot role has and no more, so that a
//! test sees the refusals a real server gives a bot that asks for too much.

use std::collections::HashMap;

pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
pub const ADMINISTRATOR: u64 = 1 << 3;
pub const MANAGE_GUILD: u64 = 1 << 5;
pub const ADD_REACTIONS: u64 = 1 << 6;
pub const STREAM: u64 = 1 << 9;
pub const VIEW_CHANNEL: u64 = 1 << 10;
pub const SEND_MESSAGES: u64 = 1 << 11;
pub const MANAGE_MESSAGES: u64 = 1 << 13;
pub const EMBED_LINKS: u64 = 1 << 14;
pub const ATTACH_FILES: u64 = 1 << 15;
pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
pub const MENTION_EVERYONE: u64 = 1 << 17;
pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
pub const CONNECT: u64 = 1 << 20;
pub const SPEAK: u64 = 1 << 21;
pub const USE_VAD: u64 = 1 << 25;
pub const CHANGE_NICKNAME: u64 = 1 << 26;
pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
pub const MANAGE_EVENTS: u64 = 1 << 33;
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
pub const CREATE_EVENTS: u64 = 1 << 44;

/// What a plain bot role has in a channel: see and read it, post messages with links, files and
/// external emoji. Not `CREATE_EVENTS` or `MANAGE_EVENTS`, which a server grants on purpose.
pub const DEFAULT_BOT_PERMISSIONS: u64 = VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS;

/// What an ordinary member has (a new server's `@everyone`, without the event bits): no
/// `ADMINISTRATOR`, no `MANAGE_GUILD`, so a command limited to managers is hidden from them.
pub const MEMBER_PERMISSIONS: u64 = CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | STREAM
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | MENTION_EVERYONE
    | USE_EXTERNAL_EMOJIS
    | CONNECT
    | SPEAK
    | USE_VAD
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS;

/// The app's permissions in a direct message with its bot user: Discord documents
/// `ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS` there, on top of seeing,
/// reading and writing the conversation.
pub const DM_APP_PERMISSIONS: u64 = VIEW_CHANNEL
    | SEND_MESSAGES
    | READ_MESSAGE_HISTORY
    | ATTACH_FILES
    | EMBED_LINKS
    | MENTION_EVERYONE
    | USE_EXTERNAL_EMOJIS;

/// Whether `held` grants every bit of `needed` (`ADMINISTRATOR` grants everything).
pub fn allows(held: u64, needed: u64) -> bool {
    held & ADMINISTRATOR != 0 || held & needed == needed
}

/// The bot's permissions, as the tests set them.
#[derive(Clone, Debug, Default)]
pub struct BotPermissions {
    channels: HashMap<u64, u64>,
    guilds: HashMap<u64, u64>,
}

impl BotPermissions {
    /// In a channel: what the test set for it, else [`DEFAULT_BOT_PERMISSIONS`].
    pub fn in_channel(&self, channel: u64) -> u64 {
        self.channels
            .get(&channel)
            .copied()
            .unwrap_or(DEFAULT_BOT_PERMISSIONS)
    }

    /// At guild level (scheduled events): what the test set for it, else
    /// [`DEFAULT_BOT_PERMISSIONS`].
    pub fn in_guild(&self, guild: u64) -> u64 {
        self.guilds
            .get(&guild)
            .copied()
            .unwrap_or(DEFAULT_BOT_PERMISSIONS)
    }

    pub fn set_channel(&mut self, channel: u64, bits: u64) {
        self.channels.insert(channel, bits);
    }

    pub fn set_guild(&mut self, guild: u64, bits: u64) {
        self.guilds.insert(guild, bits);
    }
}
