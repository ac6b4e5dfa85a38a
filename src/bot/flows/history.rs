//! `/tripeaks history [user]`: a player's last finished games, newest first, each with a
//! Replay button; and the replay itself, an animated GIF drawn off the async threads.
//!
//! Another player's history is shown only if they are public, and so is a replay of one of
//! their games. Spoilers: a game of today's daily is replayed privately (ephemeral) until the
//! day is over; a game of a challenge still being played likewise until the challenge is over
//! (its code hidden in the list, and no replay at all for its players who have not finished);
//! any other replay is posted to the channel.

use tracing::{error, warn};

use crate::bot::flows::stats::shown_target;
use crate::bot::game::bot::{Answer, Bot, NEW_COMMAND, Player, escape_markdown_within, private};
use crate::bot::game::budget::Work;
use crate::bot::game::custom_id::ButtonAction;
use crate::bot::game::declaration::{OptionDecl, Options, Target, Unreadable};
use crate::bot::game::kinds::{ReplaySeen, deal_secret, replay_seen, secret_reason};
use crate::bot::game::limits::ReplayRefused;
use crate::bot::game::options::USER;
use crate::bot::game::reply::{
    Button, ButtonStyle, Delivery, MAX_ALT_TEXT, MAX_CONTENT, Picture, Reply,
};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::bot::ops::metrics::{self, Handled};
use crate::i18n::{self, Message};
use crate::render::{positions_of, replay};
use crate::store::{FinishedGame, StoreError, UserId};

/// How many games the history lists (two rows of five Replay buttons).
pub const HISTORY_GAMES: u32 = 10;

/// `/tripeaks history [user]` with its option read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShowHistory {
    /// Whose history: the asker's when left out.
    pub target: Option<Target>,
}

impl SlashCommand for ShowHistory {
    const NAME: &'static str = "history";
    const VISIBILITY: Visibility = Visibility::Public;

    fn options() -> Vec<OptionDecl> {
        vec![USER.declared()]
    }

    fn parse(o: &Options) -> Result<ShowHistory, Unreadable> {
        Ok(ShowHistory {
            target: o.get(&USER)?,
        })
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        history_of(bot, p, self.target).await
    }
}

async fn history_of(bot: &Bot, p: &Player, target: Option<Target>) -> Answer {
    let target = match shown_target(bot, p, target).await? {
        Ok(target) => target,
        Err(refusal) => return Ok(refusal),
    };
    let own = target.user == p.user;
    let shown_name = escape_markdown_within(&target.name, 40);
    let games = bot
        .store
        .recent_finished(UserId(target.user), HISTORY_GAMES)
        .await?;
    if games.is_empty() {
        return Ok(private(
            p.locale,
            if own {
                Message::HistoryNoneSelf {
                    command: NEW_COMMAND,
                }
            } else {
                Message::HistoryNoneOther { name: &shown_name }
            },
        ));
    }
    let title = Message::HistoryTitle { name: &shown_name }.text(p.locale);
    let mut games = games;
    let mut buttons = Vec::new();
    for (i, game) in games.iter_mut().enumerate() {
        // A challenge still being played keeps its deal's code to itself.
        if deal_secret(bot, game.kind).await? {
            game.code = None;
        }
        if game.replayable {
            buttons.push(Button {
                action: ButtonAction::Replay(target.user, game.game_id),
                label: Message::ButtonReplay { number: i + 1 }.text(p.locale),
                style: ButtonStyle::Secondary,
                disabled: false,
            });
        }
    }
    // The player's times over all their standard games, as `/tripeaks stats` counts them.
    let totals = bot
        .store
        .player_totals(UserId(target.user), "", None)
        .await?;
    let times = i18n::win_times(p.locale, &totals.summary());
    Ok(Reply {
        delivery: Delivery::NewMessage,
        text: history_text(p, &title, &games, times.as_deref()),
        picture: None,
        rows: buttons.chunks(5).map(<[Button]>::to_vec).collect(),
        follow_up: None,
        announces: None,
        opens: None,
        posts_due: None,
    })
}

