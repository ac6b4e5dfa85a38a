//! What a server leaderboard reads: each player's totals in one server, mode set and window,
//! kept in `board_standings` by the transaction that files a game.
//!
//! A board costs the same in a server of 20,000 players as in one of 100: its first places come
//! from `ORDER BY … LIMIT` over the index of its metric, the viewer's place from counting the
//! public players before them over that index, and nothing reads a window's games. The
//! ranking rules stay pure (`stats::board_from_page`, held equal to `stats::rank`).

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::convert::{flag_from_db, flag_to_db, id_from_db, id_to_db};
use super::model::UserId;
use super::{Store, StoreError};
use crate::stats::{Board, BoardPage, Metric, Outcome, Period, Standing, board_from_page, streaks};

/// `last_win_at` of a player who won no game in the window: sorts after every real time.
const NEVER_WON: i64 = i64::MAX;

/// The windows a finished game counts in, each with the start that keys its rows.
const PERIODS: [Period; 3] = [Period::Week, Period::Month, Period::All];

/// The key of a window's rows: the period's name and its start (0 for all time).
fn window_key(period: Period, at: i64) -> (&'static str, i64) {
    let starts_at = match period {
        Period::All => 0,
        period => period.window(at).from,
    };
    (period.name(), starts_at)
}

/// `$1` guild, `$2` modes, `$3` period, `$4` start: one board's rows.
macro_rules! board_rows {
    () => {
        "guild_id = $1 AND modes = $2 AND period = $3 AND starts_at = $4"
    };
}

/// A standing's columns, then the name it was last seen with.
macro_rules! standing_columns {
    () => {
        "SELECT b.user_id, b.games, b.wins, b.best_score, b.last_win_at, b.public, n.name, \
         b.best_streak FROM board_standings b LEFT JOIN player_names n ON n.user_id = b.user_id \
         WHERE b.guild_id = $1 AND b.modes = $2 AND b.period = $3 AND b.starts_at = $4 "
    };
}

/// The first `$5` public places in the order of a metric (its index's order).
macro_rules! first_places {
    ($order:literal) => {
        concat!(
            standing_columns!(),
            "AND b.public = 1 ORDER BY ",
            $order,
            " LIMIT $5"
        )
    };
}

/// How many public players rank strictly before a standing: one range of the metric's index
/// per key (`$5`, `$6`, `$7` the standing's values of its three keys).
macro_rules! ahead_of {
    ($first:literal $first_op:literal, $second:literal $second_op:literal,
     $third:literal $third_op:literal) => {
        concat!(
            "SELECT (SELECT COUNT(*) FROM board_standings WHERE ",
            board_rows!(),
            " AND public = 1 AND ",
            $first,
            $first_op,
            " $5) + ",
            "(SELECT COUNT(*) FROM board_standings WHERE ",
            board_rows!(),
            " AND public = 1 AND ",
            $first,
            " = $5 AND ",
            $second,
            $second_op,
            " $6) + ",
            "(SELECT COUNT(*) FROM board_standings WHERE ",
            board_rows!(),
            " AND public = 1 AND ",
            $first,
            " = $5 AND ",
            $second,
            " = $6 AND ",
            $third,
            $third_op,
            " $7)"
        )
    };
}

/// One metric's statements, written once each.
struct MetricSql {
    first: &'static str,
    ahead: &'static str,
    /// The viewer's values of the three keys, in `ahead`'s order.
    keys: fn(&Standing) -> [i64; 3],
}

fn metric_sql(metric: Metric) -> MetricSql {
    match metric {
        Metric::Wins => MetricSql {
            first: first_places!("b.wins DESC, b.games, b.last_win_at, b.user_id"),
            ahead: ahead_of!("wins" ">", "games" "<", "last_win_at" "<"),
            keys: |s| {
                [
                    i64::from(s.wins),
                    i64::from(s.games),
                    s.last_win_at.unwrap_or(NEVER_WON),
                ]
            },
        },
        Metric::Best => MetricSql {
            first: first_places!("b.best_score DESC, b.wins DESC, b.games, b.user_id"),
            ahead: ahead_of!("best_score" ">", "wins" ">", "games" "<"),
            keys: |s| {
                [
                    i64::from(s.best_score),
                    i64::from(s.wins),
                    i64::from(s.games),
                ]
            },
        },
        Metric::Streak => MetricSql {
            first: first_places!("b.best_streak DESC, b.wins DESC, b.games, b.user_id"),
            ahead: ahead_of!("best_streak" ">", "wins" ">", "games" "<"),
            keys: |s| {
                [
                    i64::from(s.best_streak),
                    i64::from(s.wins),
                    i64::from(s.games),
                ]
            },
        },
    }
}

const VIEWER_SQL: &str = concat!(standing_columns!(), "AND b.user_id = $5");
const PUBLIC_PLAYERS_SQL: &str = concat!(
    "SELECT COUNT(*) FROM board_standings WHERE ",
    board_rows!(),
    " AND public = 1"
);

