//! What the store does for each kind of game, written once per kind: what starting a game of
//! it checks and takes, what it files when the game ends (by its last move, or replaced by a
//! new game), what an undo out of a blocked end takes back, what forget-me deletes or leaves,
//! and the post it has due (claimed, confirmed, released). One implementation of
//! [`KindRows`] per kind: a free game here (it keeps nothing of its own), the daily
//! (`daily.rs`), a challenge's board (`challenge.rs`), a server event's deal (`event.rs`);
//! `with_stored_kind!` is the one list.
//!
//! The moments are the store's own: `games.rs` starts a game (and files the one it replaces),
//! `apply.rs` saves the move that ends one (or takes a blocked end back), `privacy.rs` forgets
//! a player, [`Store::claim_post`] and its neighbours post. Each files what every game has
//! (`records.rs`) and then calls its kind's hook here, so a kind's rows are taken at one place
//! of the store's lock order (`store/mod.rs`): after the game row and the result tables every
//! game has, before the player's own rows, kind after kind in the order of `GameKind`.
//!
//! A new kind (the server event of issue 38): a variant of `GameKind` (`model.rs`), its form in
//! `stored_kind.rs`, a file here with its `impl KindRows`, one arm in `with_stored_kind!` and
//! one line in [`forget`].

mod challenge;
mod daily;
mod event;

use sqlx::AnyConnection;

use super::dues::{Due, clear_due};
use super::model::{Forgotten, GameKind, UserId};
use super::post_attempts::{PostKey, clear_post_attempts};
use super::records::{Finished, record_finished, unrecord_finished};
use super::{Store, StoreError};
use crate::game::Game;

use challenge::ChallengeBoard;
use daily::Daily;
use event::EventGame;

/// The player's game when they forget themselves, if it reads: what a kind may still count
/// of it (a challenge's board gives its score to the challenge it leaves).
pub(crate) struct Playing<'a> {
    pub game_id: i64,
    pub kind: GameKind,
    pub game: &'a Game,
}

/// What the store does for one kind of game at each moment of a game's life. Every hook runs
/// inside the transaction of its moment; by default a kind keeps nothing of its own.
pub(super) trait KindRows {
    /// Checks and takes what a game of this kind needs to start, after the player's game row
    /// is written: whether it may start (`false` rolls the start back).
    async fn start(
        &self,
        _connection: &mut AnyConnection,
        _user: UserId,
        _game_id: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(true)
    }

    /// Files what this kind keeps of a game that ended, after the game's own filing: `filed`
    /// says whether that filed it just now (not before, and not a game replaced before its
    /// first move, which is filed as abandoned for its kind only).
    async fn end(
        &self,
        _connection: &mut AnyConnection,
        _finished: &Finished<'_>,
        _filed: bool,
    ) -> Result<(), sqlx::Error> {
        Ok(())
    }

    /// Takes back what [`KindRows::end`] filed of game `game_id`, whose end an undo took back.
    async fn take_back(
        &self,
        _connection: &mut AnyConnection,
        _game_id: i64,
    ) -> Result<(), sqlx::Error> {
        Ok(())
    }

    /// Deletes (or leaves to the other players) what this kind keeps of `user`, who forgets
    /// themselves, noting it in `forgotten`. `playing`: their current game, if it reads.
    async fn forget(
        _connection: &mut AnyConnection,
        _user: UserId,
        _playing: Option<&Playing<'_>>,
        _now: i64,
        _forgotten: &mut Forgotten,
    ) -> Result<(), sqlx::Error> {
        Ok(())
    }

    /// Claims the making of this kind's post: `true` for exactly one caller at a time, while it
    /// is due and neither made nor being made (`finished_by`: only for the game whose end made
    /// it due). None by default.
    async fn claim_post(
        &self,
        _connection: &mut AnyConnection,
        _finished_by: Option<i64>,
        _now: i64,
    ) -> Result<bool, sqlx::Error> {
        Ok(false)
    }

    /// Discord took the post: it is made, for good.
    async fn confirm_post(
        &self,
        _connection: &mut AnyConnection,
        _now: i64,
    ) -> Result<(), sqlx::Error> {
        Ok(())
    }

    /// The post did not go through: the next interaction of a player it is due to claims it.
    async fn release_post(&self, _connection: &mut AnyConnection) -> Result<(), sqlx::Error> {
        Ok(())
    }
}

