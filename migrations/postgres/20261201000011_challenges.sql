-- Challenges between players (issue 22). A challenge is one fair deal (`code`, with its modes)
-- that its players play on private boards. `state`: `waiting` (a duel not answered yet),
-- `open` (an open challenge taking joins), `playing`, `declined`, `lapsed`, `over` (every
-- player's result is in; `winner_id` NULL is a tie). `closed_by_game` is the game whose
-- finishing move made it `over` (its player's interaction posts the result); `announced_at`
-- is set once, by the interaction that posts it, so a result is posted once. Times are Unix
-- milliseconds. `rematch_of`: the challenge this one is a rematch of (an open rematch takes
-- only that challenge's players).
CREATE TABLE challenges (
    challenge_id BIGINT PRIMARY KEY,
    challenger_id BIGINT NOT NULL,
    opponent_id BIGINT,
    guild_id BIGINT,
    channel_id BIGINT NOT NULL,
    code TEXT NOT NULL,
    state TEXT NOT NULL,
    player_count BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    accepted_at BIGINT,
    finished_at BIGINT,
    winner_id BIGINT,
    closed_by_game BIGINT,
    announced_at BIGINT,
    rematch_of BIGINT,
    version BIGINT NOT NULL DEFAULT 0
);
-- One challenge waiting for an answer (or joins) per challenger.
CREATE UNIQUE INDEX challenges_one_unanswered ON challenges (challenger_id)
    WHERE state IN ('waiting', 'open');
-- Each player of a challenge: their name as shown in its messages, when they took it up (the
-- 24 hours to finish count from then), their game, and their result once filed (outcome
-- `won`, `blocked` or `abandoned`, the last for a forfeit or a game replaced).
CREATE TABLE challenge_players (
    challenge_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    seat BIGINT NOT NULL,
    accepted_at BIGINT,
    game_id BIGINT,
    outcome TEXT,
    score BIGINT,
    moves BIGINT,
    finished_at BIGINT,
    PRIMARY KEY (challenge_id, user_id)
);
CREATE INDEX challenge_players_by_user ON challenge_players (user_id, challenge_id);
-- A player's current game may be their game of a challenge; a finished one remembers it (a
-- replay keeps the deal private until the challenge is over).
ALTER TABLE current_games ADD COLUMN challenge_id BIGINT;
ALTER TABLE finished_games ADD COLUMN challenge_id BIGINT;
