//! What `/tripeaks stats` reads: a player's running totals (`player_totals`, one row per mode
//! set and rule, and one for both rules), the last 30 days counted over `finished_games_by_user`,
//! and the last games for the card's strip; never every game.
//!
//! Each finished game is added to its rows in the transaction that files it (`stats::Totals`,
//! held equal to `stats::Summary::of` by a property test). A player's games are filed one at a
//! time (one current game, saved by compare-and-swap), so reading a row and writing it back in
//! that transaction cannot lose another game's count. An undo out of a blocked game recomputes
//! the player's rows of that mode set from their games: rare, and bounded by one player.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::convert::id_to_db;
use super::finished_row::{decode_finished, finished_columns};
use super::model::UserId;
use super::{Store, StoreError};
use crate::game::Rule;
use crate::stats::{GameResult, Totals};

/// The rows a game of `rule` counts in: its rule's and both rules'.
const ANY_RULE: &str = "any";

fn rule_key(rule: Option<Rule>) -> &'static str {
    rule.map_or(ANY_RULE, Rule::name)
}

/// The columns of `player_totals` after its key, in `Totals`' order.
macro_rules! totals_columns {
    () => {
        "played, won, blocked, abandoned, current_streak, best_streak, best_score, \
         won_score_total, fewest_moves_won, chain_max, chain_recorded, hints_total, \
         hints_recorded, fastest_win_millis, win_millis_total, timed_wins"
    };
}

fn decode_totals(row: &AnyRow) -> Result<Totals, sqlx::Error> {
    let count = |column: usize| -> Result<u32, sqlx::Error> {
        let value: i64 = row.try_get(column)?;
        Ok(u32::try_from(value.max(0)).unwrap_or(u32::MAX))
    };
    let optional = |column: usize| -> Result<Option<u32>, sqlx::Error> {
        let value: Option<i64> = row.try_get(column)?;
        Ok(value.map(|value| u32::try_from(value.max(0)).unwrap_or(u32::MAX)))
    };
    let millis = |column: usize| -> Result<u64, sqlx::Error> {
        let value: i64 = row.try_get(column)?;
        Ok(u64::try_from(value).unwrap_or(0))
    };
    Ok(Totals {
        played: count(0)?,
        won: count(1)?,
        blocked: count(2)?,
        abandoned: count(3)?,
        current_streak: count(4)?,
        best_streak: count(5)?,
        best_score: optional(6)?,
        won_score_total: millis(7)?,
        fewest_moves_won: optional(8)?,
        chain_max: optional(9)?,
        chain_recorded: count(10)?,
        hints_total: count(11)?,
        hints_recorded: count(12)?,
        fastest_win_millis: row
            .try_get::<Option<i64>, _>(13)?
            .and_then(|value| u64::try_from(value).ok()),
        win_millis_total: millis(14)?,
        timed_wins: count(15)?,
    })
}

async fn load(
    connection: &mut AnyConnection,
    user: UserId,
    modes: &str,
    rule: &str,
) -> Result<Option<Totals>, sqlx::Error> {
    let row = sqlx::query(concat!(
        "SELECT ",
        totals_columns!(),
        " FROM player_totals WHERE user_id = $1 AND modes = $2 AND rule = $3"
    ))
    .bind(id_to_db(user.0))
    .bind(modes)
    .bind(rule)
    .fetch_optional(connection)
    .await?;
    row.as_ref().map(decode_totals).transpose()
}

async fn save(
    connection: &mut AnyConnection,
    user: UserId,
    modes: &str,
    rule: &str,
    t: &Totals,
) -> Result<(), sqlx::Error> {
    let wide = |value: u64| i64::try_from(value).unwrap_or(i64::MAX);
    sqlx::query(concat!(
        "INSERT INTO player_totals (user_id, modes, rule, ",
        totals_columns!(),
        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18, $19) ON CONFLICT (user_id, modes, rule) DO UPDATE SET played = $4, won = $5, \
         blocked = $6, abandoned = $7, current_streak = $8, best_streak = $9, best_score = $10, \
         won_score_total = $11, fewest_moves_won = $12, chain_max = $13, chain_recorded = $14, \
         hints_total = $15, hints_recorded = $16, fastest_win_millis = $17, \
         win_millis_total = $18, timed_wins = $19"
    ))
    .bind(id_to_db(user.0))
    .bind(modes)
    .bind(rule)
    .bind(i64::from(t.played))
    .bind(i64::from(t.won))
    .bind(i64::from(t.blocked))
    .bind(i64::from(t.abandoned))
    .bind(i64::from(t.current_streak))
    .bind(i64::from(t.best_streak))
    .bind(t.best_score.map(i64::from))
    .bind(wide(t.won_score_total))
    .bind(t.fewest_moves_won.map(i64::from))
    .bind(t.chain_max.map(i64::from))
    .bind(i64::from(t.chain_recorded))
    .bind(i64::from(t.hints_total))
    .bind(i64::from(t.hints_recorded))
    .bind(t.fastest_win_millis.map(wide))
    .bind(wide(t.win_millis_total))
    .bind(i64::from(t.timed_wins))
    .execute(connection)
    .await?;
    Ok(())
}