/// A free game keeps nothing but the game (`records.rs`).
struct Free;

impl KindRows for Free {}

/// The one list of kinds: evaluates `$body` with `$k` bound to the store's implementation of
/// [`KindRows`] for `$kind` (a `GameKind`).
macro_rules! with_stored_kind {
    ($kind:expr, $k:ident => $body:expr) => {
        match $kind {
            GameKind::Free => {
                let $k = Free;
                $body
            }
            GameKind::Daily(number) => {
                let $k = Daily(number);
                $body
            }
            GameKind::Challenge(id) => {
                let $k = ChallengeBoard(id);
                $body
            }
            GameKind::Event(deal) => {
                let $k = EventGame(deal);
                $body
            }
        }
    };
}

/// What starting game `game_id` of `kind` checks and takes: whether it may start.
pub(crate) async fn start_kind(
    connection: &mut AnyConnection,
    kind: GameKind,
    user: UserId,
    game_id: i64,
) -> Result<bool, sqlx::Error> {
    with_stored_kind!(kind, k => k.start(connection, user, game_id).await)
}

/// Files a game that ended, by its last move or replaced by a new game: the game itself, when
/// it `counts` (a game replaced before its first move does not), then what its kind keeps of
/// it, in the store's lock order.
pub(crate) async fn file_ending(
    connection: &mut AnyConnection,
    finished: &Finished<'_>,
    counts: bool,
) -> Result<(), sqlx::Error> {
    let filed = counts && record_finished(connection, finished).await?;
    with_stored_kind!(finished.kind, k => k.end(connection, finished, filed).await)
}

/// Takes back the filing of game `game_id` of `kind`, whose end an undo took back.
pub(crate) async fn unfile_ending(
    connection: &mut AnyConnection,
    kind: GameKind,
    game_id: i64,
) -> Result<(), StoreError> {
    unrecord_finished(connection, game_id).await?;
    with_stored_kind!(kind, k => k.take_back(connection, game_id).await)?;
    Ok(())
}

/// What every kind keeps of `user`, who forgets themselves: each kind's in the order of the
/// store's lock order (the daily's results, then each challenge, then the events).
pub(crate) async fn forget(
    connection: &mut AnyConnection,
    user: UserId,
    playing: Option<&Playing<'_>>,
    now: i64,
    forgotten: &mut Forgotten,
) -> Result<(), sqlx::Error> {
    Free::forget(connection, user, playing, now, forgotten).await?;
    Daily::forget(connection, user, playing, now, forgotten).await?;
    ChallengeBoard::forget(connection, user, playing, now, forgotten).await?;
    EventGame::forget(connection, user, playing, now, forgotten).await?;
    Ok(())
}

impl Store {
    /// Claims the making of post `due`: `true` for exactly one caller at a time. With
    /// `finished_by`, only for the game whose end made it due (its player's interaction);
    /// without, for any interaction of a player it is due to. The claim holds until the post is
    /// confirmed ([`Store::confirm_post`]) or released ([`Store::release_post`]); one neither
    /// confirmed nor released (its process stopped) lapses after its kind's time (a
    /// challenge's: `ANNOUNCEMENT_CLAIM_MS`, an interaction token's life).
    pub async fn claim_post(&self, due: Due, finished_by: Option<i64>) -> Result<bool, StoreError> {
        let mut connection = self.pool.acquire().await?;
        let now = self.now();
        Ok(
            with_stored_kind!(due.kind(), k => k.claim_post(&mut connection, finished_by, now).await)?,
        )
    }

    /// Discord took post `due`: it is made, never made again, and due to nobody any more.
    pub async fn confirm_post(&self, due: Due) -> Result<(), StoreError> {
        let now = self.now();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        with_stored_kind!(due.kind(), k => k.confirm_post(&mut tx, now).await)?;
        clear_due(&mut tx, due.kind()).await?;
        clear_post_attempts(&mut tx, PostKey::Due(due)).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Post `due` did not go through: it stays due, and the next interaction of one of its
    /// players may claim it again.
    pub async fn release_post(&self, due: Due) -> Result<(), StoreError> {
        let mut connection = self.pool.acquire().await?;
        with_stored_kind!(due.kind(), k => k.release_post(&mut connection).await)?;
        Ok(())
    }
}
