//! A budget for expensive work, per player and in total, checked before the work starts: a
//! winnable-deal search (up to 40 solves), a hint (a solve), a statistics or result card (a
//! picture) and a replay (a GIF of a whole game). Without it one player could keep the
//! solver busy for everyone (a `/tripeaks new winnable:true` a second each), and a crowd could
//! queue work on tokio's blocking pool without bound.
//!
//! - **One at a time per player**: a player's second piece of work while the first runs is
//!   refused at once (`OneAtATime`): N `/tripeaks challenge` at once run one search, not N.
//! - **An allowance per player**: each piece of work costs units ([`Work::cost`]) from a
//!   bucket of [`ALLOWANCE`] units that refills at one unit a second ([`REFILL`]); an empty
//!   bucket is refused with the seconds until there is enough (`Spent`). A search every ten
//!   seconds, a replay every five or a card every two, each kept up for ever; bursts of three
//!   searches or six replays. A hint costs none: one solve of a few milliseconds, found once
//!   per turn (`limits.rs`), and a turn takes a move, so the player's own taps pace them; it
//!   still takes its turn and a place.
//! - **In total**: at most [`AT_ONCE`] pieces run at once in the process; one that finds them
//!   all taken waits up to [`QUEUE_WAIT`], then is told to try again in a moment (`Crowded`).
//!   So at most that many wait on the blocking pool for this work, whatever the crowd.
//!
//! The bucket reads tokio's clock, so a test pauses time to refill it. Players whose bucket is
//! full again are forgotten, so the map holds only the players of the last minute.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use crate::i18n::Message;

/// The units in a full bucket.
pub const ALLOWANCE: u32 = 30;
/// How long one unit takes to come back.
pub const REFILL: Duration = Duration::from_secs(1);
/// How many pieces of work run at once in the process: the blocking pool's 8 threads, less
/// room for the pictures of taps.
pub const AT_ONCE: usize = 6;
/// How long a piece of work waits for its turn in total before the player is told to try again:
/// well within the 1.5 s after which an answer is deferred.
pub const QUEUE_WAIT: Duration = Duration::from_millis(1000);

/// A kind of expensive work, by what it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// A search for a winnable deal: up to 40 solves.
    Search,
    /// One solve for a hint.
    Hint,
    /// A statistics or result card: a picture.
    Card,
    /// A replay: a GIF of a whole game, frame by frame.
    Replay,
}

impl Work {
    /// Units of the allowance, roughly in proportion to the CPU each takes.
    pub fn cost(self) -> u32 {
        match self {
            Work::Hint => 0,
            Work::Card => 2,
            Work::Replay => 5,
            Work::Search => 10,
        }
    }
}

/// Why a piece of work is not done now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The player has another piece of work running.
    OneAtATime,
    /// The player's allowance is spent: enough comes back in this many seconds.
    Spent { seconds: u64 },
    /// Every place was taken for the whole wait.
    Crowded,
}

impl Refused {
    /// What the player is told.
    pub fn message(self) -> Message<'static> {
        match self {
            Refused::OneAtATime => Message::WorkOneAtATime,
            Refused::Spent { seconds } => Message::WorkSpent { seconds },
            Refused::Crowded => Message::WorkCrowded,
        }
    }
}

/// A player's allowance: the units left when last looked at, and when.
struct Allowance {
    units: f64,
    at: Instant,
    busy: bool,
}

impl Allowance {
    fn refill(&mut self, now: Instant) {
        let back = now.saturating_duration_since(self.at).as_secs_f64() / REFILL.as_secs_f64();
        self.units = (self.units + back).min(f64::from(ALLOWANCE));
        self.at = now;
    }
}

type Players = Arc<Mutex<HashMap<u64, Allowance>>>;

/// The budget (one per bot).
pub struct Budget {
    players: Players,
    places: Arc<Semaphore>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            players: Players::default(),
            places: Arc::new(Semaphore::new(AT_ONCE)),
        }
    }
}

/// Leave to do one piece of work: the player's turn and a place in total, both let go when
/// it is dropped (done, or the handling cancelled).
pub struct Permit {
    _place: Option<OwnedSemaphorePermit>,
    players: Players,
    player: u64,
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(allowance) = players.get_mut(&self.player) {
            allowance.busy = false;
        }
    }
}

