//! What the bot does for each command and button, as ordinary async functions from a player and
//! their input to a `Reply`: event → bot → store → game → store → render → reply.
//!
//! One file per command family, as mini-redis has one per command: `game.rs` (new, show, play,
//! taps, hints), `share.rs` (deal codes), `settings.rs`, `stats.rs`, `boards.rs` (server
//! boards), `forget.rs` (forget-me), `daily.rs` (the daily deal) and `results.rs` (deal boards
//! and the share line). This file holds what they share and `press`, which parses
//! a button's custom_id and dispatches it. Nothing here knows serenity; the tests drive these
//! functions with an in-memory store and an injected clock.

mod boards;
mod daily;
mod forget;
mod game;
mod results;
mod settings;
mod share;
mod stats;

use std::sync::Arc;

use tracing::{error, warn};

use super::custom_id::ButtonAction;
use super::metrics::{self, Outcome};
use super::reply::Reply;
use crate::i18n::{Locale, Message};
use crate::store::{BoardPlace, Store, StoreError, UserId};
pub use stats::Target;

/// How the bot names the command that starts a game, in texts.
const NEW_COMMAND: &str = "/tripeaks new";

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
    fn id(&self) -> UserId {
        UserId(self.user)
    }

    fn place(&self) -> BoardPlace {
        BoardPlace {
            guild_id: self.guild,
            channel_id: self.channel,
            message_id: None,
        }
    }
}

/// The time now, as Unix milliseconds. Injected so that tests can set the day and the week.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The system clock.
pub fn system_clock() -> Clock {
    Arc::new(|| {
        let since_epoch = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        i64::try_from(since_epoch.as_millis()).unwrap_or(i64::MAX)
    })
}

/// The bot's shared state: the store and the clock. Pictures and texts come from pure modules.
pub struct Bot {
    store: Store,
    clock: Clock,
}

impl Bot {
    pub fn new(store: Store) -> Bot {
        Bot::with_clock(store, system_clock())
    }

