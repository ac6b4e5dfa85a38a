//! What a server leaderboard reads: each player's totals over one server's games in a time window.
//!
//! The totals are computed by the database over the covering index `finished_games_by_guild`
//! (guild, time, user, outcome, score, game), so a leaderboard never reads the table itself; only the
//! ~100 resulting rows are joined to settings (hidden or not) and names. The ranking itself is
//! pure (`stats::rank`).

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::convert::{flag_from_db, id_from_db, id_to_db};
use super::model::UserId;
use super::{Store, StoreError};
use crate::stats::{Metric, Outcome, Period, Standing, Window, streaks};

/// Per-player totals in one server and window, with whether the player is public and their
/// last known name. `$1` guild, `$2` from (inclusive), `$3` to (exclusive), Unix milliseconds.
pub const STANDINGS_SQL: &str = "\
SELECT g.user_id, g.games, g.wins, g.best, g.last_win, COALESCE(s.public, 1) AS public, n.name \
FROM (SELECT user_id, COUNT(*) AS games, \
             SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END) AS wins, \
             MAX(score) AS best, \
             MAX(CASE WHEN outcome = 'won' THEN finished_at END) AS last_win \
      FROM finished_games \
      WHERE guild_id = $1 AND finished_at >= $2 AND finished_at < $3 AND modes = '' \
      GROUP BY user_id) g \
LEFT JOIN player_settings s ON s.user_id = g.user_id \
LEFT JOIN player_names n ON n.user_id = g.user_id";

/// Each player's longest run of won games in one server and window (same parameters): a game
/// not won starts a new run, so runs are groups of equal "games not won so far".
pub const STREAKS_SQL: &str = "\
SELECT user_id, MAX(streak) FROM ( \
    SELECT user_id, run, COUNT(*) AS streak FROM ( \
        SELECT user_id, outcome, SUM(CASE WHEN outcome = 'won' THEN 0 ELSE 1 END) \
            OVER (PARTITION BY user_id ORDER BY finished_at, game_id ROWS UNBOUNDED PRECEDING) AS run \
        FROM finished_games \
        WHERE guild_id = $1 AND finished_at >= $2 AND finished_at < $3 AND modes = '') ordered \
    WHERE outcome = 'won' GROUP BY user_id, run) runs \
GROUP BY user_id";

/// Every player's all-time totals in one server, kept in `guild_standings`. `$1` guild.
pub const ALL_TIME_SQL: &str = "\
SELECT g.user_id, g.games, g.wins, g.best_score, g.last_win_at, COALESCE(s.public, 1) AS public, \
       n.name, g.best_streak \
FROM guild_standings g \
LEFT JOIN player_settings s ON s.user_id = g.user_id \
LEFT JOIN player_names n ON n.user_id = g.user_id \
WHERE g.guild_id = $1";

/// Counts one more finished game in the player's all-time totals in `guild`: the same
/// transaction as the game's record, so the totals never disagree with `finished_games`.
pub(crate) async fn add_to_standing(
    connection: &mut AnyConnection,
    guild: u64,
    user: UserId,
    outcome: Outcome,
    score: u32,
    now: i64,
) -> Result<(), sqlx::Error> {
    let won = i64::from(outcome == Outcome::Won);
    sqlx::query(
        "INSERT INTO guild_standings (guild_id, user_id, games, wins, best_score, last_win_at, \
         current_streak, best_streak) VALUES ($1, $2, 1, $3, $4, $5, $3, $3) \
         ON CONFLICT (guild_id, user_id) DO UPDATE SET \
         games = guild_standings.games + 1, \
         wins = guild_standings.wins + $3, \
         best_score = CASE WHEN $4 > guild_standings.best_score THEN $4 \
                      ELSE guild_standings.best_score END, \
         last_win_at = CASE WHEN $3 = 1 THEN $6 ELSE guild_standings.last_win_at END, \
         current_streak = CASE WHEN $3 = 1 THEN guild_standings.current_streak + 1 ELSE 0 END, \
         best_streak = CASE WHEN $3 = 1 AND guild_standings.current_streak + 1 > \
                       guild_standings.best_streak THEN guild_standings.current_streak + 1 \
                       ELSE guild_standings.best_streak END",
    )
    .bind(id_to_db(guild))
    .bind(id_to_db(user.0))
    .bind(won)
    .bind(i64::from(score))
    .bind((won == 1).then_some(now))
    .bind(now)
    .execute(connection)
    .await?;
    Ok(())
}