impl Budget {
    /// Leave for `player` to do `work` now, or why not. Its cost is spent at once, even if the
    /// wait for a place then fails (a crowd is not a way around the allowance).
    pub async fn spend(&self, player: u64, work: Work) -> Result<Permit, Refused> {
        {
            let now = Instant::now();
            let mut players = self.players.lock().unwrap_or_else(PoisonError::into_inner);
            players
                .retain(|_, a| a.busy || now.saturating_duration_since(a.at) < REFILL * ALLOWANCE);
            let allowance = players.entry(player).or_insert(Allowance {
                units: f64::from(ALLOWANCE),
                at: now,
                busy: false,
            });
            allowance.refill(now);
            if allowance.busy {
                return Err(Refused::OneAtATime);
            }
            let cost = f64::from(work.cost());
            if allowance.units < cost {
                let missing = (cost - allowance.units) * REFILL.as_secs_f64();
                return Err(Refused::Spent {
                    seconds: missing.ceil().max(1.0) as u64,
                });
            }
            allowance.units -= cost;
            allowance.busy = true;
        }
        // From here the player's turn is the permit's to let go, place or none.
        let mut permit = Permit {
            _place: None,
            players: Arc::clone(&self.players),
            player,
        };
        match tokio::time::timeout(QUEUE_WAIT, Arc::clone(&self.places).acquire_owned()).await {
            Ok(Ok(place)) => {
                permit._place = Some(place);
                Ok(permit)
            }
            _ => Err(Refused::Crowded),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn one_piece_of_work_at_a_time_per_player() {
        let budget = Budget::default();
        let first = budget.spend(1, Work::Hint).await.unwrap();
        assert_eq!(
            budget.spend(1, Work::Search).await.err(),
            Some(Refused::OneAtATime)
        );
        assert!(budget.spend(2, Work::Hint).await.is_ok(), "another player");
        drop(first);
        assert!(budget.spend(1, Work::Hint).await.is_ok(), "once it is done");
    }

    #[tokio::test(start_paused = true)]
    async fn an_allowance_spent_comes_back_with_time() {
        let budget = Budget::default();
        for _ in 0..3 {
            drop(budget.spend(1, Work::Search).await.unwrap());
        }
        assert_eq!(
            budget.spend(1, Work::Search).await.err(),
            Some(Refused::Spent { seconds: 10 })
        );
        // Nothing is left (30 - 3 x 10) for a card either; a hint costs nothing.
        assert_eq!(
            budget.spend(1, Work::Card).await.err(),
            Some(Refused::Spent { seconds: 2 })
        );
        drop(budget.spend(1, Work::Hint).await.unwrap());
        tokio::time::advance(Duration::from_secs(9)).await;
        assert_eq!(
            budget.spend(1, Work::Search).await.err(),
            Some(Refused::Spent { seconds: 1 })
        );
        tokio::time::advance(Duration::from_secs(1)).await;
        drop(budget.spend(1, Work::Search).await.unwrap());
        // A card every two seconds is kept up for ever.
        for _ in 0..100 {
            tokio::time::advance(REFILL * 2).await;
            drop(budget.spend(1, Work::Card).await.unwrap());
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_crowd_waits_for_a_place_then_is_told_to_try_again() {
        let budget = Budget::default();
        let mut held = Vec::new();
        for player in 0..AT_ONCE as u64 {
            held.push(budget.spend(player, Work::Card).await.unwrap());
        }
        let started = Instant::now();
        assert_eq!(
            budget.spend(99, Work::Card).await.err(),
            Some(Refused::Crowded)
        );
        assert_eq!(started.elapsed(), QUEUE_WAIT);
        // Its player's turn was let go with the refusal; a place freed is taken.
        let waiting = budget.spend(99, Work::Card);
        held.pop();
        assert!(waiting.await.is_ok());
    }

    #[tokio::test(start_paused = true)]
    async fn players_with_a_full_bucket_are_forgotten() {
        let budget = Budget::default();
        for player in 0..1000 {
            drop(budget.spend(player, Work::Hint).await.unwrap());
        }
        tokio::time::advance(REFILL * ALLOWANCE).await;
        drop(budget.spend(5000, Work::Hint).await.unwrap());
        assert_eq!(budget.players.lock().unwrap().len(), 1);
    }
}
