//! What the store keeps about a player besides games, and forgetting all of it: the name shown
//! on boards, and `/tripeaks forget-me`.

use super::convert::id_to_db;
use super::model::{Forgotten, UserId};
use super::results::{
    DELETE_DAILY_RESULTS_OF_PLAYER, DELETE_DEAL_RESULTS_OF_PLAYER, delete_results,
};
use super::{Store, StoreError};

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
    /// Other players' rows are untouched; a second call finds nothing left.
    pub async fn forget(&self, user: UserId) -> Result<Forgotten, StoreError> {
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let user_id = id_to_db(user.0);
        let mut delete = async |sql: &'static str| -> Result<u64, sqlx::Error> {
            let done = sqlx::query(sql).bind(user_id).execute(&mut *tx).await?;
            Ok(done.rows_affected())
        };
        let forgotten = Forgotten {
            current_game: delete("DELETE FROM current_games WHERE user_id = $1").await? > 0,
            finished_games: delete("DELETE FROM finished_games WHERE user_id = $1").await?,
            settings: delete("DELETE FROM player_settings WHERE user_id = $1").await? > 0,
            corrupt_games: delete("DELETE FROM corrupt_games WHERE user_id = $1").await?,
            name: delete("DELETE FROM player_names WHERE user_id = $1").await? > 0,
            daily_results: 0,
        };
        delete("DELETE FROM board_standings WHERE user_id = $1").await?;
        // Challenges: the ones still waiting for them go; in finished ones the other players
        // keep their results, and this player's id becomes 0 (nobody).
        delete(
            "DELETE FROM challenge_players WHERE challenge_id IN (SELECT challenge_id FROM \
             challenges WHERE state IN ('waiting', 'open') AND (challenger_id = $1 OR opponent_id = $1))",
        )
        .await?;
        delete(
            "DELETE FROM challenges WHERE state IN ('waiting', 'open') \
             AND (challenger_id = $1 OR opponent_id = $1)",
        )
        .await?;
        delete("DELETE FROM challenge_players WHERE user_id = $1").await?;
        delete("UPDATE challenges SET challenger_id = 0 WHERE challenger_id = $1").await?;
        delete("UPDATE challenges SET opponent_id = 0 WHERE opponent_id = $1").await?;
        delete("UPDATE challenges SET winner_id = 0 WHERE winner_id = $1").await?;
        delete("DELETE FROM player_totals WHERE user_id = $1").await?;
        // Deal buckets before daily buckets, the order in which a finishing game takes them, so
        // that forget-me and a finish never wait for each other's locks.
        delete_results(&mut tx, DELETE_DEAL_RESULTS_OF_PLAYER, user_id).await?;
        let forgotten = Forgotten {
            daily_results: delete_results(&mut tx, DELETE_DAILY_RESULTS_OF_PLAYER, user_id).await?,
            ..forgotten
        };
        tx.commit().await?;
        self.recent.forget(user);
        Ok(forgotten)
    }
}
