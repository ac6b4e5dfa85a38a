//! A challenge's board: what the store does for a player's game of a challenge. Its start
//! takes the player's seat's game (only for a player who took it up, has no result and no game
//! of it yet, while it is in play); its end, by a move or by a new game replacing it (even
//! untouched: a forfeit), files the player's result under the challenge's row lock, which may
//! close the challenge and make its result due to its players; forget-me leaves each challenge
//! of the player to the others (`challenges/departures.rs`). Its post is the challenge's result, claimed,
//! confirmed and released on the challenge's row (`challenges/challenge_results.rs`).

use sqlx::AnyConnection;

use super::{KindRows, Playing};
use crate::store::challenges::challenge_results::{
    Entry, claim_challenge_game, claim_result_post, confirm_result_post, file_challenge_result,
    release_result_post,
};
use crate::store::challenges::departures::depart;
use crate::store::convert::id_to_db;
use crate::store::model::{Forgotten, GameKind, UserId};
use crate::store::records::Finished;

/// A board of the challenge of that id.
pub(super) struct ChallengeBoard(pub i64);

impl KindRows for ChallengeBoard {
    async fn start(
        &self,
        connection: &mut AnyConnection,
        user: UserId,
        game_id: i64,
    ) -> Result<bool, sqlx::Error> {
        claim_challenge_game(connection, self.0, user, game_id).await
    }

    /// The player's result, once: its outcome, score and moves.
    async fn end(
        &self,
        connection: &mut AnyConnection,
        f: &Finished<'_>,
        _filed: bool,
    ) -> Result<(), sqlx::Error> {
        let entry = Entry::of(f.user, f.game_id, f.game, f.outcome);
        file_challenge_result(connection, self.0, &entry, f.at).await
    }

    /// Each challenge the player is in or named by, by ascending id: a challenge being played
    /// counts them as abandoned (with their board's score, if it is their game) and goes on.
    async fn forget(
        connection: &mut AnyConnection,
        user: UserId,
        playing: Option<&Playing<'_>>,
        now: i64,
        _forgotten: &mut Forgotten,
    ) -> Result<(), sqlx::Error> {
        let challenges: Vec<i64> = sqlx::query_scalar(
            "SELECT challenge_id FROM challenge_players WHERE user_id = $1 UNION \
             SELECT challenge_id FROM challenges \
             WHERE challenger_id = $1 OR opponent_id = $1 OR winner_id = $1 \
             ORDER BY 1",
        )
        .bind(id_to_db(user.0))
        .fetch_all(&mut *connection)
        .await?;
        for id in challenges {
            let board = playing
                .filter(|playing| playing.kind == GameKind::Challenge(id))
                .map(|playing| (playing.game_id, playing.game));
            depart(connection, id, user, board, now).await?;
        }
        Ok(())
    }

    async fn claim_post(
        &self,
        connection: &mut AnyConnection,
        finished_by: Option<i64>,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        claim_result_post(connection, self.0, finished_by, now).await
    }

    async fn confirm_post(
        &self,
        connection: &mut AnyConnection,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        confirm_result_post(connection, self.0, now).await
    }

    async fn release_post(&self, connection: &mut AnyConnection) -> Result<(), sqlx::Error> {
        release_result_post(connection, self.0).await
    }
}
