//! What a server board reads: each player's totals over one server's games in a time window.
//!
//! The totals are computed by the database over the covering index `finished_games_by_guild`
//! (guild, time, user, outcome, score, game), so a board never reads the table itself; only the
//! ~100 resulting rows are joined to settings (hidden or not) and names. The ranking itself is
//! pure (`stats::rank`).

use sqlx::Row;

use super::convert::{flag_from_db, id_from_db, id_to_db};
use super::{Store, StoreError};
use crate::stats::{Metric, Standing, Window};

/// Per-player totals in one server and window, with whether the player is public and their
/// last known name. `$1` guild, `$2` from (inclusive), `$3` to (exclusive), Unix milliseconds.
pub const STANDINGS_SQL: &str = "\
SELECT g.user_id, g.games, g.wins, g.best, g.last_win, COALESCE(s.public, 1) AS public, n.name \
FROM (SELECT user_id, COUNT(*) AS games, \
             SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END) AS wins, \
             MAX(score) AS best, \
             MAX(CASE WHEN outcome = 'won' THEN finished_at END) AS last_win \
      FROM finished_games \
      WHERE guild_id = $1 AND finished_at >= $2 AND finished_at < $3 \
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
        WHERE guild_id = $1 AND finished_at >= $2 AND finished_at < $3) ordered \
    WHERE outcome = 'won' GROUP BY user_id, run) runs \
GROUP BY user_id";

fn count(value: i64) -> u32 {
    u32::try_from(value.max(0)).unwrap_or(u32::MAX)
}

impl Store {
    /// Every player's totals in `guild` over `window`; the streaks only when the board ranks by
    /// them (they cost a window function over the period's games).
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
            .map(|row| {
                Ok(Standing {
                    user: id_from_db(row.try_get(0)?),
                    games: count(row.try_get(1)?),
                    wins: count(row.try_get(2)?),
                    best_score: count(row.try_get(3)?),
                    last_win_at: row.try_get(4)?,
                    public: flag_from_db(row.try_get(5)?),
                    name: row.try_get(6)?,
                    best_streak: 0,
                })
            })
            .collect::<Result<Vec<Standing>, sqlx::Error>>()?;
        if metric == Metric::Streak {
            let rows = sqlx::query(STREAKS_SQL)
                .bind(id_to_db(guild))
                .bind(window.from)
                .bind(window.to)
                .fetch_all(&self.pool)
                .await?;
            for row in rows {
                let user = id_from_db(row.try_get(0)?);
                let streak = count(row.try_get(1)?);
                if let Some(standing) = standings.iter_mut().find(|s| s.user == user) {
                    standing.best_streak = streak;
                }
            }
        }
        Ok(standings)
    }
}
