//! A player's history: their last finished games, newest first, the games of a time window,
//! and one finished game (with what its replay needs: its stored form, kept since migration 007).
//! Every read is a range of an index on the player, never all their games.

use sqlx::Row;

use super::convert::id_to_db;
use super::finished_row::{decode_finished, finished_columns};
use super::model::{FinishedGame, UserId};
use super::{Store, StoreError};
use crate::game::Game;

impl Store {
    /// The player's last `limit` finished games, newest first.
    pub async fn recent_finished(
        &self,
        user: UserId,
        limit: u32,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let sql = concat!(
            "SELECT ",
            finished_columns!(),
            " FROM finished_games WHERE user_id = $1 ",
            "ORDER BY finished_at DESC, game_id DESC LIMIT $2"
        );
        let rows = sqlx::query(sql)
            .bind(id_to_db(user.0))
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| decode_finished(user, row)).collect()
    }

    /// The player's games finished in `[from, to)` (Unix milliseconds), oldest first: a range
    /// of `finished_games_by_user`, so a week's games cost a week's games, whatever the
    /// player's history.
    pub async fn finished_between(
        &self,
        user: UserId,
        from: i64,
        to: i64,
    ) -> Result<Vec<FinishedGame>, StoreError> {
        let sql = concat!(
            "SELECT ",
            finished_columns!(),
            " FROM finished_games WHERE user_id = $1 AND finished_at >= $2 AND finished_at < $3 ",
            "ORDER BY finished_at, game_id"
        );
        let rows = sqlx::query(sql)
            .bind(id_to_db(user.0))
            .bind(from)
            .bind(to)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| decode_finished(user, row)).collect()
    }

    /// One of the player's finished games, `None` when they have none of that id.
    pub async fn finished_game(
        &self,
        user: UserId,
        game_id: i64,
    ) -> Result<Option<FinishedGame>, StoreError> {
        let sql = concat!(
            "SELECT ",
            finished_columns!(),
            " FROM finished_games WHERE user_id = $1 AND game_id = $2"
        );
        let row = sqlx::query(sql)
            .bind(id_to_db(user.0))
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| decode_finished(user, &row)).transpose()
    }

    /// One of the player's finished games and, if its actions were kept, the game as it ended
    /// (read back and checked against the rules, like a current game). `None` when the player
    /// has no finished game of that id.
    pub async fn finished_replay(
        &self,
        user: UserId,
        game_id: i64,
    ) -> Result<Option<(FinishedGame, Option<Game>)>, StoreError> {
        let sql = concat!(
            "SELECT ",
            finished_columns!(),
            ", history FROM finished_games WHERE user_id = $1 AND game_id = $2"
        );
        let row = sqlx::query(sql)
            .bind(id_to_db(user.0))
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let finished = decode_finished(user, &row)?;
        let history: Option<String> = row.try_get("history")?;
        let game = match history {
            // A damaged record of a finished game is not the player's game in progress:
            // `CorruptRecord`, which names its owner and game, never `Corrupt`.
            Some(text) => {
                Some(
                    Game::from_stored(&text).map_err(|error| StoreError::CorruptRecord {
                        user,
                        detail: format!("the history of finished game {game_id}: {error}"),
                    })?,
                )
            }
            None => None,
        };
        Ok(Some((finished, game)))
    }
}
