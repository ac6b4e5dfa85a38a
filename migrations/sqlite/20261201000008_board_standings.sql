-- Server boards that cost the same in a server of 20,000 players as in one of 100.
-- Each player's totals in each server, per mode set, for every window a board shows (this week
-- from Monday 00:00 UTC, this month from the 1st, all time), kept in the transaction that files
-- a finished game and recomputed for the windows of a result an undo takes back. A board reads
-- its first places with ORDER BY ... LIMIT over the index of its metric, and a player's place
-- by counting the players before them over the same index; the weekly and monthly boards no
-- longer read a window's games. Replaces guild_standings (all time, standard game only).
--
-- starts_at: the window's start (Unix milliseconds), 0 for all time. public: a copy of the
-- player's setting, changed with it, so that hidden players are left out inside the index.
-- last_win_at: when the last won game of the window finished; 9223372036854775807 (the largest
-- BIGINT) when none was won, so that "never won" sorts last on both databases.
CREATE TABLE board_standings (
    guild_id BIGINT NOT NULL,
    modes TEXT NOT NULL,
    period TEXT NOT NULL CHECK (period IN ('week', 'month', 'all')),
    starts_at BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    public BIGINT NOT NULL CHECK (public IN (0, 1)),
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    best_score BIGINT NOT NULL,
    last_win_at BIGINT NOT NULL,
    current_streak BIGINT NOT NULL,
    best_streak BIGINT NOT NULL,
    PRIMARY KEY (guild_id, modes, period, starts_at, user_id)
);

