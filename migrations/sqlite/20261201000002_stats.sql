-- Statistics, server boards and privacy.
-- Two facts per finished game that the statistics show and that older rows do not have: they stay
-- NULL there and read as unknown, never as 0.
ALTER TABLE finished_games ADD COLUMN longest_chain BIGINT;
ALTER TABLE finished_games ADD COLUMN hints_used BIGINT;

-- A server's boards read one server's games in a time window; the index holds every column
-- they read, so they never visit the table.
CREATE INDEX finished_games_by_guild
    ON finished_games (guild_id, finished_at, user_id, outcome, score, game_id);

-- public = 0 hides the player from server boards and from other players' /tripeaks stats.
ALTER TABLE player_settings ADD COLUMN public BIGINT NOT NULL DEFAULT 1 CHECK (public IN (0, 1));

-- The name a player was last seen with (their server nickname or display name), for the boards.
-- Shown as text, never as a mention; deleted with the rest by /tripeaks forget-me.
CREATE TABLE player_names (
    user_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
