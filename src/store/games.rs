//! The current game of each player: load it, and start a new one over it, whatever its kind
//! (one [`Store::start`]; what a kind checks and files is its own, in `kinds/`).
//!
//! Starting a game replaces the old one in one transaction that also files the old one under
//! finished games (abandoned or blocked), with what its kind keeps, or, if it cannot be read,
//! under corrupt games, so nothing a player did is lost without a trace.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Connection, Row};

use super::convert::{flag_from_db, id_from_db, id_to_db, time_from_millis};
use super::dues::has_posts_due;
use super::error::{MAX_ATTEMPTS, Unreadable, back_off};
use super::kinds::{file_ending, start_kind};
use super::model::{CurrentGame, GameKind, GameTurn, Outcome, UserId};
use super::records::{Corrupt, Finished, record_corrupt};
use super::{Store, StoreError};
use crate::game::{Game, Status};

/// The columns of `current_games` that make a [`CurrentGame`], in the order of [`GameRow`]; the
/// last says whether the player has a post due (`dues.rs`), read in the same statement.
macro_rules! game_columns {
    () => {
        concat!(
            "game_id, version, state, guild_id, created_at, updated_at, kind, first_action_at, ",
            $crate::store::dues::posts_due_column!()
        )
    };
}
pub(crate) use game_columns;

/// A `current_games` row as stored, before its game is read.
pub(crate) struct GameRow {
    pub game_id: i64,
    pub version: i64,
    pub state: String,
    pub guild_id: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// What the game was started as, in its stored form (`stored_kind.rs`).
    pub kind: Option<String>,
    /// When the game's first action was saved; `None` before it.
    pub first_action_at: Option<i64>,
    /// Whether the player had a post due when the row was read or written.
    pub posts_due: bool,
}

impl GameRow {
    pub fn decode(row: &AnyRow) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            game_id: row.try_get(0)?,
            version: row.try_get(1)?,
            state: row.try_get(2)?,
            guild_id: row.try_get(3)?,
            created_at: row.try_get(4)?,
            updated_at: row.try_get(5)?,
            kind: row.try_get(6)?,
            first_action_at: row.try_get(7)?,
            posts_due: flag_from_db(row.try_get(8)?),
        })
    }

    /// The game in this row and what it was started as, read and checked (the game against the
    /// rules, the kind against its one stored form).
    fn read(&self) -> Result<(Game, GameKind), Unreadable> {
        let game = Game::from_stored(&self.state)?;
        let kind = GameKind::from_stored(self.kind.as_deref())?;
        Ok((game, kind))
    }

    /// The game in this row, read and checked.
    pub fn into_current(self, user: UserId) -> Result<CurrentGame, StoreError> {
        let (game, kind) = self.read().map_err(|error| StoreError::Corrupt {
            user,
            game_id: self.game_id,
            error,
        })?;
        Ok(self.current(user, game, kind))
    }

    /// The row with its game already read (after a save of that very game); its kind is read
    /// here.
    pub fn with_game(self, user: UserId, game: Game) -> Result<CurrentGame, StoreError> {
        let kind =
            GameKind::from_stored(self.kind.as_deref()).map_err(|error| StoreError::Corrupt {
                user,
                game_id: self.game_id,
                error: error.into(),
            })?;
        Ok(self.current(user, game, kind))
    }

    fn current(self, user: UserId, game: Game, kind: GameKind) -> CurrentGame {
        CurrentGame {
            user,
            game_id: self.game_id,
            version: self.version,
            game,
            guild_id: self.guild_id.map(id_from_db),
            created_at: time_from_millis(self.created_at),
            updated_at: time_from_millis(self.updated_at),
            kind,
            posts_due: self.posts_due,
        }
    }

    /// The game and turn this row holds; `None` if it cannot be read (its game or its kind):
    /// such a row is replaced only where the player is known to have no readable game.
    fn at(&self) -> Option<GameTurn> {
        let (game, _) = self.read().ok()?;
        Some(GameTurn {
            game_id: self.game_id,
            turn: game.turn(),
        })
    }

    /// What `corrupt_games` keeps of this row when its game cannot be read.
    fn corrupt<'a>(&'a self, user: UserId, error: &'a str, at: i64) -> Corrupt<'a> {
        Corrupt {
            user,
            game_id: self.game_id,
            version: self.version,
            state: &self.state,
            error,
            at,
        }
    }
}

