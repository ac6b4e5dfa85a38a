//! Server events in the store: creating one (at most `stats::MAX_OPEN_PER_SERVER` scheduled per
//! server, checked under a per-server lock in the transaction that inserts), reading a server's
//! events, cancelling and closing one exactly once whichever process gets there first (a weekly
//! event's next week made in the same transaction), its results post claimed and confirmed as a
//! challenge's is. Its standings and counted games are `event_standings.rs`.
//!
//! Lock order (`store/mod.rs`): a counted game is filed with the result tables of the move
//! that finishes it (`event_games`, then `event_standings`); the event's own row is only ever
//! locked alone (create, cancel, close, the post's claim).

pub(crate) mod event_counting;
pub(crate) mod event_model;
pub(crate) mod event_standings;

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use self::event_model::{Closed, Event, EventDeal, EventState, NewEvent};
use super::convert::{flag_from_db, flag_to_db, id_from_db, id_to_db};
use super::model::UserId;
use super::post_attempts::{PostKey, clear_post_attempts};
use super::{Backend, Store, StoreError};
use crate::game::DealCode;
use crate::stats::MAX_OPEN_PER_SERVER;

/// How long a claim of a results post holds before another interaction or process may post
/// it: a token's lifetime, as a challenge's.
const POST_CLAIM_LAPSES_MS: i64 = 15 * 60_000;

/// An event's columns, in `decode_event`'s order (a macro: sqlx takes only literal SQL).
macro_rules! event_columns {
    () => {
        "event_id, guild_id, channel_id, name, created_by, deals, pars, hints, starts_at, \
         ends_at, zone, weekly, state, next_of, announcement_id, listing_id, closed_at, \
         results_posted_at, locale"
    };
}

fn corrupt(id: i64, what: &str) -> sqlx::Error {
    sqlx::Error::Decode(format!("event {id}: {what}").into())
}

/// The stored text of an event's deals and pars.
fn encode_deals(deals: &[EventDeal]) -> (String, String) {
    let codes: Vec<String> = deals.iter().map(|d| d.code.to_string()).collect();
    let pars: Vec<String> = deals
        .iter()
        .map(|d| d.par.map_or_else(|| "-".to_owned(), |p| p.to_string()))
        .collect();
    (codes.join(" "), pars.join(" "))
}

fn decode_deals(id: i64, codes: &str, pars: &str) -> Result<Vec<EventDeal>, sqlx::Error> {
    let codes: Vec<&str> = codes.split_whitespace().collect();
    let pars: Vec<&str> = pars.split_whitespace().collect();
    if codes.is_empty() || codes.len() != pars.len() {
        return Err(corrupt(id, "deals and pars do not match"));
    }
    codes
        .iter()
        .zip(&pars)
        .map(|(code, par)| {
            let code: DealCode = code.parse().map_err(|_| corrupt(id, "a deal code"))?;
            let par = match *par {
                "-" => None,
                par => Some(par.parse().map_err(|_| corrupt(id, "a par"))?),
            };
            Ok(EventDeal { code, par })
        })
        .collect()
}

fn decode_event(row: &AnyRow) -> Result<Event, sqlx::Error> {
    let id: i64 = row.try_get(0)?;
    let state: String = row.try_get(12)?;
    let optional_id = |index: usize| -> Result<Option<u64>, sqlx::Error> {
        Ok(row.try_get::<Option<i64>, _>(index)?.map(id_from_db))
    };
    Ok(Event {
        id,
        guild: id_from_db(row.try_get(1)?),
        channel: id_from_db(row.try_get(2)?),
        name: row.try_get(3)?,
        created_by: UserId(id_from_db(row.try_get(4)?)),
        deals: decode_deals(
            id,
            &row.try_get::<String, _>(5)?,
            &row.try_get::<String, _>(6)?,
        )?,
        hints: flag_from_db(row.try_get(7)?),
        starts_at: row.try_get(8)?,
        ends_at: row.try_get(9)?,
        zone: row.try_get(10)?,
        weekly: flag_from_db(row.try_get(11)?),
        state: EventState::from_name(&state).ok_or_else(|| corrupt(id, "its state"))?,
        next_of: row.try_get(13)?,
        announcement: optional_id(14)?,
        listing: optional_id(15)?,
        closed_at: row.try_get(16)?,
        results_posted_at: row.try_get(17)?,
        locale: row.try_get(18)?,
    })
}

