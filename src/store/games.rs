//! The current game of each player: load it, start a new one over it.
//!
//! Starting a game replaces the old one in one transaction that also files the old one under
//! finished games (abandoned or blocked) or, if it cannot be read, under corrupt games, so
//! nothing a player did is lost without a trace.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Connection, Row};

use super::challenge_results::{Entry, claim_challenge_game, file_challenge_result};
use super::convert::{id_from_db, id_to_db, time_from_millis};
use super::error::{MAX_ATTEMPTS, back_off};
use super::model::{CurrentGame, GameKind, GameTurn, Outcome, UserId};
use super::records::{Corrupt, Finished, record_corrupt, record_finished};
use super::{Store, StoreError};
use crate::game::{DailyNumber, Game, Status};

/// The columns of `current_games` that make a [`CurrentGame`], in the order of [`GameRow`].
macro_rules! game_columns {
    () => {
        "game_id, version, state, guild_id, created_at, updated_at, daily, first_action_at, challenge_id"
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
    pub daily: Option<i64>,
    /// When the game's first action was saved; `None` before it.
    pub first_action_at: Option<i64>,
    /// The challenge this game belongs to, if any.
    pub challenge: Option<i64>,
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
            daily: row.try_get(6)?,
            first_action_at: row.try_get(7)?,
            challenge: row.try_get(8)?,
        })
    }

    /// The game in this row, read and checked against the rules.
    pub fn into_current(self, user: UserId) -> Result<CurrentGame, StoreError> {
        let game = Game::from_stored(&self.state).map_err(|error| StoreError::Corrupt {
            user,
            game_id: self.game_id,
            error,
        })?;
        Ok(self.with_game(user, game))
    }

    /// The row with its game already read (after a save of that very game).
    pub fn with_game(self, user: UserId, game: Game) -> CurrentGame {
        CurrentGame {
            user,
            game_id: self.game_id,
            version: self.version,
            game,
            guild_id: self.guild_id.map(id_from_db),
            created_at: time_from_millis(self.created_at),
            updated_at: time_from_millis(self.updated_at),
            kind: GameKind::from_columns(self.daily_number(), self.challenge),
        }
    }

    /// The game and turn this row holds; `None` if its game cannot be read.
    fn at(&self) -> Option<GameTurn> {
        let game = Game::from_stored(&self.state).ok()?;
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

    /// The daily this game was started as, if any.
    pub fn daily_number(&self) -> Option<DailyNumber> {
        self.daily
            .and_then(|n| u32::try_from(n).ok())
            .and_then(DailyNumber::new)
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

/// Which game a new one may replace.
#[derive(Debug, Clone, Copy)]
enum Over {
    /// Whatever the player has (the command line, tests, benches: nobody was asked).
    Anything,
    /// Only the game and turn seen (`Some`), or only no game at all or one that cannot be read
    /// (`None`): what the player was shown, or asked about, is what gets replaced.
    Exactly(Option<GameTurn>),
}

/// What a new game is dealt as.
#[derive(Debug, Clone, Copy)]
enum Deal {
    Plain,
    Daily(DailyNumber),
    /// A player's board of this challenge.
    Challenge(i64),
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

    /// Makes `game` the player's current game, replacing the old one. The old one is filed as
    /// abandoned (or blocked) if it had moves and was not won; one that cannot be read is kept
    /// in `corrupt_games`. `guild` is the server the game is started in, for statistics.
    pub async fn start_game(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
    ) -> Result<CurrentGame, StoreError> {
        let started = self
            .start(user, game, guild, Deal::Plain, Over::Anything)
            .await?;
        started.ok_or(StoreError::Contention { user, attempts: 0 })
    }

    /// Like [`Store::start_game`], for the daily deal `daily`: the first daily game the player
    /// finishes that day is their scored attempt.
    pub async fn start_daily(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
        daily: DailyNumber,
    ) -> Result<CurrentGame, StoreError> {
        let started = self
            .start(user, game, guild, Deal::Daily(daily), Over::Anything)
            .await?;
        started.ok_or(StoreError::Contention { user, attempts: 0 })
    }

    /// Like [`Store::start_game`] (or [`Store::start_daily`] with `daily`), but only over the
    /// game and turn `replaces` (a button's game id and turn, or the game a command read), or,
    /// with `None`, only where the player has no game (or one that cannot be read): `None`, and
    /// nothing changed, when the player's game is another one or has moved on by then. Two
    /// presses of one "New game" button start one game, a press from an old board never abandons
    /// the game in progress, and a tap landing between a command's read and its write is never
    /// filed as abandoned unasked.
    pub async fn start_over(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
        daily: Option<DailyNumber>,
        replaces: Option<GameTurn>,
    ) -> Result<Option<CurrentGame>, StoreError> {
        let deal = daily.map_or(Deal::Plain, Deal::Daily);
        self.start(user, game, guild, deal, Over::Exactly(replaces))
            .await
    }

    /// Makes `game` the player's board of challenge `challenge`, only over the game and turn
    /// `replaces` (with `None`: only where the player has no game). `None`, and nothing changed, when the player is no player of it
    /// who may start now (not taken up, a result filed already) or has started its game
    /// before: a double press starts one game. The game it replaces is filed as
    /// [`Store::start_game`] files it.
    pub async fn start_challenge_game(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
        challenge: i64,
        replaces: Option<GameTurn>,
    ) -> Result<Option<CurrentGame>, StoreError> {
        let deal = Deal::Challenge(challenge);
        self.start(user, game, guild, deal, Over::Exactly(replaces))
            .await
    }

    /// Starts `game`; `None` when the player's game is not the one `over` names (checked in the
    /// transaction that writes, at every attempt), or when a challenge's game may not be started
    /// (see [`Store::start_challenge_game`]).
    async fn start(
        &self,
        user: UserId,
        game: Game,
        guild: Option<u64>,
        deal: Deal,
        over: Over,
    ) -> Result<Option<CurrentGame>, StoreError> {
        let (daily, challenge) = match deal {
            Deal::Plain => (None, None),
            Deal::Daily(daily) => (Some(daily), None),
            Deal::Challenge(id) => (None, Some(id)),
        };
        let state = game.to_stored();
        for attempt in 0..MAX_ATTEMPTS {
            let started = self
                .start_once(user, &game, &state, guild, (daily, challenge), over)
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
    /// race), else what `start` answers.
    async fn start_once(
        &self,
        user: UserId,
        game: &Game,
        state: &str,
        guild: Option<u64>,
        (daily, challenge): (Option<DailyNumber>, Option<i64>),
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
        if let Some(challenge) = challenge
            && !claim_challenge_game(&mut tx, challenge, user, game_id).await?
        {
            tx.rollback().await?;
            return Ok(Some(None));
        }
        // Both statements bind $1..$7 alike; the update also checks the old version ($8).
        let sql = match old {
            Some(_) => concat!(
                "UPDATE current_games SET game_id = $2, version = version + 1, state = $3, ",
                "guild_id = $4, created_at = $5, updated_at = $5, daily = $6, first_action_at = NULL, ",
                "challenge_id = $7 WHERE user_id = $1 AND version = $8 RETURNING ",
                game_columns!()
            ),
            None => concat!(
                "INSERT INTO current_games (user_id, game_id, version, state, guild_id, ",
                "created_at, updated_at, daily, challenge_id) VALUES ($1, $2, 1, $3, $4, $5, $5, $6, $7) ",
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
            .bind(daily.map(|n| i64::from(n.get())))
            .bind(challenge);
        if let Some(old) = &old {
            query = query.bind(old.version);
        }
        let Some(row) = query.fetch_optional(&mut *tx).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        let saved = GameRow::decode(&row)?;
        if let Some(old) = old {
            match Game::from_stored(&old.state) {
                Ok(old_game) => {
                    if let Some(outcome) = replaced_outcome(&old_game) {
                        let finished = Finished {
                            user,
                            game_id: old.game_id,
                            game: &old_game,
                            outcome,
                            guild: old.guild_id.map(id_from_db),
                            daily: old.daily_number(),
                            challenge: old.challenge,
                            at: now,
                            started_at: old.first_action_at,
                            ended_at: Some(old.updated_at),
                        };
                        record_finished(&mut tx, &finished).await?;
                    }
                    // Leaving a challenge's board, even untouched, forfeits it (a result
                    // filed already stays). After the game's own filing, in the order of a
                    // finishing move's locks.
                    if let Some(old_challenge) = old.challenge {
                        let outcome = replaced_outcome(&old_game).unwrap_or(Outcome::Abandoned);
                        let entry = Entry::of(user, old.game_id, &old_game, outcome);
                        file_challenge_result(&mut tx, old_challenge, &entry, now).await?;
                    }
                }
                Err(error) => {
                    let error = error.to_string();
                    record_corrupt(&mut tx, &old.corrupt(user, &error, now)).await?
                }
            }
        }
        tx.commit().await?;
        let started = saved.with_game(user, game.clone());
        self.recent.remember(&started, state);
        Ok(Some(Some(started)))
    }
}
