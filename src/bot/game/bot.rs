//! What every command and button shares: the bot's state (`Bot`: the store and the clock), who
//! is asking (`Player`), the one place where a failure becomes a reply, and the small steps
//! most flows take (note a name, "you have no game", a private line). The board reply is
//! `game/composer.rs`'s.
//!
//! The flows in `flows/`, `game/composer.rs` and `kinds/` build on this file and this file knows
//! none of them, so there is no cycle between them (`cycle-check`, tools/cycles, checks the method calls
//! too). Nothing here knows serenity; the tests drive the flows with an in-memory
//! store and an injected clock.

use std::any::Any;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use futures_util::FutureExt as _;
use tracing::{error, info, warn};

use crate::bot::game::budget::{Permit, Work};
use crate::bot::game::discord::{DiscordPort, Unconnected};
use crate::bot::game::limits::Limits;
use crate::bot::game::reply::Reply;
use crate::bot::ops::metrics::{self, Handled};
use crate::i18n::{Locale, Message};
use crate::store::{Store, StoreError, UserId};

/// How the bot names the command that starts a game, in texts.
pub const NEW_COMMAND: &str = "/tripeaks new";

/// How the bot names the command that starts a challenge, in texts.
pub const CHALLENGE_COMMAND: &str = "/tripeaks challenge";

/// Who is asking, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub user: u64,
    /// The name the player chose for all of Discord (display name, else user name), as text.
    pub name: String,
    pub locale: Locale,
    /// The server, or `None` in direct messages.
    pub guild: Option<u64>,
    pub channel: u64,
}

impl Player {
    pub fn id(&self) -> UserId {
        UserId(self.user)
    }
}

/// The time now, as Unix milliseconds: injected so that tests can set the day and the week.
/// The bot hands the same clock to its store, so the times it files agree with the flows'.
pub use crate::store::{Clock, system_clock};

/// The bot's shared state: the store, the clock and the bounds on expensive answers. Pictures
/// and texts come from pure modules.
pub struct Bot {
    pub(in crate::bot) store: Store,
    clock: Clock,
    pub(in crate::bot) limits: Limits,
    /// Discord's REST API for what is posted outside an answer (a server event's posts).
    pub(in crate::bot) discord: DiscordPort,
    /// Woken when an event's end moves nearer (a manager ended it now), so that the event
    /// clock need not wait for its next look.
    pub(in crate::bot) events_changed: tokio::sync::Notify,
}

/// What a flow answers: the reply, or the store failure that kept it from one. Failures become
/// replies in one place ([`Bot::reply_or_apology`]), where commands and presses are dispatched.
pub type Answer = Result<Reply, StoreError>;

impl Bot {
    pub fn new(store: Store) -> Bot {
        Bot::with_clock(store, system_clock())
    }

    pub fn with_clock(store: Store, clock: Clock) -> Bot {
        let store = store.with_clock(Arc::clone(&clock));
        Bot {
            store,
            clock,
            limits: Limits::default(),
            discord: Arc::new(Unconnected),
            events_changed: tokio::sync::Notify::new(),
        }
    }

    /// The same bot, posting outside its answers through `discord`.
    pub fn with_discord(mut self, discord: DiscordPort) -> Bot {
        self.discord = discord;
        self
    }

