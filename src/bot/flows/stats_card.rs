//! The statistics of `/tripeaks stats` as one viewer's language says and draws them: the
//! one-line summary, the card picture (tiles, the strip of last games, the daily streak, the
//! challenges won and lost) and its alt text. Pure: from the store's numbers to text and a
//! picture.

use crate::bot::game::reply::MAX_ALT_TEXT;
use crate::game::{Modes, Rule};
use crate::i18n::{self, Locale, Message};
use crate::render::{Mark, StatsCard, Tile};
use crate::stats::{GameResult, Outcome, Summary};
use crate::store::PlayerStats;

/// One player's statistics, ready to be said and drawn in one language.
pub(super) struct StatsView<'a> {
    locale: Locale,
    name: &'a str,
    scope: String,
    all: Summary,
    /// Games played and won in the last 30 days.
    recent: (u32, u32),
    /// The last games, oldest first.
    strip: Vec<GameResult>,
    /// The daily streak, for players who ever played a daily.
    pub(super) daily_streak: Option<u32>,
    /// "Counting games with: …", and the games of other mode sets left out.
    modes_lines: Vec<String>,
    /// Challenges won and lost, for players who finished one that was not a tie.
    pub(super) challenges: Option<(u32, u32)>,
    /// Server events won and finished on the podium, for a player who played one that ended.
    pub(super) events: Option<(u32, u32)>,
}

impl<'a> StatsView<'a> {
    pub(super) fn new(
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
            events: None,
        }
    }

    /// The one-line summary; `shown_name` is the name made safe for a message.
    pub(super) fn summary(&self, shown_name: &str) -> String {
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

    /// The card to draw (`render_stats`, off the async threads: milliseconds); its alt text is
    /// [`StatsView::alt_text`].
    pub(super) fn card(&self) -> StatsCard {
        let (locale, s) = (self.locale, &self.all);
        let [average, fewest, chain, hints] = self.details();
        let tile = |value: String, label: Message, note: Option<String>| Tile {
            value,
            label: label.text(locale),
            note,
        };
        StatsCard {
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

    /// "Challenges: 3 won, 2 lost", for a player who has finished challenges; "Events: 1 won,
    /// 2 on the podium", for one who played an event that ended.
    fn challenges_text(&self) -> Option<String> {
        let challenges = self
            .challenges
            .map(|(won, lost)| Message::StatsChallenges { won, lost }.text(self.locale));
        let events = self
            .events
            .map(|(wins, podiums)| Message::StatsEvents { wins, podiums }.text(self.locale));
        match (challenges, events) {
            (Some(challenges), Some(events)) => Some(format!("{challenges} · {events}")),
            (one, other) => one.or(other),
        }
    }

    /// The card in words, cut to Discord's limit for alt text.
    pub(super) fn alt_text(&self) -> String {
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