/// Serializes the creations of one server's events: SQLite's write transaction does already;
/// PostgreSQL takes a transaction-level advisory lock on the server's id (released at commit).
async fn lock_server(
    backend: Backend,
    connection: &mut AnyConnection,
    guild: u64,
) -> Result<(), sqlx::Error> {
    if backend == Backend::Postgres {
        // The second key names the lock's purpose, apart from the start-up lock's.
        sqlx::query("SELECT pg_advisory_xact_lock(CAST($1 AS INTEGER), 38)::text")
            .bind((guild % i32::MAX as u64) as i64)
            .fetch_one(&mut *connection)
            .await?;
    }
    Ok(())
}

async fn insert_event(
    connection: &mut AnyConnection,
    id: i64,
    new: &NewEvent,
    next_of: Option<i64>,
    now: i64,
) -> Result<(), sqlx::Error> {
    let (deals, pars) = encode_deals(&new.deals);
    sqlx::query(
        "INSERT INTO events (event_id, guild_id, channel_id, name, created_by, deals, pars, \
         hints, starts_at, ends_at, zone, weekly, state, next_of, created_at, locale) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'scheduled', $13, $14, $15)",
    )
    .bind(id)
    .bind(id_to_db(new.guild))
    .bind(id_to_db(new.channel))
    .bind(&new.name)
    .bind(id_to_db(new.created_by.0))
    .bind(deals)
    .bind(pars)
    .bind(flag_to_db(new.hints))
    .bind(new.starts_at)
    .bind(new.ends_at)
    .bind(&new.zone)
    .bind(flag_to_db(new.weekly))
    .bind(next_of)
    .bind(now)
    .bind(&new.locale)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

async fn load_event(connection: &mut AnyConnection, id: i64) -> Result<Option<Event>, sqlx::Error> {
    let sql = concat!(
        "SELECT ",
        event_columns!(),
        " FROM events WHERE event_id = $1"
    );
    let row = sqlx::query(sql)
        .bind(id)
        .fetch_optional(&mut *connection)
        .await?;
    row.as_ref().map(decode_event).transpose()
}

impl Store {
    /// Keeps a new event. `Err(open)`: the server has `open` events scheduled or running
    /// already (the most it may), and nothing was kept.
    pub async fn create_event(&self, new: &NewEvent) -> Result<Result<Event, usize>, StoreError> {
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        lock_server(self.backend, &mut tx, new.guild).await?;
        let open: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM events WHERE guild_id = $1 AND state = 'scheduled'",
        )
        .bind(id_to_db(new.guild))
        .fetch_one(&mut *tx)
        .await?;
        let open = usize::try_from(open).unwrap_or(usize::MAX);
        if open >= MAX_OPEN_PER_SERVER {
            tx.rollback().await?;
            return Ok(Err(open));
        }
        let id: i64 = sqlx::query_scalar(self.backend.next_game_id())
            .fetch_one(&mut *tx)
            .await?;
        insert_event(&mut tx, id, new, None, now).await?;
        let event = load_event(&mut tx, id)
            .await?
            .ok_or_else(|| corrupt(id, "gone"))?;
        tx.commit().await?;
        Ok(Ok(event))
    }

    /// The event of that id.
    pub async fn event(&self, id: i64) -> Result<Option<Event>, StoreError> {
        let mut connection = self.pool.acquire().await?;
        Ok(load_event(&mut connection, id).await?)
    }

    /// A server's events still scheduled or running, soonest first.
    pub async fn open_events(&self, guild: u64) -> Result<Vec<Event>, StoreError> {
        let sql = concat!(
            "SELECT ",
            event_columns!(),
            " FROM events WHERE guild_id = $1 AND state = 'scheduled' \
             ORDER BY starts_at, event_id"
        );
        let rows = sqlx::query(sql)
            .bind(id_to_db(guild))
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(decode_event).collect::<Result<_, _>>()?)
    }

    /// The event `/tripeaks event` shows: the server's running one (the one ending first),
    /// else its next, else its last ended one.
    pub async fn current_event(&self, guild: u64) -> Result<Option<Event>, StoreError> {
        let now = self.now();
        let open = self.open_events(guild).await?;
        let running = open
            .iter()
            .filter(|e| e.is_running(now))
            .min_by_key(|e| e.ends_at);
        if let Some(event) = running.or_else(|| open.iter().find(|e| e.is_upcoming(now))) {
            return Ok(Some(event.clone()));
        }
        let sql = concat!(
            "SELECT ",
            event_columns!(),
            " FROM events WHERE guild_id = $1 AND state = 'ended' \
             ORDER BY ends_at DESC, event_id DESC LIMIT 1"
        );
        let row = sqlx::query(sql)
            .bind(id_to_db(guild))
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(decode_event).transpose()?)
    }

    /// Notes the channel message that announced the event.
    pub async fn set_event_announcement(&self, id: i64, message: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE events SET announcement_id = $2 WHERE event_id = $1")
            .bind(id)
            .bind(id_to_db(message))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Notes Discord's listing of the event (a guild scheduled event).
    pub async fn set_event_listing(&self, id: i64, listing: u64) -> Result<(), StoreError> {
        sqlx::query("UPDATE events SET listing_id = $2 WHERE event_id = $1")
            .bind(id)
            .bind(id_to_db(listing))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Cancels a scheduled event of `guild`: `None` when there is no such event still
    /// scheduled (cancelled or ended already, or another server's). Its standings are kept.
    pub async fn cancel_event(&self, guild: u64, id: i64) -> Result<Option<Event>, StoreError> {
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let cancelled = sqlx::query(
            "UPDATE events SET state = 'cancelled', closed_at = $3, version = version + 1 \
             WHERE event_id = $1 AND guild_id = $2 AND state = 'scheduled'",
        )
        .bind(id)
        .bind(id_to_db(guild))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if cancelled.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let event = load_event(&mut tx, id).await?;
        tx.commit().await?;
        Ok(event)
    }

    /// Ends a running event of `guild` now, at a manager's word: its end becomes now, and the
    /// close (by whichever process comes first) follows as for an event that reached its end.
    /// `None` when it is not running.
    pub async fn end_event_now(&self, guild: u64, id: i64) -> Result<Option<Event>, StoreError> {
        let now = self.now();
        let ended = sqlx::query(
            "UPDATE events SET ends_at = $3, version = version + 1 WHERE event_id = $1 \
             AND guild_id = $2 AND state = 'scheduled' AND starts_at <= $3 AND $3 < ends_at",
        )
        .bind(id)
        .bind(id_to_db(guild))
        .bind(now)
        .execute(&self.pool)
        .await?;
        if ended.rows_affected() == 0 {
            return Ok(None);
        }
        self.event(id).await
    }

    /// Events past their end and not closed yet, oldest end first, at most `limit`.
    pub async fn events_due(&self, limit: usize) -> Result<Vec<Event>, StoreError> {
        let sql = concat!(
            "SELECT ",
            event_columns!(),
            " FROM events WHERE state = 'scheduled' AND ends_at <= $1 \
             ORDER BY ends_at, event_id LIMIT $2"
        );
        let rows = sqlx::query(sql)
            .bind(self.now())
            .bind(limit as i64)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(decode_event).collect::<Result<_, _>>()?)
    }

    /// When the next scheduled event ends (or starts, for one not started: its announcement
    /// does not change then, but a process sleeping until the next end wakes in time either
    /// way), for a closer that sleeps until there is work.
    pub async fn next_event_end(&self) -> Result<Option<i64>, StoreError> {
        let end: Option<i64> =
            sqlx::query_scalar("SELECT MIN(ends_at) FROM events WHERE state = 'scheduled'")
                .fetch_one(&self.pool)
                .await?;
        Ok(end)
    }

    /// Closes an event that reached its end, exactly once across every process: the one call
    /// that changes it from scheduled to ended gets [`Closed::Now`] (and claims its results
    /// post), every other [`Closed::Already`]. A weekly event's next week, `next` (its deals
    /// picked by the caller, who cannot pick them inside a transaction), is kept in the same
    /// transaction, so it is made once and never lost.
    pub async fn close_event(&self, id: i64, next: Option<NewEvent>) -> Result<Closed, StoreError> {
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let closed = sqlx::query(
            "UPDATE events SET state = 'ended', closed_at = $2, results_claimed_at = $2, \
             version = version + 1 WHERE event_id = $1 AND state = 'scheduled' AND ends_at <= $2",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if closed.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(Closed::Already);
        }
        let event = load_event(&mut tx, id)
            .await?
            .ok_or_else(|| corrupt(id, "gone"))?;
        let next = match next.filter(|_| event.weekly) {
            Some(new) => {
                let next_id: i64 = sqlx::query_scalar(self.backend.next_game_id())
                    .fetch_one(&mut *tx)
                    .await?;
                insert_event(&mut tx, next_id, &new, Some(id), now).await?;
                load_event(&mut tx, next_id).await?.map(Box::new)
            }
            None => None,
        };
        tx.commit().await?;
        Ok(Closed::Now {
            event: Box::new(event),
            next,
        })
    }

    /// Claims an ended event's results post that nobody posted: `true` for the one caller that
    /// may post it now (no claim, or a claim older than a token's lifetime).
    pub async fn claim_event_results(&self, id: i64) -> Result<bool, StoreError> {
        let now = self.now();
        let claimed = sqlx::query(
            "UPDATE events SET results_claimed_at = $2 WHERE event_id = $1 \
             AND state = 'ended' AND results_posted_at IS NULL \
             AND (results_claimed_at IS NULL OR results_claimed_at <= $3)",
        )
        .bind(id)
        .bind(now)
        .bind(now - POST_CLAIM_LAPSES_MS)
        .execute(&self.pool)
        .await?;
        Ok(claimed.rows_affected() == 1)
    }

    /// Ended events whose results post is not confirmed and whose claim lapsed (or was let
    /// go): a post that failed, to try again.
    pub async fn unposted_event_results(&self, limit: usize) -> Result<Vec<Event>, StoreError> {
        let sql = concat!(
            "SELECT ",
            event_columns!(),
            " FROM events WHERE state = 'ended' \
             AND results_posted_at IS NULL \
             AND (results_claimed_at IS NULL OR results_claimed_at <= $1) \
             ORDER BY ends_at, event_id LIMIT $2"
        );
        let rows = sqlx::query(sql)
            .bind(self.now() - POST_CLAIM_LAPSES_MS)
            .bind(limit as i64)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(decode_event).collect::<Result<_, _>>()?)
    }

    /// After the results post: confirmed when Discord took it (never posted again), let go
    /// when it did not (the next closer's pass posts it).
    pub async fn event_results_posted(&self, id: i64, posted: bool) -> Result<(), StoreError> {
        if !posted {
            sqlx::query(
                "UPDATE events SET results_claimed_at = NULL \
                 WHERE event_id = $1 AND results_posted_at IS NULL",
            )
            .bind(id)
            .execute(&self.pool)
            .await?;
            return Ok(());
        }
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        sqlx::query("UPDATE events SET results_posted_at = $2 WHERE event_id = $1")
            .bind(id)
            .bind(self.now())
            .execute(&mut *tx)
            .await?;
        clear_post_attempts(&mut tx, PostKey::EventResults(id)).await?;
        tx.commit().await?;
        Ok(())
    }
}