/// A Replay button: the game's animation, if the presser may see it and it was kept.
pub(super) async fn replay_pressed(bot: &Bot, p: &Player, player: u64, game_id: i64) -> Answer {
    if player != p.user && !bot.store.settings(UserId(player)).await?.public {
        warn!(user = p.user, player, "a replay of a hidden player's game");
        return Ok(private(p.locale, Message::HistoryNotFound));
    }
    let kept = match bot.store.finished_replay(UserId(player), game_id).await {
        Ok(kept) => kept,
        // The owner's record is damaged: said as it is, to whoever pressed, and logged
        // with both (never as the presser's own game).
        Err(error @ StoreError::CorruptRecord { .. }) => {
            error!(
                user = p.user,
                player, game_id, "a replay of a damaged record: {error}"
            );
            return Ok(private(p.locale, Message::HistoryReplayDamaged));
        }
        Err(error) => return Err(error),
    };
    let Some((finished, game)) = kept else {
        warn!(
            user = p.user,
            player, game_id, "a replay of no finished game"
        );
        return Ok(private(p.locale, Message::HistoryNotFound));
    };
    let Some(game) = game else {
        return Ok(private(p.locale, Message::HistoryNoReplay));
    };
    // Whether it would spoil a deal still being played is the game's kind's to say (a
    // challenge's players who have not finished never see it; today's daily only privately).
    let seen = replay_seen(bot, p, finished.kind).await?;
    if seen == ReplaySeen::Refused {
        return Ok(Reply::ephemeral(secret_reason(finished.kind, p.locale)));
    }
    let code = finished
        .code
        .map_or_else(|| "–".to_string(), |c| c.to_string());
    let outcome = i18n::outcome_word(p.locale, finished.outcome);
    let actions = game.played().len();
    // Bounded: the player's budget (`budget.rs`), a few at once in the process, one per game
    // and channel, one per player (`limits.rs`); both are let go once the GIF is made.
    let permit = match bot.spend(p, Work::Replay).await {
        Ok(permit) => permit,
        Err(refusal) => return Ok(refusal),
    };
    let ticket = match bot.limits.replay(p.user, p.channel, game_id).await {
        Ok(ticket) => ticket,
        Err(refused) => {
            metrics::note(Handled::Refused);
            warn!(user = p.user, game_id, ?refused, "a replay not drawn now");
            return Ok(private(
                p.locale,
                match refused {
                    ReplayRefused::AlreadyComing => Message::ReplayComing,
                    ReplayRefused::Busy => Message::ReplayBusy,
                },
            ));
        }
    };
    let encoded = tokio::task::spawn_blocking(move || replay(&positions_of(&game))).await;
    drop((ticket, permit));
    let gif = match encoded {
        Ok(gif) => gif,
        Err(error) => {
            warn!(
                user = p.user,
                game_id, "the replay could not be drawn: {error}"
            );
            return Ok(private(p.locale, Message::ErrorGeneric));
        }
    };
    let alt = Message::ReplayAlt {
        code: &code,
        outcome: &outcome,
        score: finished.score,
        actions,
    }
    .text(p.locale);
    Ok(Reply {
        delivery: match seen {
            ReplaySeen::Public => Delivery::NewMessage,
            ReplaySeen::Privately | ReplaySeen::Refused => Delivery::Ephemeral,
        },
        text: Message::ReplayText {
            code: &code,
            outcome: &outcome,
            score: finished.score,
        }
        .text(p.locale),
        picture: Some(Picture {
            png: gif,
            alt: alt.chars().take(MAX_ALT_TEXT).collect(),
        }),
        rows: Vec::new(),
        follow_up: None,
        announces: None,
        opens: None,
        posts_due: None,
    })
}

/// The history's message: its title, a line per game, and the win times, within Discord's
/// 2,000 characters whatever the games. Each line names its modes in words while the whole
/// fits; past that, by their letters (the code after them spells them the same way), which
/// keeps ten games of every mode set in every language well inside the limit
/// (`the_history_fits_discord_whatever_the_games`).
fn history_text(p: &Player, title: &str, games: &[FinishedGame], times: Option<&str>) -> String {
    let text = |modes: ModesShown| {
        let lines = games
            .iter()
            .enumerate()
            .map(|(i, game)| history_line(p, i + 1, game, modes));
        std::iter::once(title.to_string())
            .chain(lines)
            .chain(times.map(str::to_string))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let worded = text(ModesShown::Words);
    if worded.chars().count() <= MAX_CONTENT {
        worded
    } else {
        text(ModesShown::Letters)
    }
}

/// How a history line names its game's modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ModesShown {
    /// "Aisleriot scoring, Multiplier, …" in the player's language.
    Words,
    /// "AMPOWJT", as in the deal's code.
    Letters,
}

/// One game of the history, in the player's language.
fn history_line(p: &Player, number: usize, game: &FinishedGame, shown: ModesShown) -> String {
    let seconds = game.result().finished_at / 1000;
    let modes = match shown {
        ModesShown::Words => i18n::mode_names(p.locale, game.modes),
        ModesShown::Letters => game.modes.letters(),
    };
    let modes = if modes.is_empty() {
        modes
    } else {
        format!(" + {modes}")
    };
    Message::HistoryLine {
        number,
        date: &format!("<t:{seconds}:d>"),
        rule: &i18n::rule_name(p.locale, game.rule),
        modes: &modes,
        outcome: &i18n::outcome_word(p.locale, game.outcome),
        score: game.score,
        moves: game.moves,
        time: &game
            .duration_millis
            .map_or_else(|| "–".to_string(), i18n::game_time),
        code: &game.code.map_or_else(|| "–".to_string(), |c| c.to_string()),
    }
    .text(p.locale)
}
