//! An event's standings: its counted games (a player's first finished game of each deal, filed
//! in the transaction of the move that finished it) and one row per player kept with each, so
//! the first places come from an index in the standings' order and a reader's place is a count
//! over it (`benches/events.rs`). The events themselves are `events.rs`.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::event_model::CountedGame;
use crate::stats::{EventBoard, EventStanding, event_board_from_page};
use crate::store::convert::{flag_from_db, flag_to_db, id_from_db, id_to_db};
use crate::store::model::{EventDealRef, UserId};
use crate::store::{Store, StoreError};

/// A standing's columns, in `decode_standing`'s order.
macro_rules! standing_columns {
    () => {
        "user_id, total, cleared, hints, last_finish_at"
    };
}

/// The standings' order as SQL: `stats::EventStanding::rank_key`.
macro_rules! standings_order {
    () => {
        "ORDER BY total DESC, cleared DESC, hints ASC, last_finish_at ASC, user_id ASC"
    };
}

fn decode_standing(row: &AnyRow) -> Result<EventStanding, sqlx::Error> {
    let count = |index: usize| -> Result<u32, sqlx::Error> {
        Ok(u32::try_from(row.try_get::<i64, _>(index)?).unwrap_or(0))
    };
    Ok(EventStanding {
        user: id_from_db(row.try_get(0)?),
        total: row.try_get(1)?,
        cleared: count(2)?,
        hints: count(3)?,
        last_finish_at: row.try_get(4)?,
    })
}

/// Points of total per band of `event_buckets` (migration 022).
pub(crate) const BUCKET_POINTS: i64 = 64;

/// The band a total stands in, as the migration computes it (SQL's integer division truncates
/// toward zero, as Rust's does).
fn bucket_of(total: i64) -> i64 {
    total / BUCKET_POINTS
}

