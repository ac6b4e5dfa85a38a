//! `/tripeaks leaderboard [period] [by]`: this server's board, the first ten and the asker's
//! own place; in direct messages, the asker's own results (boards are per server).
//!
//! Names are the ones players were last seen with, shown as escaped text (never a mention); a
//! hidden player is left out for everyone but themselves (`stats::rank`).

use super::{Bot, NEW_COMMAND, Player, escape_markdown_within, private};
use crate::bot::reply::{Delivery, Reply};
use crate::i18n::{self, Message};
use crate::stats::{Board, GameResult, Metric, Period, Ranked, Summary, rank};
use crate::store::StoreError;

/// How many places a board lists.
const TOP: usize = 10;

impl Bot {
    /// `/tripeaks leaderboard [period] [by]` (this week by wins when left out).
    pub async fn leaderboard(&self, p: &Player, period: Period, metric: Metric) -> Reply {
        let result = self.try_leaderboard(p, period, metric).await;
        self.or_apology(p, result)
    }

    async fn try_leaderboard(
        &self,
        p: &Player,
        period: Period,
        metric: Metric,
    ) -> Result<Reply, StoreError> {
        let now = self.now();
        let window = period.window(now);
        let period_name = i18n::period_name(p.locale, period);
        let Some(guild) = p.guild else {
            return self.own_results(p, period).await;
        };
        self.remember_name(p).await;
        let standings = self
            .store
            .period_standings(guild, period, now, metric)
            .await?;
        let board = rank(standings, metric, p.user, TOP);
        if board.players == 0 {
            return Ok(private(
                p.locale,
                Message::BoardEmpty {
                    period: &period_name,
                    command: NEW_COMMAND,
                },
            ));
        }
        let mut lines = vec![
            Message::BoardTitle {
                period: &period_name,
                metric: &i18n::metric_name(p.locale, metric),
            }
            .text(p.locale),
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
        })
    }

    /// In direct messages: the player's own results in the period, with why there is no board.
    async fn own_results(&self, p: &Player, period: Period) -> Result<Reply, StoreError> {
        let window = period.window(self.now());
        let games: Vec<GameResult> = self
            .store
            .finished_games(p.id())
            .await?
            .iter()
            .filter(|g| g.modes.is_standard())
            .map(|g| g.result())
            .filter(|g| window.from <= g.finished_at && g.finished_at < window.to)
            .collect();
        let mut lines = vec![Message::BoardDm.text(p.locale)];
        if games.is_empty() {
            lines.push(
                Message::BoardDmNone {
                    period: &i18n::period_name(p.locale, period),
                }
                .text(p.locale),
            );
        } else {
            let name = escape_markdown_within(&p.name, 32);
            lines.push(i18n::summary_line(p.locale, &name, &Summary::of(&games)));
        }
        Ok(Reply::ephemeral(lines.join("\n")))
    }
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
