-- The game store, SQLite flavour. migrations/postgres holds the same tables for PostgreSQL; the
-- only difference is that here the user and game ids are INTEGER PRIMARY KEY, SQLite's rowid, so a
-- lookup by id needs no second index.
-- Ids of Discord users and guilds are u64 snowflakes stored bit-cast to a signed 64-bit integer.
-- Times are milliseconds since the Unix epoch (UTC). Flags are 0/1 integers (the Any driver reads
-- SQLite booleans back as integers, so both backends use integers).

-- Counters shared by all players: `game_id` numbers every game ever started.
CREATE TABLE counters (
    name TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
INSERT INTO counters (name, value) VALUES ('game_id', 0);

-- The one game each player is playing. `version` goes up by one on every change (moves and new
-- games alike), and every write is compare-and-swap on it.
CREATE TABLE current_games (
    user_id INTEGER PRIMARY KEY,
    game_id BIGINT NOT NULL UNIQUE,
    version BIGINT NOT NULL,
    state TEXT NOT NULL,
    guild_id BIGINT,
    board_guild_id BIGINT,
    board_channel_id BIGINT,
    board_message_id BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Per-player settings; a player without a row has the defaults.
CREATE TABLE player_settings (
    user_id INTEGER PRIMARY KEY,
    help_for_errors BIGINT NOT NULL CHECK (help_for_errors IN (0, 1)),
    default_rule TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Every game that ended: won, blocked, or abandoned (replaced by a new game after some moves).
-- The primary key on game_id is what makes a result count exactly once.
CREATE TABLE finished_games (
    game_id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL,
    code TEXT,
    rule TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'blocked', 'abandoned')),
    score BIGINT NOT NULL,
    moves BIGINT NOT NULL,
    finished_at BIGINT NOT NULL,
    guild_id BIGINT
);
CREATE INDEX finished_games_by_user ON finished_games (user_id, finished_at);

-- Stored games that could not be read when a new game replaced them, kept verbatim for a person
-- to look at: a corrupt record is never silently thrown away.
CREATE TABLE corrupt_games (
    game_id INTEGER PRIMARY KEY,
    user_id BIGINT NOT NULL,
    version BIGINT NOT NULL,
    state TEXT NOT NULL,
    error TEXT NOT NULL,
    saved_at BIGINT NOT NULL
);