/// Counts one more finished game in the player's totals in `guild` for every window that holds
/// `now`: the same transaction as the game's record, so boards never disagree with it.
pub(crate) async fn add_to_boards(
    connection: &mut AnyConnection,
    guild: u64,
    modes: &str,
    user: UserId,
    outcome: Outcome,
    score: u32,
    now: i64,
) -> Result<(), sqlx::Error> {
    let won = i64::from(outcome == Outcome::Won);
    for period in PERIODS {
        let (period, starts_at) = window_key(period, now);
        sqlx::query(
            "INSERT INTO board_standings (guild_id, modes, period, starts_at, user_id, public, \
             games, wins, best_score, last_win_at, current_streak, best_streak) \
             VALUES ($1, $2, $3, $4, $5, \
                     (SELECT COALESCE(MAX(public), 1) FROM player_settings WHERE user_id = $5), \
                     1, $6, $7, $8, $6, $6) \
             ON CONFLICT (guild_id, modes, period, starts_at, user_id) DO UPDATE SET \
             games = board_standings.games + 1, \
             wins = board_standings.wins + $6, \
             best_score = CASE WHEN $7 > board_standings.best_score THEN $7 \
                          ELSE board_standings.best_score END, \
             last_win_at = CASE WHEN $6 = 1 THEN $9 ELSE board_standings.last_win_at END, \
             current_streak = CASE WHEN $6 = 1 THEN board_standings.current_streak + 1 ELSE 0 END, \
             best_streak = CASE WHEN $6 = 1 AND board_standings.current_streak + 1 > \
                           board_standings.best_streak THEN board_standings.current_streak + 1 \
                           ELSE board_standings.best_streak END",
        )
        .bind(id_to_db(guild))
        .bind(modes)
        .bind(period)
        .bind(starts_at)
        .bind(id_to_db(user.0))
        .bind(won)
        .bind(i64::from(score))
        .bind(if won == 1 { now } else { NEVER_WON })
        .bind(now)
        .execute(&mut *connection)
        .await?;
    }
    Ok(())
}

/// Recomputes the player's totals in `guild` for the windows that held a result taken back (an
/// undo out of a blocked game, filed at `at`): rare, so it reads the player's games there.
pub(crate) async fn refresh_boards(
    connection: &mut AnyConnection,
    guild: u64,
    modes: &str,
    user: UserId,
    at: i64,
) -> Result<(), sqlx::Error> {
    let (guild_id, user_id) = (id_to_db(guild), id_to_db(user.0));
    for period in PERIODS {
        let window = period.window(at);
        let (period, starts_at) = window_key(period, at);
        let rows = sqlx::query(
            "SELECT outcome, score, finished_at FROM finished_games \
             WHERE user_id = $1 AND guild_id = $2 AND modes = $3 \
             AND finished_at >= $4 AND finished_at < $5 ORDER BY finished_at, game_id",
        )
        .bind(user_id)
        .bind(guild_id)
        .bind(modes)
        .bind(window.from)
        .bind(window.to)
        .fetch_all(&mut *connection)
        .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let outcome: String = row.try_get(0)?;
            let won = outcome == Outcome::Won.name();
            games.push((won, row.try_get::<i64, _>(1)?, row.try_get::<i64, _>(2)?));
        }
        if games.is_empty() {
            sqlx::query(concat!(
                "DELETE FROM board_standings WHERE ",
                board_rows!(),
                " AND user_id = $5"
            ))
            .bind(guild_id)
            .bind(modes)
            .bind(period)
            .bind(starts_at)
            .bind(user_id)
            .execute(&mut *connection)
            .await?;
            continue;
        }
        let (current, best) =
            streaks(games.iter().map(
                |&(won, _, _)| {
                    if won { Outcome::Won } else { Outcome::Blocked }
                },
            ));
        let wins = games.iter().filter(|&&(won, _, _)| won);
        sqlx::query(concat!(
            "UPDATE board_standings SET games = $6, wins = $7, best_score = $8, ",
            "last_win_at = $9, current_streak = $10, best_streak = $11 WHERE ",
            board_rows!(),
            " AND user_id = $5"
        ))
        .bind(guild_id)
        .bind(modes)
        .bind(period)
        .bind(starts_at)
        .bind(user_id)
        .bind(games.len() as i64)
        .bind(wins.clone().count() as i64)
        .bind(games.iter().map(|&(_, score, _)| score).max().unwrap_or(0))
        .bind(wins.map(|&(_, _, at)| at).max().unwrap_or(NEVER_WON))
        .bind(i64::from(current))
        .bind(i64::from(best))
        .execute(&mut *connection)
        .await?;
    }
    Ok(())
}

/// Copies a player's visibility into their board rows (the same transaction as the setting).
pub(crate) async fn set_public_on_boards(
    connection: &mut AnyConnection,
    user: UserId,
    public: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE board_standings SET public = $1 WHERE user_id = $2 AND public <> $1")
        .bind(flag_to_db(public))
        .bind(id_to_db(user.0))
        .execute(connection)
        .await?;
    Ok(())
}

