//! The rules of a challenge that do not need a database: how long it waits for an answer or for
//! joins, how long a player has to finish, how many may play, who won, and the head-to-head
//! record of two players. The store applies them in its transactions; the bot says them.

use super::period::DAY_MS;
use super::record::Outcome;

/// A duel nobody answered lapses after this long (from its creation).
pub const ANSWER_WITHIN_MS: i64 = DAY_MS;
/// An open challenge takes joins for this long (from its creation).
pub const JOIN_WITHIN_MS: i64 = 3_600_000;
/// A player who has not finished this long after taking the challenge up forfeits.
pub const FINISH_WITHIN_MS: i64 = DAY_MS;
/// The most players of one challenge (the challenger included).
pub const MAX_PLAYERS: usize = 10;

/// One player's result in a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChallengeEntry {
    pub user: u64,
    pub outcome: Outcome,
    pub score: u32,
    pub moves: u32,
}

impl ChallengeEntry {
    /// The order of results: a finished game (won or blocked) before a forfeit or an abandoned
    /// one, then the higher score (a won game beats a blocked one by its score anyway), then
    /// fewer moves. Smaller is better.
    fn rank_key(&self) -> (bool, std::cmp::Reverse<u32>, u32) {
        (
            self.outcome == Outcome::Abandoned,
            std::cmp::Reverse(self.score),
            self.moves,
        )
    }
}

/// The results best first (equal results keep their order).
pub fn ranked(entries: &[ChallengeEntry]) -> Vec<ChallengeEntry> {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(ChallengeEntry::rank_key);
    sorted
}

/// The winner: the one best result; `None` for a tie at the top (or no result at all).
pub fn winner(entries: &[ChallengeEntry]) -> Option<u64> {
    let sorted = ranked(entries);
    match sorted.as_slice() {
        [] => None,
        [only] => Some(only.user),
        [first, second, ..] if first.rank_key() == second.rank_key() => None,
        [first, ..] => Some(first.user),
    }
}

/// Two players' record in the duels they finished against each other, as one of them sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HeadToHead {
    /// Duels the viewer won.
    pub wins: u32,
    /// Duels the other player won.
    pub losses: u32,
    pub ties: u32,
}

impl HeadToHead {
    /// Adds one finished duel, by its winner (`None`: a tie).
    pub fn add(&mut self, viewer: u64, winner: Option<u64>) {
        match winner {
            None => self.ties += 1,
            Some(user) if user == viewer => self.wins += 1,
            Some(_) => self.losses += 1,
        }
    }

    /// How many duels in all.
    pub fn played(&self) -> u32 {
        self.wins + self.losses + self.ties
    }

    /// The same record as the other player sees it.
    pub fn turned(self) -> HeadToHead {
        HeadToHead {
            wins: self.losses,
            losses: self.wins,
            ties: self.ties,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(user: u64, outcome: Outcome, score: u32, moves: u32) -> ChallengeEntry {
        ChallengeEntry {
            user,
            outcome,
            score,
            moves,
        }
    }

    #[test]
    fn the_higher_score_wins_then_fewer_moves_else_a_tie() {
        let won = entry(1, Outcome::Won, 400, 40);
        let blocked = entry(2, Outcome::Blocked, 420, 35);
        assert_eq!(
            winner(&[won, blocked]),
            Some(2),
            "by score, whatever the outcome"
        );
        let slower = entry(2, Outcome::Won, 400, 41);
        assert_eq!(winner(&[slower, won]), Some(1), "equal scores: fewer moves");
        let same = entry(2, Outcome::Blocked, 400, 40);
        assert_eq!(winner(&[won, same]), None, "equal score and moves: a tie");
        assert_eq!(winner(&[]), None);
    }

    #[test]
    fn a_forfeit_never_beats_a_finished_game() {
        let forfeit = entry(1, Outcome::Abandoned, 480, 10);
        let blocked = entry(2, Outcome::Blocked, 100, 50);
        assert_eq!(winner(&[forfeit, blocked]), Some(2));
        let other = entry(3, Outcome::Abandoned, 480, 10);
        assert_eq!(winner(&[forfeit, other]), None);
        let order: Vec<u64> = ranked(&[forfeit, blocked, won3()])
            .iter()
            .map(|e| e.user)
            .collect();
        assert_eq!(order, [3, 2, 1]);
    }

    fn won3() -> ChallengeEntry {
        entry(3, Outcome::Won, 300, 30)
    }

    #[test]
    fn a_head_to_head_counts_each_duel_once_from_either_side() {
        let mut record = HeadToHead::default();
        for winner in [Some(1), Some(2), Some(1), None, Some(1)] {
            record.add(1, winner);
        }
        assert_eq!(
            record,
            HeadToHead {
                wins: 3,
                losses: 1,
                ties: 1
            }
        );
        assert_eq!(record.played(), 5);
        assert_eq!(record.turned().wins, 1);
        assert_eq!(record.turned().turned(), record);
    }
}
