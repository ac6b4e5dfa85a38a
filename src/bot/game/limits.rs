//! Bounds on the expensive answers, so that no player, and no crowd of them, can make the bot
//! work without bound: replays (a GIF of a whole game: the heaviest answer there is) and hints
//! (a solve each).
//!
//! - Replays: at most [`REPLAYS_AT_ONCE`] are drawn at a time in the whole process; a press
//!   that finds them all busy waits up to [`REPLAY_QUEUE_WAIT`] for one, then is told to try
//!   again in a moment. One replay of a game per channel at a time (a second press is told it
//!   is on its way), and one per player at a time. Each replay is drawn and encoded frame by
//!   frame (`render::replay`), so one holds two boards and its GIF, whatever the game's length.
//! - Hints: the hint found for a player's game and turn is kept ([`HINTS_KEPT`] of them), so a
//!   Hint pressed again on the same turn answers from it, without a solve or a write; presses
//!   on the same turn at the same moment share one solve (single flight: the others wait for
//!   it).
//! - Interactions being handled at once, on either transport: at most as many as the endpoint
//!   lets in (`INTERACTIONS_MAX_IN_FLIGHT`, 256 by default), and as many over the gateway,
//!   where nothing else bounds them. Past it a player is told at once, privately, that the bot
//!   is busy ([`Limits::take_place`], `answer/pipeline.rs`), so the pictures, solves and store
//!   work queued for the blocking pool and the database stay bounded by it.
//! - Every expensive piece of work, a player's and everyone's: `budget.rs`.
//!
//! The limits were picked from measurements (docs/performance.md, "Bounds on expensive work").

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::{OnceCell, OwnedSemaphorePermit, Semaphore};

use crate::bot::game::budget::Budget;

use crate::game::solver::Hint;

/// How many replays are drawn at once in the process: the machine's two cores, with the taps'
/// async thread beside them.
pub const REPLAYS_AT_ONCE: usize = 2;
/// How long a replay waits for its turn before the player is told to try again: well within
/// the 1.5 s after which a press is deferred, so a refusal is an immediate answer.
pub const REPLAY_QUEUE_WAIT: Duration = Duration::from_millis(1000);
/// How many hints are kept for their game and turn.
pub const HINTS_KEPT: usize = 4096;

/// Why a replay is not drawn now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayRefused {
    /// The same game's replay is being drawn for this channel already.
    AlreadyComing,
    /// The presser has a replay being drawn already, or every slot stayed busy.
    Busy,
}

/// What a replay in progress holds: its place among the replays at once and its keys; all let
/// go when it is dropped (answered, or the handling cancelled).
pub struct ReplayTicket {
    /// `None` only while it waits for its place.
    _slot: Option<OwnedSemaphorePermit>,
    keys: Arc<Mutex<Keys>>,
    game: (u64, i64),
    player: u64,
}

impl Drop for ReplayTicket {
    fn drop(&mut self) {
        let mut keys = self.keys.lock().unwrap_or_else(PoisonError::into_inner);
        keys.games.remove(&self.game);
        keys.players.remove(&self.player);
    }
}

#[derive(Default)]
struct Keys {
    /// (channel, game id) of the replays being drawn.
    games: HashSet<(u64, i64)>,
    /// The players who pressed them.
    players: HashSet<u64>,
}

/// A place among the interactions being handled, held until the answer and its follow-ups
/// are sent.
#[must_use = "it counts against the bound while held"]
pub struct HandlingPlace {
    _place: OwnedSemaphorePermit,
}

/// The bounds the bot holds for its expensive answers (one per bot).
pub struct Limits {
    /// Interactions being handled at once.
    handling: Arc<Semaphore>,
    replays: Arc<Semaphore>,
    keys: Arc<Mutex<Keys>>,
    hints: Mutex<HintMemo>,
    /// Every expensive piece of work, per player and in total.
    pub budget: Budget,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::handling_at_once(HANDLED_AT_ONCE)
    }
}

/// How many interactions are handled at once by default: `INTERACTIONS_MAX_IN_FLIGHT`'s
/// default, for the gateway too.
pub const HANDLED_AT_ONCE: usize = 256;

impl Limits {
    /// The bounds, with `at_once` interactions handled at once (at least one).
    pub fn handling_at_once(at_once: usize) -> Limits {
        Limits {
            handling: Arc::new(Semaphore::new(at_once.max(1))),
            replays: Arc::new(Semaphore::new(REPLAYS_AT_ONCE)),
            keys: Arc::default(),
            hints: Mutex::default(),
            budget: Budget::default(),
        }
    }

    /// A place to handle one more interaction, unless as many as the bound are being handled.
    pub fn take_place(&self) -> Option<HandlingPlace> {
        let place = Arc::clone(&self.handling).try_acquire_owned().ok()?;
        Some(HandlingPlace { _place: place })
    }

