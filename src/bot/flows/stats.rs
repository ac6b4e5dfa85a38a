//! `/tripeaks stats [user] [rule] [modes]`: a player's statistics as a card picture with its
//! alt text and a one-line summary, over one mode set (the player's default modes when left
//! out): the card says which, and how many games the other mode sets hold. It counts
//! challenges won and lost, and another player's statistics come with the asker's head-to-head
//! record against them.
//!
//! Another player's statistics are shown only if they are public; a bot, a hidden player or a
//! player with no finished game gets a clear line for the asker only.

use crate::bot::flows::choices::modes_asked;
use crate::bot::flows::stats_card::StatsView;
use crate::bot::game::bot::{
    Answer, Bot, NEW_COMMAND, Player, escape_markdown_within, off_the_async_threads, private,
};
use crate::bot::game::budget::Work;
use crate::bot::game::declaration::{OptionDecl, Options, Target, Unreadable};
use crate::bot::game::options::{MODE_SET, RULE, USER, read_rule};
use crate::bot::game::reply::{Delivery, Picture, Reply};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::game::{DailyNumber, Rule};
use crate::i18n::{self, Message};
use crate::render::render_stats;
use crate::stats::{DAY_MS, daily_streak};
use crate::store::{StoreError, UserId};

/// How many of the last games the card's strip shows.
const STRIP_GAMES: usize = 30;

/// Whose numbers a command shows: the asker's when `target` is left out. A bot, or another
/// player who is hidden, is answered with a private line for the asker (the `Err`).
pub(super) async fn shown_target(
    bot: &Bot,
    p: &Player,
    target: Option<Target>,
) -> Result<Result<Target, Reply>, StoreError> {
    let target = target.unwrap_or_else(|| Target {
        user: p.user,
        name: p.name.clone(),
        bot: false,
    });
    if target.bot {
        return Ok(Err(private(p.locale, Message::StatsBot)));
    }
    if target.user != p.user && !bot.store.settings(UserId(target.user)).await?.public {
        let name = escape_markdown_within(&target.name, 40);
        return Ok(Err(private(p.locale, Message::StatsHidden { name: &name })));
    }
    Ok(Ok(target))
}

/// `/tripeaks stats [user] [rule] [modes]` with its options read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShowStats {
    /// Whose statistics: the asker's when left out.
    pub target: Option<Target>,
    /// Only the games of this rule.
    pub rule: Option<Rule>,
    /// The mode set, as typed (letters, or `standard`); the player's default modes when left
    /// out.
    pub modes: Option<String>,
}

impl SlashCommand for ShowStats {
    const NAME: &'static str = "stats";
    const VISIBILITY: Visibility = Visibility::Public;

    fn options() -> Vec<OptionDecl> {
        vec![USER.declared(), RULE.declared(), MODE_SET.declared()]
    }

    fn parse(o: &Options) -> Result<ShowStats, Unreadable> {
        Ok(ShowStats {
            target: o.get(&USER)?,
            rule: read_rule(o)?,
            modes: o.get(&MODE_SET)?,
        })
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        stats_of(bot, p, self.target, self.rule, self.modes.as_deref()).await
    }
}

async fn stats_of(
    bot: &Bot,
    p: &Player,
    target: Option<Target>,
    rule: Option<Rule>,
    modes: Option<&str>,
) -> Answer {
    let target = match shown_target(bot, p, target).await? {
        Ok(target) => target,
        Err(refusal) => return Ok(refusal),
    };
    let modes = match modes_asked(bot, p, modes, UserId(target.user)).await? {
        Ok(modes) => modes,
        Err(refusal) => return Ok(refusal),
    };
    let own = target.user == p.user;
    let shown_name = escape_markdown_within(&target.name, 40);
    if own {
        bot.remember_name(p).await;
    }
    let now = bot.now();
    // One mode set's: scores of different modes are not mixed.
    let since = now.saturating_sub(30 * DAY_MS);
    let stats = bot
        .store
        .player_stats(
            UserId(target.user),
            &modes.letters(),
            rule,
            since,
            STRIP_GAMES,
        )
        .await?;
    // Between the asker and the player asked about: their duels.
    let head_to_head = match own {
        true => None,
        false => {
            let record = bot.store.head_to_head(p.id(), UserId(target.user)).await?;
            let asker = escape_markdown_within(&p.name, 40);
            let line = i18n::head_to_head_line(p.locale, &asker, &shown_name, record);
            Some((line, record.played()))
        }
    };
    if stats.totals.played == 0 && stats.other_modes > 0 {
        let names = i18n::mode_names(p.locale, modes);
        let mut none = private(
            p.locale,
            Message::StatsNoneModes {
                modes: &names,
                others: stats.other_modes,
            },
        );
        if let Some((line, played)) = &head_to_head
            && *played > 0
        {
            none.text = format!("{}\n{line}", none.text);
        }
        return Ok(none);
    }
    if stats.totals.played == 0 {
        let rule_name = rule.map(|r| i18n::rule_name(p.locale, r));
        let mut none = private(
            p.locale,
            match (&rule_name, own) {
                (Some(rule), _) => Message::StatsNoneRule { rule },
                (None, true) => Message::StatsNoneSelf {
                    command: NEW_COMMAND,
                },
                (None, false) => Message::StatsNoneOther { name: &shown_name },
            },
        );
        // No game of their own yet, but duels against the asker (a forfeit counts).
        if let Some((line, played)) = &head_to_head
            && *played > 0
        {
            none.text = format!("{}\n{line}", none.text);
        }
        return Ok(none);
    }
    let days = bot.store.daily_days(UserId(target.user)).await?;
    let today = DailyNumber::of_unix_millis(now).map_or(0, DailyNumber::get);
    let mut view = StatsView::new(p.locale, &target.name, rule, modes, stats);
    view.daily_streak = (!days.is_empty()).then(|| daily_streak(&days, today));
    let (won, lost) = bot.store.challenge_record(UserId(target.user)).await?;
    view.challenges = (won + lost > 0).then_some((won, lost));
    view.events = bot.store.event_record(UserId(target.user)).await?;
    let mut text = view.summary(&shown_name);
    if let Some((line, _)) = head_to_head {
        text = format!("{text}\n{line}");
    }
    let (card, alt) = (view.card(), view.alt_text());
    let permit = match bot.spend(p, Work::Card).await {
        Ok(permit) => permit,
        Err(refusal) => return Ok(refusal),
    };
    let png = off_the_async_threads(move || render_stats(&card)).await;
    drop(permit);
    Ok(Reply {
        delivery: Delivery::NewMessage,
        text,
        picture: Some(Picture { png, alt }),
        rows: Vec::new(),
        follow_up: None,
        announces: None,
        opens: None,
        posts_due: None,
    })
}