/// The totals a band holds, inclusive (band 0 holds the small negative totals too).
fn bucket_range(bucket: i64) -> (i64, i64) {
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

impl Store {
    /// The standings as `reader` sees them: the first places, their own place when it is not
    /// among them, and how many players there are. The first places from the standings' index,
    /// the count and the reader's place from the bands of `event_buckets` and a count within the
    /// reader's band, so the cost hardly grows with the event (`benches/events.rs`).
    pub async fn event_board(&self, id: i64, reader: UserId) -> Result<EventBoard, StoreError> {
        let mut connection = self.pool.acquire().await?;
        let first_sql = concat!(
            "SELECT ",
            standing_columns!(),
            " FROM event_standings WHERE event_id = $1 \
             ",
            standings_order!(),
            " LIMIT $2"
        );
        let first = sqlx::query(first_sql)
            .bind(id)
            .bind(crate::stats::EVENT_BOARD_TOP as i64)
            .fetch_all(&mut *connection)
            .await?
            .iter()
            .map(decode_standing)
            .collect::<Result<Vec<_>, _>>()?;
        let players: i64 = sqlx::query_scalar(
            "SELECT CAST(COALESCE(SUM(players), 0) AS BIGINT) FROM event_buckets \
             WHERE event_id = $1",
        )
        .bind(id)
        .fetch_one(&mut *connection)
        .await?;
        let own_sql = concat!(
            "SELECT ",
            standing_columns!(),
            " FROM event_standings WHERE event_id = $1 AND user_id = $2"
        );
        let own = sqlx::query(own_sql)
            .bind(id)
            .bind(id_to_db(reader.0))
            .fetch_optional(&mut *connection)
            .await?
            .as_ref()
            .map(decode_standing)
            .transpose()?;
        let own = match own {
            Some(standing) => {
                // The players of the bands above the reader's, then those of their own band
                // ahead of them: a few rows of each, whatever the event's size.
                let bucket = bucket_of(standing.total);
                let above: i64 = sqlx::query_scalar(
                    "SELECT CAST(COALESCE(SUM(players), 0) AS BIGINT) FROM event_buckets \
                     WHERE event_id = $1 AND bucket > $2",
                )
                .bind(id)
                .bind(bucket)
                .fetch_one(&mut *connection)
                .await?;
                let (low, high) = bucket_range(bucket);
                let within: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM event_standings WHERE event_id = $1 \
                     AND total >= $6 AND total <= $7 AND (total > $2 \
                     OR (total = $2 AND (cleared > $3 OR (cleared = $3 AND (hints < $4 \
                     OR (hints = $4 AND last_finish_at < $5))))))",
                )
                .bind(id)
                .bind(standing.total)
                .bind(i64::from(standing.cleared))
                .bind(i64::from(standing.hints))
                .bind(standing.last_finish_at)
                .bind(low)
                .bind(high)
                .fetch_one(&mut *connection)
                .await?;
                let better = above + within;
                Some((standing, usize::try_from(better).unwrap_or(0)))
            }
            None => None,
        };
        let players = usize::try_from(players).unwrap_or(0);
        Ok(event_board_from_page(
            &first,
            own.as_ref().map(|(s, better)| (s, *better)),
            players,
        ))
    }

    /// Every standing of an event in order (for its results post; at most `limit`), with the
    /// names the players were last seen with.
    pub async fn event_standings(
        &self,
        id: i64,
        limit: usize,
    ) -> Result<Vec<(EventStanding, String)>, StoreError> {
        let sql = concat!(
            "SELECT ",
            standing_columns!(),
            ", name FROM event_standings WHERE event_id = $1 \
             ",
            standings_order!(),
            " LIMIT $2"
        );
        let rows = sqlx::query(sql)
            .bind(id)
            .bind(limit as i64)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok((decode_standing(row)?, row.try_get(5)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// A player's counted games of an event, by deal: `(deal, score, won)`.
    pub async fn event_games_of(
        &self,
        id: i64,
        user: UserId,
    ) -> Result<Vec<(usize, u32, bool)>, StoreError> {
        let rows = sqlx::query(
            "SELECT deal, score, won FROM event_games WHERE event_id = $1 AND user_id = $2 \
             ORDER BY deal",
        )
        .bind(id)
        .bind(id_to_db(user.0))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let deal: i64 = row.try_get(0)?;
                let score: i64 = row.try_get(1)?;
                let won: i64 = row.try_get(2)?;
                Ok((
                    usize::try_from(deal).unwrap_or(0),
                    u32::try_from(score).unwrap_or(0),
                    flag_from_db(won),
                ))
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// The player's counted game of one deal of an event, if they have one.
    pub async fn counted_game(
        &self,
        deal: EventDealRef,
        user: UserId,
    ) -> Result<Option<CountedGame>, StoreError> {
        let row = sqlx::query(
            "SELECT game_id, score, won, hints, finished_at FROM event_games \
             WHERE event_id = $1 AND deal = $2 AND user_id = $3",
        )
        .bind(deal.event)
        .bind(i64::from(deal.deal))
        .bind(id_to_db(user.0))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let number = |index: usize| -> Result<u32, sqlx::Error> {
            Ok(u32::try_from(row.try_get::<i64, _>(index)?).unwrap_or(0))
        };
        Ok(Some(CountedGame {
            event: deal.event,
            deal: usize::from(deal.deal),
            user,
            game_id: row.try_get(0)?,
            score: number(1)?,
            won: flag_from_db(row.try_get(2)?),
            hints: number(3)?,
            finished_at: row.try_get(4)?,
        }))
    }

    /// A player's record in the events that ended: how many they won (first place, ties
    /// included) and how many they finished on the podium (the first three places); `None`
    /// for a player in no event that ended.
    pub async fn event_record(&self, user: UserId) -> Result<Option<(u32, u32)>, StoreError> {
        let better: Vec<i64> = sqlx::query_scalar(
            "SELECT (SELECT COUNT(*) FROM event_standings o WHERE o.event_id = s.event_id \
             AND (o.total > s.total OR (o.total = s.total AND (o.cleared > s.cleared \
             OR (o.cleared = s.cleared AND (o.hints < s.hints OR (o.hints = s.hints \
             AND o.last_finish_at < s.last_finish_at))))))) \
             FROM event_standings s JOIN events e ON e.event_id = s.event_id \
             WHERE s.user_id = $1 AND e.state = 'ended'",
        )
        .bind(id_to_db(user.0))
        .fetch_all(&self.pool)
        .await?;
        if better.is_empty() {
            return Ok(None);
        }
        let wins = better.iter().filter(|&&b| b == 0).count();
        let podiums = better.iter().filter(|&&b| b < 3).count();
        Ok(Some((
            u32::try_from(wins).unwrap_or(u32::MAX),
            u32::try_from(podiums).unwrap_or(u32::MAX),
        )))
    }

    /// Each deal's best counted score, by deal (for the results post).
    pub async fn event_best_scores(&self, id: i64) -> Result<Vec<(usize, u32)>, StoreError> {
        let rows = sqlx::query(
            "SELECT deal, MAX(score) FROM event_games WHERE event_id = $1 GROUP BY deal \
             ORDER BY deal",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let deal: i64 = row.try_get(0)?;
                let best: i64 = row.try_get(1)?;
                Ok((
                    usize::try_from(deal).unwrap_or(0),
                    u32::try_from(best).unwrap_or(0),
                ))
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }

    /// Files a counted game on its own transaction: what the finishing move's transaction does
    /// through [`record_counted_game`], for the command line, tests and benches.
    pub async fn record_event_game(
        &self,
        game: &CountedGame,
        name: &str,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let counted = record_counted_game(&mut tx, game, name).await?;
        tx.commit().await?;
        Ok(counted)
    }
}
