//! A challenge's rows read back as a `Challenge` (its players in seat order), and its row lock:
//! what creating, answering, settling and forgetting a challenge all start from. A file of its
//! own so that `challenges.rs` (answers) and `challenge_results.rs` (results, the touch) both
//! import it and neither imports the other.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::challenge_model::{Challenge, ChallengePlayer, ChallengeState};
use crate::game::DealCode;
use crate::stats::ChallengeEntry;
use crate::store::convert::{flag_from_db, id_from_db};
use crate::store::model::{Outcome, UserId};

const SELECT_CHALLENGE: &str = "SELECT challenge_id, challenger_id, opponent_id, guild_id, \
     channel_id, code, state, created_at, accepted_at, finished_at, winner_id, closed_by_game, \
     CAST(CASE WHEN announced_at IS NULL THEN 0 ELSE 1 END AS BIGINT), rematch_of \
     FROM challenges WHERE challenge_id = $1";

fn corrupt(id: i64, what: &str) -> sqlx::Error {
    sqlx::Error::Decode(format!("challenge {id}: {what}").into())
}

fn decode_player(row: &AnyRow) -> Result<ChallengePlayer, sqlx::Error> {
    let user = UserId(id_from_db(row.try_get(0)?));
    let outcome: Option<String> = row.try_get(4)?;
    let result = match outcome {
        None => None,
        Some(name) => {
            let outcome = Outcome::from_name(&name)
                .ok_or_else(|| sqlx::Error::Decode(format!("outcome {name:?}").into()))?;
            let score: Option<i64> = row.try_get(5)?;
            let moves: Option<i64> = row.try_get(6)?;
            Some(ChallengeEntry {
                user: user.0,
                outcome,
                score: u32::try_from(score.unwrap_or(0)).unwrap_or(0),
                moves: u32::try_from(moves.unwrap_or(0)).unwrap_or(0),
            })
        }
    };
    Ok(ChallengePlayer {
        user,
        name: row.try_get(1)?,
        accepted_at: row.try_get(2)?,
        game_id: row.try_get(3)?,
        result,
    })
}

/// The challenge `id` with its players, read on `connection` (inside a transaction: as it
/// stands after the transaction's own changes).
pub(crate) async fn load_challenge(
    connection: &mut AnyConnection,
    id: i64,
) -> Result<Option<Challenge>, sqlx::Error> {
    let Some(row) = sqlx::query(SELECT_CHALLENGE)
        .bind(id)
        .fetch_optional(&mut *connection)
        .await?
    else {
        return Ok(None);
    };
    let code: String = row.try_get(5)?;
    let code: DealCode = code.parse().map_err(|_| corrupt(id, "deal code"))?;
    let state: String = row.try_get(6)?;
    let state = ChallengeState::from_name(&state).ok_or_else(|| corrupt(id, "state"))?;
    let players = sqlx::query(
        "SELECT user_id, name, accepted_at, game_id, outcome, score, moves \
         FROM challenge_players WHERE challenge_id = $1 ORDER BY seat",
    )
    .bind(id)
    .fetch_all(&mut *connection)
    .await?
    .iter()
    .map(decode_player)
    .collect::<Result<Vec<_>, _>>()?;
    let user = |value: Option<i64>| value.map(|v| UserId(id_from_db(v)));
    Ok(Some(Challenge {
        id,
        challenger: UserId(id_from_db(row.try_get(1)?)),
        opponent: user(row.try_get(2)?),
        guild: row.try_get::<Option<i64>, _>(3)?.map(id_from_db),
        channel: id_from_db(row.try_get(4)?),
        code,
        state,
        created_at: row.try_get(7)?,
        accepted_at: row.try_get(8)?,
        finished_at: row.try_get(9)?,
        winner: user(row.try_get(10)?),
        closed_by_game: row.try_get(11)?,
        announced: flag_from_db(row.try_get(12)?),
        rematch_of: row.try_get(13)?,
        players,
    }))
}

/// Takes the challenge's row lock for the rest of the transaction (PostgreSQL; SQLite's write
/// transaction holds the database's): every change to a challenge and its players goes through
/// it, so two finishing moves on two shards see each other's result. Whether it exists.
pub(crate) async fn lock_challenge(
    connection: &mut AnyConnection,
    id: i64,
) -> Result<bool, sqlx::Error> {
    let locked = sqlx::query("UPDATE challenges SET version = version + 1 WHERE challenge_id = $1")
        .bind(id)
        .execute(&mut *connection)
        .await?;
    Ok(locked.rows_affected() == 1)
}
