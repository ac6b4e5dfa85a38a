//! What a slash command is to the bot: its options as a value, how its answer is seen, and what
//! it does. Each command's file in `flows/` declares the poise command (name, options), turns
//! the options into its value, and implements [`SlashCommand`] for it; `slash::answer` (or, over HTTP, `invocation.rs`) runs
//! it within Discord's deadline, and [`Bot::execute`] turns a failure into a reply, once for
//! every command, as mini-redis's `Command::apply` does.

use std::future::Future;

use crate::bot::game::bot::{Answer, Bot, Player};
use crate::bot::game::reply::Reply;

/// How a command's answer is usually seen, so that a late answer's "thinking…" is seen the same
/// way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// In the channel, by everyone (a board, statistics, a leaderboard).
    Public,
    /// By the player only (settings, rules, a confirmation).
    Ephemeral,
}

/// A slash command with its options read: the value its poise function builds.
pub trait SlashCommand: Send + 'static {
    /// How the answer is usually seen.
    const VISIBILITY: Visibility;

    /// What the command does for `p`: the store, the game, the picture and the texts, to a reply.
    fn run(self, bot: &Bot, p: &Player) -> impl Future<Output = Answer> + Send;
}

impl Bot {
    /// Runs a slash command for `p`; a store failure becomes an apology in their language. The
    /// posts due to them follow the answer (`posts_due.rs`).
    pub async fn execute<C: SlashCommand>(&self, p: &Player, command: C) -> Reply {
        let answer = match command.run(self, p).await {
            // Not after a store failure: the store would be asked again, for nothing.
            Ok(reply) => Ok(self.with_posts_due(p, reply).await),
            failed => failed,
        };
        self.reply_or_apology(p, answer)
    }
}
