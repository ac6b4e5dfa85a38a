//! The daily's rows: each player's scored attempt at each daily (`daily_results`: their first
//! daily game of that number to end, won, blocked or abandoned after a move; its primary key
//! keeps it the first) and, in a server, its place in that day's board's buckets
//! (`board_buckets`, board `daily:<n>`). Filed after the deal's result, taken back with it by
//! an undo out of a blocked end, deleted by forget-me.

use sqlx::AnyConnection;

use super::{KindRows, Playing};
use crate::game::DailyNumber;
use crate::store::convert::{flag_to_db, id_to_db};
use crate::store::model::{Forgotten, Outcome, UserId};
use crate::store::records::{Finished, result_bucket};
use crate::store::results::{
    DELETE_DAILY_RESULT_OF_GAME, DELETE_DAILY_RESULTS_OF_PLAYER, count_in_bucket, delete_results,
};

/// A game of the daily of that number.
pub(super) struct Daily(pub DailyNumber);

impl KindRows for Daily {
    /// The player's first daily game of the day to be filed is their scored attempt.
    async fn end(
        &self,
        connection: &mut AnyConnection,
        f: &Finished<'_>,
        filed: bool,
    ) -> Result<(), sqlx::Error> {
        if !filed {
            return Ok(());
        }
        let game = f.game;
        let added = sqlx::query(
            "INSERT INTO daily_results (game_id, won, outcome, score, moves, hints_used, \
             finished_at, daily, user_id, guild_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING",
        )
        .bind(f.game_id)
        .bind(flag_to_db(f.outcome == Outcome::Won))
        .bind(f.outcome.name())
        .bind(i64::from(game.score()))
        .bind(i64::from(game.moves()))
        .bind(i64::from(game.hints_used()))
        .bind(f.at)
        .bind(i64::from(self.0.get()))
        .bind(id_to_db(f.user.0))
        .bind(f.guild.map(id_to_db))
        .execute(&mut *connection)
        .await?;
        if added.rows_affected() == 1
            && let Some(guild) = f.guild
        {
            let board = format!("daily:{}", self.0);
            count_in_bucket(connection, &board, id_to_db(guild), result_bucket(f), 1).await?;
        }
        Ok(())
    }

    async fn take_back(
        &self,
        connection: &mut AnyConnection,
        game_id: i64,
    ) -> Result<(), sqlx::Error> {
        delete_results(connection, DELETE_DAILY_RESULT_OF_GAME, game_id).await?;
        Ok(())
    }

    /// Every scored attempt of theirs, out of its board's buckets too.
    async fn forget(
        connection: &mut AnyConnection,
        user: UserId,
        _playing: Option<&Playing<'_>>,
        _now: i64,
        forgotten: &mut Forgotten,
    ) -> Result<(), sqlx::Error> {
        forgotten.daily_results =
            delete_results(connection, DELETE_DAILY_RESULTS_OF_PLAYER, id_to_db(user.0)).await?;
        Ok(())
    }
}
