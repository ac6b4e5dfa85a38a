//! Challenges between players: creating one (a duel or an open challenge), reading one back,
//! and the presses that answer it (Accept, Decline) or join it.
//!
//! Every change is one transaction whose condition is in its `UPDATE … WHERE` (the state it
//! changes from, the presser, the time limits), so a double press on Accept accepts once, and a
//! challenge that lapsed cannot be accepted. A challenge is touched (lapses and forfeits
//! applied, `challenge_results.rs`) before it is answered, so the clock rules hold without a
//! scheduler. Results and the end of a challenge are in `challenge_results.rs`.

pub(crate) mod challenge_model;
pub(crate) mod challenge_results;
pub(crate) mod challenge_rows;
pub(crate) mod departures;

use sqlx::AnyConnection;

use self::challenge_model::{Challenge, ChallengeState, NewChallenge, Taken};
use self::challenge_rows::load_challenge;
use super::convert::id_to_db;
use super::model::UserId;
use super::{Store, StoreError};
use crate::stats::{ANSWER_WITHIN_MS, JOIN_WITHIN_MS, MAX_PLAYERS};

impl Store {
    /// Keeps a new challenge, the challenger its first player (an open challenge's challenger
    /// has taken it up from the start). `Err(id)`: the challenger already has challenge `id`
    /// waiting for an answer or for joins, and nothing was kept.
    pub async fn create_challenge(
        &self,
        new: &NewChallenge,
    ) -> Result<Result<Challenge, i64>, StoreError> {
        let challenger = id_to_db(new.challenger.0);
        // Their earlier challenge may have lapsed by now: touched first.
        if let Some(waiting) = self.unanswered_challenge(new.challenger).await? {
            return Ok(Err(waiting));
        }
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let id: i64 = sqlx::query_scalar(self.backend.next_game_id())
            .fetch_one(&mut *tx)
            .await?;
        let state = match new.opponent {
            Some(_) => ChallengeState::Waiting,
            None => ChallengeState::Open,
        };
        let created = sqlx::query(
            "INSERT INTO challenges (challenge_id, challenger_id, opponent_id, guild_id, \
             channel_id, code, state, player_count, created_at, rematch_of) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(challenger)
        .bind(new.opponent.as_ref().map(|(user, _)| id_to_db(user.0)))
        .bind(new.guild.map(id_to_db))
        .bind(id_to_db(new.channel))
        .bind(new.code.to_string())
        .bind(state.name())
        .bind(if new.opponent.is_some() { 2_i64 } else { 1 })
        .bind(now)
        .bind(new.rematch_of)
        .execute(&mut *tx)
        .await?;
        if created.rows_affected() == 0 {
            tx.rollback().await?;
            let open: i64 = sqlx::query_scalar(
                "SELECT challenge_id FROM challenges \
                 WHERE challenger_id = $1 AND state IN ('waiting', 'open')",
            )
            .bind(challenger)
            .fetch_one(&self.pool)
            .await?;
            return Ok(Err(open));
        }
        let open_from_start = new.opponent.is_none().then_some(now);
        let challenger_seat = (
            new.challenger,
            new.challenger_name.as_str(),
            open_from_start,
        );
        let opponent_seat = new
            .opponent
            .as_ref()
            .map(|(user, name)| (*user, name.as_str(), None));
        for (seat, (user, name, accepted_at)) in std::iter::once(challenger_seat)
            .chain(opponent_seat)
            .enumerate()
        {
            add_player(&mut tx, id, user, name, seat, accepted_at).await?;
        }
        let challenge = load_challenge(&mut tx, id).await?;
        tx.commit().await?;
        challenge.map(Ok).ok_or(StoreError::Contention {
            user: new.challenger,
            attempts: 0,
        })
    }

    /// The challenge `user` has waiting for an answer or for joins (one at most), touched
    /// first: one that lapsed by now is none. Asked before any solver work on a new challenge,
    /// so a refused one costs a read, not a search for a winnable deal.
    pub async fn unanswered_challenge(&self, user: UserId) -> Result<Option<i64>, StoreError> {
        let unanswered: Vec<i64> = sqlx::query_scalar(
            "SELECT challenge_id FROM challenges \
             WHERE challenger_id = $1 AND state IN ('waiting', 'open')",
        )
        .bind(id_to_db(user.0))
        .fetch_all(&self.pool)
        .await?;
        for id in unanswered {
            let touched = self.challenge(id).await?;
            if touched
                .is_some_and(|c| matches!(c.state, ChallengeState::Waiting | ChallengeState::Open))
            {
                return Ok(Some(id));
            }
        }
        Ok(None)
    }

    /// Withdraws challenge `id` whose message never reached Discord: nobody can see it, so it
    /// must not keep its challenger waiting until it lapses. Done only while nobody could have
    /// acted on it (a duel still waiting for its answer, an open challenge nobody joined); it
    /// lapses at once, so a message that did reach Discord after all answers Accept or Join with
    /// "lapsed". Whether it was withdrawn.
    pub async fn withdraw_challenge(&self, id: i64) -> Result<bool, StoreError> {
        let withdrawn = sqlx::query(
            "UPDATE challenges SET state = 'lapsed', version = version + 1 \
             WHERE challenge_id = $1 \
             AND (state = 'waiting' OR (state = 'open' AND player_count = 1))",
        )
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(withdrawn.rows_affected() == 1)
    }

    /// The challenge `id` as it stands now, touched first: a lapse or a forfeit that is due is
    /// applied (and the challenge may be over by it).
    pub async fn challenge(&self, id: i64) -> Result<Option<Challenge>, StoreError> {
        let mut connection = self.pool.acquire().await?;
        let Some(challenge) = load_challenge(&mut connection, id).await? else {
            return Ok(None);
        };
        drop(connection);
        if !challenge.is_due_at(self.now()) {
            return Ok(Some(challenge));
        }
        self.settle(id).await
    }

    /// Accept, pressed by `user`: done only by the duel's opponent, while it waits for an
    /// answer and has not lapsed; both players' 24 hours count from now.
    pub async fn accept_challenge(&self, id: i64, user: UserId) -> Result<Taken, StoreError> {
        self.answer(id, user, ChallengeState::Playing).await
    }

    /// Decline, pressed by `user`: as [`Store::accept_challenge`], the challenge then ends.
    pub async fn decline_challenge(&self, id: i64, user: UserId) -> Result<Taken, StoreError> {
        self.answer(id, user, ChallengeState::Declined).await
    }

    async fn answer(&self, id: i64, user: UserId, to: ChallengeState) -> Result<Taken, StoreError> {
        if self.challenge(id).await?.is_none() {
            return Ok(Taken::Missing);
        }
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let answered = sqlx::query(
            "UPDATE challenges SET state = $3, accepted_at = $4, version = version + 1 \
             WHERE challenge_id = $1 AND opponent_id = $2 AND state = 'waiting' \
             AND created_at > $5",
        )
        .bind(id)
        .bind(id_to_db(user.0))
        .bind(to.name())
        .bind((to == ChallengeState::Playing).then_some(now))
        .bind(now - ANSWER_WITHIN_MS)
        .execute(&mut *tx)
        .await?;
        let done = answered.rows_affected() == 1;
        if done && to == ChallengeState::Playing {
            sqlx::query("UPDATE challenge_players SET accepted_at = $2 WHERE challenge_id = $1")
                .bind(id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        let challenge = load_challenge(&mut tx, id).await?;
        tx.commit().await?;
        Ok(taken(done, challenge))
    }

    /// Join, pressed by `user` (named `name`): done while the open challenge takes joins (its
    /// first hour, fewer than 10 players; a rematch only for the players of the challenge it
    /// is a rematch of) and `user` is not in it yet. Their 24 hours count from now.
    pub async fn join_challenge(
        &self,
        id: i64,
        user: UserId,
        name: &str,
    ) -> Result<Taken, StoreError> {
        if self.challenge(id).await?.is_none() {
            return Ok(Taken::Missing);
        }
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let seat: Option<i64> = sqlx::query_scalar(
            "UPDATE challenges SET player_count = player_count + 1, version = version + 1 \
             WHERE challenge_id = $1 AND state = 'open' AND created_at > $2 \
             AND player_count < $3 \
             AND NOT EXISTS (SELECT 1 FROM challenge_players p \
                 WHERE p.challenge_id = $1 AND p.user_id = $4) \
             AND (rematch_of IS NULL OR EXISTS (SELECT 1 FROM challenge_players r \
                 WHERE r.challenge_id = challenges.rematch_of AND r.user_id = $4)) \
             RETURNING player_count - 1",
        )
        .bind(id)
        .bind(now - JOIN_WITHIN_MS)
        .bind(MAX_PLAYERS as i64)
        .bind(id_to_db(user.0))
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(seat) = seat {
            let seat = usize::try_from(seat).unwrap_or(MAX_PLAYERS);
            add_player(&mut tx, id, user, name, seat, Some(now)).await?;
        }
        let challenge = load_challenge(&mut tx, id).await?;
        tx.commit().await?;
        Ok(taken(seat.is_some(), challenge))
    }
}

fn taken(done: bool, challenge: Option<Challenge>) -> Taken {
    match (done, challenge) {
        (_, None) => Taken::Missing,
        (true, Some(challenge)) => Taken::Done(challenge),
        (false, Some(challenge)) => Taken::Unchanged(challenge),
    }
}

async fn add_player(
    connection: &mut AnyConnection,
    id: i64,
    user: UserId,
    name: &str,
    seat: usize,
    accepted_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO challenge_players (challenge_id, user_id, name, seat, accepted_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(id_to_db(user.0))
    .bind(name)
    .bind(seat as i64)
    .bind(accepted_at)
    .execute(&mut *connection)
    .await?;
    Ok(())
}
