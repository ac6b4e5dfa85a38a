//! The Discord bot: the only module that knows Discord. Its rooms, from the door inwards:
//!
//! - `gateway/` and `http/`: the two transports. The gateway (serenity and poise) is the
//!   default; `http/` takes interactions as Discord's signed POSTs instead (`INTERACTIONS_ADDR`).
//! - `answer/`: the one way an interaction is answered whatever brought it: a press or a
//!   command through the pipeline within Discord's 3 seconds, the REST responders, the commands'
//!   registration and parse, `wire.rs` turning a `Reply` into serenity's builders.
//! - `flows/`: what the bot does for each command and button, one file per command family.
//! - `game/`: what the flows stand on: `Bot` (the store, the clock, the bounds), the `Reply`, the
//!   buttons' `custom_id`, the board composer and what differs between kinds of game (`kinds/`).
//! - `run.rs`: the start: the store, then one transport until SIGTERM.
//! - `ops/`: for operators: the configuration, `tripeaks check`, `/healthz` and `/metrics`, the
//!   drain on SIGTERM and which shards this process runs.

pub mod answer;
pub mod flows;
pub mod game;
pub mod gateway;
pub mod http;
pub mod ops;
mod run;

pub use ops::config::Config;
pub use run::run;
#[cfg(test)]
mod tests;
