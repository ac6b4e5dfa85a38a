//! A player's statistics kept as running totals, one game at a time, so that `/tripeaks stats`
//! reads one row whatever the number of games: the store adds each finished game to its row in
//! the transaction that files it.
//!
//! `Totals::summary` gives exactly what `Summary::of` gives for the same games in finishing
//! order (a property test holds them equal); `Summary::of` stays the reference.

use super::record::{GameResult, Outcome};
use super::summary::{Known, Summary};

/// What a summary needs of any number of games, in a fixed size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    pub played: u32,
    pub won: u32,
    pub blocked: u32,
    pub abandoned: u32,
    pub current_streak: u32,
    pub best_streak: u32,
    pub best_score: Option<u32>,
    /// The scores of won games, added up.
    pub won_score_total: u64,
    pub fewest_moves_won: Option<u32>,
    /// The longest chain of the games that recorded one, and how many did.
    pub chain_max: Option<u32>,
    pub chain_recorded: u32,
    /// The hints of the games that recorded them, and how many did.
    pub hints_total: u32,
    pub hints_recorded: u32,
    /// The fastest won game whose time was kept, their total time and how many there are.
    pub fastest_win_millis: Option<u64>,
    pub win_millis_total: u64,
    pub timed_wins: u32,
}

impl Totals {
    /// The totals of `games`, in the order they finished.
    pub fn of(games: &[GameResult]) -> Totals {
        let mut totals = Totals::default();
        for game in games {
            totals.add(game);
        }
        totals
    }

    /// Counts one more game, finished after every game counted so far.
    pub fn add(&mut self, game: &GameResult) {
        let won = game.outcome == Outcome::Won;
        self.played += 1;
        match game.outcome {
            Outcome::Won => self.won += 1,
            Outcome::Blocked => self.blocked += 1,
            Outcome::Abandoned => self.abandoned += 1,
        }
        if won {
            self.current_streak += 1;
            self.best_streak = self.best_streak.max(self.current_streak);
            self.won_score_total += u64::from(game.score);
            self.fewest_moves_won = Some(
                self.fewest_moves_won
                    .map_or(game.moves, |m| m.min(game.moves)),
            );
            if let Some(time) = game.duration_millis {
                self.fastest_win_millis =
                    Some(self.fastest_win_millis.map_or(time, |t| t.min(time)));
                self.win_millis_total = self.win_millis_total.saturating_add(time);
                self.timed_wins += 1;
            }
        } else {
            self.current_streak = 0;
        }
        self.best_score = Some(self.best_score.map_or(game.score, |s| s.max(game.score)));
        if let Some(chain) = game.longest_chain {
            self.chain_max = Some(self.chain_max.map_or(chain, |c| c.max(chain)));
            self.chain_recorded += 1;
        }
        if let Some(hints) = game.hints_used {
            self.hints_total = self.hints_total.saturating_add(hints);
            self.hints_recorded += 1;
        }
    }

    /// What `/tripeaks stats` shows of these games.
    pub fn summary(&self) -> Summary {
        let known = |value: Option<u32>, recorded: u32| match value {
            None => Known::Unknown,
            Some(value) if recorded == self.played => Known::Exactly(value),
            Some(value) => Known::AtLeast(value),
        };
        let average = |total: u64, count: u32| {
            (count > 0).then(|| {
                let n = u64::from(count);
                total.saturating_add(n / 2) / n
            })
        };
        Summary {
            played: self.played,
            won: self.won,
            blocked: self.blocked,
            abandoned: self.abandoned,
            current_streak: self.current_streak,
            best_streak: self.best_streak,
            best_score: self.best_score,
            average_won_score: average(self.won_score_total, self.won).map(|a| a as u32),
            fewest_moves_won: self.fewest_moves_won,
            longest_chain: known(self.chain_max, self.chain_recorded),
            hints_used: known(
                (self.hints_recorded > 0).then_some(self.hints_total),
                self.hints_recorded,
            ),
            fastest_win_millis: self.fastest_win_millis,
            average_win_millis: average(self.win_millis_total, self.timed_wins),
        }
    }
}
