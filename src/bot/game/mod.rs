//! What the flows stand on: `Bot` (the store, the clock and the bounds every flow shares, and the
//! one place a store failure becomes a reply), the `Reply` a flow returns, the buttons'
//! `custom_id`, what a slash command is and how it declares and reads its options
//! (`slash_command.rs`, `declaration.rs`), the options' choices and the shared options, the
//! board composer and view, the solver's advice, what differs between kinds of game (`kinds/`)
//! and the posts they make due (`posts_due.rs`); a server event's words (`event_posts.rs`), its
//! clock (`event_clock.rs`) and the `Discord` port it posts through (`discord.rs`). Nothing here knows a command family of `flows/`.

pub mod advice;
pub mod bot;
pub mod budget;
pub mod challenge_result;
pub mod composer;
pub mod custom_id;
pub mod declaration;
pub mod discord;
pub mod earlier_posts;
pub mod event_clock;
pub mod event_posts;
pub mod kinds;
pub mod limits;
pub mod options;
pub mod posts_due;
pub mod reply;
pub mod slash_command;
pub mod view;
