//! Deal boards: every player's first finished attempt at one deal in one server, and each
//! player's scored attempt at one daily in one server; and a player's days of dailies.
//!
//! Both tables keep one row per player (their primary keys say so), with a `won` flag, and an
//! index in board order (won first, then higher score, fewer moves, fewer hints, earlier
//! finish, lower user id), so the first places are read straight off the index. A board's size
//! and a player's place come from `board_buckets` (players per won/score bucket, kept with every
//! result added or removed) plus a count inside the player's own bucket, so they cost the same
//! for a hundred players or a hundred thousand. Hidden players are left out for everyone but
//! themselves.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

use super::convert::{flag_from_db, id_from_db, id_to_db};
use super::model::UserId;
use super::{Store, StoreError};
use crate::game::{DailyNumber, DealCode};
use crate::stats::Outcome;

/// Which results a board shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Results {
    /// The scored attempts at one daily.
    Daily(DailyNumber),
    /// The first finished attempts at one deal (code and rule).
    Deal(DealCode),
}

/// One player's result on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultEntry {
    pub user: u64,
    pub public: bool,
    pub name: Option<String>,
    pub outcome: Outcome,
    pub score: u32,
    pub moves: u32,
    pub hints: u32,
    /// Unix milliseconds.
    pub finished_at: i64,
}

/// A results board as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ResultsLeaderboard {
    /// The first places, `(place, result)`, best first.
    pub top: Vec<(u32, ResultEntry)>,
    /// The viewer's place and result, when they have one and it is not among `top`.
    pub viewer: Option<(u32, ResultEntry)>,
    /// How many results the viewer's board counts (hidden players left out, but the viewer).
    pub total: u64,
}

/// The statements of one results table; `$1` is the deal key (daily number or code), `$2` the
/// server, `$3` the viewer.
macro_rules! board_sql {
    ($table:literal, $key:literal) => {
        BoardSql {
            top: concat!(
                "SELECT r.user_id, r.outcome, r.score, r.moves, r.hints_used, r.finished_at, ",
                "COALESCE(s.public, 1), n.name FROM ",
                $table,
                " r ",
                "LEFT JOIN player_settings s ON s.user_id = r.user_id ",
                "LEFT JOIN player_names n ON n.user_id = r.user_id ",
                "WHERE r.",
                $key,
                " = $1 AND r.guild_id = $2 ",
                "AND (COALESCE(s.public, 1) = 1 OR r.user_id = $3) ",
                "ORDER BY r.won DESC, r.score DESC, r.moves, r.hints_used, r.finished_at, ",
                "r.user_id LIMIT $4"
            ),
            viewer: concat!(
                "SELECT r.user_id, r.outcome, r.score, r.moves, r.hints_used, r.finished_at, ",
                "COALESCE(s.public, 1), n.name, r.won FROM ",
                $table,
                " r ",
                "LEFT JOIN player_settings s ON s.user_id = r.user_id ",
                "LEFT JOIN player_names n ON n.user_id = r.user_id ",
                "WHERE r.",
                $key,
                " = $1 AND r.guild_id = $2 AND r.user_id = $3"
            ),
            // The hidden players' results on the board (not the viewer's own): hidden players
            // are few, so start from them (SQLite takes CROSS JOIN's order as given), one
            // primary-key lookup each, whatever the board's size.
            hidden: concat!(
                "SELECT r.won, r.score, r.moves, r.hints_used, r.finished_at, r.user_id ",
                "FROM player_settings s CROSS JOIN ",
                $table,
                " r WHERE r.user_id = s.user_id AND r.",
                $key,
                " = $1 AND r.guild_id = $2 AND s.public = 0 AND s.user_id <> $3"
            ),
            // Rows of the viewer's own (won, score) bucket before the viewer ($4.. are the
            // viewer's values): one range of the index.
            before_in_bucket: concat!(
                "SELECT COUNT(*) FROM ",
                $table,
                " r WHERE r.",
                $key,
                " = $1 ",
                "AND r.guild_id = $2 AND r.won = $4 AND r.score = $5 AND r.user_id <> $3 AND ",
                "(r.moves < $6 OR (r.moves = $6 AND (r.hints_used < $7 OR (r.hints_used = $7 ",
                "AND (r.finished_at < $8 OR (r.finished_at = $8 AND r.user_id < $9))))))"
            ),
        }
    };
}

struct BoardSql {
    top: &'static str,
    viewer: &'static str,
    hidden: &'static str,
    before_in_bucket: &'static str,
}

/// Where a result stands in board order: sorts first for the first place.
fn board_order(won: i64, score: i64, moves: i64, hints: i64, at: i64, user: u64) -> BoardKey {
    (
        std::cmp::Reverse(won),
        std::cmp::Reverse(score),
        moves,
        hints,
        at,
        user,
    )
}

type BoardKey = (
    std::cmp::Reverse<i64>,
    std::cmp::Reverse<i64>,
    i64,
    i64,
    i64,
    u64,
);

