//! Everything kept about a player besides the current game: finished games (for statistics),
//! corrupt games (kept verbatim when replaced) and settings.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::convert::{flag_from_db, flag_to_db, id_from_db, id_to_db};
use super::finished_row::{corrupt, decode_finished, duration, finished_columns};
use super::leaderboards::{add_to_boards, refresh_boards, set_public_on_boards};
use super::model::{FinishedGame, GameKind, Outcome, Settings, UserId};
use super::results::{DELETE_DEAL_RESULT_OF_GAME, count_in_bucket, delete_results};
use super::totals::{add_to_totals, refresh_totals};
use super::{Store, StoreError};
use crate::game::{Game, Modes, Rule};
use crate::stats::GameResult;

/// A game that ended, as it is filed.
pub(crate) struct Finished<'a> {
    pub user: UserId,
    pub game_id: i64,
    pub game: &'a Game,
    /// How it counts: won or blocked by its last move; won, blocked or abandoned when a new
    /// game replaced it (a game replaced before any move is abandoned for its kind only: see
    /// `kinds::file_ending`).
    pub outcome: Outcome,
    /// The server it was started in.
    pub guild: Option<u64>,
    /// What it was started as.
    pub kind: GameKind,
    /// When it ended, Unix milliseconds (the store's clock).
    pub at: i64,
    /// When its first action was saved (Unix milliseconds); `None` if unknown.
    pub started_at: Option<i64>,
    /// When its last action was saved.
    pub ended_at: Option<i64>,
}

/// Files a game that ended, whatever its kind: for statistics, and for its deal's board in its
/// server. Whether it filed it now: a game already filed stays as it was, and so does an
/// earlier attempt at its deal, so a result counts once. What its kind keeps besides (the
/// daily's scored attempt, a challenge's result) is `kinds::file_ending`'s, after this.
pub(crate) async fn record_finished(
    connection: &mut AnyConnection,
    f: &Finished<'_>,
) -> Result<bool, sqlx::Error> {
    let (game, now) = (f.game, f.at);
    let filed = sqlx::query(
        "INSERT INTO finished_games (game_id, user_id, code, rule, outcome, score, moves, \
         finished_at, guild_id, longest_chain, hints_used, modes, history, started_at, \
         ended_at, kind) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) \
         ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(f.game_id)
    .bind(id_to_db(f.user.0))
    .bind(game.code().map(|code| code.to_string()))
    .bind(game.rule().name())
    .bind(f.outcome.name())
    .bind(i64::from(game.score()))
    .bind(i64::from(game.moves()))
    .bind(now)
    .bind(f.guild.map(id_to_db))
    .bind(i64::from(game.longest_chain()))
    .bind(i64::from(game.hints_used()))
    .bind(game.modes().letters())
    .bind(game.to_stored())
    .bind(f.started_at)
    .bind(f.ended_at)
    .bind(f.kind.to_stored())
    .execute(&mut *connection)
    .await?;
    if filed.rows_affected() == 0 {
        return Ok(false); // filed before: nothing more counts it again
    }
    // Statistics and server boards keep each mode set apart (they show the standard game's).
    let modes = game.modes().letters();
    let result = GameResult {
        rule: game.rule(),
        outcome: f.outcome,
        score: game.score(),
        moves: game.moves(),
        finished_at: now,
        longest_chain: Some(game.longest_chain()),
        hints_used: Some(game.hints_used()),
        duration_millis: duration(f.started_at, f.ended_at),
    };
    add_to_totals(connection, f.user, &modes, &result).await?;
    if let Some(guild) = f.guild {
        let score = game.score();
        add_to_boards(connection, guild, &modes, f.user, f.outcome, score, now).await?;
    }
    if let (Some(code), Some(guild)) = (game.code(), f.guild) {
        let added = sqlx::query(
            "INSERT INTO deal_results (game_id, won, outcome, score, moves, hints_used, \
             finished_at, code, guild_id, user_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING",
        )
        .bind(f.game_id)
        .bind(flag_to_db(f.outcome == Outcome::Won))
        .bind(f.outcome.name())
        .bind(i64::from(game.score()))
        .bind(i64::from(game.moves()))
        .bind(i64::from(game.hints_used()))
        .bind(now)
        .bind(code.to_string())
        .bind(id_to_db(guild))
        .bind(id_to_db(f.user.0))
        .execute(&mut *connection)
        .await?;
        if added.rows_affected() == 1 {
            let board = code.to_string();
            count_in_bucket(connection, &board, id_to_db(guild), result_bucket(f), 1).await?;
        }
    }
    Ok(true)
}

/// The (won, score) bucket of a deal's or a daily's board a finished game's result counts in.
pub(crate) fn result_bucket(f: &Finished<'_>) -> (i64, i64) {
    (
        flag_to_db(f.outcome == Outcome::Won),
        i64::from(f.game.score()),
    )
}

/// Takes back the result of a game that is no longer over (an undo out of a blocked position),
/// whatever its kind; what its kind filed is taken back by `kinds::unfile_ending`, after this.
pub(crate) async fn unrecord_finished(
    connection: &mut AnyConnection,
    game_id: i64,
) -> Result<(), StoreError> {
    let filed = sqlx::query(
        "DELETE FROM finished_games WHERE game_id = $1 \
         RETURNING user_id, guild_id, modes, finished_at",
    )
    .bind(game_id)
    .fetch_optional(&mut *connection)
    .await?;
    if let Some(row) = filed {
        let user = UserId(id_from_db(row.try_get(0)?));
        let (modes, at): (String, i64) = (row.try_get(2)?, row.try_get(3)?);
        refresh_totals(connection, user, &modes).await?;
        if let Some(guild) = row.try_get::<Option<i64>, _>(1)? {
            refresh_boards(connection, id_from_db(guild), &modes, user, at).await?;
        }
    }
    delete_results(connection, DELETE_DEAL_RESULT_OF_GAME, game_id).await?;
    Ok(())
}

/// A stored game that cannot be read, as `corrupt_games` keeps it.
pub(crate) struct Corrupt<'a> {
    pub user: UserId,
    pub game_id: i64,
    pub version: i64,
    /// The stored text, as it was.
    pub state: &'a str,
    /// Why it cannot be read.
    pub error: &'a str,
    /// When it was set aside, Unix milliseconds.
    pub at: i64,
}

