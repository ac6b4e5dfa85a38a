//! `/tripeaks stats [user] [rule] [modes]`: a player's statistics as a card picture with its
//! alt text and a one-line summary, over one mode set (the player's default modes when left
//! out): the card says which, and how many games the other mode sets hold. It counts
//! challenges won and lost, and another player's statistics come with the asker's head-to-head
//! record against them.
//!
//! Another player's statistics are shown only if they are public; a bot, a hidden player or a
//! player with no finished game gets a clear line for the asker only.

use poise::serenity_prelude as serenity;

use crate::bot::app::{Answer, Bot, NEW_COMMAND, Player, escape_markdown_within, private};
use crate::bot::command::{SlashCommand, Visibility};
use crate::bot::deferred::answer;
use crate::bot::options::{RuleChoice, modes_option};
use crate::bot::reply::{Delivery, MAX_ALT_TEXT, Picture, Reply};
use crate::bot::wire::{Context, Error};
use crate::game::{DailyNumber, Modes, Rule};
use crate::i18n::{self, Locale, Message};
use crate::render::{Mark, StatsCard, Tile, render_stats};
use crate::stats::{DAY_MS, GameResult, Outcome, Summary, daily_streak};
use crate::store::{PlayerStats, StoreError, UserId};

/// How many of the last games the card's strip shows.
const STRIP_GAMES: usize = 30;

/// The user named in `/tripeaks stats user:` or `/tripeaks history user:`, as Discord resolved
/// them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub user: u64,
    pub name: String,
    pub bot: bool,
}

impl Target {
    pub(super) fn of_user(user: &serenity::User) -> Target {
        Target {
            user: user.id.get(),
            name: user
                .global_name
                .clone()
                .unwrap_or_else(|| user.name.clone()),
            bot: user.bot,
        }
    }
}

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

/// A player's statistics.
#[poise::command(slash_command)]
pub(super) async fn stats(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    rule: Option<RuleChoice>,
    modes: Option<String>,
) -> Result<(), Error> {
    let target = user.as_ref().map(Target::of_user);
    let command = ShowStats {
        target,
        rule: rule.map(Rule::from),
        modes,
    };
    answer(ctx, command).await
}

/// `/tripeaks stats [user] [rule]` with its options read.
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
    const VISIBILITY: Visibility = Visibility::Public;

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        bot.stats(p, self.target, self.rule, self.modes.as_deref())
            .await
    }
}

impl Bot {
    /// The mode set a `modes` option names, or `settings_of`'s default modes when it is left
    /// out; a value that is no mode set is answered with a private line (the `Err`).
    pub(super) async fn modes_asked(
        &self,
        p: &Player,
        typed: Option<&str>,
        settings_of: UserId,
    ) -> Result<Result<Modes, Reply>, StoreError> {
        match typed {
            None => Ok(Ok(self.store.settings(settings_of).await?.default_modes)),
            Some(text) => Ok(modes_option(text).map_err(|_| {
                let input = escape_markdown_within(text, 40);
                private(p.locale, Message::ModesOptionInvalid { input: &input })
            })),
        }
    }

    async fn stats(
        &self,
        p: &Player,
        target: Option<Target>,
        rule: Option<Rule>,
        modes: Option<&str>,
    ) -> Answer {
        let target = match shown_target(self, p, target).await? {
            Ok(target) => target,
            Err(refusal) => return Ok(refusal),
        };
        let modes = match self.modes_asked(p, modes, UserId(target.user)).await? {
            Ok(modes) => modes,
            Err(refusal) => return Ok(refusal),
        };
        let own = target.user == p.user;
        let shown_name = escape_markdown_within(&target.name, 40);
        if own {
            self.remember_name(p).await;
        }
        let now = self.now();
        // One mode set's: scores of different modes are not mixed.
        let since = now.saturating_sub(30 * DAY_MS);
        let stats = self
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
                let record = self.store.head_to_head(p.id(), UserId(target.user)).await?;
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
        let days = self.store.daily_days(UserId(target.user)).await?;
        let today = DailyNumber::of_unix_millis(now).map_or(0, DailyNumber::get);
        let mut view = StatsView::new(p.locale, &target.name, rule, modes, stats);
        view.daily_streak = (!days.is_empty()).then(|| daily_streak(&days, today));
        let (won, lost) = self.store.challenge_record(UserId(target.user)).await?;
        view.challenges = (won + lost > 0).then_some((won, lost));
        let mut text = view.summary(&shown_name);
        if let Some((line, _)) = head_to_head {
            text = format!("{text}\n{line}");
        }
        Ok(Reply {
            delivery: Delivery::NewMessage,
            text,
            picture: Some(view.picture()),
            rows: Vec::new(),
            follow_up: None,
        })
    }
}

/// One player's statistics, ready to be said and drawn in one language.
struct StatsView<'a> {
    locale: Locale,
    name: &'a str,
    scope: String,
    all: Summary,
    /// Games played and won in the last 30 days.
    recent: (u32, u32),
    /// The last games, oldest first.
    strip: Vec<GameResult>,
    /// The daily streak, for players who ever played a daily.
    daily_streak: Option<u32>,
    /// "Counting games with: …", and the games of other mode sets left out.
    modes_lines: Vec<String>,
    /// Challenges won and lost, for players who finished one that was not a tie.
    challenges: Option<(u32, u32)>,
}

