//! An event's standings: its counted games (a player's first finished game of each deal, filed
//! in the transaction of the move that finished it) and one row per player kept with each, so
//! the first places come from an index in the standings' order and a reader's place is a count
//! over it (`benches/events.rs`). The events themselves are `events.rs`.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::event_counting::{bucket_of, bucket_range, record_counted_game};
use super::event_model::CountedGame;
use crate::stats::{EventBoard, EventStanding, event_board_from_page};
use crate::store::convert::{flag_from_db, id_from_db, id_to_db};
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