/// Players on a board (`$1` its bucket key, `$2` the server).
const BUCKET_TOTAL: &str = "SELECT CAST(COALESCE(SUM(players), 0) AS BIGINT) FROM board_buckets \
     WHERE board = $1 AND guild_id = $2";
/// Players in better buckets than (won $3, score $4).
const BUCKETS_BEFORE: &str = "SELECT CAST(COALESCE(SUM(players), 0) AS BIGINT) FROM board_buckets \
     WHERE board = $1 AND guild_id = $2 AND (won > $3 OR (won = $3 AND score > $4))";

/// The key of a board in `board_buckets`: the deal's code, or `daily:<n>`.
fn bucket_key(results: Results) -> String {
    match results {
        Results::Daily(daily) => format!("daily:{daily}"),
        Results::Deal(code) => code.to_string(),
    }
}

/// Adds `delta` players to a board's (won, score) bucket.
pub(crate) async fn count_in_bucket(
    connection: &mut AnyConnection,
    board: &str,
    guild: i64,
    (won, score): (i64, i64),
    delta: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO board_buckets (board, guild_id, won, score, players) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (board, guild_id, won, score) \
         DO UPDATE SET players = board_buckets.players + $5",
    )
    .bind(board)
    .bind(guild)
    .bind(won)
    .bind(score)
    .bind(delta)
    .execute(connection)
    .await?;
    Ok(())
}

/// Deletes the results a statement names, which returns each one's bucket key, server, won and
/// score, and takes them out of their buckets. How many were deleted.
///
/// The buckets are updated in the order of their keys, whatever order the rows came back in,
/// so that two transactions taking out results of the same boards never wait for each other in
/// a circle (a deadlock on PostgreSQL).
pub(crate) async fn delete_results(
    connection: &mut AnyConnection,
    delete_returning: &'static str,
    id: i64,
) -> Result<u64, sqlx::Error> {
    let rows = sqlx::query(delete_returning)
        .bind(id)
        .fetch_all(&mut *connection)
        .await?;
    let mut buckets: Vec<(String, i64, (i64, i64))> = Vec::with_capacity(rows.len());
    for row in &rows {
        if let Some(guild) = row.try_get::<Option<i64>, _>(1)? {
            buckets.push((row.try_get(0)?, guild, (row.try_get(2)?, row.try_get(3)?)));
        }
    }
    buckets.sort_unstable();
    for (board, guild, bucket) in &buckets {
        count_in_bucket(connection, board, *guild, *bucket, -1).await?;
    }
    Ok(rows.len() as u64)
}

/// The deletions `delete_results` takes, by game (an undone block) or by player (forget-me).
pub(crate) const DELETE_DEAL_RESULT_OF_GAME: &str = "DELETE FROM deal_results WHERE game_id = $1 \
     RETURNING code, guild_id, won, score";
pub(crate) const DELETE_DAILY_RESULT_OF_GAME: &str = "DELETE FROM daily_results \
     WHERE game_id = $1 RETURNING 'daily:' || CAST(daily AS TEXT), guild_id, won, score";
pub(crate) const DELETE_DEAL_RESULTS_OF_PLAYER: &str = "DELETE FROM deal_results \
     WHERE user_id = $1 RETURNING code, guild_id, won, score";
pub(crate) const DELETE_DAILY_RESULTS_OF_PLAYER: &str = "DELETE FROM daily_results \
     WHERE user_id = $1 RETURNING 'daily:' || CAST(daily AS TEXT), guild_id, won, score";

const DAILY: BoardSql = board_sql!("daily_results", "daily");
const DEAL: BoardSql = board_sql!("deal_results", "code");

/// The first-places statement of the daily board, for tests that look at its plan.
pub const DAILY_LEADERBOARD_SQL: &str = DAILY.top;
/// The first-places statement of the deal board.
pub const DEAL_LEADERBOARD_SQL: &str = DEAL.top;

fn count(value: i64) -> u32 {
    u32::try_from(value.max(0)).unwrap_or(u32::MAX)
}

fn decode(row: &AnyRow) -> Result<ResultEntry, StoreError> {
    let outcome: String = row.try_get(1)?;
    let user = id_from_db(row.try_get(0)?);
    Ok(ResultEntry {
        user,
        outcome: Outcome::from_name(&outcome).ok_or_else(|| StoreError::CorruptRecord {
            user: UserId(user),
            detail: format!("result with outcome `{outcome}`"),
        })?,
        score: count(row.try_get(2)?),
        moves: count(row.try_get(3)?),
        hints: count(row.try_get(4)?),
        finished_at: row.try_get(5)?,
        public: flag_from_db(row.try_get(6)?),
        name: row.try_get(7)?,
    })
}

