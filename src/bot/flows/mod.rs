//! What the bot does for each command and button: one file per command family, as mini-redis
//! has one per command. A family's file declares its slash commands once (`SlashCommand`: the
//! name, the options as typed constants, its own parse of them into the command's value), and
//! holds the flows of the command and of its buttons, from a player and their input to a
//! `Reply`: event → bot → store → game → store → render → reply. Nothing here knows a
//! transport or poise: `answer/` builds the registration from [`SUBCOMMANDS`] and parses
//! through it.
//!
//! - `new.rs`: `/tripeaks new`, "New game", "Play this deal"
//! - `play.rs`: `/tripeaks play`, `/tripeaks show`, the taps on a board (cards, draw, undo), hints
//! - `share.rs`: `/tripeaks code`, "Share code"
//! - `settings.rs`, `rules.rs`, `stats.rs`, `forget.rs`: the commands of those names
//! - `history.rs`: `/tripeaks history`, its Replay buttons
//! - `leaderboard.rs`: `/tripeaks leaderboard` (a server's, by week, month or all time)
//! - `challenge.rs`: `/tripeaks challenge`, Accept, Decline, Join, Rematch and the challenge's
//!   message; `challenge_play.rs`: a player's board of a challenge, Play, the question before it
//!   replaces a game
//! - `daily.rs`: `/tripeaks daily` and its confirmation
//! - `event.rs`: `/tripeaks event`, an event's Play N and Standings; `events.rs`:
//!   `/tripeaks-events start`, a server's managers' command, and `event_manage.rs` its `end`,
//!   `cancel` and `list`
//! - `results.rs`: one deal's leaderboard (the daily's, a shared code's) and the share line
//!
//! This file holds the two lists a new command or button is added to: [`SUBCOMMANDS`] and the
//! dispatch of [`Bot::press`]. What the flows share is in `game/bot.rs` and `game/composer.rs`; what differs
//! between kinds of game (a daily's end, a challenge's private boards) in `kinds/`. A family
//! calls no method another family defines (`cycle-check`, tools/cycles).

mod challenge;
mod challenge_play;
mod choices;
mod daily;
mod event;
mod event_manage;
mod events;
mod forget;
mod history;
mod leaderboard;
mod new;
mod play;
mod results;
mod rules;
mod settings;
mod share;
mod stats;
mod stats_card;

use tracing::warn;

use crate::bot::game::bot::{Bot, NEW_COMMAND, Player, private};
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::reply::Reply;
use crate::bot::game::slash_command::{Audience, Declared, TopCommand};
use crate::bot::ops::metrics::{self, Handled};
use crate::i18n::Message;
use crate::store::Results;
pub use challenge::ChallengeCommand;
pub use daily::PlayDaily;
pub use event::ShowEvent;
pub use event_manage::{CancelEvent, EndEvent, ListEvents};
pub use events::StartEvent;
pub use forget::ForgetMe;
pub use history::ShowHistory;
pub use leaderboard::ShowLeaderboard;
pub use new::NewGame;
pub use play::{PlayCard, ShowBoard, card_choices};
pub use rules::ShowRules;
pub use settings::ChangeSettings;
pub use share::ShareCode;
pub use stats::ShowStats;

/// Every subcommand of `/tripeaks`, in the order Discord shows them: the one list a new command
/// is added to. The command tree Discord is sent, its texts' ids, the metrics' action names and
/// the parse of both transports are read off it.
pub static SUBCOMMANDS: &[Declared] = &[
    Declared::of::<NewGame>(),
    Declared::of::<ShareCode>(),
    Declared::of::<PlayCard>(),
    Declared::of::<ShowBoard>(),
    Declared::of::<ChangeSettings>(),
    Declared::of::<ShowRules>(),
    Declared::of::<ShowStats>(),
    Declared::of::<ShowHistory>(),
    Declared::of::<ShowLeaderboard>(),
    Declared::of::<PlayDaily>(),
    Declared::of::<ChallengeCommand>(),
    Declared::of::<ShowEvent>(),
    Declared::of::<ForgetMe>(),
];

/// Every subcommand of `/tripeaks-events`, a server's managers' command.
pub static EVENTS_SUBCOMMANDS: &[Declared] = &[
    Declared::of::<StartEvent>(),
    Declared::of::<EndEvent>(),
    Declared::of::<CancelEvent>(),
    Declared::of::<ListEvents>(),
];