/// A standing from `standing_columns!`.
fn decode_standing(row: &AnyRow) -> Result<Standing, sqlx::Error> {
    let last_win_at: i64 = row.try_get(4)?;
    Ok(Standing {
        user: id_from_db(row.try_get(0)?),
        games: count(row.try_get(1)?),
        wins: count(row.try_get(2)?),
        best_score: count(row.try_get(3)?),
        last_win_at: (last_win_at != NEVER_WON).then_some(last_win_at),
        public: flag_from_db(row.try_get(5)?),
        name: row.try_get(6)?,
        best_streak: count(row.try_get(7)?),
    })
}

fn count(value: i64) -> u32 {
    u32::try_from(value.max(0)).unwrap_or(u32::MAX)
}

/// Which board: a server, the mode letters of its games ("" for the standard game), a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardKey<'a> {
    pub guild: u64,
    pub modes: &'a str,
    pub period: Period,
}

impl Store {
    /// The board of `key` in the window that holds `now`, ranked by `metric`, as `viewer`
    /// sees it: the first `top` places and the viewer's own. Four reads over one index, however
    /// many players the server has.
    pub async fn board(
        &self,
        key: BoardKey<'_>,
        now: i64,
        metric: Metric,
        viewer: u64,
        top: usize,
    ) -> Result<Board, StoreError> {
        let (period, starts_at) = window_key(key.period, now);
        let sql = metric_sql(metric);
        let mut connection = self.pool.acquire().await?;
        let rows_of = |query: &'static str| {
            sqlx::query(query)
                .bind(id_to_db(key.guild))
                .bind(key.modes)
                .bind(period)
                .bind(starts_at)
        };
        let first = rows_of(sql.first)
            .bind(i64::try_from(top).unwrap_or(i64::MAX))
            .fetch_all(&mut *connection)
            .await?
            .iter()
            .map(decode_standing)
            .collect::<Result<Vec<Standing>, sqlx::Error>>()?;
        let own = rows_of(VIEWER_SQL)
            .bind(id_to_db(viewer))
            .fetch_optional(&mut *connection)
            .await?
            .as_ref()
            .map(decode_standing)
            .transpose()?;
        let public_players: i64 = rows_of(PUBLIC_PLAYERS_SQL)
            .fetch_one(&mut *connection)
            .await?
            .try_get(0)?;
        let placed = own
            .as_ref()
            .is_some_and(|own| first.iter().any(|s| s.user == own.user));
        let ahead_of_viewer = match &own {
            // Among the first places: `board_from_page` places them without a count.
            Some(own) if !placed => {
                let [first_key, second_key, third_key] = (sql.keys)(own);
                let ahead: i64 = rows_of(sql.ahead)
                    .bind(first_key)
                    .bind(second_key)
                    .bind(third_key)
                    .fetch_one(&mut *connection)
                    .await?
                    .try_get(0)?;
                count(ahead)
            }
            _ => 0,
        };
        let page = BoardPage {
            first,
            viewer: own,
            ahead_of_viewer,
            public_players: usize::try_from(public_players.max(0)).unwrap_or(usize::MAX),
        };
        Ok(board_from_page(page, metric, top))
    }
}

impl Store {
    /// The viewer's games in the window of `key` that holds `now`, in `key`'s server but in
    /// other mode sets than `key`'s: what the board does not count of theirs. One read over
    /// the viewer's own rows (`board_standings_by_user`), whatever the size of the server.
    pub async fn games_in_other_modes(
        &self,
        key: BoardKey<'_>,
        now: i64,
        viewer: u64,
    ) -> Result<u32, StoreError> {
        let (period, starts_at) = window_key(key.period, now);
        let games: i64 = sqlx::query(
            "SELECT CAST(COALESCE(SUM(games), 0) AS BIGINT) FROM board_standings \
             WHERE user_id = $1 AND guild_id = $2 AND period = $3 AND starts_at = $4 \
             AND modes <> $5",
        )
        .bind(id_to_db(viewer))
        .bind(id_to_db(key.guild))
        .bind(period)
        .bind(starts_at)
        .bind(key.modes)
        .fetch_one(&self.pool)
        .await?
        .try_get(0)?;
        Ok(u32::try_from(games.max(0)).unwrap_or(u32::MAX))
    }
}

/// A board's statements for `metric` (first places, the viewer, the public players, the count
/// ahead of the viewer), with `$1` guild, `$2` modes, `$3` period, `$4` start: for the tests
/// that check their plans, and for an operator's `EXPLAIN`.
pub fn board_statements(metric: Metric) -> [&'static str; 4] {
    let sql = metric_sql(metric);
    [sql.first, VIEWER_SQL, PUBLIC_PLAYERS_SQL, sql.ahead]
}
