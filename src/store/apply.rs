//! One player action end to end: load the game, check that the action was meant for this game
//! and turn, apply it by the rules, and save it if nobody saved in between (compare-and-swap on
//! the version); on a lost race, start over from the new state.
//!
//! Why no lock: a lock held across the rules would serialise on the database round trip anyway,
//! and a lost race costs one more load. Two taps of one button carry the same expected turn, so
//! the second finds the turn moved on and is `Stale`: applied once, never twice.

use super::convert::{id_to_db, now_millis};
use super::games::{GameRow, MAX_ATTEMPTS, game_columns};
use super::model::{ApplyOutcome, CurrentGame, Expected, Outcome, UserId};
use super::records::record_finished;
use super::{Store, StoreError};
use crate::game::{Action, Game, Status};

const SAVE_IF_UNCHANGED: &str = concat!(
    "UPDATE current_games SET state = $4, version = version + 1, updated_at = $5 ",
    "WHERE user_id = $1 AND game_id = $2 AND version = $3 RETURNING ",
    game_columns!()
);

impl Store {
    /// Applies a player's action to their current game. `expected` is the game id and turn the
    /// action was drawn for (a button); `None` applies it to whatever the game is now (a typed
    /// command).
    pub async fn apply(
        &self,
        user: UserId,
        action: Action,
        expected: Expected,
    ) -> Result<ApplyOutcome, StoreError> {
        for _ in 0..MAX_ATTEMPTS {
            let Some(current) = self.current_game(user).await? else {
                return Ok(ApplyOutcome::NoGame);
            };
            if let Some((game_id, turn)) = expected
                && (current.game_id != game_id || current.game.turn() != turn)
            {
                return Ok(ApplyOutcome::Stale { game: current });
            }
            let mut game = current.game.clone();
            let effect = match game.apply(action) {
                Ok(effect) => effect,
                Err(refusal) => {
                    return Ok(ApplyOutcome::Refused {
                        game: current,
                        refusal,
                    });
                }
            };
            if let Some(saved) = self.save_if_unchanged(&current, game).await? {
                return Ok(ApplyOutcome::Applied {
                    game: saved,
                    effect,
                });
            }
            // Another action was saved since we loaded: let it finish, then start over.
            tokio::task::yield_now().await;
        }
        Err(StoreError::Contention {
            user,
            attempts: MAX_ATTEMPTS,
        })
    }

    /// Saves `game` as the successor of `current`, unless the stored version moved on (then
    /// `None`). A winning move files the result in the same transaction.
    async fn save_if_unchanged(
        &self,
        current: &CurrentGame,
        game: Game,
    ) -> Result<Option<CurrentGame>, StoreError> {
        let user = current.user;
        let query = sqlx::query(SAVE_IF_UNCHANGED)
            .bind(id_to_db(user.0))
            .bind(current.game_id)
            .bind(current.version)
            .bind(game.to_stored())
            .bind(now_millis());
        if game.status() != Status::Won {
            let row = query.fetch_optional(&self.pool).await?;
            return Ok(match row {
                Some(row) => Some(GameRow::decode(&row)?.with_game(user, game)),
                None => None,
            });
        }
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let Some(row) = query.fetch_optional(&mut *tx).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        let saved = GameRow::decode(&row)?.with_game(user, game);
        record_finished(
            &mut tx,
            user,
            saved.game_id,
            &saved.game,
            Outcome::Won,
            saved.guild_id,
        )
        .await?;
        tx.commit().await?;
        Ok(Some(saved))
    }
}
