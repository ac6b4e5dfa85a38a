//! The Discord bot: the only module that knows Discord.
//!
//! `discord.rs` starts serenity and poise and receives presses (the gateway); `endpoint/` takes
//! interactions as Discord's signed POSTs instead (`INTERACTIONS_ADDR`), reading commands with
//! `invocation.rs`; both hand presses to `press.rs` and commands to `deferred.rs`, which run them through
//! `pipeline.rs` with the REST responders of `responders.rs`. `wire.rs` turns a `Reply`
//! (`reply.rs`) into serenity's builders; `commands.rs` is the `/tripeaks` command over the
//! subcommands that `flows/` declares, one file per command family, each with its flows, built
//! on what `app.rs` shares (`Bot`, `Player`, failures become replies once) and on `command.rs`
//! (what a slash command is). `view.rs` builds the board reply from a game, `board.rs` composes
//! it with what the game's kind adds (`kinds/`: free, daily, challenge), `options.rs` holds the
//! options' choices. `custom_id.rs` is the format of the buttons, which carry everything needed to act on
//! them after a restart. `deadline.rs` keeps every answer inside Discord's 3 seconds (defer, then
//! give up at a bound) and `responders.rs` delivers late answers and repeats REST calls Discord
//! refused for a while; `deferred.rs` is poise's way into them. `check/` is `tripeaks check` and the start-up warnings about the
//! application's settings. `sharding.rs` says which gateway shards this process runs and
//! `startup.rs` connects them, taking turns with the bot's other processes.

pub mod advice;
pub mod app;
pub mod board;
pub mod challenge_result;
pub mod check;
pub mod choices;
pub mod command;
pub mod commands;
pub mod config;
pub mod custom_id;
pub mod deadline;
pub mod deferred;
pub mod discord;
pub mod endpoint;
pub mod flows;
pub mod health;
pub mod invocation;
pub mod kinds;
pub mod limits;
pub mod metrics;
pub mod options;
pub mod pipeline;
pub mod press;
pub mod reply;
pub mod responders;
pub mod sharding;
pub mod startup;
pub mod view;
pub mod wire;

pub use config::Config;
pub use discord::run;
#[cfg(test)]
mod tests;
