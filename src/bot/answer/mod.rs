//! The one way an interaction is answered, whichever transport brought it: `pipeline.rs` runs its
//! handling within Discord's 3 seconds (`deadline.rs`), defers when the answer may be late and
//! follows up; `responders.rs` delivers each step over REST; `press.rs` hands a press to its
//! flow and `slash.rs` a slash command; `registration.rs` is `/tripeaks` as Discord sees it
//! and `invocation.rs` reads a command from Discord's data; `wire.rs` turns a `Reply` into
//! serenity's builders.

pub mod deadline;
pub mod invocation;
pub mod pipeline;
pub mod press;
pub mod registration;
pub mod responders;
pub mod slash;
pub mod wire;