    pub fn with_clock(store: Store, clock: Clock) -> Bot {
        Bot { store, clock }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Unix milliseconds now.
    fn now(&self) -> i64 {
        (self.clock)()
    }

    /// A button press, from its custom_id.
    pub async fn press(&self, p: &Player, custom_id: &str) -> Reply {
        let action = match ButtonAction::parse(custom_id) {
            Ok(action) => action,
            Err(error) => {
                warn!(user = p.user, "{error}");
                metrics::note(Outcome::Invalid);
                return Reply::ephemeral(Message::ErrorGeneric.text(p.locale));
            }
        };
        if let Some(owner) = action.owner()
            && owner != p.user
        {
            metrics::note(Outcome::Foreign);
            let command = NEW_COMMAND;
            return Reply::ephemeral(
                match action {
                    ButtonAction::Forget(_) => Message::ForgetNotYours {
                        command: forget::FORGET_COMMAND,
                    },
                    _ => Message::GameNotYours { command },
                }
                .text(p.locale),
            );
        }
        let result = match action {
            ButtonAction::Card(drawn, position) => {
                self.tap(p, drawn, |game| {
                    crate::game::Action::Remove(game.deal().tableau[position.index()])
                })
                .await
            }
            ButtonAction::Draw(drawn) => self.tap(p, drawn, |_| crate::game::Action::Draw).await,
            ButtonAction::Undo(drawn) => self.tap(p, drawn, |_| crate::game::Action::Undo).await,
            ButtonAction::Hint(drawn) => self.hint(p, drawn).await,
            ButtonAction::NewGame(drawn, rule) => self.new_game_pressed(p, drawn, rule).await,
            ButtonAction::Share(drawn) => self.share_pressed(p, drawn).await,
            ButtonAction::PlayDeal(code) => self.start_deal(p, code).await,
            ButtonAction::Forget(_) => self.forget_confirmed(p).await,
            ButtonAction::StartDaily(drawn, daily) => {
                self.start_daily_pressed(p, drawn, daily).await
            }
            ButtonAction::ShareResult(drawn) => self.share_result_pressed(p, drawn).await,
            ButtonAction::DailyBoard(daily) => {
                self.board_pressed(p, crate::store::Results::Daily(daily))
                    .await
            }
            ButtonAction::DealBoard(code) => {
                self.board_pressed(p, crate::store::Results::Deal(code))
                    .await
            }
        };
        self.or_apology(p, result)
    }

    /// A component that is not a button (a select menu, a kind Discord may add): none is this
    /// bot's, so it was forged; answered like a forged custom_id.
    pub fn forged_component(&self, p: &Player) -> Reply {
        warn!(user = p.user, "a component that is not a button");
        metrics::note(Outcome::Invalid);
        Reply::ephemeral(Message::ErrorGeneric.text(p.locale))
    }

    /// The reply, or an apology in the player's language for a store failure (logged here).
    fn or_apology(&self, p: &Player, result: Result<Reply, StoreError>) -> Reply {
        if let Err(error) = &result {
            metrics::note(Outcome::Error);
            metrics::store_error(error);
        }
        match result {
            Ok(reply) => reply,
            Err(error @ StoreError::Corrupt { .. }) => {
                error!(user = p.user, "{error}");
                Reply::ephemeral(
                    Message::ErrorCorruptGame {
                        command: NEW_COMMAND,
                    }
                    .text(p.locale),
                )
            }
            Err(error) if error.is_unavailable() => {
                warn!(user = p.user, "the game store is not answering: {error}");
                Reply::ephemeral(Message::ErrorStoreUnavailable.text(p.locale))
            }
            Err(error) => {
                error!(user = p.user, "store failure: {error}");
                Reply::ephemeral(Message::ErrorGeneric.text(p.locale))
            }
        }
    }
}

/// Runs one interaction's handling on a task of its own and answers with its reply; if the
/// handling panics, the player still gets an apology in their language (poise catches panics in
/// commands only, and a press left unanswered shows "This interaction failed"). Dropping the
/// returned future (the bot gave up waiting) cancels the handling: a move is then either saved
/// whole or not at all, never left to finish after the player was told it failed.
pub async fn answer_even_on_panic(
    locale: Locale,
    handling: impl std::future::Future<Output = Reply> + Send + 'static,
) -> Reply {
    let mut task = AbortOnDrop(tokio::spawn(metrics::carry(handling)));
    match (&mut task.0).await {
        Ok(reply) => reply,
        Err(failure) => {
            metrics::note(Outcome::Error);
            error!("handling an interaction failed: {failure}");
            Reply::ephemeral(Message::ErrorGeneric.text(locale))
        }
    }
}

/// A task that is cancelled when its handle is dropped.
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// `/tripeaks rules`: the rules in the player's language, for them only.
pub fn rules(p: &Player) -> Reply {
    let modes = Message::RulesModes {
        command: NEW_COMMAND,
    };
    Reply::ephemeral(format!(
        "{}\n\n{}",
        Message::RulesSummary.text(p.locale),
        modes.text(p.locale)
    ))
}

fn no_game(p: &Player) -> Reply {
    Reply::ephemeral(
        Message::GameNone {
            command: NEW_COMMAND,
        }
        .text(p.locale),
    )
}

/// Player input shown back in a message, with Discord markdown made inert and cut short.
fn escape_markdown(text: &str) -> String {
    escape_markdown_within(text, 40)
}

/// Text a player wrote (a name, an input) made inert for a Discord message: every markdown,
/// mention and link character is escaped, control characters dropped, and the text cut to
/// `limit` characters. `@everyone` stays text and `<@123>` shows as typed.
fn escape_markdown_within(text: &str, limit: usize) -> String {
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
        // the rest of a board's line around, are dropped.
        if !c.is_control() && !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') {
            escaped.push(c);
        }
    }
    escaped
}

/// Only the player sees it: used for every refusal or explanation.
fn private(locale: Locale, message: Message) -> Reply {
    Reply::ephemeral(message.text(locale))
}