/// The stored row of a player's game, if any.
pub(crate) async fn fetch_game_row(
    connection: &mut AnyConnection,
    user: UserId,
) -> Result<Option<GameRow>, sqlx::Error> {
    let sql = concat!(
        "SELECT ",
        game_columns!(),
        " FROM current_games WHERE user_id = $1"
    );
    let row = sqlx::query(sql)
        .bind(id_to_db(user.0))
        .fetch_optional(connection)
        .await?;
    row.as_ref().map(GameRow::decode).transpose()
}

/// Which game a new one may replace ([`Store::start`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// Whatever the player has (the command line, tests, benches: nobody was asked).
    Anything,
    /// Only the game and turn seen (`Some`: a button's game id and turn, or the game a command
    /// read), or, with `None`, only where the player has no game or one that cannot be read:
    /// what the player was shown, or asked about, is what gets replaced.
    Exactly(Option<GameTurn>),
}

/// How an old game counts when a new one replaces it: not at all if nothing was played.
fn replaced_outcome(game: &Game) -> Option<Outcome> {
    match game.status() {
        Status::Won => Some(Outcome::Won),
        Status::Blocked => Some(Outcome::Blocked),
        Status::Playing if game.moves() > 0 => Some(Outcome::Abandoned),
        Status::Playing => None,
    }
}

impl Store {
    /// The player's current game, or `None` if they have none. A game that cannot be read is
    /// [`StoreError::Corrupt`] and stays stored as it is.
    pub async fn current_game(&self, user: UserId) -> Result<Option<CurrentGame>, StoreError> {
        let mut connection = self.pool.acquire().await?;
        match fetch_game_row(&mut connection, user).await? {
            Some(row) => row.into_current(user).map(Some),
            None => Ok(None),
        }
    }

    /// Makes `game`, started as `kind` in server `guild` (`None`: direct messages), the
    /// player's current game, over the game `over` names: every kind of game starts here.
    ///
    /// `None`, and nothing changed, when the player's game is not the one `over` names (another
    /// one, or the same moved on: checked in the transaction that writes, at every attempt), or
    /// when `kind` refuses the start (a challenge's board: the player is no player of it who may
    /// start now, not having taken it up or having a result filed already, or they started its
    /// game before). So two presses of one "New game" button start one game, a press from an old
    /// board never abandons the game in progress, a tap landing between a command's read and its
    /// write is never filed as abandoned unasked, and a double press of Play starts one board.
    ///
    /// The game replaced is filed as abandoned (or blocked, or won) if it had moves, with what
    /// its kind keeps (`kinds/`: the daily's first finished game of the day is the scored
    /// attempt; a challenge's board, even untouched, is forfeited); one that cannot be read is
    /// kept in `corrupt_games`.
    pub async fn start(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
        kind: GameKind,
        over: Over,
    ) -> Result<Option<CurrentGame>, StoreError> {
        let state = game.to_stored();
        for attempt in 0..MAX_ATTEMPTS {
            let started = self
                .start_once(user, &game, &state, (guild, kind), over)
                .await;
            match started {
                Ok(Some(done)) => return Ok(done),
                // Someone changed or created the player's game since we read it (or the
                // database rolled us back for a deadlock): read again, after a pause that grows
                // with the attempts, so that racers spread out.
                Ok(None) => back_off(attempt).await,
                Err(error) if error.is_conflict() => {
                    tracing::warn!(user = user.0, "a new game conflicted: {error}");
                    back_off(attempt).await;
                }
                Err(error) => return Err(error),
            }
        }
        Err(StoreError::Contention {
            user,
            attempts: MAX_ATTEMPTS,
        })
    }