/// Every top-level command: `/tripeaks` for everyone, `/tripeaks-events` for a server's
/// managers. The one list the registration and both transports' parse read.
pub static COMMANDS: &[TopCommand] = &[
    TopCommand {
        name: "tripeaks",
        subcommands: SUBCOMMANDS,
        audience: Audience::Everyone,
    },
    TopCommand {
        name: "tripeaks-events",
        subcommands: EVENTS_SUBCOMMANDS,
        audience: Audience::ServerManagers,
    },
];

impl Bot {
    /// A button press, from its custom_id: parsed, checked against the presser, dispatched to
    /// its flow, and a failure made a reply, here and only here; then the posts due to the
    /// presser (`game/posts_due.rs`).
    pub async fn press(&self, p: &Player, custom_id: &str) -> Reply {
        let action = match ButtonAction::parse(custom_id) {
            Ok(action) => {
                metrics::note_action(action.verb());
                action
            }
            Err(error) => {
                warn!(user = p.user, "{error}");
                metrics::note(Handled::Invalid);
                return private(p.locale, Message::ErrorGeneric);
            }
        };
        if let Some(owner) = action.owner()
            && owner != p.user
        {
            metrics::note(Handled::Foreign);
            return private(
                p.locale,
                match action {
                    ButtonAction::Forget(_) => Message::ForgetNotYours {
                        command: forget::FORGET_COMMAND,
                    },
                    _ => Message::GameNotYours {
                        command: NEW_COMMAND,
                    },
                },
            );
        }
        let answer = match action {
            ButtonAction::Card(at, position) => {
                play::tap(self, p, at, |game| {
                    crate::game::Action::Remove(game.card_at(position))
                })
                .await
            }
            ButtonAction::Draw(at) => play::tap(self, p, at, |_| crate::game::Action::Draw).await,
            ButtonAction::Undo(at) => play::tap(self, p, at, |_| crate::game::Action::Undo).await,
            ButtonAction::Hint(at) => play::hint(self, p, at).await,
            ButtonAction::NewGame(at, rule) => new::new_game_pressed(self, p, at, rule).await,
            ButtonAction::Share(at) => share::share_pressed(self, p, at).await,
            ButtonAction::PlayDeal(code) => new::start_deal(self, p, code).await,
            ButtonAction::StartDeal(at, code) => new::start_deal_over(self, p, at, code).await,
            ButtonAction::StartWinnable(at, rule, modes) => {
                new::start_winnable_over(self, p, at, rule, modes).await
            }
            ButtonAction::Forget(_) => forget::forget_confirmed(self, p).await,
            ButtonAction::StartDaily(at, daily) => {
                daily::start_daily_pressed(self, p, at, daily).await
            }
            ButtonAction::ShareResult(at) => results::share_result_pressed(self, p, at).await,
            ButtonAction::DailyLeaderboard(daily) => {
                results::leaderboard_pressed(self, p, Results::Daily(daily)).await
            }
            ButtonAction::DealLeaderboard(code) => {
                results::leaderboard_pressed(self, p, Results::Deal(code)).await
            }
            ButtonAction::Replay(player, game_id) => {
                history::replay_pressed(self, p, player, game_id).await
            }
            ButtonAction::ChallengeAccept(id) => challenge::accept_pressed(self, p, id).await,
            ButtonAction::ChallengeDecline(id) => challenge::decline_pressed(self, p, id).await,
            ButtonAction::ChallengeJoin(id) => challenge::join_pressed(self, p, id).await,
            ButtonAction::ChallengePlay(id) => challenge_play::play_pressed(self, p, id).await,
            ButtonAction::ChallengeRematch(id) => challenge::rematch_pressed(self, p, id).await,
            ButtonAction::ChallengeTake(at, id) => {
                challenge_play::take_pressed(self, p, at, id).await
            }
            ButtonAction::EventPlay(deal) => event::play_pressed(self, p, deal).await,
            ButtonAction::EventStandings(id) => event::standings_pressed(self, p, id).await,
            ButtonAction::EventTake(at, deal) => event::take_pressed(self, p, at, deal).await,
        };
        // The posts due to the presser (a challenge's result) follow whatever they pressed (not
        // after a store failure: the store would be asked again, for nothing).
        let answer = match answer {
            Ok(reply) => Ok(self.with_posts_due(p, reply).await),
            failed => failed,
        };
        self.reply_or_apology(p, answer)
    }

    /// A component that is not a button (a select menu, a kind Discord may add): none is this
    /// bot's, so it was forged; answered like a forged custom_id.
    pub fn forged_component(&self, p: &Player) -> Reply {
        warn!(user = p.user, "a component that is not a button");
        metrics::note(Handled::Invalid);
        private(p.locale, Message::ErrorGeneric)
    }
}