/// Binds the deal key of `results` as `$1`.
fn keyed(sql: &'static str, results: Results) -> Query {
    let query = sqlx::query(sql);
    match results {
        Results::Daily(daily) => query.bind(i64::from(daily.get())),
        Results::Deal(code) => query.bind(code.to_string()),
    }
}

type Query = sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments>;

async fn scalar(pool: &AnyPool, query: Query) -> Result<i64, StoreError> {
    Ok(query.fetch_one(pool).await?.try_get(0)?)
}

impl Store {
    /// The board of `results` in `guild` as `viewer` sees it: the first `top` places, their own
    /// place, and how many results it counts.
    pub async fn results_leaderboard(
        &self,
        results: Results,
        guild: u64,
        viewer: UserId,
        top: u32,
    ) -> Result<ResultsLeaderboard, StoreError> {
        let sql = match results {
            Results::Daily(_) => &DAILY,
            Results::Deal(_) => &DEAL,
        };
        let (guild, viewer_id) = (id_to_db(guild), id_to_db(viewer.0));
        let rows = keyed(sql.top, results)
            .bind(guild)
            .bind(viewer_id)
            .bind(i64::from(top))
            .fetch_all(&self.pool)
            .await?;
        let top: Vec<(u32, ResultEntry)> = rows
            .iter()
            .enumerate()
            .map(|(i, row)| Ok((i as u32 + 1, decode(row)?)))
            .collect::<Result<_, StoreError>>()?;
        let key = bucket_key(results);
        let total = sqlx::query(BUCKET_TOTAL).bind(key.clone()).bind(guild);
        let all = scalar(&self.pool, total).await?;
        let hidden: Vec<BoardKey> = keyed(sql.hidden, results)
            .bind(guild)
            .bind(viewer_id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| {
                Ok(board_order(
                    row.try_get(0)?,
                    row.try_get(1)?,
                    row.try_get(2)?,
                    row.try_get(3)?,
                    row.try_get(4)?,
                    id_from_db(row.try_get(5)?),
                ))
            })
            .collect::<Result<_, sqlx::Error>>()?;
        let mut board = ResultsLeaderboard {
            total: u64::try_from(all - hidden.len() as i64).unwrap_or(0),
            ..ResultsLeaderboard::default()
        };
        if !top.iter().any(|(_, entry)| entry.user == viewer.0) {
            let row = keyed(sql.viewer, results)
                .bind(guild)
                .bind(viewer_id)
                .fetch_optional(&self.pool)
                .await?;
            if let Some(row) = row {
                let entry = decode(&row)?;
                let won: i64 = row.try_get(8)?;
                let before = |sql| {
                    keyed(sql, results)
                        .bind(guild)
                        .bind(viewer_id)
                        .bind(won)
                        .bind(i64::from(entry.score))
                        .bind(i64::from(entry.moves))
                        .bind(i64::from(entry.hints))
                        .bind(entry.finished_at)
                        .bind(viewer_id)
                };
                let better = sqlx::query(BUCKETS_BEFORE)
                    .bind(key.clone())
                    .bind(guild)
                    .bind(won)
                    .bind(i64::from(entry.score));
                let (score, moves, hints) = (entry.score, entry.moves, entry.hints);
                let own = board_order(
                    won,
                    score.into(),
                    moves.into(),
                    hints.into(),
                    entry.finished_at,
                    viewer.0,
                );
                let hidden_ahead = hidden.iter().filter(|key| **key < own).count() as i64;
                let ahead = scalar(&self.pool, better).await?
                    + scalar(&self.pool, before(sql.before_in_bucket)).await?
                    - hidden_ahead;
                board.viewer = Some((count(ahead) + 1, entry));
            }
        }
        board.top = top;
        Ok(board)
    }

    /// Notes that the player posted the result line of their finished game `game_id`: `true`
    /// the first time, `false` if it was posted already (or the game is not a finished one).
    pub async fn mark_shared(&self, user: UserId, game_id: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE finished_games SET shared = 1 \
             WHERE game_id = $1 AND user_id = $2 AND shared = 0",
        )
        .bind(game_id)
        .bind(id_to_db(user.0))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The player's scored daily results, oldest first: `(daily number, won)`.
    pub async fn daily_days(&self, user: UserId) -> Result<Vec<(u32, bool)>, StoreError> {
        let rows =
            sqlx::query("SELECT daily, won FROM daily_results WHERE user_id = $1 ORDER BY daily")
                .bind(id_to_db(user.0))
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|row| Ok((count(row.try_get(0)?), flag_from_db(row.try_get(1)?))))
            .collect()
    }

    /// The game id of the player's scored attempt at `daily`, if they have finished one.
    pub async fn daily_attempt(
        &self,
        user: UserId,
        daily: DailyNumber,
    ) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT game_id FROM daily_results WHERE daily = $1 AND user_id = $2",
        )
        .bind(i64::from(daily.get()))
        .bind(id_to_db(user.0))
        .fetch_optional(&self.pool)
        .await?)
    }
}
