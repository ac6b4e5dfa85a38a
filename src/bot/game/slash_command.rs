//! What a slash command is to the bot, declared once in its family's file in `flows/`: its name,
//! its options (typed constants, `declaration.rs`), its own parse from the options Discord sent
//! into its value, how its answer is seen, and what it does. [`Declared`] is the same with the
//! type erased, as `flows::SUBCOMMANDS` lists every command: the registration builds poise's
//! commands from that list, and both transports find a command there by name and parse it
//! (`answer/invocation.rs`). [`Bot::execute`] turns a failure into a reply, once for every
//! command, as mini-redis's `Command::apply` does.

use std::fmt::Debug;
use std::future::Future;
use std::pin::Pin;

use crate::bot::game::bot::{Answer, Bot, Player};
use crate::bot::game::declaration::{OptionDecl, Options, Unreadable};
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

/// A slash command: its declaration, its parse and what it does.
pub trait SlashCommand: Sized + Send + 'static {
    /// Its name under `/tripeaks`, the English one Discord is sent (`cmd-<name>-…` texts
    /// localise it).
    const NAME: &'static str;

    /// How the answer is usually seen.
    const VISIBILITY: Visibility;

    /// Its options, in the order Discord shows them; none unless declared.
    fn options() -> Vec<OptionDecl> {
        Vec::new()
    }

    /// Its value, read from the options Discord sent through the declared options only (a test
    /// holds every command to that: `answer/invocation.rs`).
    fn parse(o: &Options) -> Result<Self, Unreadable>;

    /// What the command does for `p`: the store, the game, the picture and the texts, to a reply.
    fn run(self, bot: &Bot, p: &Player) -> impl Future<Output = Answer> + Send;
}

/// A top-level command: its subcommands, and who may use it where. Discord applies command
/// permissions per top-level command, so a command for a server's managers is a top-level
/// command of its own.
pub struct TopCommand {
    /// Its name, the English one Discord is sent (`cmd-<name>-…` texts localise it).
    pub name: &'static str,
    /// Its subcommands, in the order Discord shows them.
    pub subcommands: &'static [Declared],
    /// Who may use it where.
    pub audience: Audience,
}

/// Who may use a top-level command, and where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Everyone, in servers, in direct messages with the bot and in private channels (the bot
    /// installed to a server or to a user).
    Everyone,
    /// By default, in servers only, the members who may Manage Server; a server's own command
    /// permissions may widen it (Discord checks, before the bot sees the command).
    ServerManagers,
}

/// The handling of a command that was read: its reply, once it ran.
pub type Handling<'a> = Pin<Box<dyn Future<Output = Reply> + Send + 'a>>;

/// A slash command as a list holds it, whatever its type: its declaration, and its parse
/// followed by its run.
#[derive(Clone, Copy)]
pub struct Declared {
    pub name: &'static str,
    pub visibility: Visibility,
    /// Its options, in the order Discord shows them.
    pub options: fn() -> Vec<OptionDecl>,
    start: for<'a> fn(&Options<'_>, &'a Bot, &'a Player) -> Result<Handling<'a>, Unreadable>,
    /// Its parse, the value written out: what a test compares, and what the fuzz target
    /// `http_interaction` reads a command into (`src/fuzzing/`).
    pub describe: fn(&Options<'_>) -> Result<String, Unreadable>,
}

impl Declared {
    /// The declaration of `C`.
    pub const fn of<C: SlashCommand + Debug>() -> Declared {
        Declared {
            name: C::NAME,
            visibility: C::VISIBILITY,
            options: C::options,
            start: start::<C>,
            describe: |o| C::parse(o).map(|command| format!("{command:?}")),
        }
    }

    /// Reads the command from `o`; its handling for `p`, if it could be read.
    pub fn start<'a>(
        &self,
        o: &Options<'_>,
        bot: &'a Bot,
        p: &'a Player,
    ) -> Result<Handling<'a>, Unreadable> {
        (self.start)(o, bot, p)
    }
}

fn start<'a, C: SlashCommand>(
    o: &Options<'_>,
    bot: &'a Bot,
    p: &'a Player,
) -> Result<Handling<'a>, Unreadable> {
    let command = C::parse(o)?;
    Ok(Box::pin(bot.execute(p, command)))
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