    /// The bot handling at most `at_once` interactions at once (`limits.rs`).
    pub fn handling_at_once(mut self, at_once: usize) -> Bot {
        self.limits = Limits::handling_at_once(at_once);
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Unix milliseconds now.
    pub(in crate::bot) fn now(&self) -> i64 {
        (self.clock)()
    }

    /// The reply, or an apology in the player's language for a store failure (logged here).
    pub fn reply_or_apology(&self, p: &Player, answer: Answer) -> Reply {
        if let Err(error) = &answer {
            metrics::note(Handled::Error);
            metrics::store_error(error);
        }
        match answer {
            Ok(reply) => reply,
            Err(error @ StoreError::Corrupt { .. }) => {
                error!(user = p.user, "{error}");
                private(
                    p.locale,
                    Message::ErrorCorruptGame {
                        command: NEW_COMMAND,
                    },
                )
            }
            Err(error) if error.is_unavailable() => {
                warn!(user = p.user, "the game store is not answering: {error}");
                private(p.locale, Message::ErrorStoreUnavailable)
            }
            Err(error) => {
                error!(user = p.user, "store failure: {error}");
                private(p.locale, Message::ErrorGeneric)
            }
        }
    }

    /// Leave for `p` to do a piece of expensive work now (`budget.rs`), or the private reply
    /// that says why not and when to try again (counted as a refusal, and logged).
    pub(in crate::bot) async fn spend(&self, p: &Player, work: Work) -> Result<Permit, Reply> {
        self.limits
            .budget
            .spend(p.user, work)
            .await
            .map_err(|refused| {
                metrics::note(Handled::Refused);
                info!(user = p.user, ?work, ?refused, "expensive work refused");
                private(p.locale, refused.message())
            })
    }

    /// Notes the player's name for the leaderboards; a failure only costs the name, so it is
    /// logged.
    pub(in crate::bot) async fn remember_name(&self, p: &Player) {
        if let Err(error) = self.store.remember_name(p.id(), &p.name).await {
            warn!(user = p.user, "could not note the player's name: {error}");
        }
    }
}

/// Runs `work` (drawing a picture of several milliseconds) on the blocking pool, so that the
/// async thread that answers every tap is not held up by it. A panic in it goes on as a panic
/// of the caller (which `answer_even_on_panic` turns into an apology).
pub(in crate::bot) async fn off_the_async_threads<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    match tokio::task::spawn_blocking(work).await {
        Ok(done) => done,
        Err(failure) => std::panic::resume_unwind(failure.into_panic()),
    }
}

/// Runs one interaction's handling and answers with its reply; if the handling panics, the
/// player still gets an apology in their language (poise catches panics in commands only, and a
/// press left unanswered shows "This interaction failed"). Dropping the returned future (the bot
/// gave up waiting) cancels the handling: a move is then either saved whole or not at all, never
/// left to finish after the player was told it failed.
///
/// The handling is polled in place, on the interaction's own task (a task of its own was one
/// more wake-up and hand-off per tap); a panic in it is caught as the task's was, and what it
/// held (the connection for moves, say) is let go when the handling is dropped, at once.
pub async fn answer_even_on_panic(locale: Locale, handling: impl Future<Output = Reply>) -> Reply {
    match AssertUnwindSafe(handling).catch_unwind().await {
        Ok(reply) => reply,
        Err(panic) => {
            metrics::note(Handled::Error);
            error!(
                "handling an interaction failed: it panicked: {}",
                panic_message(panic.as_ref())
            );
            private(locale, Message::ErrorGeneric)
        }
    }
}

/// What a panic said, when it said it with a string (as `panic!` and `expect` do).
fn panic_message(panic: &(dyn Any + Send)) -> &str {
    match panic.downcast_ref::<&str>() {
        Some(message) => message,
        None => panic
            .downcast_ref::<String>()
            .map_or("(no message)", String::as_str),
    }
}

/// "You have no game": what a flow that needs one answers without it.
pub(in crate::bot) fn no_game(p: &Player) -> Reply {
    private(
        p.locale,
        Message::GameNone {
            command: NEW_COMMAND,
        },
    )
}

/// Only the player sees it: used for every refusal or explanation.
pub(in crate::bot) fn private(locale: Locale, message: Message) -> Reply {
    Reply::ephemeral(message.text(locale))
}

/// Player input shown back in a message, with Discord markdown made inert and cut short.
pub(in crate::bot) fn escape_markdown(text: &str) -> String {
    escape_markdown_within(text, 40)
}

/// Text a player wrote (a name, an input) made inert for a Discord message: every markdown,
/// mention and link character is escaped, control characters dropped, and the text cut to
/// `limit` characters. `@everyone` stays text and `<@123>` shows as typed.
pub(in crate::bot) fn escape_markdown_within(text: &str, limit: usize) -> String {
    let mut escaped = String::new();
    for c in text.chars().take(limit) {
        if matches!(
            c,
            '\\' | '*'
                | '_'
                | '~'
                | '`'
                | '|'
                | '>'
                | '#'
                | '['
                | ']'
                | '('
                | ')'
                | '<'
                | '@'
                | ':'
                | '-'
        ) {
            escaped.push('\\');
        }
        // Control characters and the bidirectional overrides and isolates, which could turn
        // the rest of a leaderboard's line around, are dropped.
        if !c.is_control() && !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') {
            escaped.push(c);
        }
    }
    escaped
}
