//! Support for the end-to-end tests: a fake Discord on 127.0.0.1 (REST + websocket gateway) that
//! records what the bot sends and answers in the shapes serenity 0.12.5 parses, builders for the
//! interactions Discord sends, and the real bot binary as a child process.
//!
//! Each test file that says `mod support;` compiles its own copy and uses part of it.
#![allow(dead_code, unused_imports)]

mod answers;
mod bot_process;
mod channels;
mod command_access;
mod db_proxy;
mod endpoint;
mod fake_discord;
mod gateway;
mod guild_api;
mod interactions;
mod messages;
mod payloads;
mod permissions;
mod recorded;
mod replies;
mod rest;
mod scheduled_events;
mod solver_gate;
mod state;
mod stored_interaction;
mod validate;

pub use answers::Answered;
pub use bot_process::{
    BotProcess, START_TIMEOUT, TOKEN, TestDatabase, bot_binary, echo_bot_output, strip_ansi,
};
pub use command_access::RefusedCommand;
pub use db_proxy::DbProxy;
pub use endpoint::HttpAnswer;
pub use fake_discord::{FakeDiscord, REPLY_TIMEOUT};
pub use gateway::Fault as GatewayFault;
pub use interactions::{InteractionBuilder, InteractionPayload};
pub use messages::{LOADING_FLAG, bot_message};
pub use payloads::{
    APPLICATION_ID, ATTACHMENT_SIZE_LIMIT, BOT_USER_ID, CHANNEL_ID, GUILD_ID, Player,
    parse_timestamp, snowflake, timestamp_at, timestamp_now,
};
pub use permissions::{
    ADMINISTRATOR, ATTACH_FILES, CREATE_EVENTS, DEFAULT_BOT_PERMISSIONS, DM_APP_PERMISSIONS,
    MANAGE_EVENTS, MANAGE_GUILD, MEMBER_PERMISSIONS, READ_MESSAGE_HISTORY, SEND_MESSAGES,
    VIEW_CHANNEL,
};
pub use recorded::{
    ButtonView, CommandRegistration, CommandScope, RecordedRequest, Reply, ReplyAction,
    UploadedFile, buttons_of, png_size,
};
pub use solver_gate::SolverGate;
pub use state::{FakeOptions, FakeState, Refusal};
pub use validate::DISCORD_LOCALES;