/// Recomputes the player's all-time totals in `guild` from their filed games, after a result
/// was taken back (an undo out of a blocked game); rare, so it reads the player's games.
pub(crate) async fn refresh_standing(
    connection: &mut AnyConnection,
    guild: u64,
    user: UserId,
) -> Result<(), sqlx::Error> {
    let (guild, user_id) = (id_to_db(guild), id_to_db(user.0));
    let rows = sqlx::query(
        "SELECT outcome, score, finished_at FROM finished_games \
         WHERE guild_id = $1 AND user_id = $2 AND modes = '' ORDER BY finished_at, game_id",
    )
    .bind(guild)
    .bind(user_id)
    .fetch_all(&mut *connection)
    .await?;
    sqlx::query("DELETE FROM guild_standings WHERE guild_id = $1 AND user_id = $2")
        .bind(guild)
        .bind(user_id)
        .execute(&mut *connection)
        .await?;
    if rows.is_empty() {
        return Ok(());
    }
    let mut games = Vec::with_capacity(rows.len());
    for row in &rows {
        let outcome: String = row.try_get(0)?;
        let score: i64 = row.try_get(1)?;
        let at: i64 = row.try_get(2)?;
        games.push((outcome == Outcome::Won.name(), score, at));
    }
    let won = |&&(won, _, _): &&(bool, i64, i64)| won;
    let (current, best) =
        streaks(games.iter().map(
            |&(won, _, _)| {
                if won { Outcome::Won } else { Outcome::Blocked }
            },
        ));
    sqlx::query(
        "INSERT INTO guild_standings (guild_id, user_id, games, wins, best_score, last_win_at, \
         current_streak, best_streak) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(guild)
    .bind(user_id)
    .bind(games.len() as i64)
    .bind(games.iter().filter(won).count() as i64)
    .bind(games.iter().map(|&(_, score, _)| score).max().unwrap_or(0))
    .bind(games.iter().filter(won).map(|&(_, _, at)| at).max())
    .bind(i64::from(current))
    .bind(i64::from(best))
    .execute(connection)
    .await?;
    Ok(())
}

/// A standing from the columns both statements start with (user, games, wins, best score, last
/// win, public, name), and the best streak from column `streak` when the statement has one.
fn decode_standing(row: &AnyRow, streak: Option<usize>) -> Result<Standing, sqlx::Error> {
    Ok(Standing {
        user: id_from_db(row.try_get(0)?),
        games: count(row.try_get(1)?),
        wins: count(row.try_get(2)?),
        best_score: count(row.try_get(3)?),
        last_win_at: row.try_get(4)?,
        public: flag_from_db(row.try_get(5)?),
        name: row.try_get(6)?,
        best_streak: match streak {
            Some(column) => count(row.try_get(column)?),
            None => 0,
        },
    })
}

fn count(value: i64) -> u32 {
    u32::try_from(value.max(0)).unwrap_or(u32::MAX)
}

impl Store {
    /// Every player's all-time totals in `guild`, one row each.
    pub async fn all_time_standings(&self, guild: u64) -> Result<Vec<Standing>, StoreError> {
        let rows = sqlx::query(ALL_TIME_SQL)
            .bind(id_to_db(guild))
            .fetch_all(&self.pool)
            .await?;
        let standings = rows.iter().map(|row| decode_standing(row, Some(7)));
        Ok(standings.collect::<Result<_, sqlx::Error>>()?)
    }

    /// Every player's totals in `guild` in `period` (the window of it that holds `now`): all
    /// time from the kept totals; a week or a month from its games, with the streaks only when
    /// the board ranks by them (they cost a window function over the period's games).
    pub async fn period_standings(
        &self,
        guild: u64,
        period: Period,
        now: i64,
        metric: Metric,
    ) -> Result<Vec<Standing>, StoreError> {
        match period {
            Period::All => self.all_time_standings(guild).await,
            _ => self.standings(guild, period.window(now), metric).await,
        }
    }

    /// Every player's totals in `guild` over `window`, counted from its games; the streaks only
    /// when the board ranks by them (they cost a window function over the window's games).
    pub async fn standings(
        &self,
        guild: u64,
        window: Window,
        metric: Metric,
    ) -> Result<Vec<Standing>, StoreError> {
        let rows = sqlx::query(STANDINGS_SQL)
            .bind(id_to_db(guild))
            .bind(window.from)
            .bind(window.to)
            .fetch_all(&self.pool)
            .await?;
        let mut standings = rows
            .iter()
            .map(|row| decode_standing(row, None))
            .collect::<Result<Vec<Standing>, sqlx::Error>>()?;
        if metric == Metric::Streak {
            let rows = sqlx::query(STREAKS_SQL)
                .bind(id_to_db(guild))
                .bind(window.from)
                .bind(window.to)
                .fetch_all(&self.pool)
                .await?;
            // One lookup per row (a `find` per row was quadratic in a server's players).
            let place: std::collections::HashMap<u64, usize> = standings
                .iter()
                .enumerate()
                .map(|(at, standing)| (standing.user, at))
                .collect();
            for row in rows {
                let user = id_from_db(row.try_get(0)?);
                let streak = count(row.try_get(1)?);
                if let Some(&at) = place.get(&user) {
                    standings[at].best_streak = streak;
                }
            }
        }
        Ok(standings)
    }
}
