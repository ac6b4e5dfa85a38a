//! The tries at a post that makes a result known, so that each result is posted once, also
//! across a crash: a challenge's result (a follow-up of whichever interaction claims it) and an
//! event's results (posted by the event clock).
//!
//! A post is claimed before it is made (`kinds/`, `events/`), and confirmed once Discord took
//! it. Between Discord's answer and the confirmation the process may stop, or the answer may be
//! lost on the way (a timeout after Discord made the message): the claim then lapses, or is let
//! go, and a later claim would post the result again. So every try is noted here first, with
//! the channel it is made in ([`Store::note_post_attempt`]); a claim that finds earlier tries
//! ([`Store::post_attempts`]) looks for the bot's own message in those channels before posting
//! (`bot/game/earlier_posts.rs`). The rows go with the confirmation.

use super::convert::{id_from_db, id_to_db};
use super::dues::Due;
use super::{Store, StoreError};

/// Which post: a challenge's result, or an event's results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PostKey {
    /// The post due for a kind of game (a challenge's result).
    Due(Due),
    /// The results post of event `id`.
    EventResults(i64),
}

impl PostKey {
    fn stored(self) -> String {
        match self {
            PostKey::Due(due) => format!("due:{}", due.kind().to_stored().unwrap_or_default()),
            PostKey::EventResults(id) => format!("event-results:{id}"),
        }
    }
}

/// An earlier try at a post: in `channel`, first at `since` (Unix milliseconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PostAttempt {
    pub channel: u64,
    pub since: i64,
}

/// Forgets the tries at `post` once it is confirmed, in the confirmation's transaction.
pub(crate) async fn clear_post_attempts(
    connection: &mut sqlx::AnyConnection,
    post: PostKey,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM post_attempts WHERE post = $1")
        .bind(post.stored())
        .execute(connection)
        .await?;
    Ok(())
}

impl Store {
    /// The earlier tries at `post` that were never confirmed, oldest first: each may have
    /// reached Discord.
    pub async fn post_attempts(&self, post: PostKey) -> Result<Vec<PostAttempt>, StoreError> {
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT channel_id, first_at FROM post_attempts WHERE post = $1 \
             ORDER BY first_at, channel_id",
        )
        .bind(post.stored())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(channel, since)| PostAttempt {
                channel: id_from_db(channel),
                since,
            })
            .collect())
    }

    /// Notes a try at `post` in `channel`, before it is made: the first try there keeps its
    /// time.
    pub async fn note_post_attempt(&self, post: PostKey, channel: u64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO post_attempts (post, channel_id, first_at) VALUES ($1, $2, $3) \
             ON CONFLICT (post, channel_id) DO NOTHING",
        )
        .bind(post.stored())
        .bind(id_to_db(channel))
        .bind(self.now())
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
