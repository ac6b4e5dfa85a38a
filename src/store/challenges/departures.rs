//! What a player who forgets themselves (`/tripeaks forget-me`) leaves in their challenges:
//! a challenge being played goes on for the others, with the departed player's seat kept under
//! an id that is never a Discord id; one nobody else is in goes. Called from forget-me's
//! transaction (`privacy.rs`), after the result tables, in the store's lock order.

use sqlx::AnyConnection;

use super::challenge_model::ChallengeState;
use super::challenge_results::{Entry, file_challenge_result};
use super::challenge_rows::{load_challenge, lock_challenge};
use crate::game::Game;
use crate::store::convert::id_to_db;
use crate::store::model::{Outcome, UserId};

/// What a player who forgets themselves (`/tripeaks forget-me`) leaves in their challenges.
///
/// A duel not answered yet, or an open challenge nobody else joined, goes with its seats. In a
/// challenge being played the player counts as abandoned (with their board's score and moves,
/// if it is their current game, else nothing), which may close it for the others; then their
/// seat and every id of theirs in it become a departed player's ([`departed_id`]), and their
/// name is no longer kept. In a challenge that is over, declined or lapsed, their seat goes and
/// their ids become 0 (nobody). The challenge's row is locked first, then its players, in the
/// order every transaction takes them (`store/mod.rs`).
pub(crate) async fn depart(
    connection: &mut AnyConnection,
    id: i64,
    user: UserId,
    board: Option<(i64, &Game)>,
    now: i64,
) -> Result<(), sqlx::Error> {
    if !lock_challenge(connection, id).await? {
        return Ok(());
    }
    let Some(challenge) = load_challenge(connection, id).await? else {
        return Ok(());
    };
    let Some(seat) = challenge.players.iter().position(|p| p.user == user) else {
        // Named as the challenger or opponent only (their seat went before): ids only.
        return forget_ids(connection, id, user, 0).await;
    };
    let alone = challenge.players.iter().all(|p| p.user == user);
    match challenge.state {
        ChallengeState::Waiting => delete_challenge(connection, id).await,
        ChallengeState::Open if alone => delete_challenge(connection, id).await,
        ChallengeState::Open | ChallengeState::Playing => {
            if challenge.players[seat].result.is_none() {
                let entry = match board {
                    Some((game_id, game)) if challenge.players[seat].game_id == Some(game_id) => {
                        Entry {
                            game_id: None,
                            ..Entry::of(user, game_id, game, Outcome::Abandoned)
                        }
                    }
                    _ => Entry {
                        user,
                        game_id: None,
                        outcome: Outcome::Abandoned,
                        score: 0,
                        moves: 0,
                    },
                };
                file_challenge_result(connection, id, &entry, now).await?;
            }
            let departed = departed_id(id, seat);
            sqlx::query(
                "UPDATE challenge_players SET user_id = $3, name = '' \
                 WHERE challenge_id = $1 AND user_id = $2",
            )
            .bind(id)
            .bind(id_to_db(user.0))
            .bind(departed)
            .execute(&mut *connection)
            .await?;
            forget_ids(connection, id, user, departed).await
        }
        ChallengeState::Declined | ChallengeState::Lapsed | ChallengeState::Over => {
            sqlx::query("DELETE FROM challenge_players WHERE challenge_id = $1 AND user_id = $2")
                .bind(id)
                .bind(id_to_db(user.0))
                .execute(&mut *connection)
                .await?;
            forget_ids(connection, id, user, 0).await
        }
    }
}

/// The id that stands for the player of seat `seat` of challenge `challenge` once they are
/// forgotten: negative, so never a Discord id (snowflakes stay below 2⁶³ for decades), and
/// distinct for every seat of every challenge, as the players' key and the one-waiting-challenge
/// index need. [`ChallengePlayer::departed`](crate::store::ChallengePlayer::departed) reads it back.
pub(crate) fn departed_id(challenge: i64, seat: usize) -> i64 {
    -(challenge.saturating_mul(16).saturating_add(seat as i64 + 1))
}

/// Replaces `user` by `by` wherever the challenge names them (challenger, opponent, winner).
async fn forget_ids(
    connection: &mut AnyConnection,
    id: i64,
    user: UserId,
    by: i64,
) -> Result<(), sqlx::Error> {
    for sql in [
        "UPDATE challenges SET challenger_id = $3 WHERE challenge_id = $1 AND challenger_id = $2",
        "UPDATE challenges SET opponent_id = $3 WHERE challenge_id = $1 AND opponent_id = $2",
        "UPDATE challenges SET winner_id = $3 WHERE challenge_id = $1 AND winner_id = $2",
    ] {
        sqlx::query(sql)
            .bind(id)
            .bind(id_to_db(user.0))
            .bind(by)
            .execute(&mut *connection)
            .await?;
    }
    Ok(())
}

/// Deletes a challenge nobody but its challenger (or a duel's unanswered opponent) is in.
async fn delete_challenge(connection: &mut AnyConnection, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM challenge_players WHERE challenge_id = $1")
        .bind(id)
        .execute(&mut *connection)
        .await?;
    sqlx::query("DELETE FROM challenges WHERE challenge_id = $1")
        .bind(id)
        .execute(&mut *connection)
        .await?;
    Ok(())
}
