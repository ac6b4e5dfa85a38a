//! An event's standings: its counted games (a player's first finished game of each deal, filed
//! in the transaction of the move that finished it) and one row per player kept with each, so
//! the first places come from an index in the standings' order and a reader's place is a count
//! over it (`benches/events.rs`). The events themselves are `events.rs`.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::convert::{flag_from_db, flag_to_db, id_from_db, id_to_db};
use super::event_model::CountedGame;
use super::model::UserId;
use super::{Store, StoreError};
use crate::stats::{EventBoard, EventStanding, event_board_from_page};

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
    Ok(true)
}

impl Store {
    /// The standings as `reader` sees them: the first places, their own place when it is not
    /// among them, and how many players there are. Two index reads and a count over the
    /// standings' index, whatever the event's size.
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
        let players: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM event_standings WHERE event_id = $1")
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
                let better: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM event_standings WHERE event_id = $1 AND (total > $2 \
                     OR (total = $2 AND (cleared > $3 OR (cleared = $3 AND (hints < $4 \
                     OR (hints = $4 AND last_finish_at < $5))))))",
                )
                .bind(id)
                .bind(standing.total)
                .bind(i64::from(standing.cleared))
                .bind(i64::from(standing.hints))
                .bind(standing.last_finish_at)
                .fetch_one(&mut *connection)
                .await?;
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