    /// One attempt of [`Store::start`]: `None` when the row changed since it was read (a lost
    /// race), else what `start` answers. In the store's lock order: the game row, the game
    /// replaced's filing (its result tables, then its kind's rows), the new game's kind's rows,
    /// then the player's own rows (a corrupt game kept).
    async fn start_once(
        &self,
        user: UserId,
        game: &Game,
        state: &str,
        (guild, kind): (Option<u64>, GameKind),
        over: Over,
    ) -> Result<Option<Option<CurrentGame>>, StoreError> {
        // On the connection of moves: on SQLite a new game then never waits for a move's
        // write lock, it queues behind the move.
        let mut connection = self.connection_for_moves().await?;
        let mut tx = connection.begin_with(self.backend.begin_write()).await?;
        let now = self.now();
        let game_id: i64 = sqlx::query_scalar(self.backend.next_game_id())
            .fetch_one(&mut *tx)
            .await?;
        let old = fetch_game_row(&mut tx, user).await?;
        if let Over::Exactly(replaces) = over
            && old.as_ref().and_then(GameRow::at) != replaces
        {
            tx.rollback().await?;
            return Ok(Some(None));
        }
        // Both statements bind $1..$6 alike; the update also checks the old version ($7).
        let sql = match old {
            Some(_) => concat!(
                "UPDATE current_games SET game_id = $2, version = version + 1, state = $3, ",
                "guild_id = $4, created_at = $5, updated_at = $5, kind = $6, ",
                "first_action_at = NULL WHERE user_id = $1 AND version = $7 RETURNING ",
                game_columns!()
            ),
            None => concat!(
                "INSERT INTO current_games (user_id, game_id, version, state, guild_id, ",
                "created_at, updated_at, kind) VALUES ($1, $2, 1, $3, $4, $5, $5, $6) ",
                "ON CONFLICT (user_id) DO NOTHING RETURNING ",
                game_columns!()
            ),
        };
        let mut query = sqlx::query(sql)
            .bind(id_to_db(user.0))
            .bind(game_id)
            .bind(state)
            .bind(guild.map(id_to_db))
            .bind(now)
            .bind(kind.to_stored());
        if let Some(old) = &old {
            query = query.bind(old.version);
        }
        let Some(row) = query.fetch_optional(&mut *tx).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        let saved = GameRow::decode(&row)?;
        let mut unreadable = None;
        if let Some(old) = &old {
            match old.read() {
                Ok((old_game, old_kind)) => {
                    let outcome = replaced_outcome(&old_game);
                    let finished = Finished {
                        user,
                        game_id: old.game_id,
                        game: &old_game,
                        // Untouched, it counts for nothing, but its kind may still file it
                        // (a challenge's board left is forfeited).
                        outcome: outcome.unwrap_or(Outcome::Abandoned),
                        guild: old.guild_id.map(id_from_db),
                        kind: old_kind,
                        at: now,
                        started_at: old.first_action_at,
                        ended_at: Some(old.updated_at),
                    };
                    file_ending(&mut tx, &finished, outcome.is_some()).await?;
                }
                Err(error) => unreadable = Some(error.to_string()),
            }
        }
        if !start_kind(&mut tx, kind, user, game_id).await? {
            tx.rollback().await?;
            return Ok(Some(None));
        }
        if let (Some(old), Some(error)) = (&old, &unreadable) {
            record_corrupt(&mut tx, &old.corrupt(user, error, now)).await?;
        }
        // Read again after the filing: the game replaced may have made a post due (the last
        // board of a challenge left), which this start's answer then makes.
        let posts_due = has_posts_due(&mut tx, user).await?;
        tx.commit().await?;
        let mut started = saved.with_game(user, game.clone())?;
        started.posts_due = posts_due;
        self.recent.remember(&started, state);
        Ok(Some(Some(started)))
    }
}
