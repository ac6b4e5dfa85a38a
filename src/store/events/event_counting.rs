//! What a finishing move (and an undo, and forget-me) writes of an event's standings, in its
//! own transaction: the counted game, the player's standing, and the band of totals they stand
//! in (`event_buckets`, migration 022), which lets a reader's place be read in a few rows
//! whatever the event's size (`event_standings.rs` reads them).

use sqlx::{AnyConnection, Row};

use super::event_model::CountedGame;
use crate::store::convert::{flag_to_db, id_to_db};
use crate::store::model::UserId;

/// Points of total per band of `event_buckets` (migration 022).
pub(crate) const BUCKET_POINTS: i64 = 64;

/// The band a total stands in, as the migration computes it (SQL's integer division truncates
/// toward zero, as Rust's does).
pub(super) fn bucket_of(total: i64) -> i64 {
    total / BUCKET_POINTS
}

/// The totals a band holds, inclusive (band 0 holds the small negative totals too).
pub(super) fn bucket_range(bucket: i64) -> (i64, i64) {
    match bucket {
        0 => (-(BUCKET_POINTS - 1), BUCKET_POINTS - 1),
        b if b > 0 => (b * BUCKET_POINTS, b * BUCKET_POINTS + BUCKET_POINTS - 1),
        b => (b * BUCKET_POINTS - (BUCKET_POINTS - 1), b * BUCKET_POINTS),
    }
}

/// A player's total in an event, if they stand in it.
async fn total_of(
    connection: &mut AnyConnection,
    event: i64,
    user: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT total FROM event_standings WHERE event_id = $1 AND user_id = $2")
        .bind(event)
        .bind(user)
        .fetch_optional(&mut *connection)
        .await
}

/// Moves a player between the bands of an event as their total went from `before` to `after`
/// (`None`: not standing).
async fn rebucket(
    connection: &mut AnyConnection,
    event: i64,
    before: Option<i64>,
    after: Option<i64>,
) -> Result<(), sqlx::Error> {
    let (from, to) = (before.map(bucket_of), after.map(bucket_of));
    if from == to {
        return Ok(());
    }
    if let Some(bucket) = from {
        sqlx::query(
            "UPDATE event_buckets SET players = players - 1 WHERE event_id = $1 AND bucket = $2",
        )
        .bind(event)
        .bind(bucket)
        .execute(&mut *connection)
        .await?;
    }
    if let Some(bucket) = to {
        sqlx::query(
            "INSERT INTO event_buckets (event_id, bucket, players) VALUES ($1, $2, 1) \
             ON CONFLICT (event_id, bucket) DO UPDATE SET players = event_buckets.players + 1",
        )
        .bind(event)
        .bind(bucket)
        .execute(&mut *connection)
        .await?;
    }
    Ok(())
}

/// Files a counted game in the transaction of the move that finished it: the player's first
/// finished game of that deal counts, a later one does not (`false`), nor one finished after
/// the event's end. Their standing is kept in the same statement's transaction.
pub(crate) async fn record_counted_game(
    connection: &mut AnyConnection,
    game: &CountedGame,
    name: &str,
) -> Result<bool, sqlx::Error> {
    let counted = sqlx::query(
        "INSERT INTO event_games (event_id, deal, user_id, game_id, score, won, hints, \
         finished_at) \
         SELECT $1, $2, $3, $4, $5, $6, $7, $8 FROM events \
         WHERE event_id = $1 AND state = 'scheduled' AND starts_at <= $8 AND $8 < ends_at \
         ON CONFLICT DO NOTHING",
    )
    .bind(game.event)
    .bind(game.deal as i64)
    .bind(id_to_db(game.user.0))
    .bind(game.game_id)
    .bind(i64::from(game.score))
    .bind(flag_to_db(game.won))
    .bind(i64::from(game.hints))
    .bind(game.finished_at)
    .execute(&mut *connection)
    .await?;
    if counted.rows_affected() == 0 {
        return Ok(false);
    }
    let user = id_to_db(game.user.0);
    let before = total_of(connection, game.event, user).await?;
    sqlx::query(
        "INSERT INTO event_standings (event_id, user_id, name, total, cleared, hints, \
         last_finish_at) VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (event_id, user_id) DO UPDATE SET name = excluded.name, \
         total = event_standings.total + excluded.total, \
         cleared = event_standings.cleared + excluded.cleared, \
         hints = event_standings.hints + excluded.hints, \
         last_finish_at = excluded.last_finish_at",
    )
    .bind(game.event)
    .bind(id_to_db(game.user.0))
    .bind(name)
    .bind(i64::from(game.score))
    .bind(flag_to_db(game.won))
    .bind(i64::from(game.hints))
    .bind(game.finished_at)
    .execute(&mut *connection)
    .await?;
    let after = before.unwrap_or(0) + i64::from(game.score);
    rebucket(connection, game.event, before, Some(after)).await?;
    Ok(true)
}

