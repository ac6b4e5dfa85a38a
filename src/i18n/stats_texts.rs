//! Texts built from statistics values: durations ("2 days"), period and metric names, numbers
//! that older records may lack, and the list of last games for the stats card's alt text.

use super::locale::Locale;
use super::messages::Message;
use crate::stats::{GameResult, Known, Metric, Outcome, Period, Summary};

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;
const DAY_MS: i64 = 24 * HOUR_MS;

/// A time left, in the largest whole unit: "2 days", "5 hours", "1 minute" (at least 1 minute).
pub fn duration(locale: Locale, millis: i64) -> String {
    let millis = millis.max(0);
    if millis >= DAY_MS {
        Message::DurationDays {
            count: millis / DAY_MS,
        }
    } else if millis >= HOUR_MS {
        Message::DurationHours {
            count: millis / HOUR_MS,
        }
    } else {
        Message::DurationMinutes {
            count: (millis / MINUTE_MS).max(1),
        }
    }
    .text(locale)
}

/// A game's time as a clock shows it, the same in every language: `3:07`, `1:02:45`.
pub fn game_time(millis: u64) -> String {
    let seconds = millis / 1000;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

/// "Fastest win 2:41 · average winning time 4:05", when some won game kept its time.
pub fn win_times(locale: Locale, summary: &Summary) -> Option<String> {
    let (fastest, average) = (summary.fastest_win_millis?, summary.average_win_millis?);
    Some(
        Message::HistoryTimes {
            fastest: &game_time(fastest),
            average: &game_time(average),
        }
        .text(locale),
    )
}

/// "this week", "this month", "all time".
pub fn period_name(locale: Locale, period: Period) -> String {
    match period {
        Period::Week => Message::BoardPeriodWeek,
        Period::Month => Message::BoardPeriodMonth,
        Period::All => Message::BoardPeriodAll,
    }
    .text(locale)
}

/// "wins", "best score", "win streak".
pub fn metric_name(locale: Locale, metric: Metric) -> String {
    match metric {
        Metric::Wins => Message::BoardMetricWins,
        Metric::Best => Message::BoardMetricBest,
        Metric::Streak => Message::BoardMetricStreak,
    }
    .text(locale)
}

/// A number older records may lack: "12", "at least 12", or "unknown".
pub fn known_text(locale: Locale, value: Known) -> String {
    match value {
        Known::Exactly(value) => value.to_string(),
        Known::AtLeast(value) => Message::StatsAtLeast { value }.text(locale),
        Known::Unknown => Message::StatsUnknown.text(locale),
    }
}

/// A number that exists only with some games (a best score, an average): the number or "—".
pub fn optional_number(value: Option<u32>) -> String {
    value.map_or_else(|| "—".to_string(), |value| value.to_string())
}

/// "won 741, blocked 450, …" for the last games, oldest first.
pub fn results_in_words(locale: Locale, games: &[GameResult]) -> String {
    games
        .iter()
        .map(|g| {
            let score = g.score;
            match g.outcome {
                Outcome::Won => Message::StatsStripWon { score },
                Outcome::Blocked => Message::StatsStripBlocked { score },
                Outcome::Abandoned => Message::StatsStripAbandoned { score },
            }
            .text(locale)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// How a game ended, in one word: "won", "blocked", "abandoned".
pub fn outcome_word(locale: Locale, outcome: Outcome) -> String {
    match outcome {
        Outcome::Won => Message::DealBoardWon,
        Outcome::Blocked => Message::DealBoardBlocked,
        Outcome::Abandoned => Message::DealBoardAbandoned,
    }
    .text(locale)
}

/// The one-line summary of a player's numbers; `name` already made safe for a message.
pub fn summary_line(locale: Locale, name: &str, s: &Summary) -> String {
    Message::StatsSummary {
        name,
        played: s.played,
        won: s.won,
        percent: s.win_percent(),
        streak: s.current_streak,
        best_streak: s.best_streak,
        best: &optional_number(s.best_score),
    }
    .text(locale)
}
