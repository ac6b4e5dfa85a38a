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
-- In one pass over them in (server, player, finish) order. Rewritten before any release: the first form re-read each player's games once per
-- player through correlated subqueries (SQLite chose the server's index, so a server of 20,000
-- players and 950,000 games took over four minutes). sqlx keeps a checksum of every applied
-- migration and refuses to start on a database whose migration changed since; no such
-- database exists outside development (nothing has shipped), where it is made anew.
WITH ordered AS (
    SELECT guild_id, user_id, score, finished_at,
           CASE WHEN outcome = 'won' THEN 1 ELSE 0 END AS won,
           SUM(CASE WHEN outcome = 'won' THEN 0 ELSE 1 END) OVER (
               PARTITION BY guild_id, user_id ORDER BY finished_at, game_id
               ROWS UNBOUNDED PRECEDING) AS run
    FROM finished_games WHERE guild_id IS NOT NULL
), runs AS (
    SELECT guild_id, user_id, run, SUM(won) AS streak
    FROM ordered GROUP BY guild_id, user_id, run
), streaks AS (
    SELECT guild_id, user_id, MAX(run) AS last_run, MAX(streak) AS best_streak
    FROM runs GROUP BY guild_id, user_id
), totals AS (
    SELECT guild_id, user_id, COUNT(*) AS games, SUM(won) AS wins, MAX(score) AS best_score,
           MAX(CASE WHEN won = 1 THEN finished_at END) AS last_win_at
    FROM ordered GROUP BY guild_id, user_id
)
INSERT INTO guild_standings
    (guild_id, user_id, games, wins, best_score, last_win_at, current_streak, best_streak)
SELECT t.guild_id, t.user_id, t.games, t.wins, t.best_score, t.last_win_at, r.streak,
       s.best_streak
FROM totals t
JOIN streaks s ON s.guild_id = t.guild_id AND s.user_id = t.user_id
JOIN runs r ON r.guild_id = s.guild_id AND r.user_id = s.user_id AND r.run = s.last_run;
