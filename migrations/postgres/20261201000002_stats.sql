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
    user_id BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Each player's all-time totals in each server, kept up to date in the transaction that files a
-- finished game (and recomputed when an undo takes a blocked game back), so that all-time boards
-- read one row per player instead of every game. Streaks follow finish time; a game not won
-- ends the current streak.
CREATE TABLE guild_standings (
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    best_score BIGINT NOT NULL,
    last_win_at BIGINT,
    current_streak BIGINT NOT NULL,
    best_streak BIGINT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
-- The games filed before this migration.
INSERT INTO guild_standings
    (guild_id, user_id, games, wins, best_score, last_win_at, current_streak, best_streak)
SELECT guild_id, user_id, COUNT(*), SUM(CASE WHEN outcome = 'won' THEN 1 ELSE 0 END), MAX(score),
       MAX(CASE WHEN outcome = 'won' THEN finished_at END), 0, 0
FROM finished_games WHERE guild_id IS NOT NULL GROUP BY guild_id, user_id;
UPDATE guild_standings SET
    best_streak = COALESCE((
        SELECT MAX(n) FROM (
            SELECT COUNT(*) AS n FROM (
                SELECT outcome, SUM(CASE WHEN outcome = 'won' THEN 0 ELSE 1 END)
                    OVER (ORDER BY finished_at, game_id) AS run
                FROM finished_games f
                WHERE f.guild_id = guild_standings.guild_id AND f.user_id = guild_standings.user_id
            ) ordered WHERE outcome = 'won' GROUP BY run
        ) runs), 0),
    current_streak = (
        SELECT COUNT(*) FROM finished_games f
        WHERE f.guild_id = guild_standings.guild_id AND f.user_id = guild_standings.user_id
          AND f.outcome = 'won'
          AND f.finished_at > COALESCE((
              SELECT MAX(finished_at) FROM finished_games g
              WHERE g.guild_id = guild_standings.guild_id AND g.user_id = guild_standings.user_id
                AND g.outcome <> 'won'), -1));
