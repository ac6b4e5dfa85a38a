//! The Discord bot: the only module that knows Discord.
//!
//! `discord.rs` and `commands.rs` translate between serenity/poise and plain values; `flows.rs`
//! does the work for each command and button with the store, the game, the picture and the
//! texts, and answers with a `Reply` (`reply.rs`) built by `view.rs`. `custom_id.rs` is the
//! format of the buttons, which carry everything needed to act on them after a restart.
//! `deadline.rs` keeps every answer inside Discord's 3 seconds (defer, then give up at a bound)
//! and `deferred.rs` delivers late answers and repeats REST calls Discord refused for a while.
//! `sharding.rs` says which gateway shards this process runs and `startup.rs` connects them,
//! taking turns with the bot's other processes.

pub mod advice;
pub mod commands;
pub mod config;
pub mod custom_id;
pub mod deadline;
pub mod deferred;
pub mod discord;
pub mod flows;
pub mod health;
pub mod metrics;
pub mod reply;
pub mod sharding;
pub mod startup;
pub mod view;

pub use config::Config;
pub use discord::run;
#[cfg(test)]
mod tests;
