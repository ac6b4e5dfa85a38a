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
    best_streak BIGINT NOT NULL
);

-- The games filed before this migration, in one pass for the three windows: each game keyed by
-- its week, its month and all time; runs of wins by window functions, then one GROUP BY, with
-- no join between intermediate results (PostgreSQL planned such a join of CTEs as a nested
-- loop: minutes on a million games).
WITH keyed AS (
    SELECT guild_id, modes, user_id, score, finished_at, game_id,
           CASE WHEN outcome = 'won' THEN 1 ELSE 0 END AS won, 'week' AS period,
           (finished_at / 86400000 - (finished_at / 86400000 + 3) % 7) * 86400000 AS starts_at
    FROM finished_games WHERE guild_id IS NOT NULL
    UNION ALL SELECT guild_id, modes, user_id, score, finished_at, game_id,
           CASE WHEN outcome = 'won' THEN 1 ELSE 0 END AS won, 'month' AS period,
           CAST(EXTRACT(EPOCH FROM date_trunc('month', to_timestamp(finished_at / 1000) AT TIME ZONE 'UTC')) AS BIGINT) * 1000 AS starts_at
    FROM finished_games WHERE guild_id IS NOT NULL
    UNION ALL SELECT guild_id, modes, user_id, score, finished_at, game_id,
           CASE WHEN outcome = 'won' THEN 1 ELSE 0 END AS won, 'all' AS period,
           0 AS starts_at
    FROM finished_games WHERE guild_id IS NOT NULL
), numbered AS (
    SELECT guild_id, modes, period, starts_at, user_id, score, finished_at, game_id, won,
           SUM(1 - won) OVER (
               PARTITION BY guild_id, modes, period, starts_at, user_id
               ORDER BY finished_at, game_id ROWS UNBOUNDED PRECEDING) AS run
    FROM keyed
), streaked AS (
    SELECT guild_id, modes, period, starts_at, user_id, score, finished_at, won, run,
           SUM(won) OVER (
               PARTITION BY guild_id, modes, period, starts_at, user_id, run
               ORDER BY finished_at, game_id ROWS UNBOUNDED PRECEDING) AS streak,
           MAX(run) OVER (PARTITION BY guild_id, modes, period, starts_at, user_id) AS last_run
    FROM numbered
), totals AS (
    SELECT guild_id, modes, period, starts_at, user_id, COUNT(*) AS games, SUM(won) AS wins,
           MAX(score) AS best_score,
           COALESCE(MAX(CASE WHEN won = 1 THEN finished_at END), 9223372036854775807)
               AS last_win_at,
           MAX(CASE WHEN run = last_run THEN streak ELSE 0 END) AS current_streak,
           MAX(streak) AS best_streak
    FROM streaked GROUP BY guild_id, modes, period, starts_at, user_id
)
INSERT INTO board_standings (guild_id, modes, period, starts_at, user_id, public, games, wins,
                             best_score, last_win_at, current_streak, best_streak)
SELECT t.guild_id, t.modes, t.period, t.starts_at, t.user_id, COALESCE(p.public, 1), t.games,
       t.wins, t.best_score, t.last_win_at, t.current_streak, t.best_streak
FROM totals t
LEFT JOIN player_settings p ON p.user_id = t.user_id;

-- The key and the indexes are built once the rows are in: one sort each, where keeping five
-- indexes row by row during the insert took a third of the migration's time.
ALTER TABLE board_standings ADD PRIMARY KEY (guild_id, modes, period, starts_at, user_id);
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
