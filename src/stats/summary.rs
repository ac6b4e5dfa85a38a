//! A player's numbers from their finished games (oldest first): what `/tripeaks stats` shows.
//!
//! The counting rules (docs/players.md, "What counts"): every finished game counts once; a streak
//! is consecutive won games by finish time, and a blocked or abandoned game breaks it. Facts that
//! older records do not have (longest chain, hints) are never shown as 0: they are unknown, or
//! a lower bound when only some games have them.

use super::record::{GameResult, Outcome};

/// A number that older records may not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    /// No game recorded it.
    Unknown,
    /// Some games recorded it: the true figure is at least this.
    AtLeast(u32),
    /// Every game recorded it.
    Exactly(u32),
}

/// A player's statistics over some games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    pub played: u32,
    pub won: u32,
    pub blocked: u32,
    pub abandoned: u32,
    /// Won games at the end of the list, after the last game not won.
    pub current_streak: u32,
    pub best_streak: u32,
    /// The best score of any game; `None` with no game.
    pub best_score: Option<u32>,
    /// The average score of won games, rounded to the nearest point.
    pub average_won_score: Option<u32>,
    /// The fewest moves of a won game.
    pub fewest_moves_won: Option<u32>,
    /// Most cards removed in a row without a draw, in any game.
    pub longest_chain: Known,
    /// Hints asked for, in all games.
    pub hints_used: Known,
    /// The shortest time (first action to last, milliseconds) of a won game whose time was
    /// kept; `None` when no won game has one.
    pub fastest_win_millis: Option<u64>,
    /// The average time of the won games whose time was kept, rounded to the millisecond.
    pub average_win_millis: Option<u64>,
}

impl Summary {
    /// The numbers of `games`, which must be in the order they finished.
    pub fn of(games: &[GameResult]) -> Summary {
        let count = |outcome| games.iter().filter(|g| g.outcome == outcome).count() as u32;
        let won: Vec<&GameResult> = games.iter().filter(|g| g.outcome == Outcome::Won).collect();
        let (current_streak, best_streak) = streaks(games.iter().map(|g| g.outcome));
        let won_total: u64 = won.iter().map(|g| u64::from(g.score)).sum();
        let times: Vec<u64> = won.iter().filter_map(|g| g.duration_millis).collect();
        let times_total: u64 = times.iter().fold(0u64, |a, &b| a.saturating_add(b));
        Summary {
            played: games.len() as u32,
            won: won.len() as u32,
            blocked: count(Outcome::Blocked),
            abandoned: count(Outcome::Abandoned),
            current_streak,
            best_streak,
            best_score: games.iter().map(|g| g.score).max(),
            average_won_score: (!won.is_empty()).then(|| {
                let n = won.len() as u64;
                ((won_total + n / 2) / n) as u32
            }),
            fewest_moves_won: won.iter().map(|g| g.moves).min(),
            longest_chain: known(games.iter().map(|g| g.longest_chain), |values| {
                values.iter().max().copied()
            }),
            hints_used: known(games.iter().map(|g| g.hints_used), |values| {
                (!values.is_empty()).then(|| values.iter().fold(0u32, |a, &b| a.saturating_add(b)))
            }),
            fastest_win_millis: times.iter().min().copied(),
            average_win_millis: (!times.is_empty()).then(|| {
                let n = times.len() as u64;
                times_total.saturating_add(n / 2) / n
            }),
        }
    }

    /// Won games as a whole percentage of played games (0 with no game).
    pub fn win_percent(&self) -> u32 {
        if self.played == 0 {
            0
        } else {
            (u64::from(self.won) * 100 / u64::from(self.played)) as u32
        }
    }
}

/// Folds the values some games recorded; a lower bound when others did not.
fn known(values: impl Iterator<Item = Option<u32>>, fold: impl Fn(&[u32]) -> Option<u32>) -> Known {
    let mut all = 0;
    let mut recorded = Vec::new();
    for value in values {
        all += 1;
        recorded.extend(value);
    }
    match fold(&recorded) {
        None => Known::Unknown,
        Some(value) if recorded.len() == all => Known::Exactly(value),
        Some(value) => Known::AtLeast(value),
    }
}

/// (current, best) win streak of outcomes in finishing order.
pub fn streaks(outcomes: impl IntoIterator<Item = Outcome>) -> (u32, u32) {
    let mut current = 0;
    let mut best = 0;
    for outcome in outcomes {
        if outcome == Outcome::Won {
            current += 1;
            best = best.max(current);
        } else {
            current = 0;
        }
    }
    (current, best)
}

/// The daily streak on day `today`: days in a row, up to today, with a won scored daily. A
/// missed or lost day breaks it; today, not yet played, does not (yet). `days` are the
/// player's scored dailies `(day number, won)`, in order of day.
pub fn daily_streak(days: &[(u32, bool)], today: u32) -> u32 {
    let mut expected = match days.last() {
        Some(&(day, _)) if day == today => today,
        _ => today.saturating_sub(1),
    };
    let mut streak = 0;
    for &(day, won) in days.iter().rev() {
        if day > expected {
            continue;
        }
        if day != expected || !won {
            break;
        }
        streak += 1;
        expected = expected.saturating_sub(1);
    }
    streak
}
