//! The results of a challenge: filed in the transaction of each player's finishing move (or of
//! the game that replaces their board, or of the touch that finds them out of time), exactly
//! once each; the challenge is over in the transaction that files its last result, which makes
//! its result due to its players (`dues.rs`), and its result is posted by the one interaction
//! that claims it (claimed, confirmed and released here, for `kinds/challenge.rs`). Also what
//! the statistics read: two players' head-to-head record and a player's challenges won and
//! lost.
//!
//! Two finishing moves on two shards: each transaction takes the challenge's row lock
//! (`lock_challenge`) before it files, so the second sees the first's result and closes the
//! challenge; a finish and a touch likewise.

use sqlx::{AnyConnection, Row};

use super::challenge_model::{Challenge, ChallengeState};
use super::challenge_rows::{load_challenge, lock_challenge};
use crate::game::Game;
use crate::stats::{HeadToHead, winner};
use crate::store::convert::{id_from_db, id_to_db};
use crate::store::dues::mark_due;
use crate::store::model::{GameKind, Outcome, UserId};
use crate::store::{Store, StoreError};

/// How long a claim to post a result holds without being confirmed or released: an
/// interaction's token lives 15 minutes, and no post of it is made later.
pub const ANNOUNCEMENT_CLAIM_MS: i64 = 15 * 60 * 1000;

/// One player's result as it is filed.
pub(crate) struct Entry {
    pub user: UserId,
    /// The game it was played on (`None` for a forfeit without a game).
    pub game_id: Option<i64>,
    pub outcome: Outcome,
    pub score: u32,
    pub moves: u32,
}

impl Entry {
    pub fn of(user: UserId, game_id: i64, game: &Game, outcome: Outcome) -> Entry {
        Entry {
            user,
            game_id: Some(game_id),
            outcome,
            score: game.score(),
            moves: game.moves(),
        }
    }
}

/// Makes `game_id` the player's game of the challenge, if they took it up, have no result and
/// have no game of it yet; whether it did.
pub(crate) async fn claim_challenge_game(
    connection: &mut AnyConnection,
    challenge: i64,
    user: UserId,
    game_id: i64,
) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query(
        "UPDATE challenge_players SET game_id = $3 WHERE challenge_id = $1 AND user_id = $2 \
         AND game_id IS NULL AND outcome IS NULL AND accepted_at IS NOT NULL \
         AND EXISTS (SELECT 1 FROM challenges c WHERE c.challenge_id = $1 \
             AND c.state IN ('open', 'playing'))",
    )
    .bind(challenge)
    .bind(id_to_db(user.0))
    .bind(game_id)
    .execute(&mut *connection)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Files one player's result, unless one is filed already (a later finish of the same board,
/// a forfeit before it); closes the challenge when it was the last.
pub(crate) async fn file_challenge_result(
    connection: &mut AnyConnection,
    challenge: i64,
    entry: &Entry,
    now: i64,
) -> Result<(), sqlx::Error> {
    if !lock_challenge(connection, challenge).await? {
        return Ok(());
    }
    let sql = match entry.game_id {
        Some(_) => concat!(
            "UPDATE challenge_players SET outcome = $3, score = $4, moves = $5, ",
            "finished_at = $6 WHERE challenge_id = $1 AND user_id = $2 AND outcome IS NULL ",
            "AND game_id = $7"
        ),
        None => concat!(
            "UPDATE challenge_players SET outcome = $3, score = $4, moves = $5, ",
            "finished_at = $6 WHERE challenge_id = $1 AND user_id = $2 AND outcome IS NULL"
        ),
    };
    let mut query = sqlx::query(sql)
        .bind(challenge)
        .bind(id_to_db(entry.user.0))
        .bind(entry.outcome.name())
        .bind(i64::from(entry.score))
        .bind(i64::from(entry.moves))
        .bind(now);
    if let Some(game_id) = entry.game_id {
        query = query.bind(game_id);
    }
    if query.execute(&mut *connection).await?.rows_affected() == 1 {
        close_if_complete(connection, challenge, now, entry.game_id).await?;
    }
    Ok(())
}

