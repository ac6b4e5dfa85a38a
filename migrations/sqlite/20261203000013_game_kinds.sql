-- A game's kind in one column (issue 37): `kind` TEXT, NULL for a free game, `daily:<n>` for
-- the daily #n, `challenge:<id>` for a board of that challenge; the forms of the store's one
-- encode and decode (src/store/stored_kind.rs, which reads back exactly these texts). It
-- replaces the two nullable columns `daily` and `challenge_id` of both game tables, which had
-- to be read with a precedence rule: a challenge id wins over a daily number (no row has both),
-- and a daily number outside the calendar (1 to 2,912,109: 9999-12-31) read as no daily.
--
-- The old columns are dropped, not kept beside: two forms of one fact drift apart, no index or
-- query of this version reads them (the daily boards and streaks read daily_results.daily, a
-- challenge's players challenge_players, both unchanged), and a binary older than this
-- migration refuses a database that has it anyway, so keeping them would buy no way back (a
-- backup does: `tripeaks backup`).
ALTER TABLE current_games ADD COLUMN kind TEXT;
UPDATE current_games SET kind = CASE
        WHEN challenge_id IS NOT NULL THEN 'challenge:' || CAST(challenge_id AS TEXT)
        ELSE 'daily:' || CAST(daily AS TEXT) END
    WHERE challenge_id IS NOT NULL OR daily BETWEEN 1 AND 2912109;
ALTER TABLE current_games DROP COLUMN daily;
ALTER TABLE current_games DROP COLUMN challenge_id;

ALTER TABLE finished_games ADD COLUMN kind TEXT;
UPDATE finished_games SET kind = CASE
        WHEN challenge_id IS NOT NULL THEN 'challenge:' || CAST(challenge_id AS TEXT)
        ELSE 'daily:' || CAST(daily AS TEXT) END
    WHERE challenge_id IS NOT NULL OR daily BETWEEN 1 AND 2912109;
ALTER TABLE finished_games DROP COLUMN daily;
ALTER TABLE finished_games DROP COLUMN challenge_id;

-- The posts due to each player: one row per player and kind whose post (a challenge's result)
-- is due to them, written in the transaction that makes it due (the last result filed, a
-- forfeit, a player who left), deleted for every player once Discord took the post. Its rows
-- come last in the store's lock order. A tap reads whether its player has one in the statement
-- that saves the move, so a player with nothing due costs no query; a player with no current
-- game keeps theirs here all the same. `kind` is the kind's stored form, as in the game tables.
CREATE TABLE posts_due (
    user_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
);
-- A post confirmed clears its rows for every player.
CREATE INDEX posts_due_by_kind ON posts_due (kind);
-- The results over and not yet posted (or whose post failed) are due to their players.
INSERT INTO posts_due (user_id, kind)
SELECT p.user_id, 'challenge:' || CAST(c.challenge_id AS TEXT)
FROM challenges c JOIN challenge_players p ON p.challenge_id = c.challenge_id
WHERE c.state = 'over' AND c.announced_at IS NULL AND p.user_id > 0;
