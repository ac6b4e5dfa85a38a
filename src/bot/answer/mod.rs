//! The one way an interaction is answered, whichever transport brought it: `interaction.rs` is
//! what the bot reads of one (both transports hand over that form); `pipeline.rs` runs its
//! handling within Discord's 3 seconds (`deadline.rs`), defers when the answer may be late and
//! follows up, once per interaction however often it arrives (`once.rs`); `responders.rs` delivers each step over REST (`retries.rs`: what is repeated
//! when Discord errs), the first response over HTTP in the POST's answer when it may
//! (`first_response.rs`); `press.rs` hands a press to its flow and `slash.rs` a slash command, read
//! by `invocation.rs` through the command's declaration in `flows/`; `registration.rs` is
//! `/tripeaks` as Discord sees it, built from the same declarations; `wire.rs` turns a `Reply`
//! into serenity's builders; `channel_rest.rs` is the bot's `Discord` port over REST (a server
//! event's posts and listing, outside any answer).

mod channel_history;
pub mod channel_rest;
pub mod deadline;
pub mod first_response;
pub mod interaction;
pub mod invocation;
pub mod once;
pub mod pipeline;
pub mod press;
pub mod registration;
pub mod responders;
pub mod retries;
pub mod slash;
pub mod wire;