/// Makes the challenge over if it is in play, has two players or more, and every result is in:
/// its winner (a tie: none) by `stats::winner`, and its result due to its players (those who
/// left excepted). `closed_by`: the game whose finish did it.
async fn close_if_complete(
    connection: &mut AnyConnection,
    id: i64,
    now: i64,
    closed_by: Option<i64>,
) -> Result<(), sqlx::Error> {
    let Some(challenge) = load_challenge(connection, id).await? else {
        return Ok(());
    };
    let results = challenge.results();
    if !challenge.state.is_in_play()
        || challenge.players.len() < 2
        || results.len() < challenge.players.len()
    {
        return Ok(());
    }
    let closed = sqlx::query(
        "UPDATE challenges SET state = 'over', winner_id = $2, finished_at = $3, \
         closed_by_game = $4 WHERE challenge_id = $1 AND state IN ('open', 'playing')",
    )
    .bind(id)
    .bind(winner(&results).map(id_to_db))
    .bind(now)
    .bind(closed_by)
    .execute(&mut *connection)
    .await?;
    if closed.rows_affected() == 1 {
        let players = challenge.players.iter().filter(|p| !p.departed());
        let users = players.map(|p| p.user);
        mark_due(connection, GameKind::Challenge(id), users).await?;
    }
    Ok(())
}

/// The score and moves of the player's board of the challenge, while it is their game.
async fn board_of(
    connection: &mut AnyConnection,
    challenge: i64,
    user: UserId,
) -> Result<Option<(i64, Game)>, sqlx::Error> {
    let row =
        sqlx::query("SELECT game_id, state FROM current_games WHERE user_id = $1 AND kind = $2")
            .bind(id_to_db(user.0))
            .bind(GameKind::Challenge(challenge).to_stored())
            .fetch_optional(&mut *connection)
            .await?;
    Ok(match row {
        Some(row) => {
            let state: String = row.try_get(1)?;
            Game::from_stored(&state)
                .ok()
                .map(|game| (row.try_get(0).unwrap_or_default(), game))
        }
        None => None,
    })
}

/// Claims the posting of an over challenge's result (`kinds/challenge.rs`, for
/// `Store::claim_post`): with `finished_by`, only for the game whose finish closed it (the last
/// finisher's press); without, for any interaction of one of its players (a forfeit closed it,
/// a player left, or its post failed). A claim neither confirmed nor released lapses after
/// [`ANNOUNCEMENT_CLAIM_MS`].
pub(crate) async fn claim_result_post(
    connection: &mut AnyConnection,
    id: i64,
    finished_by: Option<i64>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let sql = match finished_by {
        Some(_) => {
            "UPDATE challenges SET claimed_at = $2 WHERE challenge_id = $1 \
             AND state = 'over' AND announced_at IS NULL \
             AND (claimed_at IS NULL OR claimed_at <= $3) AND closed_by_game = $4"
        }
        None => {
            "UPDATE challenges SET claimed_at = $2 WHERE challenge_id = $1 \
             AND state = 'over' AND announced_at IS NULL \
             AND (claimed_at IS NULL OR claimed_at <= $3)"
        }
    };
    let mut query = sqlx::query(sql)
        .bind(id)
        .bind(now)
        .bind(now - ANNOUNCEMENT_CLAIM_MS);
    if let Some(game_id) = finished_by {
        query = query.bind(game_id);
    }
    Ok(query.execute(connection).await?.rows_affected() == 1)
}

/// Discord took the post of challenge `id`'s result: it is announced, never posted again.
pub(crate) async fn confirm_result_post(
    connection: &mut AnyConnection,
    id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE challenges SET announced_at = $2 WHERE challenge_id = $1 \
         AND announced_at IS NULL",
    )
    .bind(id)
    .bind(now)
    .execute(connection)
    .await?;
    Ok(())
}