    /// A ticket to draw game `game`'s replay for `player` in `channel`, or why not now.
    pub async fn replay(
        &self,
        player: u64,
        channel: u64,
        game: i64,
    ) -> Result<ReplayTicket, ReplayRefused> {
        {
            let mut keys = self.keys.lock().unwrap_or_else(PoisonError::into_inner);
            if keys.games.contains(&(channel, game)) {
                return Err(ReplayRefused::AlreadyComing);
            }
            if !keys.players.insert(player) {
                return Err(ReplayRefused::Busy);
            }
            keys.games.insert((channel, game));
        }
        // From here the keys are the ticket's to let go, even if no place comes (or the
        // handling is dropped while it waits).
        let mut ticket = ReplayTicket {
            _slot: None,
            keys: Arc::clone(&self.keys),
            game: (channel, game),
            player,
        };
        let slot =
            tokio::time::timeout(REPLAY_QUEUE_WAIT, Arc::clone(&self.replays).acquire_owned())
                .await;
        match slot {
            Ok(Ok(slot)) => {
                ticket._slot = Some(slot);
                Ok(ticket)
            }
            _ => Err(ReplayRefused::Busy),
        }
    }

    /// The place of the hint for this game and turn: filled once a solve found it, which every
    /// press on that turn then reads; presses at the same moment wait for one solve
    /// (`OnceCell::get_or_try_init`). The oldest place goes past [`HINTS_KEPT`].
    pub fn hint(&self, key: HintKey) -> Arc<OnceCell<Hint>> {
        let mut memo = self.hints.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(place) = memo.found.get(&key) {
            return Arc::clone(place);
        }
        let place = Arc::new(OnceCell::new());
        memo.found.insert(key, Arc::clone(&place));
        memo.order.push_back(key);
        while memo.order.len() > HINTS_KEPT {
            if let Some(oldest) = memo.order.pop_front() {
                memo.found.remove(&oldest);
            }
        }
        place
    }
}

/// A player's game and turn: (user, game id, turn).
pub type HintKey = (u64, i64, u32);

#[derive(Default)]
struct HintMemo {
    found: HashMap<HintKey, Arc<OnceCell<Hint>>>,
    order: VecDeque<HintKey>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn replays_are_bounded_at_once_per_game_and_channel_and_per_player() {
        let limits = Limits::default();
        let first = limits.replay(1, 10, 100).await.expect("a place");
        // The same game in the same channel is on its way; in another channel it is not.
        assert_eq!(
            limits.replay(2, 10, 100).await.err(),
            Some(ReplayRefused::AlreadyComing)
        );
        // One at a time per player.
        assert_eq!(
            limits.replay(1, 11, 101).await.err(),
            Some(ReplayRefused::Busy)
        );
        let second = limits.replay(2, 11, 100).await.expect("a place");
        // Both places taken: the third waits its while, then is told to try again.
        let started = tokio::time::Instant::now();
        assert_eq!(
            limits.replay(3, 12, 102).await.err(),
            Some(ReplayRefused::Busy)
        );
        assert_eq!(started.elapsed(), REPLAY_QUEUE_WAIT);
        // A place let go within the wait is taken.
        let waiting = limits.replay(3, 12, 102);
        let freed = async {
            tokio::time::sleep(REPLAY_QUEUE_WAIT / 2).await;
            drop(first);
        };
        let (third, ()) = tokio::join!(waiting, freed);
        assert!(third.is_ok());
        // The refused wait left no key behind: player 3 and game 102 are free once done.
        drop((third, second));
        assert!(limits.replay(3, 12, 102).await.is_ok());
        assert!(limits.replay(1, 10, 100).await.is_ok());
    }

    #[test]
    fn a_hint_is_kept_for_its_game_and_turn_and_the_oldest_go() {
        let limits = Limits::default();
        let hint = Hint::NoWin(None);
        limits.hint((1, 2, 3)).set(hint).unwrap();
        assert_eq!(limits.hint((1, 2, 3)).get(), Some(&hint));
        assert_eq!(limits.hint((1, 2, 4)).get(), None);
        for turn in 0..HINTS_KEPT as u32 {
            limits.hint((9, 9, turn)).set(hint).unwrap();
        }
        assert_eq!(limits.hint((1, 2, 3)).get(), None, "the oldest went");
        assert_eq!(limits.hint((9, 9, 4095)).get(), Some(&hint));
    }

    /// Hint pressed on one turn by two presses at the same moment: one solve, both answered.
    #[tokio::test(start_paused = true)]
    async fn presses_on_one_turn_at_once_share_one_solve() {
        let limits = Limits::default();
        let solves = std::sync::atomic::AtomicUsize::new(0);
        let solve = || async {
            solves.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(50)).await;
            Ok::<_, ()>(Hint::NoWin(None))
        };
        let (first, second) = (limits.hint((1, 2, 3)), limits.hint((1, 2, 3)));
        let (a, b) = tokio::join!(first.get_or_try_init(solve), second.get_or_try_init(solve));
        assert_eq!((a, b), (Ok(&Hint::NoWin(None)), Ok(&Hint::NoWin(None))));
        assert_eq!(solves.load(std::sync::atomic::Ordering::SeqCst), 1);
    }
}
