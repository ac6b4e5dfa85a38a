//! How a game ended, and one finished game as the statistics see it.

use crate::game::Rule;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Won,
    /// Stock empty and nothing fits; counted from the moment it happened (an undo out of it
    /// takes it back out).
    Blocked,
    /// Replaced by a new game while still playable, after at least one move.
    Abandoned,
}

impl Outcome {
    /// `won`, `blocked` or `abandoned`, as stored.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Won => "won",
            Outcome::Blocked => "blocked",
            Outcome::Abandoned => "abandoned",
        }
    }

    pub fn from_name(name: &str) -> Option<Outcome> {
        [Outcome::Won, Outcome::Blocked, Outcome::Abandoned]
            .into_iter()
            .find(|outcome| outcome.name() == name)
    }
}

/// One finished game, with only what the statistics use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    pub rule: Rule,
    pub outcome: Outcome,
    pub score: u32,
    pub moves: u32,
    /// Unix milliseconds.
    pub finished_at: i64,
    /// Most cards removed in a row without a draw; `None` for games recorded before it was kept.
    pub longest_chain: Option<u32>,
    /// Hints asked for; `None` for games recorded before it was kept.
    pub hints_used: Option<u32>,
    /// From the first action to the last, in milliseconds; `None` for games recorded before
    /// it was kept.
    pub duration_millis: Option<u64>,
}
