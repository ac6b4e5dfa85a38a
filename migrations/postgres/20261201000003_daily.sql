-- The daily deal and deal boards.
-- The daily a current game was started as (its number, #1 = 2026-12-01), or NULL.
ALTER TABLE current_games ADD COLUMN daily BIGINT;

-- Whether the player posted the game's result line ("Share result"): once per finished game.
ALTER TABLE finished_games ADD COLUMN shared BIGINT NOT NULL DEFAULT 0 CHECK (shared IN (0, 1));

-- Each player's scored attempt at each daily: the first daily game they finished (won, blocked,
-- or abandoned after a move). The primary key is what makes it count once, whatever races.
-- won is 1 or 0, so that boards sort by it through the index.
CREATE TABLE daily_results (
    daily BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    game_id BIGINT NOT NULL,
    guild_id BIGINT,
    won BIGINT NOT NULL CHECK (won IN (0, 1)),
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'blocked', 'abandoned')),
    score BIGINT NOT NULL,
    moves BIGINT NOT NULL,
    hints_used BIGINT NOT NULL,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (daily, user_id)
);
-- A daily board: one server's results of one day, in board order.
CREATE INDEX daily_results_board ON daily_results
    (daily, guild_id, won DESC, score DESC, moves, hints_used, finished_at, user_id);
-- A player's daily streak.
CREATE INDEX daily_results_by_user ON daily_results (user_id, daily);

-- Each player's first finished attempt at each deal (code with its rule) in each server: the
-- deal boards of shared codes. Same columns and order as daily_results.
CREATE TABLE deal_results (
    code TEXT NOT NULL,
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    game_id BIGINT NOT NULL,
    won BIGINT NOT NULL CHECK (won IN (0, 1)),
    outcome TEXT NOT NULL CHECK (outcome IN ('won', 'blocked', 'abandoned')),
    score BIGINT NOT NULL,
    moves BIGINT NOT NULL,
    hints_used BIGINT NOT NULL,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (code, guild_id, user_id)
);
CREATE INDEX deal_results_board ON deal_results
    (code, guild_id, won DESC, score DESC, moves, hints_used, finished_at, user_id);
CREATE INDEX deal_results_by_user ON deal_results (user_id);

-- How many players of each board (a deal's code, or `daily:<n>`, in one server) stand in each
-- (won, score) bucket: a board's size and a player's place are sums over a few hundred buckets
-- plus a count inside one bucket, however many players the board has. Kept in the transaction
-- that adds or removes a result.
CREATE TABLE board_buckets (
    board TEXT NOT NULL,
    guild_id BIGINT NOT NULL,
    won BIGINT NOT NULL,
    score BIGINT NOT NULL,
    players BIGINT NOT NULL,
    PRIMARY KEY (board, guild_id, won, score)
);

-- Deals played before this migration: each player's first finished attempt at each coded deal
-- in each server (games from before hints were kept count as hintless here), and their buckets.
INSERT INTO deal_results
    (code, guild_id, user_id, game_id, won, outcome, score, moves, hints_used, finished_at)
SELECT code, guild_id, user_id, game_id, CASE WHEN outcome = 'won' THEN 1 ELSE 0 END, outcome,
       score, moves, COALESCE(hints_used, 0), finished_at
FROM (
    SELECT f.code, f.guild_id, f.user_id, f.game_id, f.outcome, f.score, f.moves, f.hints_used,
           f.finished_at,
           ROW_NUMBER() OVER (PARTITION BY f.code, f.guild_id, f.user_id
                              ORDER BY f.finished_at, f.game_id) AS attempt
    FROM finished_games f WHERE f.code IS NOT NULL AND f.guild_id IS NOT NULL
) attempts WHERE attempt = 1;
INSERT INTO board_buckets (board, guild_id, won, score, players)
SELECT code, guild_id, won, score, COUNT(*) FROM deal_results GROUP BY code, guild_id, won, score;
