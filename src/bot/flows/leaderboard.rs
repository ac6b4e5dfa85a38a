//! `/tripeaks leaderboard [period] [by] [date] [modes]`: this server's leaderboard of one mode
//! set (the asker's default modes when left out; the board says which, and how many of the
//! asker's games in other modes it leaves out), the first ten and the asker's own place; in
//! direct messages, the asker's own results (leaderboards are per server). `period:daily` or a
//! `date` shows a daily's leaderboard (`results.rs`).
//!
//! Names are the ones players were last seen with, shown as escaped text (never a mention); a
//! hidden player is left out for everyone but themselves (`stats::rank`).

use crate::bot::flows::choices::modes_asked;
use crate::bot::flows::results::daily_leaderboard;
use crate::bot::game::bot::{Answer, Bot, NEW_COMMAND, Player, escape_markdown_within};
use crate::bot::game::declaration::{Opt, OptionDecl, Options, Unreadable};
use crate::bot::game::options::{MODE_SET, MetricChoice, PeriodChoice};
use crate::bot::game::reply::{Delivery, Reply};
use crate::bot::game::slash_command::{SlashCommand, Visibility};
use crate::game::Modes;
use crate::i18n::{self, Message};
use crate::stats::{Board, GameResult, Metric, Period, Ranked, Summary};
use crate::store::BoardKey;

/// How many places a leaderboard lists.
const TOP: usize = 10;

/// Over which games: a period of time, or the daily's.
const PERIOD: Opt<PeriodChoice> = Opt::choice("period");
/// What the board ranks by.
const BY: Opt<MetricChoice> = Opt::choice("by");
/// A daily's date, as typed (YYYY-MM-DD).
const DATE: Opt<String> = Opt::string("date");

/// `/tripeaks leaderboard` with its options read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShowLeaderboard {
    /// The server's, over a period (this week when left out), by a metric (wins when left out),
    /// of a mode set as typed (the asker's default modes when left out).
    Server {
        period: Period,
        metric: Metric,
        modes: Option<String>,
    },
    /// A daily's (today's, or that of the date typed as YYYY-MM-DD).
    Daily { date: Option<String> },
}

impl ShowLeaderboard {
    /// The command its options ask for: a daily's board when the period is "daily" or a date
    /// is given, else the server's.
    pub fn from_options(
        period: Option<PeriodChoice>,
        by: Option<MetricChoice>,
        date: Option<String>,
        modes: Option<String>,
    ) -> ShowLeaderboard {
        let metric = by.map_or(Metric::Wins, Metric::from);
        match (period, date) {
            (Some(PeriodChoice::Daily), date) | (_, date @ Some(_)) => {
                ShowLeaderboard::Daily { date }
            }
            (period, None) => ShowLeaderboard::Server {
                period: period
                    .and_then(PeriodChoice::period)
                    .unwrap_or(Period::Week),
                metric,
                modes,
            },
        }
    }
}

impl SlashCommand for ShowLeaderboard {
    const NAME: &'static str = "leaderboard";
    const VISIBILITY: Visibility = Visibility::Public;

    fn options() -> Vec<OptionDecl> {
        vec![
            PERIOD.declared(),
            BY.declared(),
            DATE.declared(),
            MODE_SET.declared(),
        ]
    }

    fn parse(o: &Options) -> Result<ShowLeaderboard, Unreadable> {
        Ok(ShowLeaderboard::from_options(
            o.get(&PERIOD)?,
            o.get(&BY)?,
            o.get(&DATE)?,
            o.get(&MODE_SET)?,
        ))
    }

    async fn run(self, bot: &Bot, p: &Player) -> Answer {
        match self {
            ShowLeaderboard::Server {
                period,
                metric,
                modes,
            } => server_leaderboard(bot, p, period, metric, modes.as_deref()).await,
            ShowLeaderboard::Daily { date } => daily_leaderboard(bot, p, date.as_deref()).await,
        }
    }
}