/// Keeps a stored game that cannot be read, as it was, before a new game replaces it.
pub(crate) async fn record_corrupt(
    connection: &mut AnyConnection,
    corrupt: &Corrupt<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO corrupt_games (game_id, user_id, version, state, error, saved_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(corrupt.game_id)
    .bind(id_to_db(corrupt.user.0))
    .bind(corrupt.version)
    .bind(corrupt.state)
    .bind(corrupt.error)
    .bind(corrupt.at)
    .execute(connection)
    .await?;
    Ok(())
}

fn decode_settings(user: UserId, row: &AnyRow) -> Result<Settings, StoreError> {
    let rule: String = row.try_get("default_rule")?;
    let modes: String = row.try_get("default_modes")?;
    Ok(Settings {
        help_for_errors: flag_from_db(row.try_get("help_for_errors")?),
        default_rule: rule
            .parse::<Rule>()
            .map_err(|_| corrupt(user, format!("default rule `{rule}`")))?,
        default_modes: modes
            .parse::<Modes>()
            .map_err(|_| corrupt(user, format!("default modes `{modes}`")))?,
        public: flag_from_db(row.try_get("public")?),
    })
}

impl Store {
    /// The games the player finished, oldest first.
    pub async fn finished_games(&self, user: UserId) -> Result<Vec<FinishedGame>, StoreError> {
        let sql = concat!(
            "SELECT ",
            finished_columns!(),
            " FROM finished_games WHERE user_id = $1 ORDER BY finished_at, game_id"
        );
        let rows = sqlx::query(sql)
            .bind(id_to_db(user.0))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| decode_finished(user, row)).collect()
    }

    /// The player's settings; the defaults if they never changed any.
    pub async fn settings(&self, user: UserId) -> Result<Settings, StoreError> {
        let row = sqlx::query(
            "SELECT help_for_errors, default_rule, public, default_modes FROM player_settings \
             WHERE user_id = $1",
        )
        .bind(id_to_db(user.0))
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some(row) => decode_settings(user, &row),
            None => Ok(Settings::default()),
        }
    }

    /// Changes the settings given (`None` keeps that one) and answers all of them.
    pub async fn update_settings(
        &self,
        user: UserId,
        help_for_errors: Option<bool>,
        default_rule: Option<Rule>,
        default_modes: Option<Modes>,
    ) -> Result<Settings, StoreError> {
        let defaults = Settings::default();
        let row = sqlx::query(
            "INSERT INTO player_settings (user_id, help_for_errors, default_rule, updated_at, \
             default_modes) \
             VALUES ($1, COALESCE($2, $3), COALESCE($4, $5), $6, COALESCE($7, '')) \
             ON CONFLICT (user_id) DO UPDATE SET \
             help_for_errors = COALESCE($2, player_settings.help_for_errors), \
             default_rule = COALESCE($4, player_settings.default_rule), updated_at = $6, \
             default_modes = COALESCE($7, player_settings.default_modes) \
             RETURNING help_for_errors, default_rule, public, default_modes",
        )
        .bind(id_to_db(user.0))
        .bind(help_for_errors.map(flag_to_db))
        .bind(flag_to_db(defaults.help_for_errors))
        .bind(default_rule.map(Rule::name))
        .bind(defaults.default_rule.name())
        .bind(self.now())
        .bind(default_modes.map(Modes::letters))
        .fetch_one(&self.pool)
        .await?;
        decode_settings(user, &row)
    }

    /// Shows the player on server boards and to others' statistics (`true`), or hides them.
    pub async fn set_public(&self, user: UserId, public: bool) -> Result<Settings, StoreError> {
        let defaults = Settings::default();
        let mut tx = self.pool.begin_with(self.backend.begin_write()).await?;
        let row = sqlx::query(
            "INSERT INTO player_settings (user_id, help_for_errors, default_rule, public, \
             updated_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (user_id) DO UPDATE SET public = $4, updated_at = $5 \
             RETURNING help_for_errors, default_rule, public, default_modes",
        )
        .bind(id_to_db(user.0))
        .bind(flag_to_db(defaults.help_for_errors))
        .bind(defaults.default_rule.name())
        .bind(flag_to_db(public))
        .bind(self.now())
        .fetch_one(&mut *tx)
        .await?;
        // The boards keep a copy, so that they leave hidden players out inside their index.
        set_public_on_boards(&mut tx, user, public).await?;
        tx.commit().await?;
        decode_settings(user, &row)
    }
}
