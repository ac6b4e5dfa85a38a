//! What can go wrong in the store. Every variant is an answer the caller can act on: tell the
//! operator (bad URL, database down), tell the player to start a new game (corrupt game), or ask
//! again (contention).

use thiserror::Error;

use super::model::UserId;
use crate::game::StoredGameError;

#[derive(Debug, Error)]
pub enum StoreError {
    /// The URL names no backend this store speaks. Only the scheme is kept: URLs carry passwords.
    #[error("unsupported database URL scheme `{0}`: use sqlite://… or postgres://…")]
    UnsupportedUrl(String),
    /// SQLite did not switch the database file to write-ahead logging.
    #[error("the SQLite database stays in journal mode `{0}`; it must support WAL")]
    NoWal(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The stored game of a player cannot be read back. It stays in place (and is kept in
    /// `corrupt_games` when the player starts a new game over it).
    #[error("the stored game {game_id} of user {user} cannot be read: {error}")]
    Corrupt {
        user: UserId,
        game_id: i64,
        error: StoredGameError,
    },
    /// Another stored record of a player (settings, a finished game) holds a value this version
    /// does not know.
    #[error("a stored record of user {user} cannot be read: {detail}")]
    CorruptRecord { user: UserId, detail: String },
    /// The player's game changed under every one of several attempts to save an action.
    #[error("gave up after {attempts} attempts: the game of user {user} kept changing")]
    Contention { user: UserId, attempts: u32 },
}
