//! The plain values of a challenge as the store keeps it: its state, its players and their
//! results, and the time rules the store applies when a challenge is touched (a duel nobody
//! answered lapses, an open challenge stops taking joins, a player who took too long forfeits).
//!
//! No SQL here: `challenges.rs` and `challenge_results.rs` read and write these.

use crate::game::DealCode;
use crate::stats::{
    ANSWER_WITHIN_MS, ChallengeEntry, FINISH_WITHIN_MS, JOIN_WITHIN_MS, MAX_PLAYERS,
};

use crate::store::model::UserId;

/// Where a challenge stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChallengeState {
    /// A duel waiting for its opponent's answer.
    Waiting,
    /// An open challenge: anyone may join while it is young and not full.
    Open,
    /// Taken up and being played; no one else may join.
    Playing,
    Declined,
    /// Nobody answered (or joined) in time.
    Lapsed,
    /// Every player's result is in.
    Over,
}

impl ChallengeState {
    pub fn name(self) -> &'static str {
        match self {
            ChallengeState::Waiting => "waiting",
            ChallengeState::Open => "open",
            ChallengeState::Playing => "playing",
            ChallengeState::Declined => "declined",
            ChallengeState::Lapsed => "lapsed",
            ChallengeState::Over => "over",
        }
    }

    pub fn from_name(name: &str) -> Option<ChallengeState> {
        use ChallengeState::*;
        [Waiting, Open, Playing, Declined, Lapsed, Over]
            .into_iter()
            .find(|state| state.name() == name)
    }

    /// Whether its players may (still) play it.
    pub fn is_in_play(self) -> bool {
        matches!(self, ChallengeState::Open | ChallengeState::Playing)
    }
}

/// One player of a challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengePlayer {
    pub user: UserId,
    /// Their name when they were challenged or joined, as they wrote it (escape it to show it).
    pub name: String,
    /// When they took the challenge up (their 24 hours count from then); `None` for a duel
    /// not accepted yet.
    pub accepted_at: Option<i64>,
    /// Their board's game, once they started it.
    pub game_id: Option<i64>,
    /// Their result, once filed.
    pub result: Option<ChallengeEntry>,
}

/// A challenge as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub id: i64,
    pub challenger: UserId,
    /// The one player challenged; `None` for an open challenge.
    pub opponent: Option<UserId>,
    pub guild: Option<u64>,
    pub channel: u64,
    /// The deal, with its rule and modes: revealed only with the result.
    pub code: DealCode,
    pub state: ChallengeState,
    pub created_at: i64,
    pub accepted_at: Option<i64>,
    pub finished_at: Option<i64>,
    /// The winner once over; `None` then is a tie.
    pub winner: Option<UserId>,
    /// The game whose finishing move made it over (its player's interaction posts the result).
    pub closed_by_game: Option<i64>,
    /// Whether its result was posted.
    pub announced: bool,
    pub rematch_of: Option<i64>,
    /// The challenger first, then the others in the order they came.
    pub players: Vec<ChallengePlayer>,
}

/// What `/tripeaks challenge` asks the store to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewChallenge {
    pub challenger: UserId,
    pub challenger_name: String,
    /// The user challenged and their name; `None`: an open challenge.
    pub opponent: Option<(UserId, String)>,
    pub guild: Option<u64>,
    pub channel: u64,
    pub code: DealCode,
    pub rematch_of: Option<i64>,
}

/// What became of a press that answers or joins a challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Taken {
    /// Done by this press: the challenge as it is now.
    Done(Challenge),
    /// Not done (answered before, not the presser's, too late, full…): the challenge as it is.
    Unchanged(Challenge),
    /// No such challenge.
    Missing,
}

impl ChallengePlayer {
    /// Whether this seat's player forgot themselves (`/tripeaks forget-me`) while the challenge
    /// was played: their result stays (abandoned, if they had none), their name is gone. Such a
    /// seat's id is negative in the store, never a Discord id.
    pub fn departed(&self) -> bool {
        self.user.0 >= 1 << 63
    }
}

impl Challenge {
    /// Whether an answer given in that place may tell this challenge's result: one in its
    /// server, or, for a challenge made outside any server, in its own channel. Never another
    /// server or a direct message, where the names, scores and deal are nobody's business.
    pub fn lives_in(&self, guild: Option<u64>, channel: u64) -> bool {
        match self.guild {
            Some(home) => guild == Some(home),
            None => guild.is_none() && channel == self.channel,
        }
    }

    pub fn player(&self, user: UserId) -> Option<&ChallengePlayer> {
        self.players.iter().find(|p| p.user == user)
    }

    /// A duel (one opponent named), not an open challenge.
    pub fn is_duel(&self) -> bool {
        self.opponent.is_some()
    }

    /// Nobody answered a duel in 24 hours, or nobody joined an open challenge in its hour.
    pub fn lapses_at(&self, now: i64) -> bool {
        match self.state {
            ChallengeState::Waiting => now >= self.created_at + ANSWER_WITHIN_MS,
            ChallengeState::Open => {
                self.players.len() < 2 && now >= self.created_at + JOIN_WITHIN_MS
            }
            _ => false,
        }
    }

    /// An open challenge with players whose hour for joins is over: it is played from now on.
    pub fn closes_joins_at(&self, now: i64) -> bool {
        self.state == ChallengeState::Open
            && self.players.len() >= 2
            && now >= self.created_at + JOIN_WITHIN_MS
    }

    /// Whether someone may join now.
    pub fn joinable_at(&self, now: i64) -> bool {
        self.state == ChallengeState::Open
            && now < self.created_at + JOIN_WITHIN_MS
            && self.players.len() < MAX_PLAYERS
    }

    /// The players who took it up more than 24 hours ago and have no result: they forfeit.
    pub fn forfeits_at(&self, now: i64) -> Vec<UserId> {
        if !self.state.is_in_play() {
            return Vec::new();
        }
        self.players
            .iter()
            .filter(|p| p.result.is_none())
            .filter(|p| p.accepted_at.is_some_and(|t| now >= t + FINISH_WITHIN_MS))
            .map(|p| p.user)
            .collect()
    }

    /// Whether touching it now changes it (a lapse, joins closing, a forfeit).
    pub fn is_due_at(&self, now: i64) -> bool {
        self.lapses_at(now) || self.closes_joins_at(now) || !self.forfeits_at(now).is_empty()
    }

    /// Every player's result, in seat order (only the filed ones).
    pub fn results(&self) -> Vec<ChallengeEntry> {
        self.players.iter().filter_map(|p| p.result).collect()
    }

    /// How many players have no result yet.
    pub fn unfinished(&self) -> usize {
        self.players.iter().filter(|p| p.result.is_none()).count()
    }
}