/// A server's leaderboard over `period`, ranked by `metric`, of the mode set `modes`
/// names.
async fn server_leaderboard(
    bot: &Bot,
    p: &Player,
    period: Period,
    metric: Metric,
    modes: Option<&str>,
) -> Answer {
    let now = bot.now();
    let window = period.window(now);
    let period_name = i18n::period_name(p.locale, period);
    let modes = match modes_asked(bot, p, modes, p.id()).await? {
        Ok(modes) => modes,
        Err(refusal) => return Ok(refusal),
    };
    let Some(guild) = p.guild else {
        return own_results(bot, p, period, modes).await;
    };
    bot.remember_name(p).await;
    // One mode set's board (the scores of different modes are not mixed).
    let letters = modes.letters();
    let key = BoardKey {
        guild,
        modes: &letters,
        period,
    };
    let board = bot.store.board(key, now, metric, p.user, TOP).await?;
    let counted = Message::ModesCounted {
        modes: &i18n::mode_names(p.locale, modes),
    }
    .text(p.locale);
    let others = bot.store.games_in_other_modes(key, now, p.user).await?;
    let others = (others > 0).then(|| Message::BoardOtherModes { count: others }.text(p.locale));
    if board.players == 0 {
        let empty = Message::BoardEmpty {
            period: &period_name,
            command: NEW_COMMAND,
        }
        .text(p.locale);
        let lines: Vec<String> = [empty, counted].into_iter().chain(others).collect();
        return Ok(Reply::ephemeral(lines.join("\n")));
    }
    let mut lines = vec![
        Message::BoardTitle {
            period: &period_name,
            metric: &i18n::metric_name(p.locale, metric),
        }
        .text(p.locale),
        counted,
    ];
    lines.extend(board.top.iter().map(|r| line(p, &board, r)));
    if let Some(viewer) = &board.viewer {
        lines.push(Message::BoardYourPlace.text(p.locale));
        lines.push(line(p, &board, viewer));
    }
    lines.push(
        Message::BoardPlayers {
            count: board.players,
        }
        .text(p.locale),
    );
    lines.extend(others);
    if let Some(resets_at) = window.resets_at {
        let when = i18n::duration(p.locale, resets_at - now);
        lines.push(
            match period {
                Period::Month => Message::BoardResetsMonth { when: &when },
                _ => Message::BoardResetsWeek { when: &when },
            }
            .text(p.locale),
        );
    }
    Ok(Reply {
        delivery: Delivery::NewMessage,
        text: lines.join("\n"),
        picture: None,
        rows: Vec::new(),
        follow_up: None,
        announces: None,
        opens: None,
        posts_due: None,
    })
}

/// In direct messages: the player's own results in the period, with why there is no board.
async fn own_results(bot: &Bot, p: &Player, period: Period, modes: Modes) -> Answer {
    let window = period.window(bot.now());
    // All time from the running totals; a week or a month from that window's games only.
    let summary = if period == Period::All {
        bot.store
            .player_totals(p.id(), &modes.letters(), None)
            .await?
            .summary()
    } else {
        let games: Vec<GameResult> = bot
            .store
            .finished_between(p.id(), window.from, window.to)
            .await?
            .iter()
            .filter(|g| g.modes == modes)
            .map(|g| g.result())
            .collect();
        Summary::of(&games)
    };
    let mut lines = vec![Message::BoardDm.text(p.locale)];
    if summary.played == 0 {
        lines.push(
            Message::BoardDmNone {
                period: &i18n::period_name(p.locale, period),
            }
            .text(p.locale),
        );
    } else {
        let name = escape_markdown_within(&p.name, 32);
        lines.push(i18n::summary_line(p.locale, &name, &summary));
    }
    Ok(Reply::ephemeral(lines.join("\n")))
}

/// One place on the board, as the viewer reads it.
fn line(p: &Player, board: &Board, ranked: &Ranked) -> String {
    let s = &ranked.standing;
    let name = match (&s.name, s.public) {
        (_, false) => Message::BoardHiddenPlayer.text(p.locale),
        (Some(name), true) => escape_markdown_within(name, 32),
        (None, true) => Message::BoardUnknownPlayer.text(p.locale),
    };
    let name = if s.user == p.user {
        Message::BoardYou { name: &name }.text(p.locale)
    } else {
        name
    };
    let rank = ranked.rank;
    match board.metric {
        Metric::Wins => Message::BoardLineWins {
            rank,
            name: &name,
            wins: s.wins,
            games: s.games,
        },
        Metric::Best => Message::BoardLineBest {
            rank,
            name: &name,
            score: s.best_score,
        },
        Metric::Streak => Message::BoardLineStreak {
            rank,
            name: &name,
            streak: s.best_streak,
        },
    }
    .text(p.locale)
}
