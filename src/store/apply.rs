//! One player action end to end: load the game, check that the action was meant for this game
//! and turn, apply it by the rules, and save it if nobody saved in between (compare-and-swap on
//! the version and the stored text itself, so that even a row changed behind the bot's back is
//! never written over); on a lost race, start over from the new state.
//!
//! Why no lock: a lock held across the rules would serialise on the database round trip anyway,
//! and a lost race costs one more load. Two taps of one button carry the same expected turn, so
//! the second finds the turn moved on and is `Stale`: applied once, never twice.

use sqlx::{AnyConnection, Connection};

use super::convert::id_to_db;
use super::error::{MAX_ATTEMPTS, back_off};
use super::games::{GameRow, fetch_game_row, game_columns};
use super::kinds::{file_ending, unfile_ending};
use super::model::{ApplyOutcome, CurrentGame, GameTurn, Outcome, UserId};
use super::records::Finished;
use super::{Store, StoreError};
use crate::game::{Action, Game, Refusal, Status};

const SAVE_IF_UNCHANGED: &str = concat!(
    "UPDATE current_games SET state = $4, version = version + 1, updated_at = $5, ",
    "first_action_at = COALESCE(first_action_at, $6) ",
    "WHERE user_id = $1 AND game_id = $2 AND version = $3 AND state = $7 RETURNING ",
    game_columns!()
);

/// What became of one change tried on a player's game.
enum Change<T> {
    Saved(CurrentGame, T),
    Refused(CurrentGame, Refusal),
    Stale(CurrentGame),
    NoGame,
}

impl Store {
    /// Applies a player's action to their current game. `expected` is the game id and turn the
    /// action was drawn for (a button); `None` applies it to whatever the game is now (a typed
    /// command).
    pub async fn apply(
        &self,
        user: UserId,
        action: Action,
        expected: Option<GameTurn>,
    ) -> Result<ApplyOutcome, StoreError> {
        self.apply_to(user, expected, |_| action).await
    }

    /// [`Store::apply`] with the action drawn from the game as loaded (a button names a place,
    /// the card is the one dealt there), so that a tap reads its game once.
    pub async fn apply_to(
        &self,
        user: UserId,
        expected: Option<GameTurn>,
        action_of: impl Fn(&Game) -> Action,
    ) -> Result<ApplyOutcome, StoreError> {
        let apply = |game: &mut Game| {
            let action = action_of(game);
            game.apply(action)
        };
        Ok(match self.change(user, expected, apply).await? {
            Change::Saved(game, effect) => ApplyOutcome::Applied { game, effect },
            Change::Refused(game, refusal) => ApplyOutcome::Refused { game, refusal },
            Change::Stale(game) => ApplyOutcome::Stale { game },
            Change::NoGame => ApplyOutcome::NoGame,
        })
    }

    /// Counts one more hint in the player's game, once per turn (hints cost no points, but the
    /// game remembers them). `None` when the player has no game or the hint was asked for
    /// another game or turn.
    pub async fn use_hint(
        &self,
        user: UserId,
        expected: Option<GameTurn>,
    ) -> Result<Option<CurrentGame>, StoreError> {
        let change = self.change(user, expected, |game| {
            game.use_hint();
            Ok(())
        });
        Ok(match change.await? {
            Change::Saved(game, ()) => Some(game),
            _ => None,
        })
    }