/// Takes back the counted game `game_id` of event `event`, whose end an undo took back, while
/// the event runs (its results are final once it ended): the game and its part of the player's
/// standing, and the standing itself when nothing of theirs counts any more.
pub(crate) async fn take_back_counted(
    connection: &mut AnyConnection,
    event: i64,
    game_id: i64,
) -> Result<(), sqlx::Error> {
    let row = sqlx::query(
        "SELECT user_id, score, won, hints FROM event_games WHERE event_id = $1 AND game_id = $2 \
         AND EXISTS (SELECT 1 FROM events WHERE event_id = $1 AND state = 'scheduled')",
    )
    .bind(event)
    .bind(game_id)
    .fetch_optional(&mut *connection)
    .await?;
    let Some(row) = row else {
        return Ok(());
    };
    let user: i64 = row.try_get(0)?;
    let (score, won, hints): (i64, i64, i64) = (row.try_get(1)?, row.try_get(2)?, row.try_get(3)?);
    let before = total_of(connection, event, user).await?;
    sqlx::query("DELETE FROM event_games WHERE event_id = $1 AND game_id = $2")
        .bind(event)
        .bind(game_id)
        .execute(&mut *connection)
        .await?;
    sqlx::query(
        "UPDATE event_standings SET total = total - $3, cleared = cleared - $4, \
         hints = hints - $5, last_finish_at = COALESCE((SELECT MAX(finished_at) FROM event_games \
         WHERE event_id = $1 AND user_id = $2), last_finish_at) \
         WHERE event_id = $1 AND user_id = $2",
    )
    .bind(event)
    .bind(user)
    .bind(score)
    .bind(won)
    .bind(hints)
    .execute(&mut *connection)
    .await?;
    sqlx::query(
        "DELETE FROM event_standings WHERE event_id = $1 AND user_id = $2 AND NOT EXISTS \
         (SELECT 1 FROM event_games WHERE event_id = $1 AND user_id = $2)",
    )
    .bind(event)
    .bind(user)
    .execute(&mut *connection)
    .await?;
    let after = total_of(connection, event, user).await?;
    rebucket(connection, event, before, after).await?;
    Ok(())
}

/// Forget-me in the events: `user` leaves the standings of events still scheduled (their
/// counted games go), and stays in those of events that ended only as an anonymous row (a
/// negative id of its own in that event, no name), so the results others saw still add up.
/// How many counted games it touched.
pub(crate) async fn forget_event_player(
    connection: &mut AnyConnection,
    user: UserId,
) -> Result<u64, sqlx::Error> {
    let user = id_to_db(user.0);
    let open: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT event_id, total FROM event_standings WHERE user_id = $1 \
         AND event_id IN (SELECT event_id FROM events WHERE state = 'scheduled') \
         ORDER BY event_id",
    )
    .bind(user)
    .fetch_all(&mut *connection)
    .await?;
    for (event, total) in open {
        rebucket(connection, event, Some(total), None).await?;
    }
    let deleted = sqlx::query(
        "DELETE FROM event_games WHERE user_id = $1 \
         AND event_id IN (SELECT event_id FROM events WHERE state = 'scheduled')",
    )
    .bind(user)
    .execute(&mut *connection)
    .await?
    .rows_affected();
    sqlx::query(
        "DELETE FROM event_standings WHERE user_id = $1 \
         AND event_id IN (SELECT event_id FROM events WHERE state = 'scheduled')",
    )
    .bind(user)
    .execute(&mut *connection)
    .await?;
    let ended: Vec<i64> = sqlx::query_scalar(
        "SELECT event_id FROM event_standings WHERE user_id = $1 ORDER BY event_id",
    )
    .bind(user)
    .fetch_all(&mut *connection)
    .await?;
    let mut anonymised = 0;
    for event in ended {
        let lowest: Option<i64> = sqlx::query_scalar(
            "SELECT MIN(user_id) FROM event_standings WHERE event_id = $1 AND user_id < 0",
        )
        .bind(event)
        .fetch_one(&mut *connection)
        .await?;
        let anonymous = lowest.unwrap_or(0) - 1;
        sqlx::query(
            "UPDATE event_standings SET user_id = $3, name = '' \
             WHERE event_id = $1 AND user_id = $2",
        )
        .bind(event)
        .bind(user)
        .bind(anonymous)
        .execute(&mut *connection)
        .await?;
        anonymised +=
            sqlx::query("UPDATE event_games SET user_id = $3 WHERE event_id = $1 AND user_id = $2")
                .bind(event)
                .bind(user)
                .bind(anonymous)
                .execute(&mut *connection)
                .await?
                .rows_affected();
    }
    Ok(deleted + anonymised)
}