impl<'a> StatsView<'a> {
    fn new(
        locale: Locale,
        name: &'a str,
        rule: Option<Rule>,
        modes: Modes,
        stats: PlayerStats,
    ) -> StatsView<'a> {
        let mut modes_lines = vec![
            Message::ModesCounted {
                modes: &i18n::mode_names(locale, modes),
            }
            .text(locale),
        ];
        if stats.other_modes > 0 {
            modes_lines.push(
                Message::StatsOtherModes {
                    count: stats.other_modes,
                }
                .text(locale),
            );
        }
        StatsView {
            modes_lines,
            locale,
            name,
            // The card names the mode set it counts beside the rule.
            scope: format!(
                "{} · {}",
                match rule {
                    Some(rule) => Message::StatsScopeRule {
                        rule: &i18n::rule_name(locale, rule),
                    }
                    .text(locale),
                    None => Message::StatsScopeAll.text(locale),
                },
                i18n::mode_names(locale, modes)
            ),
            all: stats.totals.summary(),
            recent: (stats.recent_played, stats.recent_won),
            strip: stats.last_games,
            daily_streak: None,
            challenges: None,
        }
    }

    /// The one-line summary; `shown_name` is the name made safe for a message.
    fn summary(&self, shown_name: &str) -> String {
        let mut lines = vec![i18n::summary_line(self.locale, shown_name, &self.all)];
        lines.extend(i18n::win_times(self.locale, &self.all));
        lines.extend(self.modes_lines.iter().cloned());
        lines.join("\n")
    }

    fn details(&self) -> [String; 4] {
        let s = &self.all;
        [
            i18n::optional_number(s.average_won_score),
            i18n::optional_number(s.fewest_moves_won),
            i18n::known_text(self.locale, s.longest_chain),
            i18n::known_text(self.locale, s.hints_used),
        ]
    }

    fn picture(&self) -> Picture {
        let (locale, s) = (self.locale, &self.all);
        let [average, fewest, chain, hints] = self.details();
        let tile = |value: String, label: Message, note: Option<String>| Tile {
            value,
            label: label.text(locale),
            note,
        };
        let card = StatsCard {
            title: Message::StatsCardTitle { name: self.name }.text(locale),
            scope: self.scope.clone(),
            tiles: [
                tile(s.played.to_string(), Message::StatsCardPlayed, None),
                tile(
                    format!("{} %", s.win_percent()),
                    Message::StatsCardWinRate,
                    None,
                ),
                tile(
                    s.current_streak.to_string(),
                    Message::StatsCardStreak,
                    Some(
                        Message::StatsCardBestStreak {
                            count: s.best_streak,
                        }
                        .text(locale),
                    ),
                ),
                tile(
                    i18n::optional_number(s.best_score),
                    Message::StatsCardBestScore,
                    None,
                ),
            ],
            lines: vec![
                Message::StatsCardOutcomes {
                    won: s.won,
                    blocked: s.blocked,
                    abandoned: s.abandoned,
                }
                .text(locale),
                Message::StatsCardDetails {
                    average: &average,
                    fewest: &fewest,
                    chain: &chain,
                    hints: &hints,
                }
                .text(locale),
                self.recent_line(),
            ],
            strip_label: Message::StatsCardRecent {
                count: self.strip.len(),
            }
            .text(locale),
            times: i18n::win_times(locale, s),
            strip: self
                .strip
                .iter()
                .map(|g| {
                    let mark = match g.outcome {
                        Outcome::Won => Mark::Won,
                        Outcome::Blocked => Mark::Blocked,
                        Outcome::Abandoned => Mark::Abandoned,
                    };
                    (mark, g.score)
                })
                .collect(),
        };
        Picture {
            png: render_stats(&card),
            alt: self.alt_text(),
        }
    }

    /// The last 30 days, and the daily streak if there is one.
    fn recent_line(&self) -> String {
        let recent = Message::StatsCardLast30Days {
            played: self.recent.0,
            won: self.recent.1,
        }
        .text(self.locale);
        let recent = match self.daily_streak {
            Some(count) => format!(
                "{recent} · {}",
                Message::StatsCardDailyStreak { count }.text(self.locale)
            ),
            None => recent,
        };
        match self.challenges_text() {
            Some(challenges) => format!("{recent} · {challenges}"),
            None => recent,
        }
    }

    /// "Challenges: 3 won, 2 lost", for a player who has finished challenges.
    fn challenges_text(&self) -> Option<String> {
        self.challenges
            .map(|(won, lost)| Message::StatsChallenges { won, lost }.text(self.locale))
    }

    /// The card in words, cut to Discord's limit for alt text.
    fn alt_text(&self) -> String {
        let s = &self.all;
        let [average, fewest, chain, hints] = self.details();
        let alt = Message::StatsAlt {
            name: self.name,
            scope: &self.scope,
            played: s.played,
            won: s.won,
            blocked: s.blocked,
            abandoned: s.abandoned,
            percent: s.win_percent(),
            streak: s.current_streak,
            best_streak: s.best_streak,
            best: &i18n::optional_number(s.best_score),
            average: &average,
            fewest: &fewest,
            chain: &chain,
            hints: &hints,
            recent_played: self.recent.0,
            recent_won: self.recent.1,
            strip: &i18n::results_in_words(self.locale, &self.strip),
        }
        .text(self.locale);
        let alt = match self.daily_streak {
            Some(count) => format!("{alt} {}", Message::DailyStreak { count }.text(self.locale)),
            None => alt,
        };
        let alt = match self.challenges_text() {
            Some(challenges) => format!("{alt} {challenges}."),
            None => alt,
        };
        // The times the card draws beside the strip are read out too, and the modes counted.
        let alt = match i18n::win_times(self.locale, s) {
            Some(times) => format!("{alt} {times}"),
            None => alt,
        };
        let alt = format!("{alt} {}", self.modes_lines.join(" "));
        if alt.chars().count() <= MAX_ALT_TEXT {
            alt
        } else {
            alt.chars().take(MAX_ALT_TEXT - 1).collect::<String>() + "…"
        }
    }
}