    /// Load → check the expected game and turn → change by the rules → compare-and-swap save,
    /// starting over (from the new state) when another change was saved in between. Each
    /// attempt holds one connection from load to save ([`Store::connection_for_moves`]). A move
    /// for the turn this process last saw starts from the game it kept (`recent.rs`) instead of
    /// reading it; only a saved move is answered from there, anything else is read again.
    async fn change<T>(
        &self,
        user: UserId,
        expected: Option<GameTurn>,
        change: impl Fn(&mut Game) -> Result<T, Refusal>,
    ) -> Result<Change<T>, StoreError> {
        let mut kept = expected.and_then(|at| self.recent.at(user, at));
        for attempt in 0..MAX_ATTEMPTS {
            let mut connection = self.connection_for_moves().await?;
            let from_memory = kept.is_some();
            let (current, stored) = match kept.take() {
                Some(known) => known,
                None => {
                    let Some(row) = fetch_game_row(&mut connection, user).await? else {
                        self.recent.forget(user);
                        return Ok(Change::NoGame);
                    };
                    let stored = row.state.clone();
                    let current = row.into_current(user)?;
                    self.recent.remember(&current, &stored);
                    (current, stored)
                }
            };
            if let Some(expected) = expected
                && !current.is_at(expected)
            {
                return Ok(Change::Stale(current));
            }
            let mut game = current.game.clone();
            let result = match change(&mut game) {
                Ok(result) => result,
                // Read again: the game kept may not be the game stored.
                Err(_) if from_memory => continue,
                Err(refusal) => return Ok(Change::Refused(current, refusal)),
            };
            if let Some((saved, stored)) = self
                .save_if_unchanged(&mut connection, (&current, &stored), game)
                .await?
            {
                self.recent.remember(&saved, &stored);
                return Ok(Change::Saved(saved, result));
            }
            drop(connection);
            self.recent.forget(user);
            if from_memory {
                // The row moved on since this process saw it: read it (no race lost yet).
                continue;
            }
            // Another change was saved since we loaded: let it finish, then start over.
            tokio::task::yield_now().await;
            back_off(attempt).await;
        }
        Err(StoreError::Contention {
            user,
            attempts: MAX_ATTEMPTS,
        })
    }

    /// Saves `game` as the successor of `current` (stored as `stored_before`), unless the row
    /// holds anything else by now (then `None`); gives back the saved game and its stored text.
    /// A move that ends the game (won or blocked) files the result in the same transaction; an
    /// undo out of a blocked position takes that result back out.
    async fn save_if_unchanged(
        &self,
        connection: &mut AnyConnection,
        (current, stored_before): (&CurrentGame, &str),
        game: Game,
    ) -> Result<Option<(CurrentGame, String)>, StoreError> {
        let (user, now) = (current.user, self.now());
        // A hint changes the game but is no action: the first action is the first new turn.
        let acted = game.turn() != current.game.turn();
        let stored = game.to_stored();
        let query = sqlx::query(SAVE_IF_UNCHANGED)
            .bind(id_to_db(user.0))
            .bind(current.game_id)
            .bind(current.version)
            .bind(stored.as_str())
            .bind(now)
            .bind(acted.then_some(now))
            .bind(stored_before);
        let was_blocked = current.game.status() == Status::Blocked;
        let ended = match game.status() {
            Status::Won => Some(Outcome::Won),
            Status::Blocked => Some(Outcome::Blocked),
            Status::Playing => None,
        };
        if ended.is_none() && !was_blocked {
            let row = query.fetch_optional(&mut *connection).await?;
            return Ok(match row {
                Some(row) => Some((GameRow::decode(&row)?.with_game(user, game)?, stored)),
                None => None,
            });
        }
        // A deadlock or serialization failure rolled the whole move back: a lost race.
        match self
            .save_ending(connection, query, user, game, ended, now)
            .await
        {
            Err(error) if error.is_conflict() => {
                tracing::warn!(user = user.0, "a finishing move conflicted: {error}");
                Ok(None)
            }
            Ok(saved) => Ok(saved.map(|saved| (saved, stored))),
            Err(error) => Err(error),
        }
    }

    /// The save of a move that ends the game or takes a block back, with what it files (the
    /// game's result, then what its kind keeps: `kinds/`). Whether a post is due to the player
    /// is as the save read it, before this filing: a post this move made due (a challenge it
    /// closed) is its kind's to make with the move's answer (`bot/game/kinds/`).
    async fn save_ending<'q>(
        &self,
        connection: &mut AnyConnection,
        query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
        user: UserId,
        game: Game,
        ended: Option<Outcome>,
        now: i64,
    ) -> Result<Option<CurrentGame>, StoreError> {
        let mut tx = connection.begin_with(self.backend.begin_write()).await?;
        let Some(row) = query.fetch_optional(&mut *tx).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        let row = GameRow::decode(&row)?;
        let (started_at, ended_at) = (row.first_action_at, Some(row.updated_at));
        let saved = row.with_game(user, game)?;
        match ended {
            Some(outcome) => {
                let finished = Finished {
                    user,
                    game_id: saved.game_id,
                    game: &saved.game,
                    outcome,
                    guild: saved.guild_id,
                    kind: saved.kind,
                    at: now,
                    started_at,
                    ended_at,
                };
                file_ending(&mut tx, &finished, true).await?;
            }
            None => unfile_ending(&mut tx, saved.kind, saved.game_id).await?,
        }
        tx.commit().await?;
        Ok(Some(saved))
    }
}
