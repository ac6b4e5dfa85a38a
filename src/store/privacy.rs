//! What the store keeps about a player besides games, and forgetting all of it: the name shown
//! on boards, and `/tripeaks forget-me`.

use super::convert::id_to_db;
use super::departures::depart;
use super::error::retry_conflicts;
use super::games::fetch_game_row;
use super::model::{Forgotten, UserId};
use super::results::{
    DELETE_DAILY_RESULTS_OF_PLAYER, DELETE_DEAL_RESULTS_OF_PLAYER, delete_results,
};
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
    /// Other players' rows are untouched, but for their challenges with this player: a
    /// challenge being played goes on for them, this player counting as abandoned and shown as
    /// a player who left (`challenge_results::depart`). A second call finds nothing left.
    ///
    /// The tables are taken in the order every transaction takes them (the store's docs): the
    /// game row, the result tables, then each challenge (by id) before its players. A deadlock
    /// or a serialization failure all the same is tried again.
    pub async fn forget(&self, user: UserId) -> Result<Forgotten, StoreError> {
        retry_conflicts(user, || self.forget_once(user)).await
    }

    async fn forget_once(&self, user: UserId) -> Result<Forgotten, StoreError> {
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let user_id = id_to_db(user.0);
        // Their board of a challenge being played gives their score there.
        let row = fetch_game_row(&mut tx, user).await?;
        let board = row.as_ref().and_then(|row| {
            let game = Game::from_stored(&row.state).ok()?;
            Some((row.game_id, row.challenge?, game))
        });
        let mut delete = async |sql: &'static str| -> Result<u64, sqlx::Error> {
            let done = sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
            Ok(done.rows_affected())
        };
        let current_game = delete("DELETE FROM current_games WHERE user_id = $1").await? > 0;
        let finished_games = delete("DELETE FROM finished_games WHERE user_id = $1").await?;
        delete("DELETE FROM player_totals WHERE user_id = $1").await?;
        delete("DELETE FROM board_standings WHERE user_id = $1").await?;
        // Deal buckets before daily buckets, the order in which a finishing game takes them.
        delete_results(&mut tx, DELETE_DEAL_RESULTS_OF_PLAYER, user_id).await?;
        let daily_results =
            delete_results(&mut tx, DELETE_DAILY_RESULTS_OF_PLAYER, user_id).await?;
        let mut delete = async |sql: &'static str| -> Result<u64, sqlx::Error> {
            let done = sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
            Ok(done.rows_affected())
        };
        let settings = delete("DELETE FROM player_settings WHERE user_id = $1").await? > 0;
        let corrupt_games = delete("DELETE FROM corrupt_games WHERE user_id = $1").await?;
        let name = delete("DELETE FROM player_names WHERE user_id = $1").await? > 0;
        let challenges: Vec<i64> = sqlx::query_scalar(
            "SELECT challenge_id FROM challenge_players WHERE user_id = $1 UNION \
             SELECT challenge_id FROM challenges \
             WHERE challenger_id = $1 OR opponent_id = $1 OR winner_id = $1 \
             ORDER BY 1",
        )
        .bind(user_id)
        .fetch_all(&mut *tx)
        .await?;
        for id in challenges {
            let board = board
                .as_ref()
                .filter(|(_, challenge, _)| *challenge == id)
                .map(|(game_id, _, game)| (*game_id, game));
            depart(&mut tx, id, user, board, now).await?;
        }
        tx.commit().await?;
        self.recent.forget(user);
        Ok(Forgotten {
            current_game,
            finished_games,
            settings,
            corrupt_games,
            name,
            daily_results,
        })
    }
}
