//! The games this process last loaded or saved, by player: where a tap starts, so that it saves
//! without reading its game back first.
//!
//! Why this cannot tell a player anything the database does not hold: an entry is only ever a
//! starting guess. A move drawn from it is saved by the same compare-and-swap as any other, on
//! the game id, its version (which every change the bot stores moves on) and the stored text
//! itself (so a row edited behind the bot's back counts as changed too): if another process, a
//! new game, forget-me or an operator changed the row since, nothing is saved and the store
//! reads the row as usual. A refusal or a stale button is never answered from here: those are
//! read back first.
//!
//! Bounded: at most `CAPACITY` players (a game is well under a kilobyte), the oldest entry going
//! first when a new player comes in.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use super::model::{CurrentGame, GameTurn, UserId};

/// How many players' games are kept: the players of the last minutes of a busy bot.
const CAPACITY: usize = 4096;

/// The games last seen, with the order players came in.
#[derive(Debug, Default)]
pub(crate) struct RecentGames {
    inner: Mutex<Recent>,
}

#[derive(Debug, Default)]
struct Recent {
    /// Each game with its stored text, which the save compares.
    games: HashMap<UserId, (CurrentGame, String)>,
    order: VecDeque<UserId>,
}

impl RecentGames {
    /// The player's game as last seen, with its stored text, if it is at the game and turn `at`.
    pub fn at(&self, user: UserId, at: GameTurn) -> Option<(CurrentGame, String)> {
        let recent = self.lock();
        recent
            .games
            .get(&user)
            .filter(|(game, _)| game.is_at(at))
            .cloned()
    }

    /// Notes the player's game as just loaded or saved, stored as `stored`.
    pub fn remember(&self, game: &CurrentGame, stored: &str) {
        let mut recent = self.lock();
        let known = (game.clone(), stored.to_owned());
        if recent.games.insert(game.user, known).is_none() {
            recent.order.push_back(game.user);
        }
        while recent.games.len() > CAPACITY {
            let Some(oldest) = recent.order.pop_front() else {
                break;
            };
            recent.games.remove(&oldest);
        }
    }

    /// Drops what is kept of the player's game (a new game, forget-me, a lost race).
    pub fn forget(&self, user: UserId) {
        let mut recent = self.lock();
        if recent.games.remove(&user).is_some() {
            recent.order.retain(|kept| *kept != user);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Recent> {
        // Every critical section leaves the map whole, so a panic elsewhere cannot poison it.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{DealCode, Game};
    use crate::store::GameKind;
    use std::time::SystemTime;

    fn game_of(user: u64, game_id: i64) -> CurrentGame {
        let code: DealCode = "TP1-E-AAAAAAA".parse().unwrap();
        CurrentGame {
            user: UserId(user),
            game_id,
            version: 1,
            game: Game::from_code(code),
            guild_id: None,
            created_at: SystemTime::UNIX_EPOCH,
            updated_at: SystemTime::UNIX_EPOCH,
            kind: GameKind::Free,
            posts_due: false,
        }
    }

    #[test]
    fn a_game_is_given_back_only_at_its_own_game_and_turn() {
        let recent = RecentGames::default();
        let game = game_of(1, 7);
        recent.remember(&game, "stored");
        let known = Some((game.clone(), "stored".to_owned()));
        assert_eq!(recent.at(UserId(1), game.at()), known);
        let later = GameTurn {
            turn: game.at().turn + 1,
            ..game.at()
        };
        assert_eq!(recent.at(UserId(1), later), None);
        let other_game = GameTurn {
            game_id: 8,
            ..game.at()
        };
        assert_eq!(recent.at(UserId(1), other_game), None);
        assert_eq!(recent.at(UserId(2), game.at()), None);
        recent.forget(UserId(1));
        assert_eq!(recent.at(UserId(1), game.at()), None);
    }

    #[test]
    fn the_oldest_player_goes_first_when_full() {
        let recent = RecentGames::default();
        for user in 0..=CAPACITY as u64 {
            recent.remember(&game_of(user, 1), "stored");
        }
        let first = game_of(0, 1);
        assert_eq!(recent.at(UserId(0), first.at()), None);
        let last = game_of(CAPACITY as u64, 1);
        let known = Some((last.clone(), "stored".to_owned()));
        assert_eq!(recent.at(UserId(CAPACITY as u64), last.at()), known);
        assert_eq!(recent.lock().games.len(), CAPACITY);
        assert_eq!(recent.lock().order.len(), CAPACITY);
    }
}