/// The post of challenge `id`'s result did not go through: the next interaction of one of its
/// players may claim it again.
pub(crate) async fn release_result_post(
    connection: &mut AnyConnection,
    id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE challenges SET claimed_at = NULL WHERE challenge_id = $1 \
         AND announced_at IS NULL",
    )
    .bind(id)
    .execute(connection)
    .await?;
    Ok(())
}

impl Store {
    /// Applies what is due on a challenge now, in one transaction: it lapses, stops taking
    /// joins, or players out of time forfeit (abandoned, with their board's score and moves),
    /// which may make it over.
    pub(crate) async fn settle(&self, id: i64) -> Result<Option<Challenge>, StoreError> {
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        lock_challenge(&mut tx, id).await?;
        let Some(challenge) = load_challenge(&mut tx, id).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        let set_state = |to: ChallengeState| {
            sqlx::query("UPDATE challenges SET state = $3 WHERE challenge_id = $1 AND state = $2")
                .bind(id)
                .bind(challenge.state.name())
                .bind(to.name())
        };
        if challenge.lapses_at(now) {
            set_state(ChallengeState::Lapsed).execute(&mut *tx).await?;
        } else if challenge.closes_joins_at(now) {
            set_state(ChallengeState::Playing).execute(&mut *tx).await?;
        }
        for user in challenge.forfeits_at(now) {
            let entry = match board_of(&mut tx, id, user).await? {
                Some((game_id, game)) => Entry::of(user, game_id, &game, Outcome::Abandoned),
                None => Entry {
                    user,
                    game_id: None,
                    outcome: Outcome::Abandoned,
                    score: 0,
                    moves: 0,
                },
            };
            file_challenge_result(
                &mut tx,
                id,
                &Entry {
                    game_id: None,
                    ..entry
                },
                now,
            )
            .await?;
        }
        let settled = load_challenge(&mut tx, id).await?;
        tx.commit().await?;
        Ok(settled)
    }

    /// The duels `viewer` and `other` finished against each other, as `viewer` sees them.
    pub async fn head_to_head(
        &self,
        viewer: UserId,
        other: UserId,
    ) -> Result<HeadToHead, StoreError> {
        let winners: Vec<Option<i64>> = sqlx::query_scalar(
            "SELECT c.winner_id FROM challenges c \
             JOIN challenge_players a ON a.challenge_id = c.challenge_id AND a.user_id = $1 \
             JOIN challenge_players b ON b.challenge_id = c.challenge_id AND b.user_id = $2 \
             WHERE c.state = 'over' AND c.player_count = 2",
        )
        .bind(id_to_db(viewer.0))
        .bind(id_to_db(other.0))
        .fetch_all(&self.pool)
        .await?;
        let mut record = HeadToHead::default();
        for winner in winners {
            record.add(viewer.0, winner.map(id_from_db));
        }
        Ok(record)
    }

    /// The challenges `user` played to the end: (won, lost); a tie is neither.
    pub async fn challenge_record(&self, user: UserId) -> Result<(u32, u32), StoreError> {
        let row = sqlx::query(
            "SELECT COALESCE(SUM(CASE WHEN c.winner_id = $1 THEN 1 ELSE 0 END), 0), \
             COALESCE(SUM(CASE WHEN c.winner_id <> $1 THEN 1 ELSE 0 END), 0) \
             FROM challenges c JOIN challenge_players p ON p.challenge_id = c.challenge_id \
             WHERE p.user_id = $1 AND c.state = 'over'",
        )
        .bind(id_to_db(user.0))
        .fetch_one(&self.pool)
        .await?;
        let count = |i: usize| -> Result<u32, StoreError> {
            let value: i64 = row.try_get(i)?;
            Ok(u32::try_from(value).unwrap_or(u32::MAX))
        };
        Ok((count(0)?, count(1)?))
    }
}
