//! Posts that are due: a kind's post (a challenge's result; an event's results next) that the
//! next interaction of any player concerned makes, once. `posts_due` keeps one row per player
//! and kind whose post is due to them, written in the transaction that makes it due
//! ([`mark_due`]) and deleted for every player in the one that records Discord took the post
//! ([`clear_due`]). A post claimed by an interaction whose process then stopped, or let go
//! because Discord refused it, stays due: its rows stay until the post is made. Claiming,
//! confirming and releasing a post, and what it says, are its kind's (`kinds/`).
//!
//! Why a table of its own rather than a flag on each player's game row: the transaction that
//! makes a challenge's result due holds the challenge's lock, and writing the other players'
//! game rows then would take them against the store's lock order (a player's finishing move
//! takes their game row first, then the challenge's): two finishes, or a finish and a new game,
//! would deadlock. Rows here come last in that order and nobody waits for another row while
//! holding one of them. And a player with no game row at all (who took a challenge up and never
//! played it) keeps their due post all the same.
//!
//! What a tap pays for it: nothing more. The statement that saves a move, and the one that reads
//! a game, say whether their player has a row here ([`posts_due_column!`]) in the same round
//! trip; only an answer whose player has one, or that read no game, looks
//! ([`Store::posts_due`]).

use std::sync::atomic::Ordering;

use sqlx::AnyConnection;

use super::convert::id_to_db;
use super::model::{GameKind, UserId};
use super::{Store, StoreError};

/// Whether the player of the `current_games` row at hand has a post due, as 0 or 1: a column
/// read with a game's (`games.rs`), in the statement that reads or writes the row.
macro_rules! posts_due_column {
    () => {
        "CAST(CASE WHEN EXISTS (SELECT 1 FROM posts_due d \
         WHERE d.user_id = current_games.user_id) THEN 1 ELSE 0 END AS BIGINT)"
    };
}
pub(crate) use posts_due_column;

/// A post that is due: the one of this kind of game (the result of challenge 34 is the post of
/// `GameKind::Challenge(34)`). Made by the interaction that claims it
/// ([`Store::claim_post`]), then confirmed or released once Discord took it or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Due(GameKind);

impl Due {
    /// The post of `kind`: only the kinds that have one make it due (`kinds/`).
    pub(crate) fn of(kind: GameKind) -> Due {
        Due(kind)
    }

    /// The kind whose post it is.
    pub fn kind(self) -> GameKind {
        self.0
    }
}

/// Makes the post of `kind` due to each of `users`, in the transaction that made it due (last
/// in the store's lock order, the players by ascending id). A player it is due to already
/// keeps their row.
pub(crate) async fn mark_due(
    connection: &mut AnyConnection,
    kind: GameKind,
    users: impl IntoIterator<Item = UserId>,
) -> Result<(), sqlx::Error> {
    let mut users: Vec<UserId> = users.into_iter().collect();
    users.sort_unstable();
    users.dedup();
    for user in users {
        sqlx::query(
            "INSERT INTO posts_due (user_id, kind) VALUES ($1, $2) \
             ON CONFLICT (user_id, kind) DO NOTHING",
        )
        .bind(id_to_db(user.0))
        .bind(kind.to_stored())
        .execute(&mut *connection)
        .await?;
    }
    Ok(())
}

/// Whether a post is due to `user` now, read in the transaction at hand (after what it filed).
pub(crate) async fn has_posts_due(
    connection: &mut AnyConnection,
    user: UserId,
) -> Result<bool, sqlx::Error> {
    let due: Option<i64> = sqlx::query_scalar("SELECT 1 FROM posts_due WHERE user_id = $1 LIMIT 1")
        .bind(id_to_db(user.0))
        .fetch_optional(connection)
        .await?;
    Ok(due.is_some())
}

/// The post of `kind` was made: due to nobody any more.
pub(crate) async fn clear_due(
    connection: &mut AnyConnection,
    kind: GameKind,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM posts_due WHERE kind = $1")
        .bind(kind.to_stored())
        .execute(connection)
        .await?;
    Ok(())
}

/// Forget-me: nothing is due to this player any more (the post itself stays due to the others).
pub(crate) async fn forget_dues(
    connection: &mut AnyConnection,
    user: UserId,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM posts_due WHERE user_id = $1")
        .bind(id_to_db(user.0))
        .execute(connection)
        .await?;
    Ok(())
}

impl Store {
    /// The posts due to `user` and not made yet, in the order of their kinds' stored form: one
    /// may be being made by another interaction (its claim tells).
    pub async fn posts_due(&self, user: UserId) -> Result<Vec<Due>, StoreError> {
        self.due_lookups.fetch_add(1, Ordering::Relaxed);
        let kinds: Vec<String> =
            sqlx::query_scalar("SELECT kind FROM posts_due WHERE user_id = $1 ORDER BY kind")
                .bind(id_to_db(user.0))
                .fetch_all(&self.pool)
                .await?;
        kinds
            .iter()
            .map(|text| {
                GameKind::from_stored(Some(text)).map(Due).map_err(|error| {
                    StoreError::CorruptRecord {
                        user,
                        detail: format!("a post due: {error}"),
                    }
                })
            })
            .collect()
    }

    /// How many times this store (with its clones) looked for posts due
    /// ([`Store::posts_due`]): what a player with nothing due does not cost. For tests and
    /// measurements.
    pub fn posts_due_lookups(&self) -> u64 {
        self.due_lookups.load(Ordering::Relaxed)
    }
}
