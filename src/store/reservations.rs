//! Reservations of work that must not run twice at once for a player, across the processes of
//! a deployment: a challenge is reserved before the search for its winnable deal (up to 40
//! solves) and let go once it is kept or refused, so that N `/tripeaks challenge` sent at once,
//! whichever replicas they reach, run one search, and the others are refused before theirs.
//!
//! A reservation is one insert that takes over only a lapsed row (`ON CONFLICT … DO UPDATE …
//! WHERE`), so two racing on two processes cannot both get it. One whose process stopped before
//! letting it go lapses by itself after the time it was taken for.

use std::time::Duration;

use super::convert::id_to_db;
use super::{Store, StoreError, UserId};

/// What is reserved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reservation {
    /// Making a challenge (or a rematch): its search, then keeping it.
    Challenge,
}

impl Reservation {
    fn name(self) -> &'static str {
        match self {
            Reservation::Challenge => "challenge",
        }
    }
}

impl Store {
    /// Reserves `what` for `user` for at most `lasting`: `true` if this caller has it, `false`
    /// while another holds it (here or at another process).
    pub async fn reserve(
        &self,
        user: UserId,
        what: Reservation,
        lasting: Duration,
    ) -> Result<bool, StoreError> {
        let now = self.now();
        let until = now.saturating_add(i64::try_from(lasting.as_millis()).unwrap_or(i64::MAX));
        let taken = sqlx::query(
            "INSERT INTO reservations (user_id, what, until_ms) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, what) DO UPDATE SET until_ms = excluded.until_ms \
             WHERE reservations.until_ms <= $4",
        )
        .bind(id_to_db(user.0))
        .bind(what.name())
        .bind(until)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(taken.rows_affected() == 1)
    }

    /// Lets `what` go for `user`: the next reservation gets it at once.
    pub async fn release(&self, user: UserId, what: Reservation) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM reservations WHERE user_id = $1 AND what = $2")
            .bind(id_to_db(user.0))
            .bind(what.name())
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
