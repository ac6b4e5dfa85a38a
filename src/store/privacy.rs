//! What the store keeps about a player besides games, and forgetting all of it: the name shown
//! on boards, and `/tripeaks forget-me`.

use super::convert::id_to_db;
use super::dues::forget_dues;
use super::error::retry_conflicts;
use super::games::fetch_game_row;
use super::kinds::{self, Playing};
use super::model::{Forgotten, GameKind, UserId};
use super::results::{DELETE_DEAL_RESULTS_OF_PLAYER, delete_results};
use super::{Store, StoreError};
use crate::game::Game;

/// Names longer than this are cut (Discord's own limit on display names is 32).
const MAX_NAME_CHARS: usize = 64;

impl Store {
    /// Notes the name a player goes by now, for the boards.
    pub async fn remember_name(&self, user: UserId, name: &str) -> Result<(), StoreError> {
        let name: String = name.chars().take(MAX_NAME_CHARS).collect();
        sqlx::query(
            "INSERT INTO player_names (user_id, name, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET name = $2, updated_at = $3",
        )
        .bind(id_to_db(user.0))
        .bind(name)
        .bind(self.now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The name a player was last seen with.
    pub async fn name(&self, user: UserId) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT name FROM player_names WHERE user_id = $1")
                .bind(id_to_db(user.0))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Deletes everything kept about the player, in one transaction, and says what it was.
    /// Other players' rows are untouched, but for what they share with this player through a
    /// kind of game: a challenge being played goes on for them, this player counting as
    /// abandoned and shown as a player who left (`challenges/departures.rs`). A second call finds nothing
    /// left.
    ///
    /// The tables are taken in the order every transaction takes them (the store's docs): the
    /// game row, the result tables, each kind's rows (`kinds::forget`), the player's own rows,
    /// then their posts due. A deadlock or a serialization failure all the same is tried again.
    pub async fn forget(&self, user: UserId) -> Result<Forgotten, StoreError> {
        retry_conflicts(user, || self.forget_once(user)).await
    }

    async fn forget_once(&self, user: UserId) -> Result<Forgotten, StoreError> {
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let user_id = id_to_db(user.0);
        // Their game, if it reads, for what its kind may still count of it (a challenge's
        // board gives its score there).
        let row = fetch_game_row(&mut tx, user).await?;
        let read = row.as_ref().and_then(|row| {
            let game = Game::from_stored(&row.state).ok()?;
            let kind = GameKind::from_stored(row.kind.as_deref()).ok()?;
            Some((row.game_id, kind, game))
        });
        let playing = read.as_ref().map(|(game_id, kind, game)| Playing {
            game_id: *game_id,
            kind: *kind,
            game,
        });
        let mut forgotten = Forgotten::default();
        let mut delete = async |sql: &'static str| -> Result<u64, sqlx::Error> {
            let done = sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
            Ok(done.rows_affected())
        };
        forgotten.current_game = delete("DELETE FROM current_games WHERE user_id = $1").await? > 0;
        forgotten.finished_games = delete("DELETE FROM finished_games WHERE user_id = $1").await?;
        delete("DELETE FROM player_totals WHERE user_id = $1").await?;
        delete("DELETE FROM board_standings WHERE user_id = $1").await?;
        delete_results(&mut tx, DELETE_DEAL_RESULTS_OF_PLAYER, user_id).await?;
        kinds::forget(&mut tx, user, playing.as_ref(), now, &mut forgotten).await?;
        let mut delete = async |sql: &'static str| -> Result<u64, sqlx::Error> {
            let done = sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
            Ok(done.rows_affected())
        };
        forgotten.settings = delete("DELETE FROM player_settings WHERE user_id = $1").await? > 0;
        forgotten.corrupt_games = delete("DELETE FROM corrupt_games WHERE user_id = $1").await?;
        forgotten.name = delete("DELETE FROM player_names WHERE user_id = $1").await? > 0;
        delete("DELETE FROM reservations WHERE user_id = $1").await?;
        forget_dues(&mut tx, user).await?;
        tx.commit().await?;
        self.recent.forget(user);
        Ok(forgotten)
    }
}
