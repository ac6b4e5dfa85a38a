-- /tripeaks stats from one row per player, whatever the number of their games: each player's
-- running totals per mode set and rule ('easy', 'classic', or 'any' for both), added to in the
-- transaction that files a finished game (stats::Totals::add) and recomputed from the games when
-- an undo takes a result back. The bot reads the last 30 days and the last 30 games from
-- finished_games over finished_games_by_user; nothing reads every game any more.
-- Columns as stats::Totals: the chain and hints of the games that recorded them and how many did,
-- the time of won games whose time was kept.
CREATE TABLE player_totals (
    user_id BIGINT NOT NULL,
    modes TEXT NOT NULL,
    rule TEXT NOT NULL,
    played BIGINT NOT NULL,
    won BIGINT NOT NULL,
    blocked BIGINT NOT NULL,
    abandoned BIGINT NOT NULL,
    current_streak BIGINT NOT NULL,
    best_streak BIGINT NOT NULL,
    best_score BIGINT,
    won_score_total BIGINT NOT NULL,
    fewest_moves_won BIGINT,
    chain_max BIGINT,
    chain_recorded BIGINT NOT NULL,
    hints_total BIGINT NOT NULL,
    hints_recorded BIGINT NOT NULL,
    fastest_win_millis BIGINT,
    win_millis_total BIGINT NOT NULL,
    timed_wins BIGINT NOT NULL
);

-- The games filed before this migration, in one pass: every game twice, under its rule and
-- under 'any'; runs of wins by window functions, then one GROUP BY, with no join between
-- intermediate results (as 008's backfill).
WITH games AS (
    SELECT user_id, modes, rule, outcome, score, moves, longest_chain, hints_used, finished_at,
           game_id, CASE WHEN outcome = 'won' THEN 1 ELSE 0 END AS won,
           CASE WHEN started_at IS NOT NULL AND ended_at IS NOT NULL AND ended_at >= started_at
                THEN ended_at - started_at END AS duration
    FROM finished_games
), keyed AS (
    SELECT user_id, modes, rule AS rule_key, outcome, score, moves, longest_chain, hints_used,
           finished_at, game_id, won, duration FROM games
    UNION ALL
    SELECT user_id, modes, 'any', outcome, score, moves, longest_chain, hints_used,
           finished_at, game_id, won, duration FROM games
), numbered AS (
    SELECT user_id, modes, rule_key, outcome, score, moves, longest_chain, hints_used,
           finished_at, game_id, won, duration,
           SUM(1 - won) OVER (
               PARTITION BY user_id, modes, rule_key ORDER BY finished_at, game_id
               ROWS UNBOUNDED PRECEDING) AS run
    FROM keyed
), streaked AS (
    SELECT user_id, modes, rule_key, outcome, score, moves, longest_chain, hints_used, won,
           duration, run,
           SUM(won) OVER (
               PARTITION BY user_id, modes, rule_key, run ORDER BY finished_at, game_id
               ROWS UNBOUNDED PRECEDING) AS streak,
           MAX(run) OVER (PARTITION BY user_id, modes, rule_key) AS last_run
    FROM numbered
)
INSERT INTO player_totals (user_id, modes, rule, played, won, blocked, abandoned, current_streak,
                           best_streak, best_score, won_score_total, fewest_moves_won, chain_max,
                           chain_recorded, hints_total, hints_recorded, fastest_win_millis,
                           win_millis_total, timed_wins)
SELECT user_id, modes, rule_key, COUNT(*), SUM(won),
       SUM(CASE WHEN outcome = 'blocked' THEN 1 ELSE 0 END),
       SUM(CASE WHEN outcome = 'abandoned' THEN 1 ELSE 0 END),
       MAX(CASE WHEN run = last_run THEN streak ELSE 0 END), MAX(streak),
       MAX(score), SUM(CASE WHEN won = 1 THEN score ELSE 0 END),
       MIN(CASE WHEN won = 1 THEN moves END),
       MAX(longest_chain), COUNT(longest_chain),
       COALESCE(SUM(hints_used), 0), COUNT(hints_used),
       MIN(CASE WHEN won = 1 THEN duration END),
       COALESCE(SUM(CASE WHEN won = 1 THEN duration END), 0),
       COUNT(CASE WHEN won = 1 THEN duration END)
FROM streaked GROUP BY user_id, modes, rule_key;

-- The key is built once the rows are in (one sort, not kept row by row), as in 008.
ALTER TABLE player_totals ADD PRIMARY KEY (user_id, modes, rule);