/// Adds a game just filed to the player's totals (its rule's row and both rules' row).
pub(crate) async fn add_to_totals(
    connection: &mut AnyConnection,
    user: UserId,
    modes: &str,
    game: &GameResult,
) -> Result<(), sqlx::Error> {
    for rule in [ANY_RULE, game.rule.name()] {
        let mut totals = load(&mut *connection, user, modes, rule)
            .await?
            .unwrap_or_default();
        totals.add(game);
        save(&mut *connection, user, modes, rule, &totals).await?;
    }
    Ok(())
}

/// Recomputes the player's totals of `modes` from their games, after a result was taken back.
pub(crate) async fn refresh_totals(
    connection: &mut AnyConnection,
    user: UserId,
    modes: &str,
) -> Result<(), StoreError> {
    let rows = sqlx::query(concat!(
        "SELECT ",
        finished_columns!(),
        " FROM finished_games WHERE user_id = $1 AND modes = $2 ORDER BY finished_at, game_id"
    ))
    .bind(id_to_db(user.0))
    .bind(modes)
    .fetch_all(&mut *connection)
    .await?;
    let games = rows
        .iter()
        .map(|row| decode_finished(user, row).map(|game| game.result()))
        .collect::<Result<Vec<GameResult>, StoreError>>()?;
    sqlx::query("DELETE FROM player_totals WHERE user_id = $1 AND modes = $2")
        .bind(id_to_db(user.0))
        .bind(modes)
        .execute(&mut *connection)
        .await?;
    for rule in [None, Some(Rule::Easy), Some(Rule::Classic)] {
        let games: Vec<GameResult> = games
            .iter()
            .filter(|g| rule.is_none_or(|rule| g.rule == rule))
            .cloned()
            .collect();
        if !games.is_empty() {
            save(
                &mut *connection,
                user,
                modes,
                rule_key(rule),
                &Totals::of(&games),
            )
            .await?;
        }
    }
    Ok(())
}

/// What `/tripeaks stats` shows of one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerStats {
    /// Every game of the mode set (and rule, if one was asked for).
    pub totals: Totals,
    /// Games finished since the window's start, and how many of them were won.
    pub recent_played: u32,
    pub recent_won: u32,
    /// The last games, oldest first.
    pub last_games: Vec<GameResult>,
    /// The player's games (of the rule asked for) in every other mode set: what these totals
    /// leave out.
    pub other_modes: u32,
}

impl Store {
    /// A player's running totals over their games of `modes` ("" for the standard game) and
    /// `rule` (both when `None`): one row, whatever the number of games.
    pub async fn player_totals(
        &self,
        user: UserId,
        modes: &str,
        rule: Option<Rule>,
    ) -> Result<Totals, StoreError> {
        let mut connection = self.pool.acquire().await?;
        Ok(load(&mut connection, user, modes, rule_key(rule))
            .await?
            .unwrap_or_default())
    }

    /// A player's statistics over their games of `modes` ("" for the standard game) and
    /// `rule` (both when `None`): the totals, the games since `since` (Unix milliseconds), the
    /// last `last` games and how many games the other mode sets hold. Four reads, whatever the
    /// number of games.
    pub async fn player_stats(
        &self,
        user: UserId,
        modes: &str,
        rule: Option<Rule>,
        since: i64,
        last: usize,
    ) -> Result<PlayerStats, StoreError> {
        let mut connection = self.pool.acquire().await?;
        let rule = rule_key(rule);
        let totals = load(&mut connection, user, modes, rule)
            .await?
            .unwrap_or_default();
        let recent = sqlx::query(
            "SELECT COUNT(*), \
             CAST(COALESCE(SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END), 0) AS BIGINT) \
             FROM finished_games WHERE user_id = $1 AND finished_at >= $2 AND modes = $3 \
             AND ($4 = 'any' OR rule = $4)",
        )
        .bind(id_to_db(user.0))
        .bind(since)
        .bind(modes)
        .bind(rule)
        .fetch_one(&mut *connection)
        .await?;
        let count = |value: i64| u32::try_from(value.max(0)).unwrap_or(u32::MAX);
        let rows = sqlx::query(concat!(
            "SELECT ",
            finished_columns!(),
            " FROM finished_games WHERE user_id = $1 AND modes = $2 AND ($3 = 'any' OR rule = $3) \
             ORDER BY finished_at DESC, game_id DESC LIMIT $4"
        ))
        .bind(id_to_db(user.0))
        .bind(modes)
        .bind(rule)
        .bind(i64::try_from(last).unwrap_or(i64::MAX))
        .fetch_all(&mut *connection)
        .await?;
        let mut last_games = rows
            .iter()
            .map(|row| decode_finished(user, row).map(|game| game.result()))
            .collect::<Result<Vec<GameResult>, StoreError>>()?;
        last_games.reverse();
        let other_modes: i64 = sqlx::query(
            "SELECT CAST(COALESCE(SUM(played), 0) AS BIGINT) FROM player_totals \
             WHERE user_id = $1 AND rule = $2 AND modes <> $3",
        )
        .bind(id_to_db(user.0))
        .bind(rule)
        .bind(modes)
        .fetch_one(&mut *connection)
        .await?
        .try_get(0)?;
        Ok(PlayerStats {
            other_modes: count(other_modes),
            totals,
            recent_played: count(recent.try_get(0)?),
            recent_won: count(recent.try_get(1)?),
            last_games,
        })
    }
}
