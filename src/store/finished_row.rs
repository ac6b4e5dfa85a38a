//! A finished game as `finished_games` holds it, read back: the columns and their decoding,
//! shared by everything that reads finished games (records, history, statistics' totals). A
//! leaf of the store: it imports no other store module but the encodings and the model.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::convert::{flag_from_db, id_from_db, time_from_millis};
use super::error::StoreError;
use super::model::{FinishedGame, GameKind, Outcome, UserId};
use crate::game::DealCode;

pub(crate) fn corrupt(user: UserId, detail: String) -> StoreError {
    StoreError::CorruptRecord { user, detail }
}

/// A finished game's time, first action to last (milliseconds), when both were kept.
pub(crate) fn duration(started_at: Option<i64>, ended_at: Option<i64>) -> Option<u64> {
    match (started_at, ended_at) {
        (Some(start), Some(end)) if end >= start => u64::try_from(end - start).ok(),
        _ => None,
    }
}

/// The columns of `finished_games` that [`decode_finished`] reads.
macro_rules! finished_columns {
    () => {
        "game_id, code, rule, outcome, score, moves, finished_at, guild_id, longest_chain, \
         hints_used, modes, started_at, ended_at, kind, \
         CAST(CASE WHEN history IS NULL THEN 0 ELSE 1 END AS BIGINT) AS replayable"
    };
}
pub(crate) use finished_columns;

pub(crate) fn decode_finished(user: UserId, row: &AnyRow) -> Result<FinishedGame, StoreError> {
    let started: Option<i64> = row.try_get("started_at")?;
    let ended: Option<i64> = row.try_get("ended_at")?;
    let kind: Option<String> = row.try_get("kind")?;
    let replayable = flag_from_db(row.try_get("replayable")?);
    let mut game = decode_finished_row(user, row)?;
    game.duration_millis = duration(started, ended);
    game.kind = GameKind::from_stored(kind.as_deref())
        .map_err(|error| corrupt(user, format!("finished game {}: {error}", game.game_id)))?;
    game.replayable = replayable;
    Ok(game)
}

fn decode_finished_row(user: UserId, row: &AnyRow) -> Result<FinishedGame, StoreError> {
    let code: Option<String> = row.try_get("code")?;
    let code = match code {
        Some(text) => Some(
            text.parse::<DealCode>()
                .map_err(|_| corrupt(user, format!("finished game with deal code `{text}`")))?,
        ),
        None => None,
    };
    let rule: String = row.try_get("rule")?;
    let modes: String = row.try_get("modes")?;
    let outcome: String = row.try_get("outcome")?;
    let count = |column: &str| -> Result<u32, StoreError> {
        let value: i64 = row.try_get(column)?;
        u32::try_from(value).map_err(|_| corrupt(user, format!("finished game {column} {value}")))
    };
    let optional_count = |column: &str| -> Result<Option<u32>, StoreError> {
        let value: Option<i64> = row.try_get(column)?;
        value
            .map(|value| {
                u32::try_from(value)
                    .map_err(|_| corrupt(user, format!("finished game {column} {value}")))
            })
            .transpose()
    };
    Ok(FinishedGame {
        game_id: row.try_get("game_id")?,
        user,
        code,
        rule: rule
            .parse()
            .map_err(|_| corrupt(user, format!("finished game with rule `{rule}`")))?,
        modes: modes
            .parse()
            .map_err(|_| corrupt(user, format!("finished game with modes `{modes}`")))?,
        outcome: Outcome::from_name(&outcome)
            .ok_or_else(|| corrupt(user, format!("finished game with outcome `{outcome}`")))?,
        score: count("score")?,
        moves: count("moves")?,
        finished_at: time_from_millis(row.try_get("finished_at")?),
        guild_id: row.try_get::<Option<i64>, _>("guild_id")?.map(id_from_db),
        longest_chain: optional_count("longest_chain")?,
        hints_used: optional_count("hints_used")?,
        duration_millis: None,
        kind: GameKind::Free,
        replayable: false,
    })
}