-- SQLite keeps a pass per window with joins of its intermediate results: measured faster here
-- (the upgrade of 1,000,000 games: 51.5 s against 64.3 s for PostgreSQL's join-free form).
-- The games filed before this migration, week: one windowed pass, as 002's backfill.
WITH ordered AS (
    SELECT guild_id, modes, user_id, score, finished_at, (finished_at / 86400000 - (finished_at / 86400000 + 3) % 7) * 86400000 AS starts_at,
           CASE WHEN outcome = 'won' THEN 1 ELSE 0 END AS won,
           game_id
    FROM finished_games WHERE guild_id IS NOT NULL
), numbered AS (
    SELECT guild_id, modes, user_id, score, finished_at, starts_at, won,
           SUM(1 - won) OVER (
               PARTITION BY guild_id, modes, starts_at, user_id ORDER BY finished_at, game_id
               ROWS UNBOUNDED PRECEDING) AS run
    FROM ordered
), runs AS (
    SELECT guild_id, modes, starts_at, user_id, run, SUM(won) AS streak
    FROM numbered GROUP BY guild_id, modes, starts_at, user_id, run
), streaks AS (
    SELECT guild_id, modes, starts_at, user_id, MAX(run) AS last_run, MAX(streak) AS best_streak
    FROM runs GROUP BY guild_id, modes, starts_at, user_id
), totals AS (
    SELECT guild_id, modes, starts_at, user_id, COUNT(*) AS games, SUM(won) AS wins,
           MAX(score) AS best_score,
           COALESCE(MAX(CASE WHEN won = 1 THEN finished_at END), 9223372036854775807)
               AS last_win_at
    FROM numbered GROUP BY guild_id, modes, starts_at, user_id
)
INSERT INTO board_standings (guild_id, modes, period, starts_at, user_id, public, games, wins,
                             best_score, last_win_at, current_streak, best_streak)
SELECT t.guild_id, t.modes, 'week', t.starts_at, t.user_id, COALESCE(p.public, 1), t.games,
       t.wins, t.best_score, t.last_win_at, r.streak, s.best_streak
FROM totals t
JOIN streaks s ON s.guild_id = t.guild_id AND s.modes = t.modes AND s.starts_at = t.starts_at
              AND s.user_id = t.user_id
JOIN runs r ON r.guild_id = s.guild_id AND r.modes = s.modes AND r.starts_at = s.starts_at
           AND r.user_id = s.user_id AND r.run = s.last_run
LEFT JOIN player_settings p ON p.user_id = t.user_id;

-- The games filed before this migration, month: one windowed pass, as 002's backfill.
WITH ordered AS (
    SELECT guild_id, modes, user_id, score, finished_at, CAST(strftime('%s', finished_at / 1000, 'unixepoch', 'start of month') AS BIGINT) * 1000 AS starts_at,
           CASE WHEN outcome = 'won' THEN 1 ELSE 0 END AS won,
           game_id
    FROM finished_games WHERE guild_id IS NOT NULL
), numbered AS (
    SELECT guild_id, modes, user_id, score, finished_at, starts_at, won,
           SUM(1 - won) OVER (
               PARTITION BY guild_id, modes, starts_at, user_id ORDER BY finished_at, game_id
               ROWS UNBOUNDED PRECEDING) AS run
    FROM ordered
), runs AS (
    SELECT guild_id, modes, starts_at, user_id, run, SUM(won) AS streak
    FROM numbered GROUP BY guild_id, modes, starts_at, user_id, run
), streaks AS (
    SELECT guild_id, modes, starts_at, user_id, MAX(run) AS last_run, MAX(streak) AS best_streak
    FROM runs GROUP BY guild_id, modes, starts_at, user_id
), totals AS (
    SELECT guild_id, modes, starts_at, user_id, COUNT(*) AS games, SUM(won) AS wins,
           MAX(score) AS best_score,
           COALESCE(MAX(CASE WHEN won = 1 THEN finished_at END), 9223372036854775807)
               AS last_win_at
    FROM numbered GROUP BY guild_id, modes, starts_at, user_id
)
INSERT INTO board_standings (guild_id, modes, period, starts_at, user_id, public, games, wins,
                             best_score, last_win_at, current_streak, best_streak)
SELECT t.guild_id, t.modes, 'month', t.starts_at, t.user_id, COALESCE(p.public, 1), t.games,
       t.wins, t.best_score, t.last_win_at, r.streak, s.best_streak
FROM totals t
JOIN streaks s ON s.guild_id = t.guild_id AND s.modes = t.modes AND s.starts_at = t.starts_at
              AND s.user_id = t.user_id
JOIN runs r ON r.guild_id = s.guild_id AND r.modes = s.modes AND r.starts_at = s.starts_at
           AND r.user_id = s.user_id AND r.run = s.last_run
LEFT JOIN player_settings p ON p.user_id = t.user_id;

-- The games filed before this migration, all: one windowed pass, as 002's backfill.
WITH ordered AS (
    SELECT guild_id, modes, user_id, score, finished_at, 0 AS starts_at,
           CASE WHEN outcome = 'won' THEN 1 ELSE 0 END AS won,
           game_id
    FROM finished_games WHERE guild_id IS NOT NULL
), numbered AS (
    SELECT guild_id, modes, user_id, score, finished_at, starts_at, won,
           SUM(1 - won) OVER (
               PARTITION BY guild_id, modes, starts_at, user_id ORDER BY finished_at, game_id
               ROWS UNBOUNDED PRECEDING) AS run
    FROM ordered
), runs AS (
    SELECT guild_id, modes, starts_at, user_id, run, SUM(won) AS streak
    FROM numbered GROUP BY guild_id, modes, starts_at, user_id, run
), streaks AS (
    SELECT guild_id, modes, starts_at, user_id, MAX(run) AS last_run, MAX(streak) AS best_streak
    FROM runs GROUP BY guild_id, modes, starts_at, user_id
), totals AS (
    SELECT guild_id, modes, starts_at, user_id, COUNT(*) AS games, SUM(won) AS wins,
           MAX(score) AS best_score,
           COALESCE(MAX(CASE WHEN won = 1 THEN finished_at END), 9223372036854775807)
               AS last_win_at
    FROM numbered GROUP BY guild_id, modes, starts_at, user_id
)
INSERT INTO board_standings (guild_id, modes, period, starts_at, user_id, public, games, wins,
                             best_score, last_win_at, current_streak, best_streak)
SELECT t.guild_id, t.modes, 'all', t.starts_at, t.user_id, COALESCE(p.public, 1), t.games,
       t.wins, t.best_score, t.last_win_at, r.streak, s.best_streak
FROM totals t
JOIN streaks s ON s.guild_id = t.guild_id AND s.modes = t.modes AND s.starts_at = t.starts_at
              AND s.user_id = t.user_id
JOIN runs r ON r.guild_id = s.guild_id AND r.modes = s.modes AND r.starts_at = s.starts_at
           AND r.user_id = s.user_id AND r.run = s.last_run
LEFT JOIN player_settings p ON p.user_id = t.user_id;

-- The indexes are built once the rows are in (one sort each, not kept row by row).
-- One index per metric, in the board's order (stats/ranking.rs): by wins, by best score, by
-- streak; the user id breaks what is left.
CREATE INDEX board_standings_by_wins ON board_standings
    (guild_id, modes, period, starts_at, public, wins DESC, games, last_win_at, user_id);
CREATE INDEX board_standings_by_best ON board_standings
    (guild_id, modes, period, starts_at, public, best_score DESC, wins DESC, games, user_id);
CREATE INDEX board_standings_by_streak ON board_standings
    (guild_id, modes, period, starts_at, public, best_streak DESC, wins DESC, games, user_id);
-- Hiding or showing a player, and forget-me, touch their rows only.
CREATE INDEX board_standings_by_user ON board_standings (user_id);

-- Every reader of guild_standings now reads board_standings ('all').
DROP TABLE guild_standings;
